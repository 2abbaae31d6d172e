"""The games of the site: one entry per game, everything the site needs of a game beyond its
engine's contract (docs/adding-a-game.md, section 4).

Every part reads this registry and nothing else for its per-game settings: the home page
(`core.catalogue`), the rules pages (`rules.catalogue`), the tables (presenter, templates,
card counter, public forms of private entries, summary, step words, hint words, the JSON API's
list of games) and the advisor's search (`search`). The tests iterate over it too.

An entry names code by its dotted path and its parts by convention, so that this module
imports nothing of the site (the rules pages, the home page and the advisor read it without
loading the tables); what is not given takes the default:

- the presenter: ``companion.tables.presenters.<name>`` (its ``PRESENTER``), else the base
  presenter (``companion.tables.presenters.base``: a generic board, score and entry);
- the words of a play: ``companion.tables.presenters.<name>_words``, if there is one;
- the templates: ``tables/<name>.html`` and the lobby ``tables/new_<name>.html``, else
  ``tables/game.html`` and ``tables/new_game.html`` (the presenter's ``template`` and
  ``lobby_template`` say which);
- the rules page: ``companion/rules/<name>/``, if there is one;
- no card counter, no search tuning (the search's generic parameters).

The engine itself is registered in ``companion.engines.GAMES`` (engines import nothing from
here, or from Django).
"""

from __future__ import annotations

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


#: the summary's generic name of the figures a seat sent home
KNOCKED_OUT = _("Knocked out")


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

    #: the engine's name in ``companion.engines.GAMES`` ("dog"), the table's stored key
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
    #: the rules page: None = there is one where ``companion/rules/<name>/`` exists
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
    #: (advisor/dog_review.py) instead of a search
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
            path = f"companion.tables.presenters.{self.name}_words"
            if not _module_exists(path):
                return None
        return import_module(path) if path else None

    def counter_module(self) -> Any:
        return import_module(self.counter) if self.counter else None

    def has_rules_page(self) -> bool:
        if self.rules_page is not None:
            return self.rules_page
        return _module_exists(f"companion.rules.{self.name}")


@cache
def _module_exists(path: str) -> bool:
    return find_spec(path) is not None


def load(reference: str) -> Any:
    """What a "module:attribute" reference names."""
    module, _sep, attribute = reference.partition(":")
    found = import_module(module)
    return getattr(found, attribute) if attribute else found


_REGISTRY: dict[str, GameEntry] = {}


def register(entry: GameEntry) -> GameEntry:
    """Add a game (or replace the entry of the same name)."""
    _REGISTRY[entry.name] = entry
    return entry


def unregister(name: str) -> None:
    _REGISTRY.pop(name, None)


def get(name: str) -> GameEntry:
    """The entry of a game; KeyError for a game the site does not know."""
    return _REGISTRY[name]


def find(name: str) -> GameEntry | None:
    return _REGISTRY.get(name)


def names() -> tuple[str, ...]:
    """The games' names, in the home page's order."""
    return tuple(_REGISTRY)


def entries() -> Iterator[GameEntry]:
    return iter(tuple(_REGISTRY.values()))


# --- the games ------------------------------------------------------------------------------

register(GameEntry(
    name="dog",
    title="DOG",
    publisher="Schmidt Spiele",
    players=_("2–6 players, teams of two with 4 or 6"),
    about=_(
        "Race your four figures round the board and into the goal, with cards "
        "instead of dice: the 4 goes backwards, the 7 splits, the swap card trades places."
    ),
    counter="companion.engines.dog.counter",
    public_forms=MappingProxyType({
        "hand": None,
        "give": "give ?",
        "fold": "fold",
        "discard": "discard ?",
        "draw": "draw ?",
    }),
    step_words={
        "exchange": pgettext_lazy("step", "exchange"),
        "drawn": pgettext_lazy("step", "drawn"),
        "fold": pgettext_lazy("step", "fold"),
        "give": pgettext_lazy("step", "give"),
        "reshuffle": pgettext_lazy("step", "reshuffle"),
    },
    # DOG's figures have their own word in some languages (Italian: "segnalini")
    results=Results(home_field="K", measure="home",
                    measure_label=pgettext_lazy("DOG", "figures home")),
    search={
        "exploration": 0.1,
        "playout_depth": 12,
        "tree_depth": 0,
        "policy_first": True,
        "policy": "companion.advisor.bots:dog_playout_policy",
        "evaluate": "companion.advisor.bots:dog_evaluate",
        # the two above on C arrays where the compiled core is built (None elsewhere)
        "playout": "companion.advisor.bots:DOG_PLAYOUT",
    },
    heuristic="companion.advisor.bots:DOG_HEURISTIC",
    explain="companion.advisor.explain:explain_dog",
    review_by_halving=True,
))

register(GameEntry(
    name="hit",
    title="HIT",
    publisher="Ravensburger",
    players=_("2–4 players"),
    about=_(
        "A deck-building race: play your three cards, hit whoever you land on, "
        "buy better cards from the market and bring your figures home first."
    ),
    counter="companion.engines.hit.counter",
    public_forms=MappingProxyType({"hand": None, "draw": "draw"}),
    step_words={
        "buy": pgettext_lazy("step", "buy"),
        "end": pgettext_lazy("step", "end"),
        "shuffle": pgettext_lazy("step", "shuffle"),
        "market": pgettext_lazy("step", "market"),
    },
    results=Results(home_field="W", measure="home", measure_label=_("figures home"),
                    knockouts_label=_("Hits")),
    explain="companion.advisor.explain:explain_hit",
))

register(GameEntry(
    name="lifeislife",
    title="Life is Life",
    home_title="Life is Life – Schwimm um dein Leben",
    publisher="NSV",
    players=_("3–5 players"),
    about=_(
        "Swap cards with the rows in the middle to hold the majorities of animals; "
        "knock when you are ahead, and watch out for the sudden death."
    ),
    counter="companion.engines.lifeislife.counter",
    step_words={
        "swap": pgettext_lazy("step", "swap"),
        "knock": pgettext_lazy("step", "knock"),
        "reveal": pgettext_lazy("step", "reveal"),
    },
    results=Results(measure="lives", measure_label=_("lives left"), lives=True),
    hint_outcome=_("survives the round"),
    search={"outcome": "companion.advisor.bots:lifeislife_round_survival"},
    explain="companion.advisor.explain:explain_lifeislife",
    review="companion.advisor.lifeislife_review:REVIEW",
))
