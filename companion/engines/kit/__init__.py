"""The engine toolkit: what every engine needs and no engine should write again.

- `notation`: reading an action's words, card lists (``name*n``, ``?``) in the notation and in
  JSON, with the `InvalidActionError` / `InvalidPositionError` messages of the error ladder.
- `positions`: reading a JSON position (an object, its game, integers, per-seat lists, the
  player count, ``to_move`` and the phase) with `InvalidPositionError`s that name the key.
- `rulesets`: house rules / variants as a frozen dataclass read from and written to JSON.
- `messages`: a violation-code table (code → rulebook section, English template).
- `games`: `ModuleGame`, the `Game` whose rules, information set and notation are modules.
- `memo`: `last_result`, the one-entry cache of a determinization's plan.
- `defaults`: what a new engine need not write: `SeatConfig` (players and house rules, read
  from a new game's config), `NoHouseRules`, `NO_CARDS` (the card names of a cardless game).
- `open_info`: the information set of a game without hidden cards (view, determinize, forget,
  unknown_cards); `positions.open_position_json` writes a position without hands.

Each engine keeps only its rules (docs/adding-a-game.md). Nothing here imports Django.
"""
