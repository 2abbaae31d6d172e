"""House rules and variants: a frozen dataclass of toggles (and a few choices or numbers),
read from and written to a position's "rules" object.

    @dataclass(frozen=True, slots=True)
    class HouseRules(RuleSet):
        expert: bool = False
        start_lives: int = 5
        RANGES: ClassVar[dict[str, tuple[int, int]]] = {"start_lives": (1, 9)}

A field is a toggle (true/false) unless `CHOICES` lists its values or `RANGES` its bounds.
`NOUN` is what the messages call one ("house rule", "variant").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any, ClassVar, Self

from ..base import InvalidPositionError


class RuleSet:
    """Mixin of a frozen dataclass of house rules: `from_json`, `to_json`, `changed`."""

    __slots__ = ()

    NOUN: ClassVar[str] = "house rule"
    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {}
    RANGES: ClassVar[dict[str, tuple[int, int]]] = {}

    @classmethod
    def from_json(cls, obj: Mapping[str, Any] | None) -> Self:
        """The rules of a "rules" object (missing keys: the default); raises
        InvalidPositionError naming the key."""
        if obj is None:
            return cls()
        noun = cls.NOUN
        if not isinstance(obj, Mapping):
            raise InvalidPositionError(f'"rules" must be an object of {noun} toggles')
        names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
        values: dict[str, Any] = {}
        for key, value in obj.items():
            if key not in names:
                raise InvalidPositionError(
                    f"unknown {noun} {key!r}; known: {', '.join(sorted(names))}")
            if key in cls.CHOICES:
                if value not in cls.CHOICES[key]:
                    raise InvalidPositionError(
                        f"{noun} {key!r} must be one of {', '.join(cls.CHOICES[key])}")
            elif key in cls.RANGES:
                lo, hi = cls.RANGES[key]
                if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                    raise InvalidPositionError(f"{noun} {key!r} must be an integer from "
                                               f"{lo} to {hi}")
            elif not isinstance(value, bool):
                raise InvalidPositionError(f"{noun} {key!r} must be true or false")
            values[key] = value
        return cls(**values)

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}  # type: ignore[arg-type]

    def changed(self) -> dict[str, Any]:
        """Only the rules that differ from the default (what a position records)."""
        default = type(self)()
        return {k: v for k, v in self.to_json().items() if getattr(default, k) != v}
