"""DOG's play entry, board first (as on lichess: tap a piece, its targets light up, tap one).

The steps, each a GET of the entry fragment with the steps so far as parameters:
``card`` (and ``joker_as`` for a joker) → ``fig``, the figure that moves (lit on the board) →
where it goes (skipped when there is only one place) → the confirm, a sentence. The 7 is built
segment by segment (``seven`` holds the segments so far, ``fig`` the figure of the next one),
each step undoable; the swap is the own figure (``fig``), then the other. ``pick`` is a whole
play (from the list of moves, a hint's "Play this" or a destination on the board).

Only what the engine lists is offered: the plays of the chosen card among
``game.legal_actions`` of the phone's view (its hand when entered), the 7's next segments from
``game.seven_steps``. Every parameter is checked against those lists: a step that is not on
offer is refused (``BadInput``, 400) with a message naming the parameter.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from companion.engines.base import Game, InvalidActionError
from companion.games.dog.engine.actions import FOLD, PLAY, DogAction
from companion.games.dog.engine.board import kennel_seat
from companion.games.dog.engine.cards import (
    JOKER,
    JOKER_AS,
    SEVEN,
    START_CARDS,
    SWAP,
    TOKEN,
    UNKNOWN,
    parse_card,
)
from companion.games.dog.engine.notation import parse_position, position_token
from companion.games.dog.engine.state import NO_CARD, DogState
from companion.tables.errors import BadInput

from . import words as dog_words

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
#: The request parameters of the entry's steps.
STEP_KEYS = ("card", "joker_as", "fig", "seven", "pick")


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


def _bad(param: str, value: str, reason: str) -> BadInput:
    return BadInput(
        _("The entry step %(param)s=%(value)s is not possible here: %(reason)s")
        % {"param": param, "value": value, "reason": reason},
        code="bad_step",
        param=param,
    )


def figure_words(state: DogState, code: int, names: list[str]) -> str:
    """A figure by where it stands on the real board: "Ben's figure 3 past Ann's start",
    "Ann's figure in Ann's kennel"."""
    geo = state.cfg.geo
    if code < 0:
        owner = kennel_seat(code)
    elif geo.is_goal(code):
        owner = geo.goal_owner(code)
    else:
        owner = next((s for s, fs in enumerate(state.figures) if code in fs), state.turn)
    return _("%(name)s's figure %(place)s") % {
        "name": names[owner],
        "place": dog_words.figure_place(state, code, names),
    }


def _sentence(game: Game, state: DogState, action: DogAction, names: list[str]) -> str:
    return dog_words.describe(game, state, action, names).label


def _token(state: DogState, code: int) -> str:
    return position_token(state.cfg, code, None)


def _query(**params: str | None) -> dict[str, str]:
    return {k: v for k, v in params.items() if v}


def _joker_plays(game: Game, state: DogState, legal: list[DogAction]) -> list[DogAction]:
    """The joker's legal plays, coming out listed under the 1 and the 13 alike (the engine lists
    it once, as the joker=1)."""
    plays = [a for a in legal if a.kind == PLAY and a.card == JOKER]
    twins = []
    for a in plays:
        if a.as_card in START_CARDS and a.segs and a.segs[0][0] < 0:
            for other in START_CARDS - {a.as_card}:
                twin = a._replace(as_card=other)
                if twin not in plays and twin not in twins and not game.check(state, twin):
                    twins.append(twin)
    return plays + twins


def _plays_of_card(game: Game, state: DogState, legal: list[DogAction], code: int, as_code: int):
    if code == JOKER:
        return [a for a in _joker_plays(game, state, legal) if a.as_card == as_code]
    return [a for a in legal if a.kind == PLAY and a.card == code]


def _parse_field(state: DogState, param: str, value: str) -> int:
    try:
        code, _explicit = parse_position(state.cfg, value.strip(), state.turn)
    except InvalidActionError as exc:
        raise _bad(param, value, str(exc)) from exc
    return code


def _exchange(
    state: DogState, giver: int, mover: int, names: list[str], out: dict[str, Any]
) -> dict[str, Any]:
    """A seat's own give in the exchange: the cards of its hand (every kind while its hand is
    unknown), each with its own question."""
    hand = state.hands[giver]
    tokens = {TOKEN[c] for c in hand if c != UNKNOWN}
    cards = sorted(ALL_CARDS if UNKNOWN in hand or not hand else tokens, key=ALL_CARDS.index)
    receiver = names[state.cfg.receiver[giver]]
    out.update(
        receiver=receiver,
        own_give=True,
        give_prefix="give" if giver == mover else f"give@{giver}",
        hand=[TOKEN[c] if c != UNKNOWN else "?" for c in hand],
        cards=[
            {
                "token": c,
                "label": CARD_LABELS.get(c, c),
                "question": _("Give %(card)s face down to %(name)s?")
                % {"card": dog_words.card_name(parse_card(c) or 0), "name": receiver},
            }
            for c in cards
        ],
    )
    return {**out, "mode": "exchange"}


def entry(
    game: Game,
    state: DogState,
    seat: int | None,
    is_host: bool,
    steps: dict[str, Any],
    names: list[str],
) -> dict[str, Any]:
    """What the phone offers next, with the board's tap targets (``taps``: position code,
    kind, the query of the next step, the label in words) and the fields to light."""
    from companion.engines import TABLE

    card = steps.get("card")
    joker_as = steps.get("joker_as")
    phase = game.phase(state)
    mover = game.to_move(state)
    out: dict[str, Any] = {
        "phase": phase,
        "mover": mover,
        "card": card,
        "joker_as": joker_as,
        "card_label": str(CARD_LABELS.get(card, card)) if card else None,
        "joker_as_label": str(CARD_LABELS.get(joker_as, joker_as)) if joker_as else None,
        "taps": [],
        "lit": [],
    }
    if phase == "over":
        return {**out, "mode": "over"}
    if mover == TABLE:
        return {**out, "mode": "table"}
    if phase == "exchange":
        # Everyone gives at once, in any order (the engine's `give@<seat>`): a seat that has
        # not given yet gives from its own phone whoever is "to move".
        out["given"] = [names[s] for s, c in enumerate(state.transit) if c != NO_CARD]
        out["to_give"] = [names[s] for s, c in enumerate(state.transit) if c == NO_CARD]
        if seat is not None and game.gives_of(state, seat) and not (is_host and seat != mover):
            return _exchange(state, seat, mover, names, out)
    if not (is_host or seat == mover):
        return {**out, "mode": "wait"}
    hand = game.to_json(state).get("hand") or []
    known = [c for c in hand if c != "?"]
    unknown_hand = not hand or "?" in hand
    cards = sorted(set(ALL_CARDS if unknown_hand else known), key=ALL_CARDS.index)
    out["hand"] = hand
    if phase == "exchange":
        receiver = names[state.cfg.receiver[mover]]
        out["receiver"] = receiver
        out["give_prefix"] = "give"
        if seat != mover:
            # The scribe saw a card go face down: it records the gift without naming it.
            out["scribe"] = names[mover]
            out["cards"] = [
                {
                    "token": "?",
                    "label": _("%(name)s gave a card") % {"name": names[mover]},
                    "question": _("%(giver)s gave a card face down to %(name)s?")
                    % {"giver": names[mover], "name": receiver},
                }
            ]
            return {**out, "mode": "exchange"}
        out["cards"] = [
            {
                "token": c,
                "label": CARD_LABELS.get(c, c),
                "question": _("Give %(card)s face down to %(name)s?")
                % {"card": dog_words.card_name(parse_card(c) or 0), "name": receiver},
            }
            for c in cards
        ]
        return {**out, "mode": "exchange"}
    if phase not in ("play", "drawn"):
        return {
            **out,
            "cards": [{"token": c, "label": CARD_LABELS.get(c, c)} for c in cards],
            "mode": phase,
        }
    out["mode"] = "play"
    legal = game.legal_actions(state)
    playable = {TOKEN[a.card] for a in legal if a.kind == PLAY}
    out["cards"] = [
        {"token": c, "label": CARD_LABELS.get(c, c), "playable": c in playable} for c in cards
    ]
    # Folding is offered only when the engine lists it: never while the known hand can play.
    out["can_fold"] = any(a.kind == FOLD for a in legal)
    pick = steps.get("pick")
    if pick:
        return _confirm_pick(game, state, legal, out, pick, names)
    if card is None:
        return out
    code = parse_card(card)
    if code is None or card not in ALL_CARDS:
        raise _bad("card", card, _("%(card)r is not a DOG card") % {"card": card})
    if code == JOKER and joker_as is None:
        kinds = {a.as_card for a in _joker_plays(game, state, legal)}
        out["joker_choices"] = [
            {"token": TOKEN[k], "label": CARD_LABELS.get(TOKEN[k], TOKEN[k])}
            for k in JOKER_AS
            if k in kinds
        ]
        out["joker_none"] = not kinds
        return out
    as_code = parse_card(joker_as) if code == JOKER and joker_as else code
    if as_code is None or as_code == JOKER:
        raise _bad(
            "joker_as",
            joker_as or "",
            _("a joker cannot be played as %(card)r") % {"card": joker_as},
        )
    if code != JOKER and joker_as:
        raise _bad("joker_as", joker_as, _("only a joker is played as another card"))
    head = f"joker={TOKEN[as_code]}" if code == JOKER else TOKEN[code]
    base = _query(card=card, joker_as=joker_as if code == JOKER else None)
    out["base"] = urlencode(base)
    if as_code == SEVEN:
        if not any(a.kind == PLAY and a.card == code for a in legal):
            if steps.get("seven") or steps.get("fig"):
                raise _bad(
                    "seven",
                    steps.get("seven") or steps.get("fig") or "",
                    _("no figure can move with this card now"),
                )
            out["seven"] = {"left": 7, "steps": [], "action": None, "chosen": ""}
            return out
        return _seven(game, state, out, code, head, base, steps, names)
    plays = _plays_of_card(game, state, legal, code, as_code)
    out["moves"] = [
        {
            "action": game.format_action(state, a),
            "label": _sentence(game, state, a, names),
            "query": urlencode({**base, "pick": game.format_action(state, a)}),
        }
        for a in plays
    ]
    _figure_steps(game, state, out, plays, base, steps.get("fig"), names, as_code == SWAP)
    return out


def _figure_steps(
    game: Game,
    state: DogState,
    out: dict[str, Any],
    plays: list[DogAction],
    base: dict[str, str],
    fig: str | None,
    names: list[str],
    swap: bool,
) -> None:
    """A card's plays on the board: its figures, then the chosen figure's destinations."""
    by_from: dict[int, list[DogAction]] = {}
    for a in plays:
        if a.segs:
            by_from.setdefault(a.segs[0][0], []).append(a)
    if fig is None:
        out["step"] = "figure"
        for frm, options in by_from.items():
            if len(options) == 1:
                # One play with this figure: the tap goes straight to the confirm.
                query = {**base, "pick": game.format_action(state, options[0])}
                label = _sentence(game, state, options[0], names)
            else:
                query = {**base, "fig": _token(state, frm)}
                words = figure_words(state, frm, names)
                label = (_("Swap %(figure)s") if swap else _("Move %(figure)s")) % {"figure": words}
            out["taps"].append({"code": frm, "kind": "figure", "query": query, "label": label})
        out["lit"] = list(by_from)
        return
    frm = _parse_field(state, "fig", fig)
    if frm not in by_from:
        raise _bad("fig", fig, _("no figure there can move with this card"))
    options = by_from[frm]
    if len(options) == 1:
        _confirm(game, state, out, options[0], base, names)
        return
    out["step"] = "destination"
    out["fig"] = fig
    out["fig_words"] = figure_words(state, frm, names)
    out["moves"] = [m for m in out["moves"] if game.parse_action(state, m["action"]) in options]
    out["taps"].append(
        {
            "code": frm,
            "kind": "selected",
            "query": base,
            "label": _("Choose another figure instead of %(figure)s")
            % {"figure": out["fig_words"]},
        }
    )
    for a in options:
        out["taps"].append(
            {
                "code": a.segs[0][1],
                "kind": "destination",
                "query": {**base, "pick": game.format_action(state, a)},
                "label": _sentence(game, state, a, names),
            }
        )
    out["lit"] = [frm, *(a.segs[0][1] for a in options)]


def _confirm(
    game: Game,
    state: DogState,
    out: dict[str, Any],
    action: DogAction,
    back: dict[str, str],
    names: list[str],
) -> None:
    out["step"] = "confirm"
    out["confirm"] = {
        "action": game.format_action(state, action),
        "sentence": _("%(play)s?") % {"play": _sentence(game, state, action, names)},
        "back": urlencode(back),
    }
    out["taps"] = []
    out["lit"] = sorted({c for seg in action.segs for c in seg})


def _confirm_pick(
    game: Game,
    state: DogState,
    legal: list[DogAction],
    out: dict[str, Any],
    pick: str,
    names: list[str],
) -> dict[str, Any]:
    """A whole play chosen (a move button, a destination, a hint's "Play this"): confirm it."""
    try:
        action = game.parse_action(state, pick)
    except InvalidActionError as exc:
        raise _bad("pick", pick, str(exc)) from exc
    if action.kind != PLAY:
        raise _bad("pick", pick, _("only a play of a card is confirmed here"))
    twins = _joker_plays(game, state, legal) if action.card == JOKER else []
    if action not in legal and action not in twins:
        raise _bad("pick", pick, _("it is not one of the legal plays"))
    card = TOKEN[action.card]
    joker_as = TOKEN[action.as_card] if action.card == JOKER else None
    out.update(card=card, joker_as=joker_as, card_label=str(CARD_LABELS.get(card, card)))
    back = _query(card=card, joker_as=joker_as)
    if action.as_card == SEVEN and action.segs:
        segs = " ".join(game.format_action(state, action).split()[1:-1])
        back = _query(card=card, joker_as=joker_as, seven=segs)
    _confirm(game, state, out, action, back, names)
    return out


def seven_so_far(state: DogState, segs: tuple) -> DogState:
    """The position after the first steps of a 7 (figures moved, those passed burned), for
    drawing and saying the rest; the position itself when there are none."""
    if not segs:
        return state
    from companion.games.dog.engine.moves import _simulate  # the engine's step-by-step 7

    result = _simulate(state, state.turn, SEVEN, tuple(segs), partial=True)
    if not isinstance(result, tuple):  # a violation: the steps were checked before
        return state
    return state._replace(figures=result[0], lapped=result[1])


def _seven(
    game: Game,
    state: DogState,
    out: dict[str, Any],
    code: int,
    head: str,
    base: dict[str, str],
    steps: dict[str, Any],
    names: list[str],
) -> dict[str, Any]:
    """The 7 (or a joker as 7) segment by segment: the figures with a next segment, then the
    chosen figure's destinations; each segment undoable; the confirm once all 7 are used."""
    seven = steps.get("seven") or ""
    segs: tuple = ()
    if seven:
        try:
            segs = game.parse_action(state, f"{head} {seven}").segs
        except InvalidActionError as exc:
            raise _bad("seven", seven, str(exc)) from exc
        for i, seg in enumerate(segs):
            if seg not in game.seven_steps(state, segs[:i])[1]:
                raise _bad(
                    "seven",
                    seven,
                    _("after the steps before it, %(step)s cannot be completed to a legal 7")
                    % {"step": "-".join(_token(state, c) for c in seg)},
                )
    fig = steps.get("fig")
    left, nexts = game.seven_steps(state, segs)
    if fig:
        frm = _parse_field(state, "fig", fig)
        options = [s for s in nexts if s[0] == frm]
        if not options:
            raise _bad("fig", fig, _("no figure there can move with this card"))
        if len(options) == 1:  # one place to go: take the segment at once
            segs = (*segs, options[0])
            left, nexts = game.seven_steps(state, segs)
            fig = None
    text = game.format_action(state, DogAction(PLAY, code, SEVEN, segs)) if segs else head
    so_far = " ".join(text.split()[1:])
    # The board as it now is, after the steps so far: the next steps are said and drawn from it
    # (a figure burned by the first step is no longer offered "1 step from …").
    now = seven_so_far(state, segs)
    action = DogAction(PLAY, code, SEVEN, segs)
    undo = _query(**base, seven=" ".join(so_far.split()[:-1])) if segs else None
    out["seven"] = {
        "left": left,
        "chosen": _sentence(game, state, action, names) if segs else "",
        "so_far": so_far,
        "undo": urlencode(undo) if undo else None,
        "steps": [],
        "action": text if left == 0 and segs else None,
        "now": now,
    }
    if left == 0 and segs:
        _confirm(game, state, out, action, undo or base, names)
        out["confirm"]["undo"] = urlencode(undo) if undo else None
        return out

    def step_query(seg: tuple[int, int]) -> dict[str, str]:
        after = game.format_action(state, DogAction(PLAY, code, SEVEN, (*segs, seg)))
        return {**base, "seven": " ".join(after.split()[1:])}

    def step_label(seg: tuple[int, int]) -> str:
        return _sentence(game, now, DogAction(PLAY, code, SEVEN, (seg,)), names)

    shown = nexts
    if fig:
        frm = _parse_field(state, "fig", fig)
        shown = [s for s in nexts if s[0] == frm]
        out["step"] = "destination"
        out["fig"] = fig
        out["fig_words"] = figure_words(now, frm, names)
        out["taps"].append(
            {
                "code": frm,
                "kind": "selected",
                "query": _query(**base, seven=so_far),
                "label": _("Choose another figure instead of %(figure)s")
                % {"figure": out["fig_words"]},
            }
        )
        for seg in shown:
            out["taps"].append(
                {
                    "code": seg[1],
                    "kind": "destination",
                    "query": step_query(seg),
                    "label": step_label(seg),
                }
            )
        out["lit"] = [frm, *(s[1] for s in shown)]
    else:
        out["step"] = "figure"
        froms = list(dict.fromkeys(s[0] for s in nexts))
        for frm in froms:
            options = [s for s in nexts if s[0] == frm]
            if len(options) == 1:
                query, label = step_query(options[0]), step_label(options[0])
            else:
                query = _query(**base, seven=so_far, fig=_token(state, frm))
                label = _("Move %(figure)s") % {"figure": figure_words(now, frm, names)}
            out["taps"].append({"code": frm, "kind": "figure", "query": query, "label": label})
        out["lit"] = froms
    out["seven"]["steps"] = [
        {"label": step_label(seg), "seven": (q := step_query(seg))["seven"], "query": urlencode(q)}
        for seg in shown
    ]
    return out
