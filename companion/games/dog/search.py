"""DOG's search on the compiled board (issue #39): the playout of `bots.dog_playout_policy`
and `bots.dog_evaluate` and the search's whole iteration on C arrays (`_playout.pyx`), set up
with the advisor's constants. Here, not in the advisor: the compiled module cimports the
advisor's tree (`companion.advisor._ismcts`), so the advisor must not import it back while it
loads (a cycle when the compiled module is imported first)."""

from __future__ import annotations

from companion.advisor import bots, ismcts
from companion.engines.kit import accel


def _compiled_playout() -> ismcts.Playout | None:
    """The playout of `dog_playout_policy` and `dog_evaluate` on C arrays (`_playout.pyx`,
    the same values from the same random numbers), where the compiled core is built; None on
    the pure-Python path (ismcts then runs its own loop). Not with `bots.DOG_PLAYOUT_RANDOM`."""
    fast = accel.accelerator("companion.games.dog._playout")
    if fast is None or bots.DOG_PLAYOUT_RANDOM:
        return None
    fast.configure({
        "out": bots.DOG_OUT, "home": bots.DOG_HOME, "threat": bots.DOG_THREAT,
        "card": bots.DOG_CARD, "block": bots.DOG_BLOCK, "eval_scale": bots.DOG_EVAL_SCALE,
        "eval_risk": bots.DOG_EVAL_RISK, "joker": bots.DOG_VALUE_JOKER,
        "seven": bots.DOG_VALUE_SEVEN, "start_waiting": bots.DOG_VALUE_START_WAITING,
        "start": bots.DOG_VALUE_START, "four": bots.DOG_VALUE_FOUR,
        "swap": bots.DOG_VALUE_SWAP, "other": bots.DOG_VALUE_OTHER})
    return ismcts.Playout(fast.playout, bots.dog_playout_policy, bots.dog_evaluate, fast.choose,
                          fast.iteration)


#: DOG's compiled playout (its manifest's `search["playout"]`), or None
PLAYOUT = _compiled_playout()
