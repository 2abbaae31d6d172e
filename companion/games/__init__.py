"""The games of the site: one package per game, ``companion/games/<name>/`` (issue #40), found
by looking — no list names them. Everything the site needs of a game beyond its engine's contract
is in the package's ``manifest.py`` (its ``ENTRY``, a `GameEntry`; docs/adding-a-game.md).

Every part reads this registry and nothing else for its per-game settings: the home page
(`core.catalogue`), the rules pages (`rules.catalogue`), the tables (presenter, templates,
card counter, public forms of private entries, summary, step words, hint words, the JSON API's
list of games) and the advisor's search (`search`). The tests iterate over it too.

A game's package holds, by convention (what is not there takes the default):

- ``engine/``: the rules engine (imports nothing of the site, or of Django; found by
  ``companion.engines`` the same way: its ``ENGINE``, the `Game` class);
- ``presenter.py`` (its ``PRESENTER``), else the base presenter
  (``companion.tables.presenters.base``: a generic board, score and entry);
- ``words.py``: the words of a play, if there is one;
- ``templates/tables/<name>.html`` and the lobby ``templates/tables/new_<name>.html``, else
  ``tables/game.html`` and ``tables/new_game.html`` (each package is a Django app: its
  templates and its ``locale/`` are found as an app's are);
- ``rules/``: the rules page, if there is one;
- no card counter, no search tuning (the search's generic parameters).

This module imports nothing of the site, and nothing of Django until a text is shown: the
rules pages, the home page and the advisor read it without loading the tables.
"""

from __future__ import annotations

import pkgutil
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from importlib.util import find_spec
from types import MappingProxyType
from typing import Any


class LazyText:
    """A text marked for translation, translated into the reader's language when shown (like
    Django's ``gettext_lazy``, without importing Django: the advisor reads this registry, and
    the advisor loads without Django)."""

    __slots__ = ("context", "message")

    def __init__(self, message: str, context: str | None = None) -> None:
        self.message, self.context = message, context

    def __str__(self) -> str:
        from django.utils.translation import gettext, pgettext

        if self.context is None:
            return gettext(self.message)
        return pgettext(self.context, self.message)

    def __repr__(self) -> str:
        return f"LazyText({self.message!r})"


def _(message: str) -> LazyText:
    """Marked for translation (makemessages reads ``_``); translated when shown."""
    return LazyText(message)


def pgettext_lazy(context: str, message: str) -> LazyText:
    """Marked for translation with its context (makemessages reads it); translated when shown."""
    return LazyText(message, context)


Text = str | LazyText


#: the summary's generic name of the others' figures a seat sent home (beside the column of its
#: own figures sent home: the two must not read as the same thing)
KNOCKED_OUT = _("Sent others home")


@dataclass(frozen=True, slots=True)
class Results:
    """How the game summary (``tables/records/summary.py``) counts a game."""

    #: the field where a figure that was knocked out goes back to ("K": DOG's kennel); None:
    #: the game sends no figures home (no knock-outs counted)
    home_field: str | None = None
    #: the score key that measures a seat (a list per seat, higher is better) and its name; the
    #: ranking after the winners follows it
    measure: str = ""
    measure_label: Text = ""
    #: the column of the figures a seat sent home (with ``home_field``), as the game calls them
    knockouts_label: Text = KNOCKED_OUT
    #: the game counts lives (the score's "lives" per seat): lives lost, and who went out when
    lives: bool = False


@dataclass(frozen=True, eq=False)
class GameEntry:
    """One game of the site. Only ``name`` and ``title`` are needed; the rest has defaults."""

    #: the game's package and engine name ("dog"), the table's stored key
    name: str
    #: the game as its box names it, short ("DOG", "Life is Life"): page titles, summaries
    title: str
    #: the home page: the heading (default: ``title``), publisher, players and a few sentences
    home_title: str = ""
    publisher: str = ""
    players: Text = ""
    about: Text = ""
    on_home_page: bool = True
    #: "module:attribute" of the presenter; "" = the convention (module docstring)
    presenter: str = ""
    #: the module that says a play in words ("" = the convention, None = none)
    words: str | None = ""
    #: the engine's card counter module (``public_count``, ``seat_count``); None: no counter
    counter: str | None = None
    #: the rules page: None = there is one where the package has ``rules/``
    rules_page: bool | None = None
    #: a private entry's first word → what everyone else reads of it (``play/public_forms.py``):
    #: its public form in notation, None = left out of the public record
    public_forms: Mapping[str, str | None] = field(
        default_factory=lambda: MappingProxyType({"hand": None}))
    #: the engine's phase and action words that are the game's own (``This is the {expected}
    #: phase``), in the reader's language; the common ones are in ``presenters/localize.py``
    step_words: Mapping[str, Text] = field(default_factory=dict)
    results: Results = Results()
    #: what a hint's outcome chance means (the search's ``outcome``), e.g. "survives the round"
    hint_outcome: Text = ""
    #: the search's parameters measured for the game (``advisor.ismcts.Config``'s fields:
    #: exploration, playout_depth, tree_depth, policy_first, stop_at_table; policy, evaluate and
    #: outcome as "module:attribute"); what is not given takes the generic value
    search: Mapping[str, Any] = field(default_factory=dict)
    #: the advisor's other per-game functions, each "module:attribute" (None: the generic way):
    #: the greedy bot's (position score, action cost) pair, a hint's reasons, and the coach's
    #: review as a (valuation, tie order) pair of every play on shared samples
    heuristic: str | None = None
    explain: str | None = None
    review: str | None = None
    #: the coach's review finds the best play by sequential halving on shared samples
    #: (games/dog/review.py) instead of a search
    review_by_halving: bool = False
    #: the BoardGameGeek id for the BG Stats export, only where verified
    bgg_id: int | None = None

    @property
    def heading(self) -> str:
        return self.home_title or self.title

    def words_module(self) -> Any:
        """The module that says this game's plays in words, or None."""
        path = self.words
        if path == "":
            path = f"{__name__}.{self.name}.words"
            if not _module_exists(path):
                return None
        return import_module(path) if path else None

    def counter_module(self) -> Any:
        return import_module(self.counter) if self.counter else None

    def has_rules_page(self) -> bool:
        if self.rules_page is not None:
            return self.rules_page
        return _module_exists(f"{__name__}.{self.name}.rules")


@cache
def _module_exists(path: str) -> bool:
    try:
        return find_spec(path) is not None
    except ModuleNotFoundError:  # its package does not exist (a game without a folder)
        return False


def module_exists(path: str) -> bool:
    """Whether the module exists, without importing it (its packages are imported)."""
    return _module_exists(path)


def load(reference: str) -> Any:
    """What a "module:attribute" reference names."""
    module, _sep, attribute = reference.partition(":")
    found = import_module(module)
    return getattr(found, attribute) if attribute else found


_REGISTRY: dict[str, GameEntry] = {}


def packages() -> tuple[str, ...]:
    """The names of the game packages in this folder (``companion/games/<name>/``), sorted: the
    ones with a manifest are the site's games (a package without one is not a game yet)."""
    return tuple(sorted(info.name for info in pkgutil.iter_modules(__path__)
                        if info.ispkg and not info.name.startswith("_")))


def app_modules() -> list[str]:
    """The game packages as Django apps (settings.INSTALLED_APPS): their templates and their
    translations are found as any app's are."""
    return [f"{__name__}.{name}" for name in packages()]


_discovered = False


def _discover() -> None:
    """Register every package's manifest, once (then `register` and `unregister` rule)."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    for name in packages():
        if _module_exists(f"{__name__}.{name}.manifest"):
            register(import_module(f"{__name__}.{name}.manifest").ENTRY)


def register(entry: GameEntry) -> GameEntry:
    """Add a game (or replace the entry of the same name)."""
    _discover()
    _REGISTRY[entry.name] = entry
    return entry


def unregister(name: str) -> None:
    _discover()
    _REGISTRY.pop(name, None)


def get(name: str) -> GameEntry:
    """The entry of a game; KeyError for a game the site does not know."""
    _discover()
    return _REGISTRY[name]


def find(name: str) -> GameEntry | None:
    _discover()
    return _REGISTRY.get(name)


def names() -> tuple[str, ...]:
    """The games' names, in the home page's order."""
    _discover()
    return tuple(_REGISTRY)


def entries() -> Iterator[GameEntry]:
    _discover()
    return iter(tuple(_REGISTRY.values()))


