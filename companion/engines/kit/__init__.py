"""The engine toolkit: what every engine needs and no engine should write again.

- `notation`: reading an action's words, card lists (``name*n``, ``?``) in the notation and in
  JSON, with the `InvalidActionError` / `InvalidPositionError` messages of the error ladder.
- `positions`: reading a JSON position (an object, its game, integers, per-seat lists, the
  player count, ``to_move`` and the phase) with `InvalidPositionError`s that name the key.
- `rulesets`: house rules / variants as a frozen dataclass read from and written to JSON.
- `messages`: a violation-code table (code → rulebook section, English template).
- `games`: `ModuleGame`, the `Game` whose rules, information set and notation are modules.
- `memo`: `last_result`, the one-entry cache of a determinization's plan.

Each engine keeps only its rules (docs/adding-a-game.md). Nothing here imports Django.
"""
