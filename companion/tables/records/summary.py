"""The summary of a game, finished or so far: winner, duration, plays, knock-outs (DOG) or hits
(HIT), lives lost (Life is Life) and the hints each seat asked for.

Everything is counted from the engine's replay of the log (``timeline.walk``) and the positions
it passes through; only public facts go in (figures on the board, lives), so the summary may be
shown to anyone.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.db.models import Count

from companion import games
from companion.engines import get_game
from companion.tables import presenters
from companion.tables.models import HintLog, Table
from companion.tables.play import timeline
from companion.tables.presenters import localize


@dataclass
class PlayerSummary:
    index: int
    name: str
    colour: str  # the colour's name ("red")
    colour_hex: str
    winner: bool = False
    measure: int | None = None  # figures home / lives left
    plays: int = 0
    knocked_out: int = 0  # others' figures this seat sent home (DOG knock-outs, HIT hits)
    sent_home: int = 0  # own figures sent home by anyone
    lives_lost: int = 0
    hints: int = 0
    started: bool = False  # made the game's first play
    out_at: int | None = None  # the step at which the seat went out (Life is Life: no lives)
    rank: int = 0  # 1 = first; equal players share a rank


@dataclass
class Summary:
    game: str
    game_name: str
    finished: bool
    winners: list[int]
    started_at: datetime | None
    ended_at: datetime | None
    plays: int
    players: list[PlayerSummary] = field(default_factory=list)
    measure_label: str = ""
    knockouts: bool = False  # the game sends figures home (DOG, HIT)
    knockouts_label: str = ""  # its column: the figures a seat sent home (the registry's)
    lives: bool = False  # the game counts lives (Life is Life)

    @property
    def duration(self) -> timedelta | None:
        if self.started_at is None or self.ended_at is None:
            return None
        return self.ended_at - self.started_at

    @property
    def duration_minutes(self) -> int | None:
        duration = self.duration
        return None if duration is None else max(1, round(duration.total_seconds() / 60))

    @property
    def winner_names(self) -> list[str]:
        return [self.players[i].name for i in self.winners]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "finished": self.finished,
            "winners": self.winners,
            "winner_names": self.winner_names,
            "started_at": self.started_at.isoformat() if self.started_at else None,
            "ended_at": self.ended_at.isoformat() if self.ended_at else None,
            "duration_minutes": self.duration_minutes,
            "plays": self.plays,
            "measure": str(self.measure_label),
            "players": [
                {
                    "seat": p.index,
                    "name": p.name,
                    "colour": p.colour,
                    "winner": p.winner,
                    "measure": p.measure,
                    "plays": p.plays,
                    **(
                        {"knocked_out": p.knocked_out, "sent_home": p.sent_home}
                        if self.knockouts
                        else {}
                    ),
                    **({"lives_lost": p.lives_lost} if self.lives else {}),
                    "hints": p.hints,
                    "started": p.started,
                    "rank": p.rank,
                }
                for p in self.players
            ],
        }


def winners_of(score: dict[str, Any]) -> list[int]:
    """The winning seats from the engine's score: a seat, a team's seats, or none yet."""
    winner = score.get("winner")
    if winner is None:
        return []
    if isinstance(winner, int):
        return [winner]
    return sorted(int(s) for s in winner)


def summarize(table: Table) -> Summary:
    game = get_game(table.game)
    presenter = presenters.get(table.game)
    initial, steps = timeline.walk(table)
    final = steps[-1].after if steps else initial
    score = game.score(final)
    winners = winners_of(score)
    # what the game counts (the registry's ``results``): the measure, knock-outs, lives
    entry = games.get(table.game)
    results = entry.results
    key, label = results.measure, results.measure_label
    values = score.get(key) if key else None
    players = [
        PlayerSummary(
            index=s.index,
            name=s.name,
            colour=s.colour,
            colour_hex=presenter.colour_hex(s.colour),
            winner=s.index in winners,
            measure=values[s.index] if isinstance(values, list) else None,
        )
        for s in table.seats.all()
    ]
    home = results.home_field
    words = localize.wording(table.game)
    at_home, lives = _marks(game, initial, home)
    plays = 0
    for step in steps:
        after_home, after_lives = _marks(game, step.after, home)
        # the seat whose decision it was (a give in the exchange: its giver, whoever is
        # "to move"; an entry by the scribe: the seat it was entered for)
        subject = words.actor_seat(step.before, step.action) if words else step.mover
        if subject is not None and _is_play(words, step):
            plays += 1
            if not any(p.started for p in players):
                players[subject].started = True
            players[subject].plays += 1
        if step.mover is not None:
            for seat, (before, now) in enumerate(zip(at_home, after_home, strict=True)):
                if now > before:
                    players[seat].sent_home += now - before
                    if seat != step.mover:
                        players[step.mover].knocked_out += now - before
        for seat, (before, now) in enumerate(zip(lives, after_lives, strict=True)):
            players[seat].lives_lost += max(0, before - now)
            if before > 0 >= now and players[seat].out_at is None:
                players[seat].out_at = step.number
        at_home, lives = after_home, after_lives
    for seat, count in _hints_per_seat(table).items():
        if 0 <= seat < len(players):
            players[seat].hints = count
    _rank(players)
    return Summary(
        game=table.game,
        game_name=entry.title,
        finished=game.is_terminal(final),
        winners=winners,
        started_at=steps[0].at if steps else None,
        ended_at=steps[-1].at if steps else None,
        plays=plays,
        players=players,
        measure_label=label,
        knockouts=home is not None,
        knockouts_label=results.knockouts_label,
        lives=results.lives,
    )


def _is_play(words: Any, step: timeline.Step) -> bool:
    """A seat's own decision (the game's ``PLAY_KINDS``): not a hand entry, not a report."""
    kinds = getattr(words, "PLAY_KINDS", None)
    if kinds is None:
        return step.mover is not None and not step.is_hand_entry
    return step.action.kind in kinds


def _rank(players: list[PlayerSummary]) -> None:
    """Winners first, then by the game's measure (higher is better), then who stayed in the
    game longer (a seat still in ranks above one that went out, a later exit above an earlier
    one); equal players share a rank."""

    def key(p: PlayerSummary) -> tuple[bool, int, float]:
        return (not p.winner, -(p.measure or 0), -(p.out_at if p.out_at is not None else 1e9))

    previous = None
    for position, p in enumerate(sorted(players, key=key), start=1):
        if key(p) != previous:
            rank, previous = position, key(p)
        p.rank = rank


def _marks(game, state, home: str | None) -> tuple[list[int], list[int]]:
    """Per seat: its figures on the field figures are sent back to, and its lives."""
    position = game.to_json(state)
    at_home = [Counter(fields)[home] for fields in position["figures"]] if home else []
    return at_home, list(position.get("lives") or [])


def _hints_per_seat(table: Table) -> dict[int, int]:
    """Hints per seat: a position asked about twice (the cached answer) counts once."""
    rows = (
        HintLog.objects.filter(table=table)
        .values("seat")
        .annotate(positions=Count("seq", distinct=True))
    )
    return {row["seat"]: row["positions"] for row in rows}
