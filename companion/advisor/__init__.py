"""The advisor: ISMCTS over the engines' Game contract, bots, hints and the coach's reviews.

`bots` is loaded with the package: it registers the per-game search parameters with
`ismcts.tune` (ismcts itself imports nothing of the advisor, so the two form no cycle).
"""

from . import bots as _bots  # noqa: F401
