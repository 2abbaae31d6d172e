"""Coach mode: after each play of a coached seat, a review in a Celery worker from exactly that
seat's view before the play, shown to that seat's own phone only.

- The switch is per seat (`CoachSwitch`, off by default), set by the seat's own phone.
- Each recorded ACTION event of a table with a coached seat enqueues `coach.review` on the
  low-priority ``coach`` queue (after the commit; a dead broker never fails the play). The
  task replays the log up to the event, takes the mover's view, and reviews the play only if
  the mover is coached (advisor/review.py: good / inaccuracy / mistake).
- Limits (docs/hints.md, "Coach"): at most ``COACH_MAX_RUNNING`` reviews run at once (the rest
  wait a moment), a review still waiting after ``COACH_MAX_WAIT_S`` is dropped with a note
  (the worker is saturated), at most ``COACH_RATE_PER_TABLE`` reviews per table and minute,
  ``COACH_BUDGET_MS`` of search per review.
- The review goes into `CoachReview`, which nothing public reads (record, export, history of
  other seats), and to the seat's own channel group (``seat-<table>-<seat>``, as hints) as its own
  message type ``coach.review`` (`TableConsumer.coach_review`, which leaves the hint's watchdog
  alone): the page gets its coach box and the play's label in its history line (out-of-band
  swaps, `review_message`), a JSON phone ``{"type": "review", …}``.
- Each reviewed play's label (✓ good play, ?! inaccuracy, ? mistake) shows in that seat's own
  history and replay (`history_labels`, `step_label`), and its line (`tally`, `tally_text`) in
  the coach box, the reviews page and that seat's summary page.
"""

from __future__ import annotations

import json
import logging
import threading
import time
import zlib
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

from celery import shared_task
from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_save
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as N_
from django.utils.translation import ngettext

from companion.advisor import hints
from companion.advisor.explain import review_note
from companion.advisor.review import GOOD
from companion.advisor.shared import evidence, review_at_table, why_better
from companion.core.realtime import group_send_sync
from companion.engines import TABLE, get_game
from companion.tables import presenters
from companion.tables.coach.standing import standing, standing_seqs
from companion.tables.models import CoachReview, CoachSwitch, Event, Table
from companion.tables.play.event_log import effective_events, replay_log, replay_log_steps
from companion.tables.presenters import localize
from companion.tables.presenters.euphony import euphony

log = logging.getLogger(__name__)
QUEUE = "coach"
TASK = "coach.review"
#: the channel-layer message of a review (or a switch) to the seat's own group: handled by
#: `TableConsumer.coach_review`, never by the hint's handler (whose watchdog it would reset)
MESSAGE = "coach.review"
BUSY = N_("The coach was too busy to review this play.")
RATE = N_("The coach skipped this play: too many plays this minute.")


def setting(name: str, default: Any) -> Any:
    return getattr(settings, name, default)


def budget_ms() -> int:
    return int(setting("COACH_BUDGET_MS", 200))


# --- the switch ---------------------------------------------------------------------------


def is_on(table_id: str, seat: int) -> bool:
    return CoachSwitch.objects.filter(table_id=table_id, seat=seat, on=True).exists()


def switch(table: Table, seat: int, on: bool) -> bool:
    CoachSwitch.objects.update_or_create(table=table, seat=seat, defaults={"on": on})
    open_gate(table.id, seat)
    # the seat's other phones (and the process that draws their live history) hear of it
    _send(table.id, seat, {"type": MESSAGE, "seat": seat, "switched": on})
    return on


def coached_seats(table_id: str) -> list[int]:
    return list(
        CoachSwitch.objects.filter(table_id=table_id, on=True).values_list("seat", flat=True)
    )


# --- after a play: enqueue -----------------------------------------------------------------


def _event_saved(sender: Any, instance: Event, created: bool, **_: Any) -> None:
    if not created or instance.kind != Event.Kind.ACTION:
        return
    table_id, seq = instance.table_id, instance.seq
    # the play's locked read tells whether any seat has the coach on (table_rows.read_table):
    # then a table without the coach needs no query here
    table = Event.table.field.get_cached_value(instance, None)
    if table is not None and getattr(table, "coach_on", True) is False:
        return
    seats = coached_seats(table_id)
    if seats:
        transaction.on_commit(lambda: enqueue(table_id, seq, seats))


def connect() -> None:
    """Called once from the advisor's app config (ready)."""
    post_save.connect(_event_saved, sender=Event, dispatch_uid="coach-review-after-play")


def enqueue(table_id: str, seq: int, seats: list[int]) -> None:
    job = {"table_id": table_id, "seq": seq, "seats": seats, "queued_at": time.time()}
    try:
        review_play.apply_async(kwargs=job, queue=QUEUE, expires=_max_wait() + 30)
    except Exception:  # the broker is down: the play stands, the review is skipped
        log.warning("coach review of table %s seq %s not queued", table_id, seq, exc_info=True)


def _max_wait() -> float:
    return float(setting("COACH_MAX_WAIT_S", 3.0))


# --- the review task -----------------------------------------------------------------------


def _before(table: Table, seq: int) -> tuple[Any, Any, str, int] | None:
    """(game, the position before the event as the deciding seat read it then, the action
    text as that seat reads it, that seat), or None when the event does not count (undone,
    not an action) or is the table's report. The seat's own reading of the log
    (``event_log.replay_log``), as its phone showed it; the seat is the action's own (a gift
    in the exchange is its giver's, whoever was "to move")."""
    game = get_game(table.game)
    counting = {item.event.seq: item for item in effective_events(list(table.events.all()))}
    if seq not in counting:
        return None
    later = {s for s in counting if s >= seq}
    truth = replay_log(table, game, exclude=later)
    words = localize.wording(table.game)
    try:
        action = game.parse_action(truth, counting[seq].action)
    except Exception:
        return None
    mover = words.actor_seat(truth, action) if words else game.to_move(truth)
    if mover is None or mover == TABLE:
        return None
    text = next((t for s, t, _ in replay_log_steps(table, game, mover) if s == seq), None)
    if text is None:
        return None
    state = replay_log(table, game, exclude=later, reader=mover)
    if game.to_move(state) != mover:  # a gift out of turn: judged as that seat's decision
        state = game.with_mover(state, mover)
        if state is None:
            return None
    return game, state, text, mover


def _count(key: str, limit: int, window: int = 60) -> bool:
    """A fixed-window counter; False once ``limit`` is exceeded in the window."""
    if cache.add(key, 1, timeout=window):
        return limit >= 1
    try:
        return cache.incr(key) <= limit
    except ValueError:
        cache.add(key, 1, timeout=window)
        return True


def _slot() -> str | None:
    """One of the COACH_MAX_RUNNING review slots (a cache lock), or None when all are taken."""
    for i in range(int(setting("COACH_MAX_RUNNING", 1))):
        key = f"coach:running:{i}"
        if cache.add(key, 1, timeout=budget_ms() / 1000 + 30):
            return key
    return None


@shared_task(name=TASK, bind=True, acks_late=False, max_retries=None)
def review_play(self, **job: Any) -> str:
    table_id, seq = job["table_id"], job["seq"]
    table = Table.objects.filter(id=table_id).first()
    if table is None:
        return "gone"
    found = _before(table, seq)
    if found is None:
        return "not a play"
    game, state, text, mover = found
    if mover == TABLE or mover not in job["seats"]:
        return "not coached"
    view = game.view(state, mover)
    if game.unknown_cards(view, mover):  # its hand was not entered (or was contradicted)
        return "hand unknown"
    try:
        played = game.parse_action(view, text)
    except Exception:
        return "not a decision"
    if played not in game.legal_actions(view):
        return "not a decision"
    if time.time() - job["queued_at"] > _max_wait():
        return _dropped(table, mover, seq, text, job, BUSY)
    if not _count(f"coach:rate:{table_id}", int(setting("COACH_RATE_PER_TABLE", 30))):
        return _dropped(table, mover, seq, text, job, RATE)
    slot = _slot()
    if slot is None:  # another review is running: wait a moment (the queue is not blocked)
        raise self.retry(countdown=0.1)
    try:
        # the hint's analysis of this very view, when one was asked: the review continues it
        result = review_at_table(
            table_id, game, view, mover, played, budget_ms=budget_ms(),
            seed=zlib.crc32(f"{table_id}:{seq}".encode()),
        )
    finally:
        cache.delete(slot)
    names = [s.name for s in table.seats.all()]
    best_text = game.format_action(view, result.best)
    # the plays the review cannot tell from the better one ("about as good"), named too
    others = {f"alt{i}": a for i, a in enumerate(result.alternatives)}
    words = _words(table, game, view, {"played": played, "best": result.best, **others}, names)
    reasons = why_better(game, view, result, mover, names)  # what differs from the played
    # what such a play is judged by (DOG: a gift, by what the partner can do with it and what
    # the hand keeps): said after a review that prefers another (advisor/explain.py)
    note = review_note(game, view, played)
    stored = CoachReview.objects.update_or_create(
        table=table,
        seat=mover,
        seq=seq,
        defaults={
            "played": game.format_action(view, played),
            "label": result.label,
            "best": best_text,
            "loss": round(result.loss, 4),
            "played_value": round(result.played_value, 4),
            "best_value": round(result.best_value, 4),
            "reasons": {"why": [[t, p] for t, p in reasons], "words": words,
                        "alternatives": len(others), **evidence(result),
                        **({"note": note} if note else {})},
            "iterations": result.iterations,
            "elapsed_ms": round((time.time() - job["queued_at"]) * 1000),
            "note": "",
        },
    )[0]
    _publish(table_id, mover, stored)
    return result.label


def _words(table: Table, game, view, actions: dict[str, Any], names: list[str]) -> dict:
    """Each play in the presenter's words on the seat's board, in every language of the site
    (the phone reads its own; the view is gone once the table moves on)."""
    presenter = presenters.get(table.game)
    out: dict[str, dict[str, str]] = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            out[code] = {
                key: presenter.describe_play(game, view, action, names).label
                for key, action in actions.items()
            }
    return out


def _dropped(table: Table, seat: int, seq: int, text: str, job: dict, note: str) -> str:
    stored = CoachReview.objects.update_or_create(
        table=table,
        seat=seat,
        seq=seq,
        defaults={
            "played": text,
            "label": CoachReview.Label.DROPPED,
            "note": note,
            "elapsed_ms": round((time.time() - job["queued_at"]) * 1000),
        },
    )[0]
    _publish(table.id, seat, stored)
    return "dropped"


def _publish(table_id: str, seat: int, stored: CoachReview) -> None:
    """To the seat's own group only, as its own message type (`review_message` draws it for
    each phone of the seat)."""
    _send(table_id, seat, {"type": MESSAGE, "seat": seat, "seq": stored.seq})


def _send(table_id: str, seat: int, message: dict[str, Any]) -> None:
    try:
        group_send_sync(hints.seat_group(table_id, seat), message)
    except Exception:  # no live phone hears it now; the page shows it at the next load
        log.warning("coach message for table %s not delivered", table_id, exc_info=True)


# --- what the own phone reads ----------------------------------------------------------------


def review_json(stored: CoachReview) -> dict[str, Any]:
    return {
        "seq": stored.seq,
        "played": stored.played,
        "label": stored.label,
        "best": stored.best,
        "loss": stored.loss,
        "played_value": stored.played_value,
        "best_value": stored.best_value,
        "iterations": stored.iterations,
        "elapsed_ms": stored.elapsed_ms,
        "note": stored.note,
    }


def review_words(table: Table, stored: CoachReview) -> dict[str, Any]:
    """The review in the reader's language: its label and its sentence."""
    data = stored.reasons if isinstance(stored.reasons, dict) else {}
    words = data.get("words", {})
    language = translation.get_language() or "en"
    mine = words.get(language[:2]) or words.get("en") or {}
    played = mine.get("played") or stored.played
    label = shown_label(stored.label, data)
    if stored.label == CoachReview.Label.DROPPED:
        text = _(stored.note) if stored.note else ""
    elif label == ONLY:  # a forced play (a fold with nothing else to do): not praised
        text = _("The only play: “%(play)s”.") % {"play": played}
    elif stored.label == GOOD:
        # the plays are the buttons' words ("Play 13: a figure…"): quoted, as one cites them
        text = _("Good play: “%(play)s”.") % {"play": played}
    else:
        presenter = presenters.get(table.game)
        why = data.get("why") or []
        values = {
            "play": played,
            "best": mine.get("best") or stored.best,
            "why": localize.reasons_text(presenter, why) if why else _("keeps more chances"),
            "pct": percent(max(1, round(stored.loss * 100))),
        }
        text = (
            # the learner played the hint's first suggestion: the coach says why it differs
            _("A deeper look prefers “%(best)s” (%(why)s): about %(pct)s more likely to win "
              "than “%(play)s”, the hint's first suggestion.")
            if data.get("deeper")
            else _("Better was “%(best)s” (%(why)s): about %(pct)s more likely to win than "
                   "“%(play)s”.")
        ) % values
        if data.get("note"):  # the game's note: what the play is judged by, the games counted
            text += " " + _(data["note"]) % {
                "games": stored.iterations or 0, "pct": values["pct"]}
        alternatives = [mine.get(f"alt{i}") for i in range(int(data.get("alternatives") or 0))]
        if any(alternatives):  # the review cannot tell these from the better play
            text += " " + _("About as good: %(plays)s.") % {
                # a play quoted as the language quotes ("„…“", "« … »")
                "plays": ", ".join(_("“%(play)s”") % {"play": alt} for alt in alternatives if alt)
            }
    return {**review_json(stored), "label": label, "label_text": label_text(label),
            # a quoted play holds quoted places: „… von ‚A‘ nach ‚B‘“ (presenters/euphony.py)
            "symbol": SYMBOLS.get(label, ""), "text": euphony(text)}


#: the label shown for a stored "good" review of the only legal play (``reasons["only"]``)
ONLY = "only"

#: the sign before a label's words (chess annotation: the words say it for whoever does not
#: know the signs; □ is the annotators' "the only move")
SYMBOLS = {"good": "✓", "inaccuracy": "?!", "mistake": "?", ONLY: "□"}


def shown_label(label: str, reasons: Any) -> str:
    """The label a person reads: a stored good review of a forced play is "the only play"."""
    if label == GOOD and isinstance(reasons, dict) and reasons.get("only"):
        return ONLY
    return label


def label_text(label: str) -> str:
    return {
        ONLY: _("the only play"),
        "good": _("good play"),
        "inaccuracy": _("inaccuracy"),
        "mistake": _("mistake"),
        "dropped": _("not reviewed"),
    }.get(label, "")


def label_html(seq: int, label: str | None, *, oob: bool = False) -> SafeString:
    """The label of the play ``seq`` in the seat's own history line (``label`` None: the empty
    place a review arriving later is swapped into, ``review-<seq>``)."""
    swap = SafeString(' hx-swap-oob="true"') if oob else ""
    # a space before the label on the page (not in a live swap, which replaces the label
    # alone): the line reads "… shield card ✓ good play", not "shield card✓ good play"
    space = "" if oob else " "
    if label not in SYMBOLS:
        return format_html(
            '{}<span id="review-{}" class="review-label"{}></span>', space, seq, swap
        )
    return format_html(
        '{}<span id="review-{}" class="review-label" data-label="{}"{}>'
        '<span aria-hidden="true">{}</span> {}</span>',
        space, seq, label, swap, SYMBOLS[label], label_text(label),
    )


def tally(table: Table, seat: int) -> dict[str, Any]:
    """The seat's line for the summary (counted here, said by `tally_text`): mistakes,
    inaccuracies, share matching the advisor. The coach box, the reviews page and the seat's
    summary page all show this one."""
    # only the seat's standing reviews (coach/standing.py): its own decisions that still
    # count in the log's one reading, the same list the coach box and its page show
    rows = [(r.label, r.played, r.best) for r in standing(table, seat)]
    reviewed = len(rows)
    matching = sum(1 for _label, played, best in rows if played == best)
    return {
        "reviewed": reviewed,
        "mistakes": sum(1 for r in rows if r[0] == CoachReview.Label.MISTAKE),
        "inaccuracies": sum(1 for r in rows if r[0] == CoachReview.Label.INACCURACY),
        "matching_pct": round(100 * matching / reviewed) if reviewed else None,
    }


def tally_text(counted: dict[str, Any]) -> str:
    """`tally` in a sentence ("3 plays reviewed: 1 mistake, no inaccuracy, 67 % as the advisor
    would play."); empty before the first review."""
    reviewed = counted["reviewed"]
    if not reviewed:
        return ""
    mistakes, inaccuracies = counted["mistakes"], counted["inaccuracies"]
    return _("%(reviewed)s: %(mistakes)s, %(inaccuracies)s, %(pct)s as the advisor would "
             "play.") % {
        "reviewed": ngettext("%(n)s play reviewed", "%(n)s plays reviewed", reviewed)
        % {"n": reviewed},
        "mistakes": ngettext("%(n)s mistake", "%(n)s mistakes", mistakes) % {"n": mistakes}
        if mistakes else _("no mistake"),
        "inaccuracies": ngettext("%(n)s inaccuracy", "%(n)s inaccuracies", inaccuracies)
        % {"n": inaccuracies} if inaccuracies else _("no inaccuracy"),
        "pct": percent(counted["matching_pct"]),
    }


def percent(value: int) -> str:
    """"67 %": the number and its sign kept on one line (a no-break space)."""
    return f"{value}\u00a0%"


def panel_context(table: Table, seat: int | None) -> dict[str, Any]:
    """The coach box of the page's own seat (nothing for a phone without a seat): a live part
    of the page (pages/rendering.py, `live_parts`), its last review the last `standing` one. A
    seat that never had the coach (the per-process gate, `coach_seats`) costs no query."""
    if seat is None:
        return {"table": table, "coach": None}
    if seat not in coach_seats(table.id):
        return {"table": table, "coach": {"on": False, "last": None, "tally": {"reviewed": 0},
                                          "tally_text": ""}}
    reviews = standing(table, seat)
    last = reviews[-1] if reviews else None
    counted = tally(table, seat)
    return {
        "table": table,
        "coach": {
            "on": is_on(table.id, seat),
            "last": review_words(table, last) if last else None,
            "tally": counted,
            "tally_text": tally_text(counted),
        },
    }


def reviews_of(table: Table, seat: int) -> list[dict[str, Any]]:
    """The seat's `standing` reviews: as many as the coach box counts."""
    return [review_words(table, r) for r in standing(table, seat)]


def summary_line(table: Table, seat: int | None) -> dict[str, Any] | None:
    """The seat's own line under the summary (its phone only), None when it has none."""
    if seat is None:
        return None
    counted = tally(table, seat)
    if not counted["reviewed"]:
        return None
    name = table.seats.get(index=seat).name
    return {"seat": seat, "name": name, "tally": counted, "text": tally_text(counted)}


# --- the labels in the seat's own history and replay ------------------------------------------

#: Which seats of a table ever had the coach (a `CoachSwitch` row, on or off: a seat switched
#: off keeps its reviews), per process. Every live push renders every seat's history and most
#: tables never use the coach: asked at most every GATE_TTL_S per table, not at each render.
#: A switch (`switch`) and a review or switch reaching a phone of the seat in this process
#: (`TableConsumer.coach_review`) open it at once; a page load asks the database itself.
GATE_TTL_S = 2.0
GATE_MAX = 20_000
_gate: OrderedDict[str, tuple[float, frozenset[int]]] = OrderedDict()
_gate_lock = threading.Lock()


def coach_seats(table_id: str, *, fresh: bool = False) -> frozenset[int]:
    now = time.monotonic()
    with _gate_lock:
        known = _gate.get(table_id)
    if known is not None and not fresh and known[0] > now:
        return known[1]
    seats = frozenset(
        CoachSwitch.objects.filter(table_id=table_id).values_list("seat", flat=True)
    )
    with _gate_lock:
        _gate[table_id] = (now + GATE_TTL_S, seats)
        _gate.move_to_end(table_id)
        while len(_gate) > GATE_MAX:
            _gate.popitem(last=False)
    return seats


def open_gate(table_id: str, seat: int) -> None:
    with _gate_lock:
        expires, seats = _gate.get(table_id, (time.monotonic() + GATE_TTL_S, frozenset()))
        _gate[table_id] = (expires, seats | {seat})


def history_labels(
    table: Table, seat: int | None, seqs: Iterable[int], *, fresh: bool = False
) -> dict[int, str] | None:
    """{seq: label} of the seat's reviewed plays among ``seqs`` (its own history lines); None
    when the seat never had the coach (its lines then carry no place for a label at all)."""
    if seat is None or seat not in coach_seats(table.id, fresh=fresh):
        return None
    stands = standing_seqs(table, seat)  # a play taken back or corrected has no label
    seqs = [seq for seq in seqs if seq in stands]
    if not seqs:
        return {}
    return {
        seq: shown_label(label, reasons)
        for seq, label, reasons in CoachReview.objects.filter(
            table=table, seat=seat, seq__in=seqs)
        .exclude(label=CoachReview.Label.DROPPED)
        .values_list("seq", "label", "reasons")
    }


def step_label(table: Table, seat: int | None, seq: int | None) -> SafeString:
    """The label of the replay's step for the seat's own phone (empty for anyone else)."""
    if seat is None or seq is None or seq not in standing_seqs(table, seat):
        return SafeString("")
    found = (
        CoachReview.objects.filter(table=table, seat=seat, seq=seq)
        .exclude(label=CoachReview.Label.DROPPED)
        .values_list("label", "reasons")
        .first()
    )
    return label_html(seq, shown_label(*found)) if found else SafeString("")


# --- a review reaching a phone of the seat ----------------------------------------------------


def review_message(table_id: str, actor: Any, fmt: str, event: dict[str, Any]) -> str | None:
    """What one phone of the seat gets for a ``coach.review`` message (None: nothing): the page
    its coach box and the play's label in its history line (out-of-band swaps), a JSON phone
    ``{"type": "review", "seq", "seat", "review": {…, "label_text", "text"}}`` (or ``{"type":
    "coach", "on"}`` for a switch). Only ever for the seat's own phone."""
    seat = event.get("seat")
    if actor is None or actor.seat is None or actor.seat != seat:
        return None
    open_gate(table_id, seat)
    table = Table.objects.filter(id=table_id).first()
    if table is None:
        return None
    if "switched" in event:
        if fmt == "json":
            return json.dumps({"type": "coach", "seat": seat, "on": bool(event["switched"])})
        return render_to_string("tables/coach.html#coach",
                                {**panel_context(table, seat), "oob": True})
    stored = CoachReview.objects.filter(table=table, seat=seat, seq=event.get("seq")).first()
    if stored is None:
        return None
    if fmt == "json":
        return json.dumps(
            {"type": "review", "seq": stored.seq, "seat": seat,
             "review": review_words(table, stored)},
            ensure_ascii=False,
        )
    html = render_to_string("tables/coach.html#coach", {**panel_context(table, seat), "oob": True})
    if stored.label in SYMBOLS:
        html += label_html(stored.seq, shown_label(stored.label, stored.reasons), oob=True)
    return html
