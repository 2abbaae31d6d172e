"""Scaffold en français (la course à compter du gabarit : à remplacer par les règles du jeu)."""

from companion.rules.content import Language, Text

TEXT = Language(
    title="Scaffold — les règles en bref",
    intro="Une course à compter pour 2 à 4 joueurs : ajoutez 1 ou 2 à tour de rôle ; qui "
          "atteint 10 gagne.",
    rulebook="Scaffold — le jeu d'exemple de startgame",
    sections={"s-course": "Déroulement", "s-end": "Fin de la partie"},
    rules={
        "turn": Text("Un tour", "A turn — Un tour",
                     "Le premier joueur commence. À votre tour, ajoutez 1 ou 2 au total "
                     "commun ; puis le joueur suivant, dans le sens des aiguilles d'une "
                     "montre, ajoute à son tour."),
        "end": Text("Fin de la partie", "End of the game — Fin de la partie",
                    "Qui porte le total à 10 ou plus gagne aussitôt."),
    },
)
