"""DOG's own words for the notice a seat reads on its phone when another's play knocked its
figure out (``tables/pages/fates.py``): the rulebook's kennel."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def knocked_out(by: str | None, place: str, count: int) -> str:
    """"Cid knocked out your figure 3 past Ben's start — it is back in your kennel." ``by``:
    None when no seat's play did it; ``place``: where the figure stood ("" when unsaid)."""
    values = {"name": by, "place": place, "count": count}
    if by is None:
        return ngettext(
            "Your figure was knocked out — it is back in your kennel.",
            "%(count)s of your figures were knocked out — they are back in your kennel.",
            count,
        ) % values
    if place and count == 1:
        return _("%(name)s knocked out your figure %(place)s — it is back in your kennel.") % (
            values)
    return ngettext(
        "%(name)s knocked out your figure — it is back in your kennel.",
        "%(name)s knocked out %(count)s of your figures — they are back in your kennel.",
        count,
    ) % values
