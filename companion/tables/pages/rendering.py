"""Template context of a table page and the live fragments pushed over the websocket.

Game-neutral: the game's presenter supplies its part of the page (board, score, entry) and the
template that draws it (``presenter.template``, e.g. tables/dog.html).
"""

from __future__ import annotations

import itertools
from typing import Any

from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from companion import games
from companion.advisor.evidence import compare_suggestions
from companion.engines import TABLE as TABLE_DECISION
from companion.engines import get_game
from companion.tables import presenters
from companion.tables.coach import reviews as coach
from companion.tables.models import Table
from companion.tables.pages import fates, hint_shares, undo_words
from companion.tables.play import card_counter, referee, rulings, seating, selectors, services
from companion.tables.play.services import Actor
from companion.tables.play.state_cache import load_events
from companion.tables.presenters import colours, legal_plays, localize

PAGE = "tables/table.html"
#: The live parts of the page: (which template, which partial).
PAGE_FRAGMENTS = ("status", "notices", "history", "hands", "referee_who", "hint_bar")
GAME_FRAGMENTS = ("board", "score", "entry")
#: Every legal play of the seat to move as a button in words (the same for every game).
PLAYS = "tables/legal_plays.html#plays"
#: The card counter panel's live part (public, plus the private part of the page's own seat).
COUNTER = "tables/card_counter.html#counter"
#: The coach box of the page's own seat (coach/reviews.py).
COACH = "tables/coach.html#coach"
#: Who took which seat, and on the host's phone the requests to answer (play/seating.py).
SEATING = "tables/seating.html#seating"


def table_context(
    table: Table, actor: Actor | None, *, highlight: str | None = None, **entry_args: Any
) -> dict[str, Any]:
    game = get_game(table.game)
    presenter = presenters.get(table.game)
    seat = actor.seat if actor else None
    state = selectors.seat_state(table, seat)
    position = game.to_json(state)
    seats = list(table.seats.all())
    names = [s.name for s in seats]
    mover = game.to_move(state)
    history = list(reversed(selectors.history(table, seat, limit=40)))
    for line in history:
        by = line["by_seat"]
        line["who"] = names[by] if by is not None else _("Scribe")
    context = {
        "table": table,
        "actor": actor,
        "seat": seats[seat] if seat is not None else None,
        "seats": seats,
        "names": names,
        "position": position,
        "phase": game.phase(state),
        "phase_label": localize.turn_words(game.phase(state)),
        "mover": None if mover == TABLE_DECISION else mover,
        "mover_name": _("the table") if mover == TABLE_DECISION else names[mover],
        "mover_chip": None if mover == TABLE_DECISION else colours.chip(seats[mover].colour),
        "history": history,
        "game_template": presenter.template,
        "notation_examples": presenter.notation_examples,
    }
    scribing = bool(actor and actor.enters_for_others)
    context.update(
        presenter.page_context(
            game, state, position, seats, seat, scribing, entry_args, highlight
        )
    )
    context["all_plays"] = legal_plays.listing(
        game, state, seat, scribing, presenter.describe_play, names
    )
    context["counter"] = card_counter.panel_context(table, seats, seat)
    context["referee_cards"] = referee.card_choices(table.game)
    context["referee_template"] = presenter.referee_template
    context["correction_plays"] = presenter.correction_plays()
    entry = games.find(table.game)  # the header links the rules page where the game has one
    context["rules_page"] = bool(entry and entry.has_rules_page())
    # The scribe's phone says in large type whose play it is entering.
    entering = scribing and mover not in (TABLE_DECISION, seat) and game.phase(state) != "over"
    context["entering_for"] = names[mover] if entering else None
    # Your turn: your decision is pending (the DOG exchange: your own card still to give).
    own_give = bool((context.get("entry") or {}).get("own_give"))
    context["your_turn"] = seat is not None and (mover == seat or own_give)
    context["notices"] = rulings.notices_for(
        game, load_events(table), seat, names, lambda: services.undoable_seq(table)
    )
    # what the last plays did to this seat (its figure knocked out, a life lost), and whether
    # it is out of the game: from the log, so a fresh load says the same (pages/fates.py)
    context["fates"] = fates.notices(table, game, seat, names)
    context["seat_out"] = bool(context.get("seat_out")) or fates.is_out(game, state, seat)
    context["undo"] = undo_words.offer(table, actor)
    context["seat_lines"], requests = seating.region(table)
    context["seat_requests"] = [
        {"id": request.id, "name": request.name,
         "seat_name": names[request.seat] if request.seat < len(names) else ""}
        for request in (requests if actor and actor.is_host else [])
    ]
    return context


def _fragments(
    context: dict[str, Any], game_parts: tuple[str, ...], page_parts: tuple[str, ...] = ()
) -> str:
    oob = {**context, "oob": True}
    html = [render_to_string(f"{PAGE}#{name}", oob) for name in page_parts]
    html += [render_to_string(f"{context['game_template']}#{name}", oob) for name in game_parts]
    return "".join(html)


def live_fragments(table: Table, actor: Actor | None) -> str:
    """Every live fragment of the page, each marked for an out-of-band swap."""
    return "".join(live_parts(table, actor).values())


def live_parts(table: Table, actor: Actor | None) -> dict[str, str]:
    """The live fragments of the page by name, each marked for an out-of-band swap (the live
    deltas compare them one by one: `companion/tables/live/pushes.py`)."""
    context = table_context(table, actor)
    oob = {**context, "oob": True}
    parts = {name: render_to_string(f"{PAGE}#{name}", oob) for name in PAGE_FRAGMENTS}
    for name in GAME_FRAGMENTS:
        parts[name] = render_to_string(f"{context['game_template']}#{name}", oob)
    parts["plays"] = render_to_string(PLAYS, oob)
    parts["counter"] = render_to_string(COUNTER, oob)
    parts["seating"] = render_to_string(SEATING, oob)
    if actor is not None:  # the correction form's list of entries ("Which entry?")
        parts["correctable"] = render_to_string(f"{PAGE}#correctable", oob)
    if context["seat"] is not None:  # the seat's own coach box: its standing reviews, counted
        parts["coach"] = render_to_string(
            COACH, {**coach.panel_context(table, context["seat"].index), "oob": True}
        )
    return parts


#: hint statuses that describe a position: shown only while the table is at the hint's seq
HINT_LIVE = frozenset({"started", "progress", "done"})


def _hint_words(hint: dict[str, Any], table: Table) -> dict[str, str]:
    """Each suggested play in the presenter's words on the seat's own board (the card, the
    figure by where it stands), keyed by its notation; empty when they cannot be told."""
    seat = hint.get("seat")
    if seat is None or hint.get("seq") != table.seq or not hint.get("choices"):
        return {}
    game = get_game(table.game)
    presenter = presenters.get(table.game)
    state = selectors.seat_state(table, seat)
    names = [s.name for s in table.seats.all()]
    words = {}
    for choice in hint["choices"]:
        try:
            action = game.parse_action(state, choice["action"])
            words[choice["action"]] = presenter.describe_play(game, state, action, names).label
        except Exception:  # the notation's own label is shown instead
            continue
    return words


def _compared(
    choice: dict[str, Any], other: dict[str, Any], other_label: str, spread: bool = False
) -> str:
    """How ``choice`` compares with the next option, in plain words (``spread``: the search
    spread its time evenly, its shares rank nothing: ``hint_shares``)."""
    # ranked only beyond the search's own uncertainty (advisor/evidence.py)
    key, difference = compare_suggestions(choice, other)
    diff = difference.diff
    values = {"pct": max(1, round(abs(diff) * 100)), "play": other_label,
              "share": round(100 * choice["share"]), "other": round(100 * other["share"])}
    if not difference.backed:
        if spread or hint_shares.close(choice["share"], other["share"]):
            return _("about equal to %(play)s: the search cannot tell them apart") % values
        # their chances are within the search's uncertainty, but it spent its time unevenly
        return _(
            "preferred by the search to %(play)s (%(share)s %% of its time against "
            "%(other)s %%), though their chances are too close to call"
        ) % values
    if key == "outcome":
        if diff > 0:
            return _("about %(pct)s %% more likely to survive the round than %(play)s") % values
        return _("about %(pct)s %% less likely to survive the round than %(play)s") % values
    if diff > 0:
        return _("about %(pct)s %% more likely to win than %(play)s") % values
    return _("about %(pct)s %% less likely to win than %(play)s") % values


def hint_context(hint: dict[str, Any], table: Table) -> dict[str, Any]:
    presenter = presenters.get(table.game)
    if hint.get("status") in HINT_LIVE and hint.get("seq", table.seq) < table.seq:
        # the table moved on: the hint was for an older position and goes away
        return {"status": "", "seq": hint.get("seq"), "choices": [], "progress_pct": 0}
    words = _hint_words(hint, table)
    choices = [
        {
            **c,
            "label": words.get(c["action"]) or presenter.label(c["action"]),
            # The reasons come from the worker in English templates: translated here, per phone.
            "reason": localize.reasons_text(presenter, c["reasons"])
            if c.get("reasons")
            else c.get("reason", ""),
            "win_pct": round(100 * c["win"]),
            "share_pct": round(100 * c["share"]),
            "outcome_pct": round(100 * c["outcome"]) if "outcome" in c else None,
        }
        for c in hint.get("choices", [])
    ]
    # a win chance the same for every suggestion tells the player nothing: not shown then
    shown_win = len({c["win_pct"] for c in choices}) > 1 or len(choices) == 1
    spread = hint_shares.spread_evenly(hint)
    if hint.get("status") == "done":
        for choice, following in itertools.pairwise(choices):
            choice["compared"] = _compared(choice, following, following["label"], spread)
    # what the outcome chance means (the registry's ``hint_outcome``: the search's ``outcome``)
    outcome_label = games.get(table.game).hint_outcome
    progress = min(100, round(100 * hint.get("elapsed_ms", 0) / max(1, hint["budget_ms"])))
    context = {
        **hint,
        "choices": choices,
        "progress_pct": progress,
        "outcome_label": outcome_label,
        "shown_win": shown_win,
        # the share of the search says nothing where it spread its time evenly: said in words
        "spread": spread,
        "spread_text": _(
            "The search spread its time evenly over the %(count)s possible plays, so its "
            "share of each says nothing here: the chances compare them."
        ) % {"count": hint.get("plays") or len(choices)} if spread else "",
    }
    if hint.get("message"):
        context["message"] = _(hint["message"])  # marked in advisor/tasks.py and hints.py
    return context


def plays_group_context(table: Table, actor: Actor | None, key: str | None) -> dict[str, Any]:
    """One group of the "All legal plays" list, loaded when opened (TableError if refused)."""
    game = get_game(table.game)
    seat = actor.seat if actor else None
    state = selectors.seat_state(table, seat)
    names = [s.name for s in table.seats.all()]
    describe = presenters.get(table.game).describe_play
    is_host = bool(actor and actor.enters_for_others)
    group = legal_plays.group(game, state, seat, is_host, describe, names, key)
    return {"table": table, "group": group}


def hint_fragments(table: Table, actor: Actor | None, hint: dict[str, Any]) -> str:
    """The hint box (and, with the answer, the board with the best play lit). (A coach review
    has its own message: `coach.review_message`.)"""
    html = render_to_string(
        f"{PAGE}#hint", {"table": table, "oob": True, "hint": hint_context(hint, table)}
    )
    if hint.get("status") == "done" and hint.get("choices"):
        context = table_context(table, actor, highlight=hint["choices"][0]["action"])
        html += _fragments(context, ("board",))
    return html
