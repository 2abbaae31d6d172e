"""Rulings from what the asker may know.

A ruling is computed from the asker's information state: its seat's view, or the public view
for a phone without a seat (the host as scribe, a spectator). Two tables that differ only in a
hand the asker cannot see therefore get the same ruling, word for word. Where legality rests on
a hand the asker cannot see, the ruling says so without deciding it.

When an entry is allowed as far as its author can know but contradicts what another seat
entered privately (the scribe records a card that seat's hand, as entered, lacks; a hand that
exceeds the deck because of another seat's cards), the public fact wins: the contradicted seats'
private entries are forgotten (``Game.forget``, which changes no other seat's view) and only the
owner is told, on its own phone, what conflicted. Telling anyone else even that a conflict
happened would reveal something of that hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from companion.engines import TABLE as TABLE_DECISION
from companion.engines import Game, Violation
from companion.tables import presenters
from companion.tables.presenters import localize

#: how many of the seat's other legal plays with the same card a ruling lists
ALTERNATIVES = 8


def known_state(game: Game, state: Any, seat: int | None) -> Any:
    """What ``seat`` can see of ``state``, a position of its own reading of the log (or the
    truth, for a check that the two agree); the public view for ``None`` (no seat)."""
    if seat is None:
        return presenters.get(game.name).spectator_view(game, state)
    return game.view(state, seat)


def known(table: Any, game: Game, seat: int | None, **replay: Any) -> Any:
    """What ``seat`` (None: the public) knows at the table now: its own reading of the log
    (``event_log.replay_log``), built from the entries it may see and the public forms of
    the others, never from another seat's private entries. ``replay`` passes a pending
    undo or correction (``exclude``, ``replace``, ``forget``)."""
    from companion.tables.play.event_log import reading, replay_log

    if not replay or set(replay) == {"parse"}:  # the table as it is now: kept per seq
        return known_state(game, reading(table, game, seat), seat)
    return known_state(game, replay_log(table, game, reader=seat, **replay), seat)


@dataclass(frozen=True, slots=True)
class Judgement:
    """Whether an entry may be recorded, judged from its author's knowledge.

    ``violations``: why it is refused (empty: allowed), from what the author knows only.
    ``forget``: the seats whose private entries the allowed entry contradicts.
    ``conflicts``: per such seat, the full-state reasons (shown on that seat's phone only).
    """

    violations: list[Violation]
    forget: tuple[int, ...] = ()
    conflicts: dict[int, list[Violation]] = field(default_factory=dict)


def judge(game: Game, state: Any, action: Any, seat: int | None, known: Any = None) -> Judgement:
    """The ruling on recording ``action`` in ``state`` (the truth) by an author who knows
    ``known`` (``known``; by default ``seat``'s view of ``state``)."""
    if known is None:
        known = known_state(game, state, seat)
    violations = game.check(known, action)
    if violations:
        return Judgement(violations)
    full = game.check(state, action)
    if not full:
        return Judgement([])
    hidden = [s for s in range(game.num_seats(state)) if s != seat]
    for owner in hidden:  # usually one seat's hand is the reason
        if not game.check(game.forget(state, owner), action):
            return Judgement([], (owner,), {owner: full})
    forgotten = state
    for owner in hidden:
        forgotten = game.forget(forgotten, owner)
    rest = game.check(forgotten, action)
    if rest:  # rests on something only partly hidden from the author: judge as the public
        return Judgement(game.check(known, action) or rest)
    return Judgement([], tuple(hidden), dict.fromkeys(hidden, full))


def forget_all(game: Game, state: Any, seats: tuple[int, ...] | list[int]) -> Any:
    for seat in seats:
        state = game.forget(state, seat)
    return state


def conflict_json(game: Game, conflicts: dict[int, list[Violation]]) -> dict[str, Any]:
    """The owners' private notes as stored with the event (language-neutral: codes, rules and
    parameters; each owner's phone words them in its language)."""
    return {
        str(owner): [[v.code, v.rule, dict(v.params)] for v in reasons]
        for owner, reasons in conflicts.items()
    }


def conflict_messages(
    game: Game, stored: Any, names: list[str] | None = None
) -> list[dict[str, Any]]:
    """A stored note (``conflict_json``'s value for one owner) as that owner reads it."""
    out = []
    for item in stored if isinstance(stored, list) else []:
        try:
            code, rule, params = item
            violation = Violation(str(code), str(rule), tuple(dict(params).items()))
        except (TypeError, ValueError):
            continue
        if violation.code == "table.private_entry_suspended":
            out.append({"code": violation.code, "rule": "", "rule_url": "", "message": _(
                "A correction made your entry #%(seq)s impossible; it no longer counts."
            ) % {"seq": violation.param("seq")}})
            continue
        out.append(presenters.violation_json(game, violation, None, names))
    return out


def in_words(game: Game, state: Any, action: Any, names: list[str]) -> str:
    """A play in words, also an illegal one where the game's words can say it (the words
    describe; they do not judge)."""
    try:
        return str(presenters.get(game.name).describe_play(game, state, action, names).label)
    except Exception:  # words for an impossible play may not exist: the notation says it
        return game.format_action(state, action)


# --- the referee's "is this allowed?" -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ruling:
    """The referee's answer to one asker about one play of one seat."""

    legal: bool
    violations: list[dict[str, Any]]
    judged_for: int | None  # the seat whose play was judged (None: a table report)
    certain: bool  # False: allowed as far as the asker can see; the seat's hand decides
    caveat: str | None
    alternatives: list[str]  # that seat's other legal plays with the same card, in words
    can_record: bool  # it is that seat's decision now and the asker may enter it
    said: str = ""  # the judged play in words ("Ben plays 5: …"), notation if it has none
    after: Any = None  # the asker's view after the play (when legal)

    def to_json(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "violations": self.violations,
            "judged_for": self.judged_for,
            "certain": self.certain,
            "caveat": self.caveat,
            "alternatives": self.alternatives,
            "can_record": self.can_record,
            "said": self.said,
        }


def rule(
    game: Game,
    state: Any,
    action_text: str,
    asker_seat: int | None,
    asker_is_host: bool,
    by_seat: int | None,
    names: list[str],
    parse: Any,
) -> Ruling:
    """The ruling on ``action_text`` played by ``by_seat`` (None: whoever is to move), from
    what ``asker_seat`` knows (None: the public). ``parse`` turns text into an action or
    raises the table's BadInput."""
    from companion.tables.errors import BadInput, Conflict

    presenter = presenters.get(game.name)
    known = known_state(game, state, asker_seat)
    mover = game.to_move(known)
    seat = mover if by_seat is None else by_seat
    if seat != TABLE_DECISION and not 0 <= seat < game.num_seats(known):
        raise BadInput(_("this table has no such player"), code="bad_seat")
    judged = known if seat == mover else game.with_mover(known, seat)
    if judged is None:
        raise Conflict(
            _("%(name)s's play can be judged when it is a play phase; now it is the %(phase)s")
            # the step in words ("the exchange"), never its code
            % {"name": names[seat], "phase": localize.step_word(game.phase(known))},
            code="not_judgeable",
        )
    action = parse(game, judged, action_text)
    violations = game.check(judged, action)
    unknown = seat != TABLE_DECISION and game.unknown_cards(judged, seat) > 0
    hidden = unknown and seat != asker_seat
    own_unknown = unknown and seat == asker_seat
    card = game.card_of(judged, action)
    caveat = None
    if not violations and hidden:
        caveat = _(
            "The board allows it; whether %(name)s's hand does, only %(name)s's phone knows."
        ) % {"name": names[seat]}
        if card:
            caveat = _(
                "The board allows it, if %(name)s holds a %(card)s — only %(name)s's phone "
                "knows that hand."
            ) % {"name": names[seat], "card": presenter.card_name(card)}
    elif not violations and own_unknown:
        caveat = _("Allowed by the board. Enter your hand for the full check.")
    alternatives: list[str] = []
    if card and seat != TABLE_DECISION:
        for other in game.legal_actions(judged):
            if other != action and game.card_of(judged, other) == card:
                alternatives.append(presenter.describe_play(game, judged, other, names).label)
                if len(alternatives) >= ALTERNATIVES:
                    break
    can_record = seat == mover and mover != TABLE_DECISION and (
        asker_is_host or asker_seat == seat
    )
    return Ruling(
        said=in_words(game, judged, action, names),
        legal=not violations,
        violations=[presenters.violation_json(game, v, judged, names) for v in violations],
        judged_for=None if seat == TABLE_DECISION else seat,
        certain=not (hidden or own_unknown) or bool(violations),
        caveat=caveat,
        alternatives=alternatives,
        can_record=can_record,
        after=None if violations else game.apply(judged, action),
    )


# --- the owner's notice ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Notice:
    """For one seat's phone only: a later entry contradicted its private entries."""

    seq: int
    by: str  # who entered it ("Ann", "the scribe")
    reasons: list[dict[str, Any]]
    undoable: bool


def notices_for(
    game: Game, events: list[Any], seat: int | None, names: list[str], undoable_seq: Any
) -> list:
    """The contradictions the seat has not settled yet: entries whose private notes name it,
    made after its last own hand entry (entering the hand again settles them).
    ``undoable_seq()`` is the seq an undo would take back (asked only when there is a notice)."""
    if seat is None:
        return []
    from companion.tables.play.event_log import effective_events

    counting = effective_events(events)
    last_hand = max(
        (i.event.seq for i in counting if i.event.private_to == seat and i.action.startswith(
            "hand ")),
        default=0,
    )
    out = []
    for event in events:
        notes = (event.payload.get("private_notes") or {}).get(str(seat))
        if not notes or event.seq < last_hand:
            continue
        undone = any(e.payload.get("undoes") == event.seq for e in events if e.kind == "undo")
        if undone:
            continue
        by = event.payload.get("by_seat")
        out.append(
            Notice(
                seq=event.seq,
                by=names[by] if isinstance(by, int) and 0 <= by < len(names) else _("the scribe"),
                reasons=conflict_messages(game, notes, names),
                undoable=False,
            )
        )
    if out:
        last = undoable_seq()
        out = [Notice(n.seq, n.by, n.reasons, n.seq == last) for n in out]
    return out
