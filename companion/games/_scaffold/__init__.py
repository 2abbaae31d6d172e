"""Scaffold: the template of a new game package, not itself a game (discovery skips a package
whose name begins with "_"). ``python manage.py startgame NAME`` copies this folder to
``companion/games/NAME/`` and its ``tests/`` to ``tests/games/NAME/``, with "scaffold" renamed
(docs/adding-a-game.md).

The stub is a tiny legal game, a counting race: the seats in turn add 1 or 2 to a shared
total; whoever brings it to 10 (or past it) wins. Replace its rules with your game's."""
