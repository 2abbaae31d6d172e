"""A table driven through the JSON API by a script of ``(who, entry)`` steps, as the phones
and the scribe enter them: ``host`` is the scribe's token, a number that seat's own token.

An entry is the game's notation (``5 T0-T5``), ``hand 1,2,3`` (PUT …/hand), ``undo`` or
``correct <seq> <notation>``. The script form is the one issue reports use:
``host deal · 1 hand 4,6,9,10,13,swap · host give@3 12 · 0 give 2 · 2 undo``."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any


@dataclass
class ApiNight:
    client: Any
    id: str
    host: str
    tokens: list[str] = field(default_factory=list)

    @classmethod
    def create(cls, client: Any, game: str, names: list[str], options: dict | None = None):
        body: dict[str, Any] = {"game": game, "names": names}
        if options:
            body["options"] = options
        response = client.post("/api/tables", json.dumps(body), content_type="application/json")
        assert response.status_code == 201, response.content
        data = response.json()
        night = cls(client, data["id"], data["host_token"])
        for seat in range(len(names)):
            joined = night.call("post", "/join", {"seat": seat})
            assert joined.status_code == 201, joined.content
            night.tokens.append(joined.json()["token"])
        return night

    def call(self, method: str, path: str, body: Any = None, token: str | None = None):
        headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
        return getattr(self.client, method)(
            f"/api/tables/{self.id}{path}",
            json.dumps(body) if body is not None else None,
            content_type="application/json",
            **headers,
        )

    def token(self, who: str | int) -> str:
        return self.host if who == "host" else self.tokens[int(who)]

    def seq(self) -> int:
        return self.call("get", "").json()["seq"]

    def enter(self, who: str | int, entry: str):
        """One entry as the phone of ``who`` sends it; the response."""
        token, seq = self.token(who), self.seq()
        if entry.startswith("hand "):
            cards = entry.split(maxsplit=1)[1].split(",")
            return self.call("put", "/hand", {"cards": cards, "expected_seq": seq}, token)
        if entry == "undo":
            return self.call("post", "/undo", {"expected_seq": seq}, token)
        if entry.startswith("correct "):
            _, target, action = entry.split(maxsplit=2)
            body = {"seq": int(target), "action": action, "expected_seq": seq}
            return self.call("post", "/corrections", body, token)
        return self.call("post", "/plays", {"action": entry, "expected_seq": seq}, token)

    def run(self, script: str) -> None:
        """Every step of ``script`` (``who entry · who entry …``) must be accepted."""
        for step in script.split("·"):
            who, entry = step.strip().split(maxsplit=1)
            response = self.enter(who, entry)
            assert response.status_code in (200, 201), (step, response.content)

    def record(self, who: str | int | None):
        """The record as ``who`` downloads it (None: the public, without a token)."""
        token = None if who is None else self.token(who)
        return self.call("get", "/record", token=token)
