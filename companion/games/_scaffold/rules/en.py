"""Scaffold in English (the stub's counting race: replace with your game's rules)."""

from companion.rules.content import Language, Text

TEXT = Language(
    title="Scaffold — the rules in short",
    intro="A counting race for 2 to 4 players: add 1 or 2 in turn; who reaches 10 wins.",
    rulebook="Scaffold — the stub game of startgame",
    sections={"s-course": "Course of play", "s-end": "End of the game"},
    rules={
        "turn": Text("A turn", "A turn",
                     "The first player begins. On your turn add 1 or 2 to the shared total; "
                     "then the next player in clockwise order adds."),
        "end": Text("End of the game", "End of the game",
                    "Whoever brings the total to 10 or beyond wins at once."),
    },
)
