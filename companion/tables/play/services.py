"""Everything that changes a table: create, join, record a play, enter a hand, undo.

Each change runs in one transaction with the table row locked, checks the seq the phone saw
(``expected_seq``), asks the engine (the single source of rules), appends one Event and moves the
snapshot. Live updates go out after the commit (``realtime.table_changed``).
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import prefetch_related_objects
from django.utils.translation import gettext as _

from companion.core.outages import DATABASE_DOWN
from companion.engines import TABLE as TABLE_DECISION
from companion.engines import EngineError, InvalidActionError, get_game
from companion.tables import presenters
from companion.tables.errors import BadInput, Conflict, Forbidden, NotFound, Refused, StaleSeq
from companion.tables.models import Event, HintLog, Seat, Table
from companion.tables.play import idempotency, realtime, reveals, rulings, table_rows
from companion.tables.play.event_log import TRUTH, effective_events, prepare, replay_log
from companion.tables.play.state_cache import (
    load_events,
    load_state,
    news,
    remember_new_event,
    remember_state,
    remember_table,
)
from companion.tables.presenters import localize
from companion.tables.tokens import hash_token, new_token, token_matches

log = logging.getLogger(__name__)

MAX_NAME = 40


@dataclass(frozen=True, slots=True)
class Actor:
    """Who submits: a seat (its own phone), the host (the scribe phone), or both."""

    seat: int | None
    is_host: bool
    #: a seated host's phone switched to entering for the others (the scribe switch)
    scribe: bool = False
    #: the hash of the seat token presented: a seat the host moved to another phone since
    #: then refuses it (``check_holder``); "" for an actor made without a token (tests, tools)
    held: str = field(default="", compare=False, repr=False)

    @property
    def enters_for_others(self) -> bool:
        """Whether this phone enters other seats' plays: the host's, when it has no seat of
        its own or its player switched to scribing; a seated phone enters its own."""
        return self.is_host and (self.seat is None or self.scribe)

    @property
    def label(self) -> str:
        return "host" if self.seat is None else f"seat {self.seat}"


@dataclass(frozen=True, slots=True)
class Recorded:
    table: Table
    event: Event
    state: Any
    said: str = ""  # the entry in words, as its author may read it


# --- create and join --------------------------------------------------------------------------


def create_table(
    game_name: str, options: dict[str, Any], names: list[str], colours: list[str] | None = None
) -> tuple[Table, str]:
    """A new table and the host's token. ``options`` is the engine config (seats, mode, rules)
    plus table settings the presenter knows (e.g. direction)."""
    try:
        game = get_game(game_name)
    except KeyError as exc:
        raise BadInput(
            _("unknown game %(game)r") % {"game": game_name}, code="unknown_game"
        ) from exc
    try:
        presenter = presenters.get(game_name)
    except KeyError as exc:  # an engine without its table UI yet
        raise BadInput(
            _("%(game)r has no table yet (its engine works on the command line)")
            % {"game": game_name},
            code="no_table_ui",
        ) from exc
    config = presenter.engine_config(options)
    try:
        state = game.new_game(config)
    except EngineError as exc:
        raise BadInput(
            _("these options do not make a game: %(detail)s") % {"detail": exc}, code="bad_config"
        ) from exc
    seats = game.num_seats(state)
    names = [clean_name(n, _player(i)) for i, n in enumerate(names or [])]
    names += [_player(i) for i in range(len(names), seats)]
    if len(names) != seats:
        raise BadInput(
            _("%(seats)s seats need %(seats)s names, got %(count)s")
            % {"seats": seats, "count": len(names)},
            code="bad_names",
        )
    colours = presenter.seat_colours(seats, colours)
    host_token = new_token()
    with transaction.atomic():
        table = Table.objects.create(
            game=game_name,
            config=config,
            host_token_hash=hash_token(host_token),
            snapshot=game.to_json(state),
        )
        Seat.objects.bulk_create(
            Seat(table=table, index=i, name=names[i], colour=colours[i]) for i in range(seats)
        )
    remember_state(table.id, 0, state)
    remember_actor(table.id, host_token, Actor(None, True))
    return table, host_token


def _player(index: int) -> str:
    return _("Player %(number)s") % {"number": index + 1}


def clean_name(value: Any, default: str) -> str:
    if value is None:
        return default
    if not isinstance(value, str):
        raise BadInput(_("a name must be text"), code="bad_names")
    value = " ".join(value.split())[:MAX_NAME]
    return value or default


def actor_for(table: Table, *tokens: str | None, scribe: bool = False) -> Actor | None:
    """The actor that the presented tokens stand for at this table, or None (a spectator).
    A phone may hold a seat token and the host token at once (the host who also plays)."""
    seat_index: int | None = None
    held = ""
    is_host = False
    for token in tokens:
        if not token:
            continue
        if token_matches(token, table.host_token_hash):
            is_host = True
            continue
        for seat in table.seats.all():
            if token_matches(token, seat.token_hash):
                seat_index, held = seat.index, seat.token_hash
    if seat_index is None and not is_host:
        return None
    return Actor(seat_index, is_host, scribe, held)


def check_holder(table: Table, actor: Actor | None) -> None:
    """Refuse a seat token whose seat the host has moved to another phone since this process
    learnt it (``remembered_actor`` keeps what a token meant; another process moved it)."""
    if actor is None or actor.seat is None or not actor.held:
        return
    seat = next((s for s in table.seats.all() if s.index == actor.seat), None)
    if seat is None or seat.token_hash != actor.held:
        raise Forbidden(
            _("this phone no longer holds the seat: the host gave it to another phone"),
            code="seat_moved",
        )


#: (table, the token's hash) → (seat, host): what a bearer token stood for when this process
#: last checked it, so an API call with a known token needs no read of the table and its
#: seats to know who asks. A seat that the host moves to another phone is forgotten here
#: (``forget_tokens``, in every process that hears the push), and the services that lock the
#: table check the holder anyway (``check_holder``).
_known_tokens: OrderedDict[tuple[str, str], tuple[int | None, bool]] = OrderedDict()
_known_tokens_lock = threading.Lock()
KNOWN_TOKENS_MAX = 20_000


def remembered_actor(table_id: str, token: str) -> Actor | None:
    """The actor ``token`` stood for at ``table_id`` when this process last checked it."""
    held = hash_token(token)
    with _known_tokens_lock:
        known = _known_tokens.get((table_id, held))
    if known is None:
        return None
    seat, is_host = known
    return Actor(seat, is_host, held=held if seat is not None else "")


def remember_actor(table_id: str, token: str, actor: Actor) -> None:
    key = (table_id, hash_token(token))
    with _known_tokens_lock:
        _known_tokens[key] = (actor.seat, actor.is_host)
        _known_tokens.move_to_end(key)
        while len(_known_tokens) > KNOWN_TOKENS_MAX:
            _known_tokens.popitem(last=False)


def forget_tokens(table_id: str) -> None:
    """Forget what this process knew of the table's tokens (a seat moved to another phone)."""
    with _known_tokens_lock:
        for key in [k for k in _known_tokens if k[0] == table_id]:
            del _known_tokens[key]


# --- plays ------------------------------------------------------------------------------------


def record_action(
    table_id: str, actor: Actor | None, text: str, expected_seq: int, key: str | None = None
) -> Recorded:
    """Check ``text`` (the engine's notation) and append it, or refuse with the reasons.

    Judged from what the actor knows (``rulings.judge``): a refusal never rests on a hand the
    actor cannot see. An entry that contradicts another seat's private entries is recorded;
    those entries are forgotten and only their owner is told (``private_notes``). ``key``: the
    phone's idempotency key, kept with the event (``play.idempotency``)."""
    if actor is None:
        raise Forbidden(_("join a seat (or use the host's phone) to enter plays"))
    with transaction.atomic():
        table = _locked(table_id)
        check_holder(table, actor)
        _check_seq(table, expected_seq)
        game = get_game(table.game)
        state = load_state(table)
        known = rulings.known(table, game, actor.seat, parse=_parse)
        action = _parse(game, known, text)
        _check_permission(game, state, action, actor, table)
        names = _names(table)
        said = rulings.in_words(game, known, action, names)
        judgement = rulings.judge(game, state, action, actor.seat, known)
        _refuse(
            game, judgement.violations, _("the rules do not allow this play"), known, names,
            said=said,
        )
        state = rulings.forget_all(game, state, judgement.forget)
        new_state = game.apply(state, action)
        privacy = presenters.get(table.game).privacy(game, state, action)
        payload = {
            "action": game.format_action(state, action),
            "public": privacy.public_text,
            "public_msg": privacy.public_msg,
        }
        if judgement.forget:
            payload["forget"] = list(judgement.forget)
            payload["private_notes"] = rulings.conflict_json(game, judgement.conflicts)
        if key:
            payload[idempotency.KEY_FIELD] = key
        event = _append(
            table, Event.Kind.ACTION, new_state, actor, private_to=privacy.private_to,
            payload=payload,
        )
    return Recorded(table, event, new_state, said)


def check_action(
    table: Table, actor: Actor | None, text: str, by_seat: int | None = None
) -> rulings.Ruling:
    """The referee's "is this allowed?": the ruling on ``text`` played by ``by_seat`` (None:
    the seat to move), from what the asker may know, without recording anything."""
    game = get_game(table.game)
    return rulings.rule(
        game,
        replay_log(table, game, reader=actor.seat if actor else None, parse=_parse),
        text,
        actor.seat if actor else None,
        bool(actor and actor.is_host),
        by_seat,
        _names(table),
        _parse,
    )


def undo(table_id: str, actor: Actor | None, expected_seq: int) -> Recorded:
    """Take back the last play: by the seat that made it or the host; never a table event
    (a deal or a hand entry reveals hidden information, which cannot be taken back)."""
    if actor is None:
        raise Forbidden(_("only a seat or the host can undo"))
    with transaction.atomic():
        table = _locked(table_id)
        check_holder(table, actor)
        _check_seq(table, expected_seq)
        target = _undoable_event(table)
        if target is None:
            raise Conflict(_("there is no play to undo"), code="nothing_to_undo")
        contradicted = target.payload.get("forget") or ()
        if not actor.is_host and actor.seat not in (target.payload.get("by_seat"), *contradicted):
            raise Forbidden(_("only the seat that made the play, or the host, can undo it"))
        game = get_game(table.game)
        state = _replay(table, game, exclude={target.seq})
        event = _append(
            table,
            Event.Kind.UNDO,
            state,
            actor,
            payload={
                "undoes": target.seq,
                "action": target.payload.get("action"),
                "public": target.payload.get("public"),
                "public_msg": target.payload.get("public_msg"),
            },
            private_to=target.private_to,
        )
    return Recorded(table, event, state, _undone_words(game, state, target, actor, table))


def _undone_words(game, before, target: Event, actor: Actor, table: Table) -> str:
    """The entry taken back, in words as the actor may read it."""
    if target.private_to not in (None, actor.seat):
        return localize.public_line(target.payload) or ""
    try:
        known = rulings.known_state(game, before, actor.seat)
        action = game.parse_action(known, target.payload["action"])
    except InvalidActionError:
        return ""
    return rulings.in_words(game, known, action, _names(table))


def correct(table_id: str, actor: Actor | None, seq: int, text: str, expected_seq: int) -> Recorded:
    """Replace what event ``seq`` recorded (a mistyped play, a wrongly entered hand): by the
    host or the seat that entered it. The later log is checked again with the correction, from
    what the actor knows: a later play that the correction makes illegal by public facts
    refuses it, naming that play as everyone reads it; a later entry that now contradicts a
    hand the actor cannot see is settled by its owner, as in ``record_action``."""
    if actor is None:
        raise Forbidden(_("only a seat or the host can correct an entry"))
    with transaction.atomic():
        table = _locked(table_id)
        check_holder(table, actor)
        _check_seq(table, expected_seq)
        game = get_game(table.game)
        events = {item.event.seq: item for item in effective_events(list(table.events.all()))}
        target = events.get(seq) if isinstance(seq, int) else None
        if target is None:
            raise NotFound(
                _("there is no entry #%(seq)s to correct (undone or never made)") % {"seq": seq}
            )
        if not actor.is_host and actor.seat != target.event.payload.get("by_seat"):
            raise Forbidden(_("only the seat that made the entry, or the host, can correct it"))
        later = {s for s in events if s >= seq}
        before = _replay(table, game, exclude=later)
        _refuse_across_reveal(table, game, events, seq, before)
        known = rulings.known(table, game, actor.seat, exclude=later, parse=_parse)
        action = _parse(game, known, text)
        names = _names(table)
        said = rulings.in_words(game, known, action, names)
        judgement = rulings.judge(game, before, action, actor.seat, known)
        _refuse(
            game, judgement.violations, _("the corrected entry is not allowed either"), known,
            names, said=said,
        )
        new_text = game.format_action(before, action)
        settled = _recheck_later(table, game, events, seq, new_text, actor)
        state = _replay(table, game, replace={seq: new_text}, forget=settled.forget,
                        suspend=settled.suspend)
        privacy = presenters.get(table.game).privacy(game, before, action)
        payload: dict[str, Any] = {
            "replaces": seq,
            "action": new_text,
            "was": target.action,
            "public": privacy.public_text,
            "public_msg": privacy.public_msg,
        }
        if settled.forget or settled.suspend:
            payload["forget"] = {str(k): v for k, v in settled.forget.items()}
            payload["suspend"] = sorted(settled.suspend)
            payload["private_notes"] = settled.notes
        event = _append(
            table, Event.Kind.CORRECT, state, actor, private_to=privacy.private_to,
            payload=payload,
        )
    return Recorded(table, event, state, said)


def _refuse_across_reveal(table: Table, game, events: dict, seq: int, before: Any) -> None:
    """Undo's reveal rule for a correction (``play/reveals.py``): a seat's decision is no
    longer changed once it, or a later entry, showed cards."""
    shown = reveals.correction_barrier(
        game, before,
        ((number, events[number].action, events[number].forget)
         for number in sorted(s for s in events if s >= seq)),
        _parse_logged_or_raise,
    )
    if shown is None:
        return
    if shown == seq:
        message = _(
            "#%(seq)s can no longer be corrected: it showed cards to the table, and a "
            "correction cannot hide them again"
        ) % {"seq": seq}
    else:
        message = _(
            "#%(seq)s can no longer be corrected: cards were shown after it (#%(shown)s), "
            "and a correction cannot hide them again"
        ) % {"seq": seq, "shown": shown}
    log.info("table %s: a correction of #%s refused (cards shown at #%s)", table.id, seq, shown)
    raise Conflict(message, code="correction_crosses_reveal", seq=seq, shown=shown)


def _parse_logged_or_raise(game, state, text: str):
    return game.parse_action(state, text)


def _names(table: Table) -> list[str]:
    return [seat.name for seat in table.seats.all()]


@dataclass
class _Settled:
    """What a correction does to the later log: seats forgotten before an event (by seq),
    private entries suspended (their owner re-enters them), and the owners' notes."""

    forget: dict[int, list[int]]
    suspend: set[int]
    notes: dict[str, list]


def _recheck_later(
    table: Table, game, events: dict, seq: int, new_text: str, actor: Actor
) -> _Settled:
    """The corrected entry and every later one judged again in order, from the actor's
    knowledge (``rulings.judge``); refuses with the first that public facts forbid."""
    settled = _Settled({}, set(), {})
    later = {s for s in events if s >= seq}
    state = _replay(table, game, exclude=later)
    for number in sorted(later):
        item = events[number]
        text = new_text if number == seq else item.action
        state = rulings.forget_all(game, state, settled.forget.get(number, ()))
        state = rulings.forget_all(game, state, item.forget)
        action = _parse_logged(game, state, text)
        judgement = None if action is None else rulings.judge(game, state, action, actor.seat)
        owner = item.event.private_to
        if action is None or judgement.violations:
            if owner is not None and owner != actor.seat:
                # Another seat's private entry no longer fits: its owner enters it again.
                settled.suspend.add(number)
                settled.notes.setdefault(str(owner), []).append(
                    ["table.private_entry_suspended", "", {"seq": number}]
                )
                continue
            message = _("with this correction, #%(seq)s (%(line)s) is no longer legal") % {
                "seq": number,
                "line": _public_line(item.event, text, actor),
            }
            if judgement is None:  # it no longer even reads on the corrected position
                raise Refused(message, code="correction_breaks_log", seq=number, violations=[])
            known = rulings.known_state(game, state, actor.seat)
            _refuse(
                game, judgement.violations, message, known, _names(table),
                code="correction_breaks_log", seq=number,
            )
        if judgement.forget:
            settled.forget.setdefault(number, []).extend(judgement.forget)
            settled.notes.update(rulings.conflict_json(game, judgement.conflicts))
            state = rulings.forget_all(game, state, judgement.forget)
        state = game.apply(state, action)
    return settled


def _parse_logged(game, state, text: str):
    try:
        return game.parse_action(state, text)
    except InvalidActionError:
        return None


def _public_line(event: Event, text: str, actor: Actor) -> str:
    """An entry as the actor may read it: its notation if it is public or the actor's own,
    else its public line ("Ann entered their hand")."""
    if event.private_to is None or event.private_to == actor.seat:
        return text
    return localize.public_line(event.payload) or _("a private entry")


def request_hint(table_id: str, actor: Actor | None, budget_ms: int | None = None) -> dict:
    """Ask the advisor for the seat's next decision. Only the seat's own view goes to it."""
    from companion.advisor.hints import HintRefused
    from companion.advisor.hints import request_hint as start_hint

    if actor is None or actor.seat is None:
        raise Forbidden(
            _("only a seated player can ask for a hint on their own cards"), code="not_a_seat"
        )
    table = read_table(table_id)
    if table is None:
        raise NotFound(_("no such table"))
    check_holder(table, actor)
    game = get_game(table.game)
    view = rulings.known(table, game, actor.seat, parse=_parse)
    if actor.seat in _score_out(game, view):
        raise Conflict(
            _("you are out of the game: hints are for the players still in it"),
            code="out_of_game",
        )
    if game.to_move(view) != actor.seat:
        raise Conflict(_("hints are for your own turn"), code="not_your_turn")
    position = game.to_json(view)
    hand = position.get("hand")
    # Logged before the search starts: the next play reads it with the table's row and only
    # then marks the search's position as passed (realtime.table_changed); a refusal of the
    # advisor takes it back. The summary counts the positions a seat asked about on its turn,
    # also when its hand is not known (a contradicted hand would otherwise change a public
    # count: issue #27 (e)).
    logged = HintLog.objects.create(table=table, seat=actor.seat, seq=table.seq)
    if hand is not None and (not hand or "?" in hand):
        raise Conflict(
            _("enter your hand first: the advisor needs your cards"), code="hand_unknown"
        )
    names = [seat.name for seat in table.seats.all()]
    try:
        started = start_hint(
            table_id=table.id,
            seat=actor.seat,
            seq=table.seq,
            game=table.game,
            view=position,
            names=names,
            budget_ms=budget_ms,
        )
    except Exception as exc:
        logged.delete()
        if not isinstance(exc, HintRefused):
            raise
        status = {
            "rate_seat": 429,
            "rate_table": 429,
            "busy": 409,
            "unavailable": 503,
            "bad_budget": 400,
        }.get(exc.code, 400)
        error = BadInput(exc.message, code=exc.code)
        error.status = status
        raise error from exc
    return started


def hand_notation(table: Table, seat: int, cards: list[str]) -> str:
    """The engine's notation for "``seat`` enters its hand ``cards``"."""
    return presenters.get(table.game).hand_action(seat, cards)


# --- internals --------------------------------------------------------------------------------


def _refuse(
    game, violations: list, message: str, state: Any = None, names: Any = None, **extra: Any
) -> None:
    """The referee's ruling: raise Refused with every violation (code, rule, message), its
    fields in words where the position judged (``state``, what the actor knows) is given."""
    if violations:
        said = [presenters.violation_json(game, v, state, names) for v in violations]
        raise Refused(message, violations=said, **extra)


def read_table(table_id: str) -> Table | None:
    """The table with its seats (not locked), or None."""
    return table_rows.read_table(table_id)


def _locked(table_id: str) -> Table:
    """The table's row, locked until the transaction ends, with its seats read once for the
    whole request (names, permissions, and the row the pushes reuse after the commit)."""
    table = table_rows.read_table(table_id, lock=True)
    if table is None:
        raise NotFound(_("no such table"))
    return table


def _check_seq(table: Table, expected_seq: Any) -> None:
    if isinstance(expected_seq, bool) or not isinstance(expected_seq, int):
        raise BadInput(_("expected_seq must be the integer seq your screen shows"), code="bad_seq")
    if expected_seq != table.seq:
        raise StaleSeq(
            _("the table moved on (you saw #%(seen)s, it is at #%(seq)s); here is the new state")
            % {"seen": expected_seq, "seq": table.seq},
            seq=table.seq,
        )


def _parse(game, state, text: Any):
    if not isinstance(text, str) or not text.strip() or len(text) > 500:
        raise BadInput(
            _("an action is a non-empty string in the game's notation"), code="bad_action"
        )
    try:
        return game.parse_action(state, text)
    except InvalidActionError as exc:
        # The engines' notation errors are English (the notation itself is language-neutral).
        raise BadInput(
            _("not the game's notation: %(detail)s") % {"detail": exc}, code="bad_action"
        ) from exc


def _check_permission(game, state, action, actor: Actor, table: Table) -> None:
    if actor.enters_for_others:
        return
    mover = game.to_move(state)
    if presenters.get(game.name).is_seat_report(game, state, action, actor.seat):
        return
    if mover == TABLE_DECISION:
        return  # deals and draws are reported by whoever holds the cards at the table
    if mover != actor.seat:
        names = [seat.name for seat in table.seats.all()]
        raise Forbidden(
            _("it is %(mover)s's turn; %(name)s cannot play for them")
            % {"mover": names[mover], "name": names[actor.seat]},
            code="not_your_turn",
        )


def _append(
    table: Table,
    kind: str,
    state,
    actor: Actor,
    payload: dict[str, Any],
    private_to: int | None = None,
) -> Event:
    game = get_game(table.game)
    table.seq += 1
    payload = {**payload, "by_seat": actor.seat, "by_host": actor.is_host}
    table.snapshot = game.to_json(state)
    if game.is_terminal(state):
        table.status = Table.Status.FINISHED
    elif table.status == Table.Status.FINISHED:
        table.status = Table.Status.PLAYING
    event = table_rows.append_event(table, kind, payload, actor.seat, private_to)
    seq = table.seq
    # read with the row (table_rows.read_table); at the new seq no hint has been asked yet
    hint_asked, table.hint_asked = getattr(table, "hint_asked", True), False

    def committed() -> None:
        # Only now: a transaction that rolls back must leave no state or event of its seq
        # in the caches, where the next play's seq would find it.
        remember_state(table.id, seq, state)
        remember_new_event(table.id, event)
        _remember_row(table)
        realtime.table_changed(table.id, seq, news=news(table, event), hint_asked=hint_asked)

    transaction.on_commit(committed)
    return event


def _remember_row(table: Table) -> None:
    """After a commit: the row in hand, with its seats, for this process's pushes of the new
    seq and the answer to the request (no query of the table for either). Best effort."""
    try:
        prefetch_related_objects([table], "seats")
    except DATABASE_DOWN:
        log.info("seats of table %s not read after its commit", table.id, exc_info=True)
        return
    remember_table(table)


def _score_out(game, state: Any) -> list[int]:
    """The seats out of the game (the score's ``out``; a game without elimination: none)."""
    try:
        return list(game.score(state).get("out") or ())
    except Exception:  # a position the score cannot read yet
        return []


def undoable_seq(table: Table) -> int | None:
    """The seq an undo would take back now, if any."""
    event = _undoable_event(table)
    return event.seq if event else None


def _undoable_event(table: Table) -> Event | None:
    """The last event that counts, if it is a seat's decision (not a deal, a draw, a gift or
    a hand entry: those reveal hidden cards, which no undo can hide again)."""
    events = effective_events(load_events(table))  # the cached log: no read of all of it
    if not events:
        return None
    last = events[-1]
    game = get_game(table.game)
    before = _replay(table, game, exclude={last.event.seq})
    if game.to_move(before) == TABLE_DECISION:
        return None
    # the last play as the log applies it: after forgetting the private cards it contradicted
    # (a seat's mistyped hand), else its card is not in the hand it is played from
    before, action, _ = prepare(game, before, last.action, last.forget, TRUTH, _parse)
    # never across a reveal of hidden cards (BGA's policy; the one rule of play/reveals.py)
    if reveals.undo_barrier(game, before, action):
        return None
    return last.event


def _replay(
    table: Table,
    game,
    exclude: set[int] = frozenset(),
    replace: dict[int, str] | None = None,
    forget: dict[int, list[int]] | None = None,
    suspend: set[int] = frozenset(),
) -> Any:
    """The state from the log alone (the truth the snapshot caches), optionally as a pending
    correction would make it (``replace``, ``forget`` and ``suspend``, as in its payload)."""
    return replay_log(
        table, game, exclude | set(suspend), replace, parse=_parse, forget=forget
    )


def replay(table: Table) -> Any:
    return _replay(table, get_game(table.game))
