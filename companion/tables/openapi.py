"""The OpenAPI 3.1 document of the JSON API, served at /api/openapi.json."""

from __future__ import annotations

from typing import Any

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
    "properties": {
        "error": {
            "type": "object",
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
SEQ = {"type": "integer", "minimum": 0, "description": "the seq the client's screen shows"}


def _json_body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


def _answer(description: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _errors(*codes: int) -> dict[str, Any]:
    text = {
        400: "malformed input",
        403: "missing or wrong token",
        404: "no such table",
        409: "stale seq (the body carries the new state) or nothing to undo / seat taken",
        422: "the rules forbid it (violations with codes and rule sections)",
    }
    return {str(c): _answer(text[c], VIOLATIONS if c == 422 else ERROR) for c in codes}


TABLE_ID = {"name": "table_id", "in": "path", "required": True, "schema": {"type": "string"}}


def _obj(props: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {
        "type": "object",
        "additionalProperties": False,
        "required": required,
        "properties": props,
    }


def document() -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {"title": "Table companion API", "version": "1"},
        "components": {"securitySchemes": {"token": {"type": "http", "scheme": "bearer"}}},
        "paths": {
            "/api/tables": {
                "post": {
                    "summary": "Create a table; the answer holds the host's token",
                    "requestBody": _json_body(
                        _obj(
                            {
                                "game": {"type": "string", "enum": ["dog"]},
                                "options": {"type": "object", "description": "seats, mode, rules"},
                                "names": {
                                    "type": "array",
                                    "items": {"type": "string", "maxLength": 40},
                                },
                                "colours": {"type": "array", "items": {"type": "string"}},
                            },
                            ["game"],
                        )
                    ),
                    "responses": {"201": _answer("created", TABLE), **_errors(400)},
                }
            },
            "/api/tables/{table_id}": {
                "get": {
                    "summary": "The table as the token's seat sees it (public without a token)",
                    "parameters": [TABLE_ID],
                    "security": [{}, {"token": []}],
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
                                "seat": {"type": "integer", "minimum": 0},
                                "name": {"type": "string", "maxLength": 40},
                            },
                            ["seat"],
                        )
                    ),
                    "responses": {
                        "201": _answer("joined", {"type": "object"}),
                        **_errors(400, 404, 409),
                    },
                }
            },
            "/api/tables/{table_id}/plays": {
                "post": {
                    "summary": "Record a play (engine notation) made against expected_seq",
                    "parameters": [TABLE_ID],
                    "security": [{"token": []}],
                    "requestBody": _json_body(
                        _obj(
                            {"action": {"type": "string", "maxLength": 500}, "expected_seq": SEQ},
                            ["action", "expected_seq"],
                        )
                    ),
                    "responses": {
                        "201": _answer("recorded", {"type": "object"}),
                        **_errors(400, 403, 404, 409, 422),
                    },
                }
            },
            "/api/tables/{table_id}/check": {
                "post": {
                    "summary": "What if? The ruling on a play without recording it",
                    "parameters": [TABLE_ID],
                    "requestBody": _json_body(
                        _obj({"action": {"type": "string", "maxLength": 500}}, ["action"])
                    ),
                    "responses": {
                        "200": _answer("the ruling", {"type": "object"}),
                        **_errors(400, 404),
                    },
                }
            },
            "/api/tables/{table_id}/undo": {
                "post": {
                    "summary": "Undo the last play (its seat or the host)",
                    "parameters": [TABLE_ID],
                    "security": [{"token": []}],
                    "requestBody": _json_body(_obj({"expected_seq": SEQ}, ["expected_seq"])),
                    "responses": {
                        "201": _answer("undone", {"type": "object"}),
                        **_errors(400, 403, 404, 409),
                    },
                }
            },
            "/api/tables/{table_id}/corrections": {
                "post": {
                    "summary": "Replace what entry `seq` recorded; later plays must stay legal",
                    "parameters": [TABLE_ID],
                    "security": [{"token": []}],
                    "requestBody": _json_body(
                        _obj(
                            {
                                "seq": {"type": "integer", "minimum": 1},
                                "action": {"type": "string", "maxLength": 500},
                                "expected_seq": SEQ,
                            },
                            ["seq", "action", "expected_seq"],
                        )
                    ),
                    "responses": {
                        "201": _answer("corrected", {"type": "object"}),
                        **_errors(400, 403, 404, 409, 422),
                    },
                }
            },
            "/api/tables/{table_id}/hints": {
                "post": {
                    "summary": "Start a hint for the token's seat; the answer comes by websocket",
                    "parameters": [TABLE_ID],
                    "security": [{"token": []}],
                    "requestBody": _json_body(
                        _obj({"budget_ms": {"type": "integer", "minimum": 100}}, [])
                    ),
                    "responses": {
                        "202": _answer("started or answered from cache", {"type": "object"}),
                        **_errors(400, 403, 404, 409),
                        "429": _answer("too many hints", ERROR),
                        "503": _answer("no worker reachable", ERROR),
                    },
                }
            },
            "/api/tables/{table_id}/hand": {
                "put": {
                    "summary": "Enter the token's own hand (private to that seat)",
                    "parameters": [TABLE_ID],
                    "security": [{"token": []}],
                    "requestBody": _json_body(
                        _obj(
                            {
                                "cards": {
                                    "type": "array",
                                    "maxItems": 20,
                                    "items": {"type": "string", "maxLength": 11},
                                },
                                "expected_seq": SEQ,
                            },
                            ["cards", "expected_seq"],
                        )
                    ),
                    "responses": {
                        "201": _answer("recorded", {"type": "object"}),
                        **_errors(400, 403, 404, 409, 422),
                    },
                }
            },
        },
    }
