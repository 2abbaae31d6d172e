"""The shapes of a rules page: the skeleton one game shares across languages, the text of one
language, and the assembled page a template renders."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class RuleSpec:
    """One rule, whatever the language: its anchor (stable: referee links point at it), the
    violation codes it explains and the house-rule toggles it describes."""

    anchor: str
    codes: tuple[str, ...] = ()
    toggles: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SectionSpec:
    anchor: str
    rules: tuple[RuleSpec, ...]


@dataclass(frozen=True, slots=True)
class GameSpec:
    game: str
    sections: tuple[SectionSpec, ...]

    def rules(self) -> tuple[RuleSpec, ...]:
        return tuple(rule for section in self.sections for rule in section.rules)


@dataclass(frozen=True, slots=True)
class Text:
    """One rule in one language. `source` names the rulebook section in that language's
    rulebook terms; `body` is plain text, paragraphs separated by a blank line."""

    title: str
    source: str
    body: str


@dataclass(frozen=True, slots=True)
class Language:
    """One game's page in one language: headings by section anchor, texts by rule anchor."""

    title: str
    intro: str
    rulebook: str
    sections: dict[str, str]
    rules: dict[str, Text]


@dataclass(frozen=True, slots=True)
class Rule:
    anchor: str
    title: str
    source: str
    body: str
    codes: tuple[str, ...]
    toggles: tuple[str, ...]
    lang: str  # the language the text is in (another than the page's when it fell back)


@dataclass(frozen=True, slots=True)
class Section:
    anchor: str
    title: str
    rules: tuple[Rule, ...]


@dataclass(frozen=True, slots=True)
class Page:
    game: str
    lang: str
    title: str
    intro: str
    rulebook: str
    sections: tuple[Section, ...]
