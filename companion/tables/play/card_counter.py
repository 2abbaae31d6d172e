"""The card counter of a table: the engine's counts (companion.games.<game>.engine.counter) for the
JSON API and for the "Card counter" panel of the table page.

Privacy by construction: the public part is computed from the spectator's view, the private
part from the asking seat's own view (``game.view(state, seat)``) and only when a seat asks.
Nobody else's view ever reaches a counter function.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from companion import games
from companion.engines import get_game
from companion.engines.counter import CardCount, Group
from companion.tables import presenters
from companion.tables.models import Table
from companion.tables.play.rulings import known


def has_counter(game_name: str) -> bool:
    """Whether the game has a card counter (its registry entry's ``counter``)."""
    return games.get(game_name).counter is not None


def counts(table: Table, seat: int | None) -> tuple[CardCount, CardCount | None]:
    """The public count, and ``seat``'s own (None: no seat, or its hand is not entered). A
    game without a card counter counts nothing: an empty public count."""
    game = get_game(table.game)
    module = games.get(table.game).counter_module()
    if module is None:
        return CardCount(table.game, "public", None, ()), None
    # the public reading and the seat's own (``rulings.known``): never another seat's entries
    public = module.public_count(known(table, game, None))
    private = None if seat is None else module.seat_count(known(table, game, seat), seat)
    return public, private


def counter_json(table: Table, seat: int | None) -> dict[str, Any]:
    """What GET /api/tables/{id}/counter answers."""
    public, private = counts(table, seat)
    return {
        "game": table.game,
        "seq": table.seq,
        "seat": seat,
        "public": public.to_json(),
        "private": private.to_json() if private else None,
        # a seat whose count is missing: it has not entered its hand yet
        "needs_hand": seat is not None and private is None and has_counter(table.game),
    }


# --- the panel --------------------------------------------------------------------------------


def card_label(game_name: str, token: str) -> str:
    """A card token as the game's own pages name it, in the reader's language."""
    return presenters.get(game_name).counter_label(token)


def percent(p: float) -> str:
    """A chance as the panel shows it: never "0 %" or "100 %" unless it is certain."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    if p < 0.005:
        return "<1%"
    if p > 0.995:
        return ">99%"
    return f"{round(100 * p)}%"


def panel_context(table: Table, seats: list[Any], seat: int | None) -> dict[str, Any] | None:
    """The template context of the panel for ``seat`` (None: a spectator, the scribe or the
    presenter, who get the public part only); None for a game without a card counter."""
    if not has_counter(table.game):
        return None
    public, private = counts(table, seat)
    game_name = table.game
    names = [s.name for s in seats]
    context: dict[str, Any] = {
        "public": [_section(game_name, g, names, public.scope) for g in public.groups],
        "private": None,
        "needs_hand": seat is not None and private is None,
        "seat_index": seat,
    }
    if private is not None:
        context["private"] = {
            "sections": [
                _section(game_name, g, names, private.scope)
                for g in private.groups
                if not (g.kind == "known" and private.scope == "seat" and _in_public(g, public))
            ],
            "chances": _chances(game_name, private, names),
            "exact": private.exact,
            "facts": _facts(private),
        }
    return context


def _in_public(group: Group, public: CardCount) -> bool:
    """A known hand the public part shows already (Life is Life: the public cards)."""
    return group in public.groups


def _section(game_name: str, group: Group, names: list[str], scope: str) -> dict[str, Any]:
    name = names[group.seat] if group.seat is not None else ""
    parts = dict(group.parts)
    if group.kind == "unseen":
        title = _("Not seen by you") if scope == "seat" else _("Not seen yet")
        own = presenters.get(game_name).counter_unseen_public  # the game's own words for it
        if own and scope == "public":
            title = str(own)
        texts = {
            "hands": _("%(n)s in hands"),
            "stock": _("%(n)s in the stock"),
            "face_down": _("%(n)s face down on the pile"),
            "in_transit": _("%(n)s being exchanged"),
            "aside": _("%(n)s set aside"),
        }
        where = [text % {"n": parts[key]} for key, text in texts.items() if parts.get(key)]
        meta = " · ".join(where)
    elif group.kind == "known":
        title = _("Known in %(name)s's hand") % {"name": name}
        meta = _("%(size)s cards, %(hidden)s unknown") % {"size": group.size,
                                                          "hidden": group.hidden}
        if not group.hidden:
            meta = _("%(size)s cards") % {"size": group.size}
    elif group.kind == "pile":
        title = _("%(name)s's draw pile") % {"name": name}
        if scope == "seat":
            title = _("Your draw pile")
        meta = _("%(pile)s cards in the pile") % {"pile": parts.get("draw_pile", 0)}
        if group.hidden:
            meta += " · " + _("%(hand)s more in the hand, not known which") % {
                "hand": group.hidden
            }
    else:  # "top"
        title = _("On top of %(name)s's draw pile (bought)") % {"name": name}
        if scope == "seat":
            title = _("On top of your draw pile (bought)")
        meta = ""
    return {
        "kind": group.kind,
        "seat": group.seat,
        "title": title,
        "meta": meta,
        "size": group.size,
        "cards": [
            {
                "token": t.card,
                "label": card_label(game_name, t.card),
                "count": t.count,
                "copies": t.copies,
            }
            for t in group.tallies
        ],
    }


def _chances(game_name: str, count: CardCount, names: list[str]) -> dict[str, Any]:
    """The chances as a table: a row per card, a column per target."""
    facts = dict(count.facts)
    partner = facts.get("partner")
    columns: list[tuple[str, int | None]] = []
    for c in count.chances:
        key = (c.target, c.seat)
        if key not in columns:
            columns.append(key)
    # The partner first, "anyone" last.
    columns.sort(key=lambda k: (k[0] == "anyone", k[1] != partner))
    heads = []
    for target, s in columns:
        if target == "anyone":
            heads.append(_("anyone"))
        elif target == "draw":
            heads.append(_("next draw"))
        elif s == partner:
            heads.append(_("%(name)s (partner)") % {"name": names[s]})
        else:
            heads.append(names[s] if s is not None else "")
    rows: dict[str, dict[tuple[str, int | None], float]] = {}
    for c in count.chances:
        rows.setdefault(c.card, {})[(c.target, c.seat)] = c.p
    return {
        "heads": heads,
        "rows": [
            {
                "token": card,
                "label": card_label(game_name, card),
                "cells": [
                    {"p": by[key], "text": percent(by[key])} if key in by else None
                    for key in columns
                ],
            }
            for card, by in rows.items()
        ],
    }


def _facts(count: CardCount) -> list[str]:
    facts = dict(count.facts)
    out = []
    if "draws" in facts:  # the next draw of a deck-building game (HIT)
        out.append(
            _("Your next draw: %(n)s cards, %(top)s of them the known top of the pile.")
            % {"n": facts["draws"], "top": facts.get("from_top", 0)}
        )
        if facts.get("reshuffle"):
            out.append(
                _("The pile runs out: %(n)s cards come from the reshuffled discard pile.")
                % {"n": facts["reshuffle"]}
            )
        if facts.get("assumes") == "no_buys":
            out.append(_("Assumes you buy nothing before it (bought cards are drawn first)."))
    if not count.exact:
        out.append(_("Estimated from 2000 sampled deals (too many different folds to count)."))
    return out
