"""DOG's play entry: the cards to pick, then only the legal moves of the chosen card."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from companion.engines.base import Game
from companion.engines.dog.state import DogState

from ..errors import BadInput

#: The card buttons (DOG's red cards by their rulebook names in each language).
CARD_LABELS = {
    "1": "1 / 11",
    "4": "4 ±",
    "7": pgettext_lazy("DOG card button", "7 split"),
    "13": "13",
    "swap": pgettext_lazy("DOG card button", "Swap"),
    "joker": pgettext_lazy("DOG card button", "Joker"),
}
ALL_CARDS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "12", "13", "swap", "joker")


def move_label(text: str) -> str:
    """ "5 T12-T17" → "T12 → T17"; "1 K" → "K → out"; "swap T5 T40" → "T5 ⇄ T40"."""
    words = text.split()[1:]
    if text.startswith(("swap", "joker=swap")):
        return " ⇄ ".join(words) if words else _("without effect")
    parts = []
    for w in words:
        if "-" in w:
            frm, to = w.split("-", 1)
            parts.append(f"{frm} → {to}")
        else:
            parts.append(_("%(field)s → start field") % {"field": w})
    return ", ".join(parts)


def entry(
    game: Game,
    state: DogState,
    seat: int | None,
    is_host: bool,
    card: str | None,
    joker_as: str | None,
    seven: str | None,
) -> dict[str, Any]:
    """What the phone offers next: cards, then only the legal moves of the chosen card.

    ``seven`` carries the 7's segments chosen so far (notation, e.g. "T12-T15 T20-T21")."""
    from companion.engines import TABLE
    from companion.engines.dog.actions import PLAY, DogAction
    from companion.engines.dog.cards import JOKER, SEVEN, START_CARDS, parse_card

    phase = game.phase(state)
    mover = game.to_move(state)
    out: dict[str, Any] = {
        "phase": phase,
        "mover": mover,
        "card": card,
        "joker_as": joker_as,
        "card_label": str(CARD_LABELS.get(card, card)) if card else None,
        "joker_as_label": str(CARD_LABELS.get(joker_as, joker_as)) if joker_as else None,
    }
    if phase == "over":
        return {**out, "mode": "over"}
    if mover == TABLE:
        return {**out, "mode": "table"}
    if not (is_host or seat == mover):
        return {**out, "mode": "wait"}
    hand = game.to_json(state).get("hand") or []
    known = [c for c in hand if c != "?"]
    unknown_hand = not hand or "?" in hand
    cards = sorted(set(ALL_CARDS if unknown_hand else known), key=ALL_CARDS.index)
    out["cards"] = [{"token": c, "label": CARD_LABELS.get(c, c)} for c in cards]
    out["hand"] = hand
    if phase == "exchange":
        return {**out, "mode": "exchange"}
    if phase not in ("play", "drawn"):
        return {**out, "mode": phase}
    out["mode"] = "play"
    if card is None:
        return out
    code = parse_card(card)
    if code is None or card not in ALL_CARDS:
        raise BadInput(_("%(card)r is not a DOG card") % {"card": card})
    if code == JOKER and joker_as is None:
        out["joker_choices"] = [
            {"token": c, "label": CARD_LABELS.get(c, c)} for c in ALL_CARDS if c != "joker"
        ]
        return out
    as_code = parse_card(joker_as) if code == JOKER else code
    if as_code is None or as_code == JOKER:
        raise BadInput(_("a joker cannot be played as %(card)r") % {"card": joker_as})
    head = f"joker={joker_as}" if code == JOKER else card
    if as_code == SEVEN:
        segs: tuple = ()
        if seven:
            segs = game.parse_action(state, f"{head} {seven}").segs
        left, steps = game.seven_steps(state, segs)
        done = game.format_action(state, DogAction(PLAY, code, SEVEN, segs)) if segs else head
        out["seven"] = {
            "left": left,
            "chosen": move_label(done) if segs else "",
            "so_far": " ".join(done.split()[1:]),
            "steps": [
                {
                    "label": move_label(
                        game.format_action(state, DogAction(PLAY, code, SEVEN, (step,)))
                    ),
                    "seven": " ".join(
                        game.format_action(
                            state, DogAction(PLAY, code, SEVEN, (*segs, step))
                        ).split()[1:]
                    ),
                }
                for step in steps
            ],
            "action": done if left == 0 and segs else None,
        }
        return out
    plays = [a for a in game.plays_of(state, code) if a.as_card == as_code]
    if code == JOKER and as_code in START_CARDS:
        # The engine lists coming out once (as the joker=1); offer it under the 13 too.
        twins = [
            a._replace(as_card=as_code)
            for a in game.plays_of(state, code)
            if a.as_card in START_CARDS and a.as_card != as_code and a.segs[0][0] < 0
        ]
        plays += [a for a in twins if not game.check(state, a)]
    out["moves"] = [
        {"action": (text := game.format_action(state, a)), "label": move_label(text)} for a in plays
    ]
    return out
