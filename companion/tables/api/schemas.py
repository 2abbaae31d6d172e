"""The JSON API's bodies and answers, declared once as pydantic models.

Django Ninja validates the request bodies with them and writes /api/openapi.json from them: the
contract the API is fuzzed against (tests/hardening/test_api_fuzz.py). A body is checked here
for its shape (no unknown field, the right JSON types, integers in 0..MAX_INT, lists bounded);
what the shape cannot say (is this the game's notation, a known game, a hint time in range)
the services check and refuse with their own codes, and the ``json_schema_extra`` notes below
only document it.

The answers are built by the selectors and sent as they are (no second validation on the play
path); the answer models document them, and the fuzz test checks every answer against them.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from companion import games

# Every integer the API reads (seat, seq, thinking time) fits 32 bits; larger ones are refused.
MAX_INT = 2**31 - 1


def _table_games(schema: dict[str, Any]) -> None:
    """The games that have a table: the game registry's (companion/games/__init__.py); an engine
    without its registry entry is refused with no_table_ui."""
    schema["enum"] = list(games.names())


#: the longest action text the services read (services._parse)
MAX_ACTION = 500


def _integral(value: Any) -> Any:
    """Strict: a number written with a fraction or an exponent (``3.0``, ``3e0``) is not an
    integer here, whatever its value; it is refused as a wrong type, not read as 3."""
    if isinstance(value, float):
        raise ValueError("must be a whole number written without a decimal point")
    return value


#: an integer the API reads: strict (no true, no "3"), 0..MAX_INT
Count = Annotated[int, Field(ge=0, le=MAX_INT), BeforeValidator(_integral)]
Seq = Annotated[Count, Field(description="the seq the client's screen shows")]
Action = Annotated[
    str,
    Field(
        description="the game's notation (docs/notation.md)",
        json_schema_extra={"minLength": 1, "maxLength": MAX_ACTION},
    ),
]


class Body(BaseModel):
    """A request body: strict JSON types, no field that is not declared."""

    model_config = ConfigDict(extra="forbid", strict=True)


# --- bodies -------------------------------------------------------------------------------------


class CreateBody(Body):
    game: Annotated[str, Field(json_schema_extra=_table_games)]
    options: dict[str, Any] | None = Field(
        None,
        description="the game's options: DOG seats, mode, rules, direction; "
        "HIT players, variants; Life is Life players, lives, rules",
    )
    names: list[
        Annotated[str | None, Field(description="cut to 40 characters; null or blank: 'Player n'")]
    ] | None = Field(None, max_length=8)
    colours: list[Annotated[str, Field(json_schema_extra={"maxLength": 20})]] | None = Field(
        None, max_length=8
    )


class JoinBody(Body):
    seat: Count
    name: str | None = Field(None, description="cut to 40 characters")
    invitation: str | None = Field(
        None,
        description="the host's one-off invitation to this seat (POST …/invitations): needed "
        "once the game has begun, and to take a seat another phone holds (it moves)",
        json_schema_extra={"maxLength": 100},
    )


class SeatRequestBody(Body):
    seat: Count
    name: str | None = Field(None, description="cut to 40 characters")


class SeatAnswerBody(Body):
    request: Count = Field(description="the request's number (POST …/seat-requests)")
    approve: bool = Field(description="true: the seat goes to the asking phone; false: refused")


class InvitationBody(Body):
    seat: Count


class PlayBody(Body):
    action: Action
    expected_seq: Seq


class CheckBody(Body):
    action: Action
    seat: Count | None = Field(None, description="whose play (default: the seat to move)")


class UndoBody(Body):
    expected_seq: Seq


class CorrectionBody(Body):
    seq: Annotated[Count, Field(description="the entry to correct")]
    action: Action
    expected_seq: Seq


class HintBody(Body):
    budget_ms: Count | None = Field(
        None,
        description="the thinking time: 100 ms up to HINT_MAX_BUDGET_MS (else 400 bad_budget)",
    )


class HandBody(Body):
    cards: list[
        Annotated[str, Field(json_schema_extra={"minLength": 1, "maxLength": 11})]
    ] = Field(max_length=20, description='card tokens, e.g. ["7", "4", "swap"]')
    expected_seq: Seq


class RecordSeat(Body):
    index: int | None = None
    name: str
    colour: str


class RecordEvent(Body):
    action: Action
    seq: int | None = None
    by_seat: int | None = None
    at: str | None = Field(None, description="ISO 8601")
    shown: bool | None = None


class Record(Body):
    """A game record as GET /api/tables/{table_id}/record answers it (docs/notation.md, 'Game
    records'). Checked by companion/tables/records/record.py, which names the event at fault."""

    format: Literal["table-companion-record"]
    version: Literal[1]
    game: Annotated[str, Field(json_schema_extra=_table_games)]
    config: dict[str, Any]
    seats: list[RecordSeat]
    events: list[RecordEvent] = Field(max_length=20000)
    private_entries_of: int | None = None
    status: Any = None
    created_at: Any = None
    exported_at: Any = None


# --- answers ------------------------------------------------------------------------------------


class Answer(BaseModel):
    """An answer: the fields listed, and maybe more."""

    model_config = ConfigDict(extra="allow")


class Violation(Answer):
    code: str
    rule: str
    message: str
    params: dict[str, Any] | None = None
    # The rule it enforces on the rules page, a path with its anchor (/rules/dog/#coming-out),
    # shown in the reader's language.
    rule_url: str


class ErrorDetail(Answer):
    code: str
    message: str


class RefusalDetail(ErrorDetail):
    violations: list[Violation] | None = None


class You(Answer):
    seat: int | None
    host: bool


class TableAnswer(Answer):
    id: str
    game: str
    status: str | None = None
    seq: int
    join_code: str | None = None
    seats: list[dict[str, Any]]
    you: You | None = None
    phase: str | None = None
    to_move: int | Literal["table"] | None = None
    position: dict[str, Any]
    score: Any = None
    history: list[dict[str, Any]] | None = None
    host_token: str | None = None


class Error(Answer):
    """Every 4xx and 5xx: why, as a code and a message (plus details such as ``seq``)."""

    error: ErrorDetail


class Refusal(Answer):
    """422: the rules forbid it; each violation names its rule."""

    error: RefusalDetail


class ConflictError(Answer):
    """409; a stale seq (code ``stale``) carries the table's new state."""

    error: ErrorDetail
    state: TableAnswer | None = None


class Joined(Answer):
    seat: int
    name: str
    token: str


class SeatAsked(Answer):
    """202: the request waits for the host; ``token`` is the seat's once the host approves."""

    request: int
    seat: int
    name: str
    token: str
    answer: Literal["pending"]


class SeatAnswered(Answer):
    request: int
    seat: int
    name: str
    answer: Literal["approved", "refused"]


class Invitation(Answer):
    """The host's one-off invitation: whoever joins with it first takes the seat."""

    seat: int
    invitation: str
    url: str = Field(description="the seat page with the invitation, for a QR code")


class Recorded(Answer):
    seq: int
    action: str | None = None
    state: TableAnswer | None = Field(None, description="left out with ?state=0")


class Undone(Answer):
    seq: int
    undone: int | None = None
    state: TableAnswer | None = Field(None, description="left out with ?state=0")


class Corrected(Answer):
    seq: int
    corrected: int
    action: str | None = None
    state: TableAnswer | None = Field(None, description="left out with ?state=0")


class HandEntered(Answer):
    seq: int
    state: TableAnswer | None = Field(None, description="left out with ?state=0")


class Ruling(Answer):
    legal: bool
    violations: list[Violation]
    seq: int
    judged_for: int | None = None
    certain: bool = Field(
        description="false: allowed as far as the asker can see; the seat's hidden hand decides"
    )
    caveat: str | None = None
    alternatives: list[str] | None = None
    can_record: bool | None = None
    said: str | None = None


class Tally(Answer):
    card: str = Field(description="the engine's card token")
    count: int
    copies: int = Field(description="copies in the deck (0: not meaningful)")


class CountGroup(Answer):
    kind: Literal["unseen", "known", "pile", "top"] = Field(
        description="unseen: not seen yet (by the audience); known: known in `seat`'s hand; "
        "pile: the shuffled part of `seat`'s draw pile (with `hidden` unknown hand cards); "
        "top: known cards on top of it"
    )
    seat: int | None
    size: int
    hidden: int
    parts: dict[str, Any] = Field(description="where the cards are")
    cards: list[Tally]


class Chance(Answer):
    card: str
    target: Literal["seat", "anyone", "draw"]
    seat: int | None
    p: float = Field(
        ge=0,
        le=1,
        description="P(at least one): in that seat's hand, in any other hand, or in the own "
        "next draw",
    )


class CardCount(Answer):
    game: str
    scope: Literal["public", "seat"]
    seat: int | None
    exact: bool = Field(description="false: the chances were estimated by sampling (rare)")
    facts: dict[str, Any] = Field(description="e.g. partner, the cards of the next draw")
    groups: list[CountGroup]
    chances: list[Chance]


class Counter(Answer):
    game: str
    seq: int
    seat: int | None
    public: CardCount
    private: CardCount | None
    needs_hand: bool


def inline_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The JSON Schema of ``model`` with its ``$defs`` written in place (for a document part
    that is not generated from a view's parameters: the record upload)."""
    schema = model.model_json_schema()
    defs = schema.pop("$defs", {})

    def resolve(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                return resolve(defs[ref.removeprefix("#/$defs/")])
            return {key: resolve(value) for key, value in node.items()}
        if isinstance(node, list):
            return [resolve(item) for item in node]
        return node

    return resolve(schema)
