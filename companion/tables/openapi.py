"""The OpenAPI 3.1 document of the JSON API, served at /api/openapi.json.

It is the contract the API is fuzzed against (tests/hardening/test_api_fuzz.py): every request
body the document allows gets a documented answer, every body it forbids a 4xx with a reason.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings

# Every integer the API reads (seat, seq, thinking time) fits 32 bits; larger ones are refused.
MAX_INT = 2**31 - 1
# The games that have a table (an engine without its table UI is refused with no_table_ui).
TABLE_GAMES = ["dog", "hit", "lifeislife"]

ERROR = {
    "type": "object",
    "required": ["error"],
    "properties": {
        "error": {
            "type": "object",
            "required": ["code", "message"],
            "properties": {"code": {"type": "string"}, "message": {"type": "string"}},
        }
    },
}
VIOLATIONS = {
    "type": "object",
    "required": ["error"],
    "properties": {
        "error": {
            "type": "object",
            "required": ["code", "message"],
            "properties": {
                "code": {"type": "string"},
                "message": {"type": "string"},
                "violations": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["code", "rule", "message", "rule_url"],
                        "properties": {
                            "code": {"type": "string"},
                            "rule": {"type": "string"},
                            "message": {"type": "string"},
                            "params": {"type": "object"},
                            # The rule it enforces on the rules page, a path with its anchor
                            # (/rules/dog/#start-protection), shown in the reader's language.
                            "rule_url": {"type": "string"},
                        },
                    },
                },
            },
        }
    },
}
TABLE = {
    "type": "object",
    "required": ["id", "game", "seq", "seats", "position"],
    "properties": {
        "id": {"type": "string"},
        "game": {"type": "string"},
        "status": {"type": "string"},
        "seq": {"type": "integer"},
        "join_code": {"type": "string"},
        "seats": {"type": "array", "items": {"type": "object"}},
        "you": {"type": "object"},
        "phase": {"type": "string"},
        "to_move": {"oneOf": [{"type": "integer"}, {"const": "table"}]},
        "position": {"type": "object"},
        "score": {"type": "object"},
        "history": {"type": "array", "items": {"type": "object"}},
        "host_token": {"type": "string"},
    },
}
RECORDED = {
    "type": "object",
    "required": ["seq", "state"],
    "properties": {"seq": {"type": "integer"}, "action": {"type": "string"}, "state": TABLE},
}
SEQ = {
    "type": "integer",
    "minimum": 0,
    "maximum": MAX_INT,
    "description": "the seq the client's screen shows",
}
ACTION = {
    "type": "string",
    "minLength": 1,
    "maxLength": 500,
    "description": "the game's notation (docs/notation.md)",
}


def _json_body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


def _answer(description: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


ERRORS = {
    400: "malformed input (not JSON, unknown field, wrong type, out of range, bad notation)",
    401: "this needs a token: send 'Authorization: Bearer <token>'",
    403: "a token of another table, or a seat that may not do this",
    404: "no such table (or seat, or entry)",
    409: "stale seq (the body carries the new state), nothing to undo, seat taken, busy",
    413: "the body is too large",
    422: "the rules forbid it (violations with codes and rule sections)",
    429: "too many hints: try again in a minute",
    503: "no worker reachable for hints",
}


def _errors(*codes: int) -> dict[str, Any]:
    # Every operation may meet a body that is too large or does not parse.
    codes = tuple(sorted({400, 413, *codes}))
    return {str(c): _answer(ERRORS[c], VIOLATIONS if c == 422 else ERROR) for c in codes}


TABLE_ID = {"name": "table_id", "in": "path", "required": True, "schema": {"type": "string"}}
TOKEN = [{"token": []}]
OPTIONAL_TOKEN = [{}, {"token": []}]


def _obj(props: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {
        "type": "object",
        "additionalProperties": False,
        "required": required,
        "properties": props,
    }


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """An optional field may also be null, which means "not given"."""
    return {**schema, "type": [schema["type"], "null"]}


def _create_body() -> dict[str, Any]:
    return _obj(
        {
            "game": {"type": "string", "enum": TABLE_GAMES},
            "options": _nullable(
                {
                    "type": "object",
                    "description": "the game's options: DOG seats, mode, rules, direction; "
                    "HIT players, variants; Life is Life players, lives, rules",
                }
            ),
            "names": _nullable(
                {
                    "type": "array",
                    "maxItems": 8,
                    "items": {
                        "type": ["string", "null"],
                        "description": "cut to 40 characters; null or blank: 'Player n'",
                    },
                }
            ),
            "colours": _nullable(
                {"type": "array", "maxItems": 8, "items": {"type": "string", "maxLength": 20}}
            ),
        },
        ["game"],
    )


RECORD = {
    "type": "object",
    "description": "a game record as GET /api/tables/{table_id}/record answers it "
    "(docs/notation.md, 'Game records')",
    "required": ["format", "version", "game", "config", "seats", "events"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": "table-companion-record"},
        "version": {"const": 1},
        "game": {"type": "string", "enum": TABLE_GAMES},
        "config": {"type": "object"},
        "seats": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["name", "colour"],
                "properties": {
                    "index": {"type": "integer"},
                    "name": {"type": "string"},
                    "colour": {"type": "string"},
                },
            },
        },
        "events": {
            "type": "array",
            "maxItems": 20000,
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["action"],
                "properties": {
                    "action": ACTION,
                    "seq": {"type": ["integer", "null"]},
                    "by_seat": {"type": ["integer", "null"]},
                    "at": {"type": "string", "description": "ISO 8601"},
                    "shown": {"type": "boolean"},
                },
            },
        },
        "private_entries_of": {"type": ["integer", "null"]},
        "status": {},
        "created_at": {},
        "exported_at": {},
    },
}


_TALLY = {
    "type": "object",
    "required": ["card", "count", "copies"],
    "properties": {
        "card": {"type": "string", "description": "the engine's card token"},
        "count": {"type": "integer"},
        "copies": {"type": "integer", "description": "copies in the deck (0: not meaningful)"},
    },
}
CARD_COUNT = {
    "type": "object",
    "required": ["game", "scope", "seat", "exact", "facts", "groups", "chances"],
    "properties": {
        "game": {"type": "string"},
        "scope": {"enum": ["public", "seat"]},
        "seat": {"type": ["integer", "null"]},
        "exact": {
            "type": "boolean",
            "description": "false: the chances were estimated by sampling (rare)",
        },
        "facts": {"type": "object", "description": "e.g. partner, the cards of the next draw"},
        "groups": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["kind", "seat", "size", "hidden", "parts", "cards"],
                "properties": {
                    "kind": {
                        "enum": ["unseen", "known", "pile", "top"],
                        "description": "unseen: not seen yet (by the audience); known: known "
                        "in `seat`'s hand; pile: the shuffled part of `seat`'s draw pile "
                        "(with `hidden` unknown hand cards); top: known cards on top of it",
                    },
                    "seat": {"type": ["integer", "null"]},
                    "size": {"type": "integer"},
                    "hidden": {"type": "integer"},
                    "parts": {"type": "object", "description": "where the cards are"},
                    "cards": {"type": "array", "items": _TALLY},
                },
            },
        },
        "chances": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["card", "target", "seat", "p"],
                "properties": {
                    "card": {"type": "string"},
                    "target": {"enum": ["seat", "anyone", "draw"]},
                    "seat": {"type": ["integer", "null"]},
                    "p": {
                        "type": "number",
                        "minimum": 0,
                        "maximum": 1,
                        "description": "P(at least one): in that seat's hand, in any other "
                        "hand, or in the own next draw",
                    },
                },
            },
        },
    },
}
COUNTER = {
    "type": "object",
    "required": ["game", "seq", "seat", "public", "private", "needs_hand"],
    "properties": {
        "game": {"type": "string"},
        "seq": {"type": "integer"},
        "seat": {"type": ["integer", "null"]},
        "public": CARD_COUNT,
        "private": {"oneOf": [CARD_COUNT, {"type": "null"}]},
        "needs_hand": {"type": "boolean"},
    },
}


def document() -> dict[str, Any]:
    max_budget = settings.HINT_MAX_BUDGET_MS
    return {
        "openapi": "3.1.0",
        "info": {"title": "Table companion API", "version": "1"},
        "components": {"securitySchemes": {"token": {"type": "http", "scheme": "bearer"}}},
        "paths": {
            "/api/tables": {
                "post": {
                    "summary": "Create a table; the answer holds the host's token",
                    "requestBody": _json_body(_create_body()),
                    "responses": {"201": _answer("created", TABLE), **_errors()},
                }
            },
            "/api/records": {
                "post": {
                    "summary": "A new table from a game record; every action is checked again",
                    "requestBody": _json_body(RECORD),
                    "responses": {"201": _answer("created", TABLE), **_errors(422)},
                }
            },
            "/api/tables/{table_id}": {
                "get": {
                    "summary": "The table as the token's seat sees it (public without a token)",
                    "parameters": [TABLE_ID],
                    "security": OPTIONAL_TOKEN,
                    "responses": {"200": _answer("the table", TABLE), **_errors(403, 404)},
                }
            },
            "/api/tables/{table_id}/join": {
                "post": {
                    "summary": "Claim a free seat; the answer holds its token",
                    "parameters": [TABLE_ID],
                    "requestBody": _json_body(
                        _obj(
                            {
                                "seat": {"type": "integer", "minimum": 0, "maximum": MAX_INT},
                                "name": {
                                    "type": ["string", "null"],
                                    "description": "cut to 40 characters",
                                },
                            },
                            ["seat"],
                        )
                    ),
                    "responses": {
                        "201": _answer(
                            "joined",
                            {
                                "type": "object",
                                "required": ["seat", "name", "token"],
                                "properties": {
                                    "seat": {"type": "integer"},
                                    "name": {"type": "string"},
                                    "token": {"type": "string"},
                                },
                            },
                        ),
                        **_errors(404, 409),
                    },
                }
            },
            "/api/tables/{table_id}/plays": {
                "post": {
                    "summary": "Record a play (engine notation) made against expected_seq",
                    "parameters": [TABLE_ID],
                    "security": TOKEN,
                    "requestBody": _json_body(
                        _obj({"action": ACTION, "expected_seq": SEQ}, ["action", "expected_seq"])
                    ),
                    "responses": {
                        "201": _answer("recorded", RECORDED),
                        **_errors(401, 403, 404, 409, 422),
                    },
                }
            },
            "/api/tables/{table_id}/check": {
                "post": {
                    "summary": "Is this allowed? The ruling on a play of any seat, without "
                    "recording it, from what the token's seat knows (no token: the public)",
                    "parameters": [TABLE_ID],
                    "security": OPTIONAL_TOKEN,
                    "requestBody": _json_body(
                        _obj(
                            {
                                "action": ACTION,
                                "seat": {
                                    "type": "integer",
                                    "description": "whose play (default: the seat to move)",
                                },
                            },
                            ["action"],
                        )
                    ),
                    "responses": {
                        "200": _answer(
                            "the ruling",
                            {
                                "type": "object",
                                "required": ["legal", "violations", "seq", "certain"],
                                "properties": {
                                    "legal": {"type": "boolean"},
                                    "violations": VIOLATIONS["properties"]["error"]["properties"][
                                        "violations"
                                    ],
                                    "seq": {"type": "integer"},
                                    "judged_for": {"type": ["integer", "null"]},
                                    "certain": {
                                        "type": "boolean",
                                        "description": "false: allowed as far as the asker "
                                        "can see; the seat's hidden hand decides",
                                    },
                                    "caveat": {"type": ["string", "null"]},
                                    "alternatives": {"type": "array", "items": {"type": "string"}},
                                    "can_record": {"type": "boolean"},
                                },
                            },
                        ),
                        **_errors(400, 403, 404, 409),
                    },
                }
            },
            "/api/tables/{table_id}/undo": {
                "post": {
                    "summary": "Undo the last play (its seat or the host)",
                    "parameters": [TABLE_ID],
                    "security": TOKEN,
                    "requestBody": _json_body(_obj({"expected_seq": SEQ}, ["expected_seq"])),
                    "responses": {
                        "201": _answer("undone", RECORDED),
                        **_errors(401, 403, 404, 409),
                    },
                }
            },
            "/api/tables/{table_id}/corrections": {
                "post": {
                    "summary": "Replace what entry `seq` recorded; later plays must stay legal",
                    "parameters": [TABLE_ID],
                    "security": TOKEN,
                    "requestBody": _json_body(
                        _obj(
                            {
                                "seq": {"type": "integer", "minimum": 1, "maximum": MAX_INT},
                                "action": ACTION,
                                "expected_seq": SEQ,
                            },
                            ["seq", "action", "expected_seq"],
                        )
                    ),
                    "responses": {
                        "201": _answer("corrected", RECORDED),
                        **_errors(401, 403, 404, 409, 422),
                    },
                }
            },
            "/api/tables/{table_id}/hints": {
                "post": {
                    "summary": "Start a hint for the token's seat; the answer comes by websocket",
                    "parameters": [TABLE_ID],
                    "security": TOKEN,
                    "requestBody": _json_body(
                        _obj(
                            {
                                "budget_ms": {
                                    "type": ["integer", "null"],
                                    "minimum": 100,
                                    "maximum": max_budget,
                                }
                            },
                            [],
                        )
                    ),
                    "responses": {
                        "200": _answer("answered from the cache", {"type": "object"}),
                        "202": _answer("started: progress comes by websocket", {"type": "object"}),
                        **_errors(401, 403, 404, 409, 429, 503),
                    },
                }
            },
            "/api/tables/{table_id}/hand": {
                "put": {
                    "summary": "Enter the token's own hand (private to that seat)",
                    "parameters": [TABLE_ID],
                    "security": TOKEN,
                    "requestBody": _json_body(
                        _obj(
                            {
                                "cards": {
                                    "type": "array",
                                    "maxItems": 20,
                                    "items": {"type": "string", "minLength": 1, "maxLength": 11},
                                },
                                "expected_seq": SEQ,
                            },
                            ["cards", "expected_seq"],
                        )
                    ),
                    "responses": {
                        "201": _answer("recorded", RECORDED),
                        **_errors(401, 403, 404, 409, 422),
                    },
                }
            },
            "/api/tables/{table_id}/record": {
                "get": {
                    "summary": "The game record as the token's seat may read it (public without)",
                    "parameters": [TABLE_ID],
                    "security": OPTIONAL_TOKEN,
                    "responses": {
                        "200": _answer("the record", {"type": "object"}),
                        **_errors(403, 404),
                    },
                }
            },
            "/api/tables/{table_id}/counter": {
                "get": {
                    "summary": "The card counter: the cards not seen yet (public) and, for the "
                    "token's seat once its hand is entered, its chances (private to it)",
                    "parameters": [TABLE_ID],
                    "security": OPTIONAL_TOKEN,
                    "responses": {
                        "200": _answer("the counter", COUNTER),
                        **_errors(403, 404),
                    },
                }
            },
            "/api/tables/{table_id}/summary": {
                "get": {
                    "summary": "The summary so far (and BG Stats links once finished)",
                    "parameters": [TABLE_ID],
                    "responses": {
                        "200": _answer("the summary", {"type": "object"}),
                        **_errors(404),
                    },
                }
            },
        },
    }
