"""HIT's play entry: the card first, then only its legal plays and the confirmation (the split
10 part by part, laying down 2 to come out), buying, keeping the shield card at a reshuffle, the
table's reports (the cards drawn, the market refilled) and the seat's own hand as counts.

Only what the engine lists is offered (``plays_of``, ``legal_actions``, ``buyable``); a card
asked for that the hand cannot hold is refused (``BadInput``).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from companion.engines import TABLE
from companion.engines.base import Game
from companion.games.hit.engine.actions import DISCARD
from companion.games.hit.engine.rules import draw_count
from companion.games.hit.engine.state import HitState, refill_count
from companion.tables.errors import BadInput

from . import words as hit_words
from .board import card_chip
from .names import CARDS, NEUTRAL_TOKENS, START_TOKENS, TOKENS, card_label, table_cards
from .places import token_place


def card_token(value: Any, what: str = "a card") -> str:
    """A card token as typed (case-insensitive) → the engine's token, or BadInput."""
    from companion.engines import get_game

    token = get_game("hit").card_token(str(value or "")) if value else None
    if token is None:
        raise BadInput(
            _("%(value)r is not a HIT card (%(what)s: %(tokens)s)")
            % {"value": value, "what": what, "tokens": ", ".join(TOKENS)}
        )
    return token


def _segment(pos: str) -> tuple[str, str, str]:
    """ "T20-T26" → ("T20", "-", "T26")."""
    return pos.partition("-")


def play_label(
    text: str, hits: dict[str, str] | None = None, state: HitState | None = None
) -> str:
    """A play without its card, for a move button, in words: "from blue's start field to
    3 fields past blue's start field", "a figure comes out onto blue's start field", "laid down
    unused", "take the coins"; ``hits`` names whose figure stands on a destination. The places
    are the board's landmarks (``places``) when the position is given; without it only what
    happens ("a figure moves on"). (Never the notation nor a number: the board has none.)"""
    words = text.split()
    if len(words) == 1:
        card = CARDS.get(words[0])
        return _("take %(coins)s coins") % {"coins": card["coins"]} if card else text
    if words[1:] == ["-"]:
        card = CARDS.get(words[0])
        if card and card["coins"]:
            return _("laid down unused (+%(coins)s coins)") % {"coins": card["coins"]}
        return _("laid down unused")
    parts = []
    for seg in words[1:]:
        frm, _sep, to = _segment(seg)
        if state is None:
            part = _unplaced(frm, to)
        elif frm == "W":
            part = _("a figure comes out onto %(to)s") % {"to": token_place(state, to)}
        elif to:
            part = _("from %(from)s to %(to)s") % {
                "from": token_place(state, frm),
                "to": token_place(state, to),
            }
        else:
            part = token_place(state, frm)
        if hits and to in hits:
            part = _("%(move)s (hits %(name)s)") % {"move": part, "name": hits[to]}
        parts.append(part)
    return _(", ").join(parts)


def _unplaced(frm: str, to: str) -> str:
    """A move said without the board (a hint's fallback, the replay's label)."""
    if frm == "W":
        return _("a figure comes out")
    if to.startswith("G") and not frm.startswith("G"):
        return _("a figure moves into the goal")
    return _("a figure moves on")


def action_label(text: str) -> str:
    """Any HIT action in words (hints, confirmations)."""
    words = text.split()
    if not words:
        return text
    head, rest = words[0], " ".join(words[1:])
    if head == "end":
        return _("done buying: end the turn")
    if head == "buy" and rest:
        chip = card_chip(rest)
        if chip["cost"]:
            values = {"card": chip["label"], "cost": chip["cost"]}
            return _("buy %(card)s for %(cost)s coins") % values
        return _("buy %(card)s") % {"card": chip["label"]}
    if head == "discard":
        cards = [c for c in rest.replace(",", " ").split() if c]
        shown = _(" and ").join(card_label(c) for c in cards)
        if len(cards) > 1:
            return _("lay down %(cards)s (%(top)s on top): a figure comes out") % {
                "cards": shown,
                "top": card_label(cards[-1]),
            }
        return _("lay down %(cards)s: a figure comes out") % {"cards": shown}
    if head == "draw":
        if not rest:
            return _("draw")
        return _("draw %(cards)s") % {"cards": ", ".join(card_label(c) for c in rest.split(","))}
    if head == "shuffle":
        return (
            _("shuffle, keeping the shield card on the discard pile")
            if rest == "keep"
            else _("shuffle the discard pile")
        )
    if head == "market":
        return _("the market gets %(cards)s") % {
            "cards": ", ".join(card_label(c) for c in rest.split(","))
        }
    if head == "hand":
        return _("hand of seat %(seat)s") % {"seat": text.split()[1]} if len(words) > 1 else text
    if head in CARDS:
        return f"{card_label(head)}: {play_label(text)}"
    return text


# --- the entry ----------------------------------------------------------------------------------


def hand_form(position: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
    """The seat's own hand as counts over the cards it owns (start cards and buys), while
    it holds cards nobody entered yet."""
    if seat is None or position["phase"] == "over":
        return None
    hand = position["hands"][seat] or []
    if "?" not in hand:
        return None
    bought = position["bought"][seat]
    owned = list(START_TOKENS) + [t for t in NEUTRAL_TOKENS if t in bought]
    return {
        "size": len(hand),
        "counts": [
            {
                "token": t,
                "label": card_label(t),
                "count": hand.count(t),
                "max": min(len(hand), 1 if t in START_TOKENS else bought.count(t)),
            }
            for t in owned
        ],
    }


def entry(
    game: Game,
    state: HitState,
    position: dict[str, Any],
    names: list[str],
    seat: int | None,
    is_host: bool,
    args: dict[str, Any],
) -> dict[str, Any]:
    phase = position["phase"]
    mover = game.to_move(state)
    turn = position["turn"]
    cards = table_cards(state)
    out: dict[str, Any] = {
        "phase": phase,
        "turn": turn,
        "turn_name": names[turn],
        "own": seat == turn,
    }
    if phase == "over":
        return {**out, "mode": "over"}
    if phase == "draw":
        count = draw_count(state)
        known_top = min(len(position["draw_top"][turn]), 3 - len(position["hands"][turn]))
        unseen = sorted(set(position["unseen"][turn]), key=TOKENS.index)
        return {
            **out,
            "mode": "draw",
            "count": count,
            "known_top": [card_label(c) for c in position["draw_top"][turn][:known_top]],
            "setup": position["turns"] == 0,
            "can_name": seat == turn and count > 0,
            "slots": range(count),
            "slot_count": count,
            "options": [card_chip(t, cards) for t in unseen],
        }
    if phase == "market":
        count = refill_count(state)
        stack = _stack(position, cards)
        return {
            **out,
            "mode": "market",
            "count": count,
            "setup": position["turns"] == 0,
            "slots": range(count),
            "options": [{**card_chip(t, cards), "left": n} for t, n in stack.items() if n],
        }
    if phase == "shuffle" and mover == TABLE:
        return {**out, "mode": "shuffle"}
    if mover == TABLE or not (is_host or seat == mover):
        return {**out, "mode": "wait"}
    if phase == "shuffle":
        discards = position["discards"][turn]
        top = card_chip(discards[-1], cards) if discards else None
        return {**out, "mode": "keep", "top": top}
    if phase == "buy":
        buyable = set(game.buyable(state))
        return {
            **out,
            "mode": "buy",
            "coins": position["coins"][turn],
            "offers": [
                {**card_chip(t, cards), "affordable": t in buyable}
                for t in sorted(set(position["market"]), key=TOKENS.index)
            ],
        }
    return _play_entry(game, state, position, names, out, args)


def _play_entry(
    game: Game,
    state: HitState,
    position: dict[str, Any],
    names: list[str],
    out: dict[str, Any],
    args: dict[str, Any],
) -> dict[str, Any]:
    """The play step: the cards the hand holds (or may hold), then only the legal plays
    of the card chosen; laying down 2 to come out; the split 10 part by part."""
    turn = out["turn"]
    chips = table_cards(state)
    hand = position.get("hand") or []
    known = "?" not in hand
    possible = set(hand) - {"?"}
    if not known:
        possible |= set(position["unseen"][turn])
    cards = sorted(possible, key=TOKENS.index)
    discards = [
        game.format_action(state, a) for a in game.legal_actions(state) if a.kind == DISCARD
    ]
    out.update(
        {
            "mode": "play",
            "hand": [card_chip(c, chips) for c in hand],
            "hand_known": known and bool(hand),
            "cards": [card_chip(c, chips) for c in cards],
            "can_discard": bool(discards),
            "played": 3 - len(hand),
            "card": None,
        }
    )
    card = args.get("card")
    if not card:
        return out
    if card == "discard":
        return _discard_entry(out, discards, args.get("parts"), chips)
    token = card_token(card)
    if token not in possible:
        if known:
            message = _("%(card)s is not a card your hand holds now")
        else:
            message = _("%(card)s is not a card %(name)s can hold now")
        raise BadInput(message % {"card": card_label(token), "name": names[turn]})
    out["card"] = card_chip(token, chips)
    plays = [game.format_action(state, a) for a in game.plays_of(state, token)]
    hits = _hits(position, turn, names)
    if CARDS[token]["effect"] == "split":
        out["split"] = _split_entry(state, token, plays, args.get("parts"))
        return out
    out["moves"] = [{"action": p, "label": play_label(p, hits, state)} for p in plays]
    return out


def _discard_entry(
    out: dict[str, Any],
    discards: list[str],
    first: str | None,
    cards: dict[str, dict[str, Any]],
) -> dict[str, Any]:
    out["card"] = {"token": "discard", "label": _("Lay down 2")}
    pairs = [d.split(" ", 1)[1].split(",") for d in discards]
    if not pairs:
        raise BadInput(_("no figure can come out now (none waiting, or an own figure on start)"))
    if not first:
        firsts = sorted({p[0] for p in pairs}, key=TOKENS.index)
        out["discard_first"] = [card_chip(c, cards) for c in firsts]
        return out
    first = card_token(first, _("the card laid down first"))
    seconds = [p[1] for p in pairs if p[0] == first]
    if not seconds:
        raise BadInput(_("%(card)s cannot be laid down now") % {"card": card_label(first)})
    out["discard_under"] = card_chip(first, cards)
    out["moves"] = [
        {
            "action": f"discard {first},{second}",
            "label": (
                _("%(card)s on top (shield)")
                if card_chip(second, cards).get("shield")
                else _("%(card)s on top")
            )
            % {"card": card_label(second)},
        }
        for second in sorted(set(seconds), key=TOKENS.index)
    ]
    return out


def _part_key(part: str) -> tuple[int, ...]:
    """ "T20-T27" → an order for buttons: by the figure's field, then the destination."""
    key: list[int] = []
    for f in part.split("-"):
        key += [0 if f.startswith("T") else 1, int(f[1:]) if f[1:].isdigit() else -1]
    return tuple(key)


def _split_entry(
    state: HitState, token: str, plays: list[str], parts: str | None
) -> dict[str, Any]:
    """The split 10 part by part, in any order: each part offered belongs, together with the
    parts chosen so far, to a legal play (the engine lists each resulting position once; a
    figure moves at most once, so the parts chosen decide the position)."""
    chosen = (parts or "").split()
    if len(set(chosen)) != len(chosen):
        raise BadInput(_("each figure moves at most once with the split 10"))
    want = set(chosen)
    matching = [p.split()[1:] for p in plays if want <= set(p.split()[1:])]
    if chosen and not matching:
        raise BadInput(
            _("no split of 10 goes on from %(parts)s")
            % {"parts": play_label(f"{token} {' '.join(chosen)}", state=state)}
        )
    complete = next((m for m in matching if set(m) == want), None) if chosen else None
    unused = plays == [f"{token} -"]
    nexts = sorted(
        {part for m in matching for part in m if part not in want and part != "-"}, key=_part_key
    )
    return {
        "chosen": play_label(f"{token} {' '.join(chosen)}", state=state) if chosen else "",
        "so_far": " ".join(chosen),
        "next": [
            {
                "part": part,
                "label": play_label(f"{token} {part}", state=state),
                "parts": " ".join([*chosen, part]),
            }
            for part in nexts
        ],
        "action": f"{token} {' '.join(complete)}" if complete else None,
        "unused": f"{token} -" if unused else None,
    }


def _hits(position: dict[str, Any], mover: int, names: list[str]) -> dict[str, str]:
    """Track field → the name of the opponent whose figure stands there."""
    return {
        token: names[s]
        for s, tokens in enumerate(position["figures"])
        if s != mover
        for token in tokens
        if token.startswith("T")
    }


def _stack(position: dict[str, Any], cards: dict[str, dict[str, Any]]) -> dict[str, int]:
    """The neutral stack's cards (public: every copy not in the market or a deck)."""
    left = {t: cards[t]["copies"] for t in NEUTRAL_TOKENS}
    for t in position["market"]:
        left[t] -= 1
    for bought in position["bought"]:
        for t in bought:
            left[t] -= 1
    return left


def pick_said(game: Game, state: HitState, pick: str, names: list[str]) -> str:
    """The play to confirm in a sentence ("Play Start 3: the figure from blue's start field to
    3 fields past blue's start field?")."""
    try:
        action = game.parse_action(state, pick)
    except Exception:  # the play is checked when recorded; the question falls back to words
        return action_label(pick)
    return hit_words.describe(game, state, action, names).label
