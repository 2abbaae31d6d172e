"""A whole game night at one table, played through the service layer as a real table enters it:
the perft of the table (issue #27).

The physical game is played by the engine with every card known (the *truth*: real cards in
real hands). The table hears what people enter: the deal without its cards, each seat's hand
(entered by its owner, or not at all, or with a card mistyped), the plays entered by their own
seats or by the scribe, gifts given in any order, mistaken entries taken back (undo) or
corrected, and the conflicts a mistyped hand causes. After every entry a night can check:

- every seat's record and the public record build, load back and reach the same position;
- the summary's counts equal the plays each seat really made;
- the coach's "before" equals what the seat's phone showed before it played, and a review of
  the play finishes (no task fails);

and it writes down, per reader, every answer that reader got (refusals of its own entries, its
view, history, counter, record, the summary), for the differential half: two nights that differ
only in one seat's private entries must give every other reader identical answers up to the
first event at which the rules reveal the differing cards.

`bench/game_night.py` runs many nights and prints the figures; `test_game_night.py` runs a size
that fits CI.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from django.test import override_settings

from companion import games
from companion.engines import TABLE, get_game
from companion.tables.coach import reviews as coach
from companion.tables.errors import TableError
from companion.tables.models import CoachSwitch, Table
from companion.tables.play import card_counter, reveals, rulings, selectors, services
from companion.tables.play.event_log import (
    effective_events,
    reading,
    replay_log,
    replay_log_steps,
)
from companion.tables.presenters import localize
from companion.tables.records.record import build_record, load_record
from companion.tables.records.summary import summarize

#: the evening's settings where a game's engine defaults would not do; every other game of
#: the registry plays its defaults
OWN_CONFIGS: dict[str, dict[str, Any]] = {
    "dog": {"seats": 4},
    "hit": {"players": 3},
    "lifeislife": {"players": 3, "rules": {"start_lives": 2}},
}
CONFIGS = {name: OWN_CONFIGS.get(name, {}) for name in games.names()}
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]
HOST = services.Actor(None, True)
#: the phases in which a table shows cards that were hidden (the differential stops there)
REVEALS = {"reveal"}


@dataclass
class Mix:
    """How the people at the table enter things (probabilities per entry)."""

    own_hand: float = 0.7  # a seat enters its own hand
    scribe: float = 0.3  # the scribe enters a seat's play for it
    mistake: float = 0.06  # a wrong play first, then undone or corrected
    typo: float = 0.15  # a hand entered with one card wrong (a conflict later)
    coach: float = 0.5  # a seat has its coach on


@dataclass
class Failure:
    step: int
    what: str


@dataclass
class Night:
    game_name: str
    seed: int
    mix: Mix = field(default_factory=Mix)
    #: the seat whose private entries the differential changes, and how ("typo", "none")
    target: int | None = None
    variant: str = ""
    #: reader -> (step, answer or digest) for everything that reader got, in order
    answers: dict[Any, list[tuple[int, str]]] = field(default_factory=dict)
    failures: list[Failure] = field(default_factory=list)
    steps: int = 0
    checks: int = 0
    reviews: int = 0
    conflicts: int = 0
    revealed_at: int | None = None  # the first step at which the rules revealed hidden cards
    round_end_at: int | None = None  # Life is Life: the first step that ended a round normally
    keep_parts: bool = False  # keep every digest's parts (to see what differs)
    parts: dict[Any, list[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.typos = random.Random(self.seed + 1)  # the differential's variants draw only here
        self.game = get_game(self.game_name)
        self.config = dict(CONFIGS[self.game_name])
        self.truth = self.game.new_game(self.config)
        self.n = self.game.num_seats(self.truth)
        table, _ = services.create_table(self.game_name, dict(self.config), NAMES[: self.n])
        self.id = table.id
        self.seats = [services.Actor(s, False) for s in range(self.n)]
        self.plays: Counter[int] = Counter()  # each seat's plays, as the summary must count
        self.gave: set[int] = set()  # DOG: who gave in the running exchange
        self.entered_hand: set[int] = set()
        #: Life is Life: seat -> (seq, the hand as dealt) of a hand entered wrong, which its
        #: player corrects at its next turn
        self.mistyped: dict[int, tuple[int, str]] = {}
        self.words = localize.wording(self.game_name)
        self.coached = [s for s in range(self.n) if self.rng.random() < self.mix.coach]
        for seat in self.coached:
            coach.switch(table, seat, True)
        self._before_views: dict[int, Any] = {}

    # --- the table --------------------------------------------------------------------------

    def table(self) -> Table:
        return Table.objects.get(id=self.id)

    def enter(self, actor: services.Actor, text: str) -> tuple[bool, str]:
        """One entry as ``actor``'s phone sends it: (recorded, the answer it got)."""
        table = self.table()
        try:
            recorded = services.record_action(self.id, actor, text, table.seq)
        except TableError as exc:
            answer = json.dumps([type(exc).__name__, str(exc), exc.__dict__], sort_keys=True,
                                default=str)
            self._note(actor.seat, "refused " + answer)
            return False, answer
        if recorded.event.payload.get("forget"):
            self.conflicts += 1
        self._note(actor.seat, "recorded " + str(recorded.said))
        return True, str(recorded.said)

    def _note(self, reader: Any, text: str) -> None:
        self.answers.setdefault(reader, []).append((self.steps, text))

    # --- the evening ------------------------------------------------------------------------

    def play(self, max_steps: int, check_every: int = 1, digest: bool = False) -> Night:
        """Up to ``max_steps`` entries (or the game's end), checked every ``check_every``;
        ``digest``: write down every reader's answers after each (the differential)."""
        for _ in range(max_steps):
            if self.game.is_terminal(self.truth):
                break
            self.step()
            self.steps += 1
            if check_every and self.steps % check_every == 0:
                self.check()
            if digest:
                self.digest()
                if self.revealed_at is not None:
                    break  # the rules showed the hands: the two nights may part from here
        if check_every and self.steps % check_every:
            self.check()
        return self

    def step(self) -> None:
        mover = self.game.to_move(self.truth)
        if mover == TABLE:
            self.chance()
        else:
            self.decision(mover)
        if self.round_end_at is None and self.game.phase(self.truth) == "reveal":
            self.round_end_at = self.steps
        if self.revealed_at is None and self._revealed(self.truth):
            self.revealed_at = self.steps  # the rules showed hidden cards

    def _revealed(self, state: Any) -> bool:
        """Whether the rules have shown hidden cards by ``state``: Life is Life's hands shown
        at a round's end or a sudden-death set (a round scored); another game's reveal phase.
        Entering Life is Life's reveal shows nothing yet: the round's end goes the same way
        for everyone, whatever a seat entered privately."""
        phase = self.game.phase(state)
        if self.game_name == "lifeislife":
            score = self.game.score(state)
            return any(score["shown"]) or (phase in ("deal", "over") and score["round"] > 0)
        return phase in REVEALS

    def chance(self) -> None:
        chance = self.game.sample_chance(self.truth, self.rng)
        text = self.game.format_action(self.truth, chance)
        hands: list[str] = []
        if self.game_name == "dog" and text.startswith("deal "):
            hands, text = text.removeprefix("deal ").split("/"), "deal"
            self.gave.clear()
        elif self.game_name == "lifeislife" and " hands " in text:
            text, _, hands_text = text.partition(" hands ")
            hands = hands_text.split("/")
        elif self.game_name == "hit" and text.startswith("draw ") and "," in text:
            drawer = self.game.to_json(self.truth).get("turn", 0)
            if (self.target == drawer and self.variant == "none") or (
                self.target != drawer and self.rng.random() > self.mix.own_hand
            ):
                text = "draw"  # the host reports it blind; the seat enters nothing
            else:
                if drawer == self.target and self.variant == "typo":
                    # it names other cards of its own pile than the ones it drew
                    text = self.game.format_action(
                        self.truth, self.game.sample_chance(self.truth, self.typos))
                if not self.enter(self.seats[drawer], text)[0]:
                    self._must(HOST, "draw")  # a draw its own phone refused: reported blind
                self.truth = self.game.apply(self.truth, chance)
                return
        if self.game_name == "lifeislife" and text.startswith("hand "):
            self.show(int(text.split()[1]), text)
            self.truth = self.game.apply(self.truth, chance)
            return
        self._must(HOST, text)
        self.truth = self.game.apply(self.truth, chance)
        order = list(range(len(hands)))
        self.rng.shuffle(order)
        for seat in order:
            if hands[seat] in ("", "?", "-"):
                continue
            self.enter_hand(seat, hands[seat].split(","))

    def show(self, seat: int, text: str) -> None:
        """Life is Life's round end: every player still in shows its hand, on its own phone
        (pre-filled there with what it entered) or entered by the scribe from what it sees."""
        if self.rng.random() < self.mix.own_hand and self.enter(self.seats[seat], text)[0]:
            return
        self._must(HOST, text)  # its phone said no (a mistyped hand): the scribe enters it

    def enter_hand(self, seat: int, cards: list[str]) -> None:
        own = self.rng.random() < self.mix.own_hand
        typo = self.rng.random() < self.mix.typo
        if seat == self.target:  # the differential decides this seat's private entries
            own, typo = self.variant != "none", self.variant == "typo"
        if not own:
            return
        true_cards = list(cards)
        if typo:  # the differential's target draws its typo from a generator of its own
            rng = self.typos if seat == self.target else self.rng
            cards = [c for card in cards for c in _copies(card)]  # "pig*2": two cards
            cards[rng.randrange(len(cards))] = rng.choice(self._hand_tokens())
        self.entered_hand.add(seat)
        ok, _ = self.enter(self.seats[seat], f"hand {seat} " + ",".join(cards))
        if ok and typo and seat != self.target:
            self.mistyped[seat] = (self.table().seq, f"hand {seat} " + ",".join(true_cards))

    def _hand_tokens(self) -> list[str]:
        from companion.tables import presenters

        return list(presenters.get(self.game_name).hand_tokens())

    def decision(self, mover: int) -> None:
        action = self.game.random_action(self.truth, self.rng)
        if self.game_name == "dog" and self.game.phase(self.truth) == "exchange":
            action = self._give_in_any_order() or action
        text = self.game.format_action(self.truth, action)
        subject = self.words.actor_seat(self.truth, action) if self.words else mover
        if self.game_name == "lifeislife" and subject in self.mistyped:
            # the round's end scores the hands as entered: a player checks its phone at its
            # turn and corrects its hand entry (one nobody contradicted is never corrected)
            seq, dealt = self.mistyped.pop(subject)
            with contextlib.suppress(TableError):  # forgotten meanwhile: nothing to correct
                services.correct(self.id, self.seats[subject], seq, dealt, self.table().seq)
        by_scribe = subject == self.target or self.rng.random() < self.mix.scribe
        author = HOST if by_scribe else self.seats[subject]
        self._before_views[subject] = self._view(subject)
        corrected = self.rng.random() < self.mix.mistake and self._mistake(author, action)
        ok, _answer = (True, "") if corrected else self.enter(author, text)
        if not ok and not by_scribe:
            # its own hand as entered says no (a mistyped card): the scribe enters the play,
            # which contradicts that hand; its owner is told on its own phone
            ok, _answer = self.enter(HOST, text)
        if not ok:
            self.failures.append(Failure(self.steps, f"refused a real play {text!r}: {_answer}"))
            raise AssertionError(self.failures[-1])
        kinds = getattr(self.words, "PLAY_KINDS", None)  # as the summary counts (None: all)
        if kinds is None or getattr(action, "kind", None) in kinds:
            self.plays[subject] += 1
        if self.game_name == "dog" and "give" in text:
            self.gave.add(subject)
        self.truth = self.game.apply(self.truth, action)
        if subject in self.coached:
            self.review(subject)

    def _give_in_any_order(self) -> Any:
        hands = self.game.to_json(self.truth)["hands"]
        givers = [s for s in range(self.n) if s not in self.gave]
        giver = self.rng.choice(givers)
        card = self.rng.choice(hands[giver])
        action = self.game.parse_action(self.truth, f"give@{giver} {card}")
        return None if self.game.check(self.truth, action) else action

    def _mistake(self, author: services.Actor, right: Any) -> bool:
        """A wrong play entered first, then taken back (False: the right one is still to be
        entered) or corrected into the right one (True)."""
        # A mistyped play that showed cards (a Life is Life sudden death, DOG's last gift) is
        # never corrected (play/reveals.py): the player's slip is one that shows nothing.
        others = [a for a in self.game.legal_actions(self.truth)
                  if a != right and not reveals.shows_cards(self.game, self.truth, a)]
        if not others:
            return False
        wrong = self.rng.choice(others)
        ok, _ = self.enter(author, self.game.format_action(self.truth, wrong))
        if not ok:
            return False
        seq = self.table().seq
        fixer = author if self.rng.random() < 0.5 else HOST
        try:
            if self.rng.random() < 0.5 and services.undoable_seq(self.table()) == seq:
                services.undo(self.id, fixer, seq)
                return False
            right_text = self.game.format_action(self.truth, right)
            try:
                services.correct(self.id, fixer, seq, right_text, seq)
            except TableError:
                # its own mistyped hand says no: the scribe corrects it (a conflict)
                services.correct(self.id, HOST, seq, right_text, seq)
            return True
        except TableError as exc:
            self._fail(f"could not fix a mistake: {exc}")
            raise

    def _must(self, actor: services.Actor, text: str) -> None:
        ok, answer = self.enter(actor, text)
        if not ok:
            self.failures.append(Failure(self.steps, f"refused {text!r}: {answer}"))
            raise AssertionError(self.failures[-1])

    # --- what each reader gets ----------------------------------------------------------------

    def _view(self, reader: int | None) -> str:
        table = self.table()
        return json.dumps(self.game.to_json(rulings.known(table, self.game, reader)),
                          sort_keys=True)

    def digest(self) -> None:
        """Everything each reader can read now, one digest per reader and step."""
        table = self.table()
        if self.revealed_at is None and self._revealed(rulings.known(table, self.game, None)):
            self.revealed_at = self.steps
        summary = _timeless(summarize(table).to_json())
        for reader in [None, *range(self.n)]:
            parts = [
                self._view(reader),
                _timeless(selectors.history(table, reader)),
                _timeless(card_counter.counter_json(table, reader)),
                _timeless(build_record(table, reader)),
                summary,
            ]
            if self.keep_parts:
                self.parts[(reader, self.steps)] = parts
            self._note(reader, hashlib.sha1("\n".join(parts).encode()).hexdigest())

    # --- the checks -----------------------------------------------------------------------------

    def check(self) -> None:
        self.checks += 1
        table = self.table()
        summary = summarize(table)
        counted = {p.index: p.plays for p in summary.players}
        if counted != {s: self.plays[s] for s in range(self.n)}:
            self._fail(f"summary plays {counted} != made {dict(self.plays)}")
        for reader in [None, *range(self.n)]:
            # the reading kept per seq (one step on from the seq before) is the whole replay's
            kept = self.game.to_json(reading(table, self.game, reader))
            if kept != self.game.to_json(replay_log(table, self.game, reader=reader)):
                self._fail(f"the kept reading of {reader} is not its replay")
            record = json.loads(json.dumps(build_record(table, reader)))
            try:
                loaded, _ = load_record(record)
            except TableError as exc:
                self._fail(f"the record of {reader} does not load: {exc}")
                continue
            mine = self.game.to_json(rulings.known(loaded, self.game, reader))
            theirs = self.game.to_json(rulings.known(table, self.game, reader))
            loaded.delete()
            # a record has no entry that only forgets: what an entry hidden from the reader
            # made it forget goes with the next entry it reads (docs/notation.md)
            pending = replay_log_steps(table, self.game, reader)[-1:]
            if mine != theirs and not (pending and not pending[0][1]):
                self._fail(f"the record of {reader} loads to another position")

    def review(self, seat: int) -> None:
        """The coach on ``seat``'s last play: its "before" is what the phone showed, and the
        review itself finishes."""
        table = self.table()
        last = effective_events(list(table.events.all()))[-1]
        found = coach._before(table, last.event.seq)
        if found is None:
            return
        _game, state, _text, _mover = found
        before = json.dumps(self.game.to_json(rulings.known_state(self.game, state, seat)),
                            sort_keys=True)
        if before != self._before_views.get(seat):
            self._fail(f"the coach's before of #{last.event.seq} is not {seat}'s live view")
        job = {"table_id": self.id, "seq": last.event.seq, "seats": [seat],
               "queued_at": time.time()}
        with override_settings(
            COACH_BUDGET_MS=5, COACH_RATE_PER_TABLE=10**6, COACH_MAX_WAIT_S=10**6
        ):
            result = coach.review_play.apply(kwargs=job)
        self.reviews += 1
        if not result.successful():
            self._fail(f"the coach's review of #{last.event.seq} failed: {result.result!r}")

    def _fail(self, what: str) -> None:
        self.failures.append(Failure(self.steps, what))


def _copies(card: str) -> list[str]:
    name, _, count = card.partition("*")
    return [name] * (int(count) if count else 1)


TIMES = {"at", "created_at", "exported_at", "started_at", "ended_at", "duration_minutes"}


def _timeless(value: Any) -> str:
    """``value`` as JSON without the times at which things happened (two runs differ in
    them)."""

    def strip(v: Any) -> Any:
        if isinstance(v, dict):
            return {k: strip(x) for k, x in v.items() if k not in TIMES}
        if isinstance(v, list):
            return [strip(x) for x in v]
        return v

    return json.dumps(strip(value), sort_keys=True, default=str)


def first_difference(a: Night, b: Night, reader: Any) -> int | None:
    """The first step at which ``reader``'s answers differ between two nights, or None."""
    for x, y in zip(a.answers.get(reader, []), b.answers.get(reader, []), strict=False):
        if x != y:
            return min(x[0], y[0])
    return None


def coach_off() -> None:
    CoachSwitch.objects.all().delete()
