"""HIT's own words for the notice a seat reads on its phone when another's play hit its figure
(``tables/pages/fates.py``): the rulebook's "hits" and waiting field."""

from __future__ import annotations

from django.utils.translation import ngettext


def knocked_out(by: str | None, place: str, count: int) -> str:
    """"Cid hit your figure — it is back on a waiting field." ``by``: None when no seat's
    play did it; ``place`` is not said (HIT's fields are numbered on the board)."""
    values = {"name": by, "count": count}
    if by is None:
        return ngettext(
            "Your figure was hit — it is back on a waiting field.",
            "%(count)s of your figures were hit — they are back on their waiting fields.",
            count,
        ) % values
    return ngettext(
        "%(name)s hit your figure — it is back on a waiting field.",
        "%(name)s hit %(count)s of your figures — they are back on their waiting fields.",
        count,
    ) % values
