"""Scaffold auf Deutsch (das Zählrennen des Gerüsts: durch die Regeln deines Spiels ersetzen)."""

from companion.rules.content import Language, Text

TEXT = Language(
    title="Scaffold — die Regeln in Kürze",
    intro="Ein Zählrennen für 2 bis 4 Personen: reihum 1 oder 2 addieren; wer 10 erreicht, "
          "gewinnt.",
    rulebook="Scaffold — das Beispielspiel von startgame",
    sections={"s-course": "Spielablauf", "s-end": "Spielende"},
    rules={
        "turn": Text("Ein Zug", "A turn — Ein Zug",
                     "Die erste Person beginnt. Wer am Zug ist, addiert 1 oder 2 zur "
                     "gemeinsamen Summe; dann folgt die nächste Person im Uhrzeigersinn."),
        "end": Text("Spielende", "End of the game — Spielende",
                    "Wer die Summe auf 10 oder mehr bringt, gewinnt sofort."),
    },
)
