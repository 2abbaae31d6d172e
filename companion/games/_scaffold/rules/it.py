"""Scaffold in italiano (la corsa a contare dello scheletro: da sostituire con le regole)."""

from companion.rules.content import Language, Text

TEXT = Language(
    title="Scaffold — le regole in breve",
    intro="Una corsa a contare per 2–4 giocatori: a turno si aggiunge 1 o 2; chi arriva a 10 "
          "vince.",
    rulebook="Scaffold — il gioco d'esempio di startgame",
    sections={"s-course": "Svolgimento", "s-end": "Fine della partita"},
    rules={
        "turn": Text("Un turno", "A turn — Un turno",
                     "Comincia il primo giocatore. Al tuo turno aggiungi 1 o 2 al totale "
                     "comune; poi tocca al giocatore successivo in senso orario."),
        "end": Text("Fine della partita", "End of the game — Fine della partita",
                    "Chi porta il totale a 10 o oltre vince subito."),
    },
)
