"""HIT's one-line reasons for a suggested play (the advisor's `explain`): hits, figures home,
fields gained and coins."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.advisor.explain import Reason, counted
from companion.engines.base import Game
from companion.engines.i18n import N_


def explain(
    game: Game, state: Any, action: Any, seat: int, names: Sequence[str]
) -> list[Reason]:
    """Hits, figures home, fields gained and coins: the play's outcome for the seat."""
    after = game.apply(state, action)
    before_togo, after_togo = game.steps_to_go(state), game.steps_to_go(after)
    reasons: list[Reason] = []
    hit = [s for s in range(len(names)) if s != seat and after_togo[s] > before_togo[s]]
    if hit:
        reasons.append((N_("hits {names}"), {"names": [names[s] for s in hit]}))
    home = game.score(after)["home"][seat] - game.score(state)["home"][seat]
    if home > 0:
        reasons.append((N_("brings a figure home"), {}))
    gained = before_togo[seat] - after_togo[seat]
    if gained > 0 and not home:
        reasons.append(
            counted(N_("moves {count} field ahead"), N_("moves {count} fields ahead"), gained)
        )
    coins = after.coins[seat] - state.coins[seat]
    if coins > 0:
        reasons.append(counted(N_("+{count} coin"), N_("+{count} coins"), coins))
    elif coins < 0 and getattr(action, "kind", None) == _HIT_BUY:
        # a bought card goes on top of the draw pile: it is in the next hand
        from companion.games.hit.engine.cards import TOKEN as HIT_TOKEN

        reasons.append(
            counted(
                N_("spends {count} coin: {card} is in your hand next turn"),
                N_("spends {count} coins: {card} is in your hand next turn"),
                -coins,
                card=HIT_TOKEN[action.card],
            )
        )
    elif coins < 0:
        reasons.append(
            counted(
                N_("spends {count} coin on a better deck"),
                N_("spends {count} coins on a better deck"),
                -coins,
            )
        )
    if after.winner == seat:
        reasons.insert(0, (N_("wins the game"), {}))
    return reasons or [(N_("keeps the position"), {})]


#: HIT's action kind "buy" (games/hit/engine/actions.py)
_HIT_BUY = 2
