"""The engine contract's command line (ENGINE_CONTRACT.md).

    python -m companion.engines <game> new    [--seats N] [--seed S] [--mode teams|solo]
    python -m companion.engines <game> moves  '<position json>' [--card CARD]
    python -m companion.engines <game> check  '<position json>' '<action>'
    python -m companion.engines <game> score  '<position json>'

A position may also be given as @path/to/file.json. Output: one JSON object on stdout; exit
code 0 whenever the question could be answered (also "illegal"), 2 for malformed input with
{"error": {"code": ..., "message": ...}}.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from . import available_games, get_game
from .base import EngineError, Game, InvalidActionError, InvalidPositionError


class UsageError(EngineError):
    code = "invalid_arguments"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message}\n{self.format_usage().strip()}")


def _parser() -> _Parser:
    p = _Parser(prog="python -m companion.engines", add_help=True,
                description="Positions, moves and rulings as JSON.")
    p.add_argument("game", help=f"one of: {', '.join(available_games())}")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    # no -h below a command: an action such as "-hand" would print the help and exit 0
    # instead of answering with one JSON object
    add = functools.partial(sub.add_parser, add_help=False)
    new = add("new", help="a fresh game at its first decision (deal sampled)")
    new.add_argument("--seats", type=int, default=4)
    new.add_argument("--seed", type=int, default=None)
    new.add_argument("--mode", choices=("teams", "solo"), default=None)
    moves = add("moves", help="every legal action and the position after it")
    moves.add_argument("position")
    moves.add_argument("--card", default=None, help="only plays of this card")
    check = add("check", help="is this action legal, and why not")
    check.add_argument("position")
    check.add_argument("action")
    score = add("score", help="the live score of a position")
    score.add_argument("position")
    return p


MAX_POSITION_BYTES = 16 * 1024 * 1024  # a position is a few kB; refuse to read a disk image


def _load_position(game: Game[Any, Any], text: str) -> Any:
    if text.startswith("@"):
        try:
            with open(text[1:], encoding="utf-8") as fh:
                text = fh.read(MAX_POSITION_BYTES + 1)
        except (OSError, UnicodeDecodeError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            raise InvalidPositionError(f"cannot read {text[1:]}: {reason}") from exc
        if len(text) > MAX_POSITION_BYTES:
            raise InvalidPositionError(f"a position file holds at most {MAX_POSITION_BYTES} bytes")
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidPositionError(f"the position is not valid JSON: {exc}") from exc
    except RecursionError as exc:
        raise InvalidPositionError("the position is not valid JSON: nested too deeply") from exc
    return game.from_json(obj)


def run(argv: Sequence[str]) -> tuple[int, dict[str, Any]]:
    """Answer one command: (exit code, JSON object)."""
    try:
        args = _parser().parse_args(list(argv))
        try:
            game = get_game(args.game)
        except KeyError:
            raise UsageError(f"unknown game {args.game!r}; known: "
                             f"{', '.join(available_games())}", "unknown_game") from None
        if args.command == "new":
            config: dict[str, Any] = {"seats": args.seats}
            if args.mode:
                config["mode"] = args.mode
            seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
            return 0, game.to_json(game.start(config, random.Random(seed)))
        state = _load_position(game, args.position)
        if args.command == "moves":
            actions = game.legal_actions(state)
            if args.card is not None:
                card = game.card_token(args.card)
                if card is None:
                    raise UsageError(f"--card: {args.card!r} is not a card of {args.game}")
                actions = [a for a in actions if game.card_of(state, a) == card]
            return 0, {"moves": [{"action": game.format_action(state, a),
                                  "position": game.to_json(game.apply(state, a))}
                                 for a in actions]}
        if args.command == "check":
            action = game.parse_action(state, args.action)
            violations = game.check(state, action)
            out: dict[str, Any] = {
                "legal": not violations,
                "violations": [v.to_json(game.messages) for v in violations],
            }
            if not violations:
                out["position"] = game.to_json(game.apply(state, action))
            return 0, out
        return 0, game.score(state)
    except (UsageError, InvalidActionError, InvalidPositionError) as exc:
        return 2, {"error": {"code": exc.code, "message": str(exc)}}
    except EngineError as exc:
        return 2, {"error": {"code": exc.code, "message": str(exc)}}


# Characters that str.splitlines() (and so many readers) take for a line break although JSON
# leaves them raw inside strings: escaped, so the answer stays one line whatever argv held.
_LINE_BREAKS = {"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def _one_line(obj: dict[str, Any]) -> str:
    text = json.dumps(obj, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates: argv bytes that were not UTF-8
        text = json.dumps(obj)
    for raw, escaped in _LINE_BREAKS.items():
        text = text.replace(raw, escaped)
    return text


def main(argv: Sequence[str] | None = None) -> int:
    code, obj = run(sys.argv[1:] if argv is None else argv)
    sys.stdout.write(_one_line(obj) + "\n")
    return code


if __name__ == "__main__":
    sys.exit(main())
