"""What the table services refuse, as exceptions that carry an HTTP-like status and a reason."""

from __future__ import annotations

from typing import Any


class TableError(Exception):
    status = 400
    code = "bad_request"

    def __init__(self, message: str, *, code: str | None = None, **extra: Any) -> None:
        super().__init__(message)
        self.message = message
        if code:
            self.code = code
        self.extra = extra

    def to_json(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message, **self.extra}}


class BadInput(TableError):
    """Malformed input: wrong type, unknown field, an action that does not parse."""


class TooLarge(BadInput):
    status = 413
    code = "too_large"


class Unauthorized(TableError):
    """No credentials where they are needed (the API answers with WWW-Authenticate)."""

    status = 401
    code = "no_token"


class NotFound(TableError):
    status = 404
    code = "not_found"


class Forbidden(TableError):
    """The token is missing, wrong, or belongs to a seat that may not do this."""

    status = 403
    code = "forbidden"


class Conflict(TableError):
    """A seat is already taken, or there is nothing to undo."""

    status = 409
    code = "conflict"


class StaleSeq(Conflict):
    """The submission was made against an older seq: the table moved on."""

    code = "stale"


class Refused(TableError):
    """The engine refuses the play: the referee's ruling, with the rules it rests on."""

    status = 422
    code = "illegal"
