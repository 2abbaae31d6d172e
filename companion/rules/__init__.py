"""The rule lookup: a short rules page per game and language, with an anchor per rule.

The pages are written in our own words after the rulebooks (the authority) and the decisions
in docs/rules-<game>.md. Each game's package holds the language-independent skeleton
(sections, rule anchors, the violation codes and house-rule toggles each rule covers) and one
module of text per language; `catalogue` assembles a page and maps codes to anchors.
"""
