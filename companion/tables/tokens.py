"""Seat and host tokens: random secrets handed out once, stored only as hashes.

The browser keeps a signed cookie per table (``seat-<table id>``) holding the table id and the raw
token; the signature binds it to this site, the table id to one table, and the hash comparison to
one seat (or the host). API clients send the raw token as ``Authorization: Bearer <token>``.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from django.core import signing

COOKIE_SALT = "companion.tables.seat-cookie"
COOKIE_MAX_AGE = 60 * 60 * 24 * 30  # a month: come back next weekend, still in your seat


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 bits


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, token_hash: str) -> bool:
    return bool(token_hash) and hmac.compare_digest(hash_token(token), token_hash)


def cookie_name(table_id: str, role: str = "seat") -> str:
    """``seat-<id>`` holds a seat's token, ``host-<id>`` the host's (one phone may hold both)."""
    return f"{role}-{table_id}"


def scribe_cookie(table_id: str) -> str:
    """``scribe-<id>``: "1" while a seated host's phone enters for the others (no secret)."""
    return f"scribe-{table_id}"


def cookie_value(table_id: str, token: str) -> str:
    return signing.dumps([table_id, token], salt=COOKIE_SALT)


def token_from_cookie(value: str, table_id: str) -> str | None:
    """The raw token of a signed cookie, if it is intact and was issued for this table."""
    try:
        tid, token = signing.loads(value, salt=COOKIE_SALT, max_age=COOKIE_MAX_AGE)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if tid != table_id or not isinstance(token, str):
        return None
    return token
