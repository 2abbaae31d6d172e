"""The translation marker of the engines' English texts (violation messages, rulebook sections).

Engines import nothing from Django, so they cannot call gettext. ``N_`` returns its argument
unchanged; it only marks the literal for extraction (``manage.py makemessages`` passes
``--keyword=N_`` to xgettext, see companion/core/management/commands/makemessages.py). The web
layer translates the marked English text with gettext at the moment it shows it
(companion/tables/presenters/localize.py), in the reader's language.
"""

from __future__ import annotations


def N_(message: str) -> str:
    """Mark ``message`` for translation; returns it unchanged."""
    return message
