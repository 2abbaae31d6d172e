"""Tables, seats and the append-only event log. Thin: the logic lives in services.py.

The log is the truth: the current state of a table is the engine's replay of its events; the
snapshot columns only cache that replay (``snapshot`` at ``seq``).
"""

from __future__ import annotations

import secrets

from django.db import models

# Join codes avoid letters and digits that are easy to confuse on a phone (0/O, 1/I/L, 5/S…).
JOIN_ALPHABET = "ABCDEFGHJKMNPQRTUVWXYZ2346789"
JOIN_CODE_LENGTH = 6


def new_table_id() -> str:
    return secrets.token_urlsafe(9)  # 12 characters, ~72 bits: not guessable, short in URLs


def new_join_code() -> str:
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


class Table(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", "playing"
        FINISHED = "finished", "finished"

    id = models.CharField(primary_key=True, max_length=16, default=new_table_id, editable=False)
    game = models.CharField(max_length=20)
    config = models.JSONField(default=dict)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    join_code = models.CharField(max_length=JOIN_CODE_LENGTH, unique=True, default=new_join_code)
    host_token_hash = models.CharField(max_length=64)
    seq = models.PositiveIntegerField(default=0, help_text="seq of the last event")
    snapshot = models.JSONField(null=True, blank=True, help_text="engine state after `seq`")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.game} table {self.join_code}"


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=40)
    colour = models.CharField(max_length=20)
    token_hash = models.CharField(max_length=64, blank=True, default="")
    claimed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        # the column: "table" would join the table row to sort by the table's own ordering
        ordering = ["table_id", "index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="seat_index_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.name} (seat {self.index})"

    @property
    def claimed(self) -> bool:
        return bool(self.token_hash)


class Event(models.Model):
    """One thing that happened at the table. Never updated or deleted (undo is an event)."""

    class Kind(models.TextChoices):
        ACTION = "action", "action"  # an engine action in its notation (play, deal, hand, …)
        UNDO = "undo", "undo"  # takes back the event `payload["undoes"]`
        CORRECT = "correct", "correct"  # replaces the action of event `payload["replaces"]`

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices)
    payload = models.JSONField(default=dict)
    seat = models.SmallIntegerField(null=True, blank=True, help_text="who entered it")
    private_to = models.SmallIntegerField(null=True, blank=True, help_text="only this seat sees it")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table_id", "seq"]  # the column, not "table" (a join; see Seat)
        constraints = [
            models.UniqueConstraint(fields=["table", "seq"], name="event_seq_unique"),
        ]

    def __str__(self) -> str:
        return f"#{self.seq} {self.kind} {self.payload}"


class HintLog(models.Model):
    """A hint a seat asked for and got (started or answered from the cache): the game summary
    counts them per seat. Append-only like the event log; the advisor itself keeps no history."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hint_logs")
    seat = models.PositiveSmallIntegerField()
    seq = models.PositiveIntegerField(help_text="the position (table seq) it was asked for")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table_id", "created_at"]

    def __str__(self) -> str:
        return f"hint for seat {self.seat} at #{self.seq}"


class CoachSwitch(models.Model):
    """Coach mode of one seat (off by default; the seat's player switches it): while on, each
    play of the seat gets a review (companion/tables/coach/reviews.py). Never part of the record."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="coach_switches")
    seat = models.PositiveSmallIntegerField()
    on = models.BooleanField(default=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["table_id", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="coach_switch_unique"),
        ]

    def __str__(self) -> str:
        return f"coach {'on' if self.on else 'off'} for seat {self.seat}"


class CoachReview(models.Model):
    """The coach's review of one play of a seat, from that seat's view before the play. Only
    that seat's own phone ever reads it: never in the event log, the record or the export."""

    class Label(models.TextChoices):
        GOOD = "good", "good"
        INACCURACY = "inaccuracy", "inaccuracy"
        MISTAKE = "mistake", "mistake"
        DROPPED = "dropped", "dropped"  # not reviewed (busy worker, rate limit); see `note`

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="coach_reviews")
    seat = models.PositiveSmallIntegerField()
    seq = models.PositiveIntegerField(help_text="the event of the reviewed play")
    played = models.CharField(max_length=200, help_text="the play, in notation")
    label = models.CharField(max_length=12, choices=Label.choices)
    best = models.CharField(max_length=200, blank=True, default="")
    loss = models.FloatField(default=0.0, help_text="win chance of the best less the played")
    played_value = models.FloatField(null=True, blank=True)
    best_value = models.FloatField(null=True, blank=True)
    reasons = models.JSONField(default=list, help_text="why the best is better: [template, params]")
    iterations = models.PositiveIntegerField(default=0)
    elapsed_ms = models.PositiveIntegerField(default=0, help_text="from the play to the review")
    note = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table_id", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat", "seq"], name="coach_review_unique"),
        ]

    def __str__(self) -> str:
        return f"review of seat {self.seat} at #{self.seq}: {self.label}"




class SeatRequest(models.Model):
    """A phone asking the host for a seat once the game has begun (companion/tables/play/
    seating.py): the host approves or refuses it on their phone. The asking phone already
    keeps the token it will hold (only its hash is here); an approval gives the seat that
    token, a refusal or a newer request leaves it worth nothing."""

    class Answer(models.TextChoices):
        PENDING = "", "pending"
        APPROVED = "approved", "approved"
        REFUSED = "refused", "refused"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seat_requests")
    seat = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=40)
    token_hash = models.CharField(max_length=64)
    answer = models.CharField(max_length=10, choices=Answer.choices, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table_id", "created_at"]

    def __str__(self) -> str:
        return f"{self.name} asks for seat {self.seat} ({self.answer or 'pending'})"


class SeatInvitation(models.Model):
    """A one-off invitation to one seat that the host shows (a link or QR code with a token):
    whoever opens it first takes the seat, also a seat another phone holds (the seat moves)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seat_invitations")
    seat = models.PositiveSmallIntegerField()
    token_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table_id", "created_at"]

    def __str__(self) -> str:
        return f"invitation to seat {self.seat} ({'used' if self.used_at else 'open'})"


class SeatChange(models.Model):
    """A phone took a seat: the table reads it as "Eve took Ben's seat". Never part of the
    event log (a seat's phone is no play) nor of the record."""

    class How(models.TextChoices):
        FREE = "free", "free"  # before the game began, by the table's code or link
        APPROVED = "approved", "approved"  # the host approved the phone's request
        INVITED = "invited", "invited"  # the phone opened the host's invitation

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seat_changes")
    seat = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=40, help_text="who took the seat")
    previous = models.CharField(max_length=40, help_text="the seat's name before")
    how = models.CharField(max_length=10, choices=How.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table_id", "created_at"]

    def __str__(self) -> str:
        return f"{self.name} took {self.previous}'s seat ({self.how})"
