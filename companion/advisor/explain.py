"""One-line reasons for suggested plays ("sends Blue home", "enters the goal").

A reason compares the position before and after the play; it states facts of the rules'
outcome, it decides nothing. Pure Python: the web layer passes the seat names to use.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.engines.base import Game


def explain(game: Game, state: Any, action: Any, seat: int, names: Sequence[str]) -> str:
    explainer = EXPLAINERS.get(game.name)
    if explainer is None:
        return ""
    return explainer(game, state, action, seat, names)


def _list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def explain_dog(game: Game, state: Any, action: Any, seat: int, names: Sequence[str]) -> str:
    after = game.apply(state, action)
    cfg = state.cfg
    geo = cfg.geo
    length = geo.length
    partner = cfg.partner[seat] if cfg.teams_mode else -1
    reasons: list[str] = []

    def placed(st: Any, s: int) -> int:  # figures of seat s out of the kennel
        return sum(1 for p in st.figures[s] if p >= 0)

    sent_home = [
        s
        for s in range(cfg.seats)
        if placed(after, s) < placed(state, s) and s != seat and s != partner
    ]
    own_home = [s for s in (seat, partner) if s >= 0 and placed(after, s) < placed(state, s)]
    if sent_home:
        reasons.append("sends " + _list([names[s] for s in sent_home]) + " home")
    mover = state.turn
    colour = mover if any(p < length for p in state.figures[mover]) or partner < 0 else partner
    in_goal_before = sum(1 for p in state.figures[colour] if p >= length)
    in_goal_after = sum(1 for p in after.figures[colour] if p >= length)
    if in_goal_after > in_goal_before:
        reasons.append("enters the goal" if colour == seat else "brings your partner home")
    elif placed(after, colour) > placed(state, colour):
        reasons.append("brings a figure out")
    start = geo.start[colour]
    if (
        start in state.figures[colour]
        and start not in after.figures[colour]
        and placed(after, colour) >= placed(state, colour)
    ):
        reasons.append("frees your start field")
    if own_home:
        victims = _list(
            ["your own figure" if s == seat else "your partner's figure" for s in own_home]
        )
        reasons.append(("but sends " if reasons else "sends ") + victims + " home")
    if not reasons:
        gained = sum(geo.progress(colour, p) for p in after.figures[colour]) - sum(
            geo.progress(colour, p) for p in state.figures[colour]
        )
        if gained > 0:
            reasons.append(f"moves {gained} field{'s' if gained != 1 else ''} ahead")
        elif gained < 0:
            reasons.append(
                f"goes {-gained} field{'s' if gained != -1 else ''} back "
                "(towards the goal the short way)"
            )
        else:
            reasons.append("keeps the position")
    return "; ".join(reasons)


def _animals(codes: tuple[int, ...]) -> str:
    from companion.engines.lifeislife.cards import TOKEN

    names = [TOKEN[c] for c in codes]
    return ", ".join(
        f"{n} ×{names.count(n)}" if names.count(n) > 1 else n for n in dict.fromkeys(names)
    )


def explain_lifeislife(game: Game, state: Any, action: Any, seat: int, names: Sequence[str]) -> str:
    """What the swap takes and gives, what a knock means, and the majorities it would hold
    (counted on the seat's own hand only: the others' hands are not known)."""
    from companion.engines.lifeislife.actions import KNOCK, SWAP
    from companion.engines.lifeislife.cards import KINDS, TOKEN

    if action.kind == KNOCK:
        if state.knocked_by >= 0:
            return "keeps your cards"
        return "ends the round: everyone else gets one more turn"
    if action.kind != SWAP:
        return ""
    taken = state.rows[action.row - 1]
    text = f"takes {_animals(taken)} for {_animals(action.cards)}"
    if action.sudden:
        return text + f"; sudden death with all the {TOKEN[action.sudden]}s"
    after = game.apply(state, action)
    hand = after.hands[seat]
    strongest = sorted((k for k in KINDS if hand[k] >= 2), key=lambda k: (-hand[k], k))[:2]
    if strongest:
        text += "; builds on " + " and ".join(f"{TOKEN[k]} ({hand[k]})" for k in strongest)
    return text


def explain_hit(game: Game, state: Any, action: Any, seat: int, names: Sequence[str]) -> str:
    """Hits, figures home, fields gained and coins: the play's outcome for the seat."""
    after = game.apply(state, action)
    before_togo, after_togo = game.steps_to_go(state), game.steps_to_go(after)
    reasons = []
    hit = [s for s in range(len(names)) if s != seat and after_togo[s] > before_togo[s]]
    if hit:
        reasons.append("hits " + _list([names[s] for s in hit]))
    home = game.score(after)["home"][seat] - game.score(state)["home"][seat]
    if home > 0:
        reasons.append("brings a figure home")
    gained = before_togo[seat] - after_togo[seat]
    if gained > 0 and not home:
        reasons.append(f"moves {gained} field{'s' if gained != 1 else ''} ahead")
    coins = after.coins[seat] - state.coins[seat]
    if coins > 0:
        reasons.append(f"+{coins} coin{'s' if coins != 1 else ''}")
    elif coins < 0:
        reasons.append(f"spends {-coins} coin{'s' if coins != -1 else ''} on a better deck")
    if after.winner == seat:
        reasons.insert(0, "wins the game")
    return "; ".join(reasons) or "keeps the position"


EXPLAINERS = {"dog": explain_dog, "lifeislife": explain_lifeislife, "hit": explain_hit}
