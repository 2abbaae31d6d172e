"""DOG at the game-night suite (tests/tables/test_game_night.py): a longer evening than the
default, as its rounds begin with a deal and the partners' card exchange."""

STEPS = 60
