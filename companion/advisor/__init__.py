"""The advisor: ISMCTS over the engines' Game contract, bots, hints and the coach's reviews.

`bots` is loaded with the package: it hands the search the per-game parameters of the game
registry (companion/games/) with `ismcts.tune_from` (ismcts itself imports nothing of the
advisor, so the two form no cycle).
"""

from . import bots as _bots  # noqa: F401
