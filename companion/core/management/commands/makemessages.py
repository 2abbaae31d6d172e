"""``makemessages`` as this project needs it: the engines' ``N_`` marker is a keyword, and the
folders that hold no shipped strings are skipped.

The engines cannot import Django, so they mark their English referee templates with
``N_("…")`` (companion/engines/i18n.py); xgettext must be told that ``N_`` is a keyword.
New msgids come in untranslated instead of as fuzzy guesses (``--no-fuzzy-matching``), so the
completeness test (tests/i18n/) names every string that still needs a translator.
Usage (see docs/i18n.md)::

    .venv/bin/python manage.py makemessages -l de -l fr -l it --no-obsolete
"""

from __future__ import annotations

from django.core.management.commands import makemessages

#: Folders without strings that users see: tests, benchmarks, docs and build output.
IGNORED = [
    "tests/*",
    "bench/*",
    "docs/*",
    "staticfiles/*",
    "test-output/*",
    "build/*",
    "*.egg-info/*",
    "static/vendor/*",
]


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=N_"]
    msgmerge_options = [*makemessages.Command.msgmerge_options, "--no-fuzzy-matching"]

    def handle(self, *args, **options):
        options["ignore_patterns"] = [*(options.get("ignore_patterns") or []), *IGNORED]
        options.setdefault("add_location", "file")
        if options.get("add_location") is None:
            options["add_location"] = "file"
        return super().handle(*args, **options)
