"""Who sits where: only the table hands out seats (ARCHITECTURE.md, principle 10).

A real table lets anyone sit down before the cards are dealt; once they are, nobody takes up
another player's cards without the table agreeing. So here:

* **free claims** (by the table's join code, its link or QR code) until the first entry of the
  game: the deal, a hand, anything that may be private to a seat;
* after that, a phone asks and **the host approves** (or refuses) it on their own phone, or the
  phone opens **the host's invitation** for that seat (a one-off link or QR code);
* a seat another phone holds moves only through the host (an approval or an invitation); the
  phone that held it no longer reads anything of it;
* the table reads every change as a line ("Eve took Ben's seat"), and the site logs claims and
  refusals (INFO, never a token, never a card).

A phone that asks keeps the token it would hold (only its hash is stored): the host's approval
gives the seat that token, so the asking phone is seated without another round trip.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _

from companion.tables.errors import BadInput, Conflict, Forbidden, NotFound
from companion.tables.models import Seat, SeatChange, SeatInvitation, SeatRequest, Table
from companion.tables.play import realtime, table_rows
from companion.tables.play.services import Actor, clean_name, forget_tokens, remember_actor
from companion.tables.play.state_cache import forget_table
from companion.tables.tokens import hash_token, new_token

log = logging.getLogger(__name__)

#: how long an invitation the host shows stays good (it is one-off anyway)
INVITATION_LIFETIME = timedelta(minutes=30)
#: open requests a table keeps at most (a phone that asks again replaces its own)
MAX_OPEN_REQUESTS = 20
#: the lines of seat changes a table page shows (the newest)
LINES_SHOWN = 5


@dataclass(frozen=True, slots=True)
class Claimed:
    """A seat taken: the seat, the token its phone now holds, and how it was handed out."""

    seat: Seat
    token: str
    how: str


def free_claims_open(table: Table) -> bool:
    """Whether anyone with the table's address may still sit down: nothing has been entered
    yet (no deal, no hand), so no seat holds anything private."""
    return table.seq == 0


def claim_seat(
    table_id: str, index: int, name: str | None = None, *, invitation: str | None = None,
    by_host: bool = False,
) -> Claimed:
    """Take seat ``index``: freely while the game has not begun, with the host's
    ``invitation`` for that seat at any time (also a seat another phone holds: it moves), or
    by the host's own phone (``by_host``: the host takes a free seat for themselves)."""
    with transaction.atomic():
        table = _locked(table_id)
        seat = _seat(table, index)
        if invitation:
            _use_invitation(table, seat, invitation)
            how = SeatChange.How.INVITED
        else:
            if seat.claimed:
                _refused(table, seat, "taken")
                raise Conflict(
                    _("%(name)s's seat is taken; only the host can give it to another phone")
                    % {"name": seat.name},
                    code="seat_taken",
                )
            if not by_host and not free_claims_open(table):
                _refused(table, seat, "game begun")
                raise Forbidden(
                    _(
                        "The game has begun: %(name)s's seat holds cards only its player may "
                        "see. Ask the host to let you in, or to show you the seat's invitation."
                    )
                    % {"name": seat.name},
                    code="seat_needs_host",
                )
            how = SeatChange.How.FREE
        token = new_token()
        _give(table, seat, hash_token(token), name, how)
        transaction.on_commit(lambda: remember_actor(table.id, token, Actor(index, False)))
    return Claimed(seat, token, how)


def request_seat(table_id: str, index: int, name: str | None = None) -> tuple[SeatRequest, str]:
    """A phone asks the host for seat ``index`` (the game has begun, or the seat is held by
    another phone): a pending request the host's phone shows at once. Returns the request
    and the token the asking phone keeps; it holds the seat once the host approves."""
    with transaction.atomic():
        table = _locked(table_id)
        seat = _seat(table, index)
        if not seat.claimed and free_claims_open(table):
            raise Conflict(
                _("%(name)s's seat is free: take it without asking") % {"name": seat.name},
                code="seat_free",
            )
        if table.seat_requests.filter(answer=SeatRequest.Answer.PENDING).count() >= (
            MAX_OPEN_REQUESTS
        ):
            _refused(table, seat, "too many requests")
            raise Conflict(
                _("The host has too many requests to answer; try again in a moment"),
                code="too_many_requests",
            )
        token = new_token()
        request = SeatRequest.objects.create(
            table=table, seat=index, name=clean_name(name, seat.name),
            token_hash=hash_token(token),
        )
        log.info("table %s: a phone asks the host for seat %s", table.id, index)
        transaction.on_commit(lambda: _announce(table))
    return request, token


def answer_request(
    table_id: str, actor: Actor | None, request_id: int, approve: bool
) -> SeatRequest:
    """The host approves (the seat goes to the asking phone, moving from any phone that held
    it) or refuses a phone's request. Other open requests for the same seat are refused with
    an approval."""
    if actor is None or not actor.is_host:
        raise Forbidden(_("only the host hands out seats"), code="not_the_host")
    with transaction.atomic():
        table = _locked(table_id)
        request = table.seat_requests.filter(id=request_id).first()
        if request is None:
            raise NotFound(_("there is no such request for a seat"))
        if request.answer != SeatRequest.Answer.PENDING:
            raise Conflict(_("this request has been answered already"), code="answered")
        now = timezone.now()
        if approve:
            seat = _seat(table, request.seat)
            _give(table, seat, request.token_hash, request.name, SeatChange.How.APPROVED)
            table.seat_requests.filter(
                seat=request.seat, answer=SeatRequest.Answer.PENDING
            ).exclude(id=request.id).update(answer=SeatRequest.Answer.REFUSED, answered_at=now)
        else:
            log.info("table %s: the host refused a phone seat %s", table.id, request.seat)
            transaction.on_commit(lambda: _announce(table))
        request.answer = SeatRequest.Answer.APPROVED if approve else SeatRequest.Answer.REFUSED
        request.answered_at = now
        request.save(update_fields=["answer", "answered_at"])
    return request


def invite(table_id: str, actor: Actor | None, index: int) -> str:
    """A one-off invitation to seat ``index`` that the host shows (link or QR code); its raw
    token, shown once. A newer invitation to the same seat replaces an unused older one."""
    if actor is None or not actor.is_host:
        raise Forbidden(_("only the host hands out seats"), code="not_the_host")
    with transaction.atomic():
        table = _locked(table_id)
        seat = _seat(table, index)
        table.seat_invitations.filter(seat=index, used_at=None).delete()
        token = new_token()
        SeatInvitation.objects.create(table=table, seat=index, token_hash=hash_token(token))
        log.info("table %s: the host made an invitation to seat %s", table.id, seat.index)
    return token


def waiting_request(table: Table, token: str | None) -> SeatRequest | None:
    """The request that the phone holding ``token`` made, if any (pending or answered)."""
    if not token:
        return None
    return table.seat_requests.filter(token_hash=hash_token(token)).order_by("-id").first()


def open_requests(table: Table) -> list[SeatRequest]:
    """The requests the host still has to answer, oldest first."""
    return list(table.seat_requests.filter(answer=SeatRequest.Answer.PENDING))


def invitation_seat(table: Table, token: str | None) -> Seat | None:
    """The seat an unused, unexpired invitation is for (None: no such invitation)."""
    found = _open_invitation(table, token)
    if found is None:
        return None
    return next((s for s in table.seats.all() if s.index == found.seat), None)


def reader_key(table: Table, actor: Actor | None) -> str:
    """Who reads a table page, as a name that tells nothing (no token in it): the service
    worker keeps a table's page per reader and drops it when the reader changes (static/js/
    sw.js), so the next user of a phone never gets the page of the seat it held."""
    if actor is None:
        return "spectator"
    who = f"{table.id}|{actor.seat}|{actor.held}|{actor.is_host}|{actor.scribe}"
    return salted_hmac("companion.tables.reader", who, algorithm="sha256").hexdigest()[:20]


def change_lines(table: Table, limit: int = LINES_SHOWN) -> list[str]:
    """The table's seat changes in words, oldest first: "Eve took Ben's seat"."""
    return [change_words(change) for change in _changes(table, limit)]


def _changes(table: Table, limit: int = LINES_SHOWN) -> list[SeatChange]:
    return list(reversed(table.seat_changes.order_by("-created_at", "-id")[:limit]))


#: table id → (its last seat changes, its open requests), as this process last read them: the
#: live pushes of a play render the seats region with no query (a play changes no seat). Every
#: change of seats is announced (``seats_changed``), on which each process forgets the table
#: here (``forget``), as does a page load (tables/pages/views.py).
_regions: OrderedDict[str, tuple[list[SeatChange], list[SeatRequest]]] = OrderedDict()
_regions_lock = threading.Lock()
#: table id → how many times its region was forgotten (the most recently forgotten last)
_forgotten: dict[str, int] = {}
REGIONS_MAX = 2_000


def region(table: Table) -> tuple[list[str], list[SeatRequest]]:
    """The seats region of a table page: the seat lines in words, and the open requests (only
    the host's page shows them)."""
    with _regions_lock:
        known = _regions.get(table.id)
        generation = _forgotten.get(table.id, 0)
    if known is None:
        known = (_changes(table), open_requests(table))
        with _regions_lock:
            # kept only if no change was announced while it was read: a read that began before
            # a claim's commit must not outlive the claim's ``forget``
            if _forgotten.get(table.id, 0) == generation:
                _regions[table.id] = known
                while len(_regions) > REGIONS_MAX:
                    _regions.popitem(last=False)
    changes, requests = known
    return [change_words(change) for change in changes], requests


def forget(table_id: str) -> None:
    """Read the table's seats region again next time (its seats or requests changed)."""
    with _regions_lock:
        _regions.pop(table_id, None)
        _forgotten[table_id] = _forgotten.pop(table_id, 0) + 1
        while len(_forgotten) > REGIONS_MAX:
            _forgotten.pop(next(iter(_forgotten)))


def change_words(change: SeatChange) -> str:
    if change.name == change.previous:
        if change.how == SeatChange.How.FREE:
            return _("%(name)s sat down") % {"name": change.name}
        return _("%(name)s's seat moved to another phone") % {"name": change.name}
    return _("%(name)s took %(previous)s's seat") % {
        "name": change.name, "previous": change.previous,
    }


# --- internals --------------------------------------------------------------------------------


def _locked(table_id: str) -> Table:
    table = table_rows.read_table(table_id, lock=True)
    if table is None:
        raise NotFound(_("no such table"))
    return table


def _seat(table: Table, index: int) -> Seat:
    if isinstance(index, bool) or not isinstance(index, int):
        raise BadInput(_("a seat is a whole number"), code="bad_seat")
    seat = next((s for s in table.seats.all() if s.index == index), None)
    if seat is None:
        raise NotFound(_("this table has no seat %(seat)s") % {"seat": index})
    return seat


def _open_invitation(table: Table, token: str | None) -> SeatInvitation | None:
    if not token or not isinstance(token, str) or len(token) > 100:
        return None
    found = table.seat_invitations.filter(token_hash=hash_token(token), used_at=None).first()
    if found is None or timezone.now() - found.created_at > INVITATION_LIFETIME:
        return None
    return found


def _use_invitation(table: Table, seat: Seat, token: str) -> None:
    found = _open_invitation(table, token)
    if found is None or found.seat != seat.index:
        _refused(table, seat, "invitation not valid")
        raise Forbidden(
            _("This invitation is not valid (used, replaced, expired, or for another seat); "
              "ask the host for a new one."),
            code="bad_invitation",
        )
    found.used_at = timezone.now()
    found.save(update_fields=["used_at"])


def _give(table: Table, seat: Seat, token_hash: str, name: str | None, how: str) -> None:
    """Seat ``seat`` to the phone holding the token of ``token_hash``; any phone that held it
    before holds nothing any more. The line of the change, the log line and the pushes."""
    previous = seat.name
    moved = seat.claimed
    seat.token_hash = token_hash
    seat.claimed_at = timezone.now()
    seat.name = clean_name(name, seat.name)
    seat.save(update_fields=["token_hash", "claimed_at", "name"])
    SeatChange.objects.create(table=table, seat=seat.index, name=seat.name, previous=previous,
                              how=how)
    log.info("table %s: seat %s taken (%s%s)", table.id, seat.index, how,
             ", moved from another phone" if moved else "")

    def committed() -> None:
        forget_table(table.id)
        forget_tokens(table.id)
        _announce(table)

    transaction.on_commit(committed)


def _announce(table: Table) -> None:
    """After a commit: this process reads the seats region again, every phone is told."""
    forget(table.id)
    realtime.table_changed(table.id, table.seq, seats_changed=True)


def _refused(table: Table, seat: Seat, why: str) -> None:
    log.info("table %s: a claim of seat %s refused (%s)", table.id, seat.index, why)
