"""Life is Life en français. La règle est l'italienne : chaque règle nomme sa section italienne
avec une traduction française."""

from companion.rules.content import Language, Text

TEXT = Language(
    title="Life is Life — les règles en bref",
    intro=(
        "Life is Life – Schwimm um dein Leben avec nos propres mots, d'après la règle italienne "
        "(« Nuota per la tua vita », Nürnberger-Spielkarten-Verlag). La règle fait foi : là où "
        "cette page s'en écarte, c'est la règle qui compte. Chaque règle nomme sa section dans "
        "la règle du jeu, et chaque message de l'arbitre renvoie à la règle qu'il applique."
    ),
    rulebook="Life is Life (Nuota per la tua vita), NSV — règle en italien",
    sections={
        "s-contents": "Matériel",
        "s-setup": "Préparation",
        "s-play": "Déroulement de la partie",
        "s-sudden": "Fin immédiate de la manche (Sudden Death)",
        "s-normal": "Fin normale de la manche",
        "s-further": "Manches suivantes et fin de la partie",
        "s-expert": "Variante pour experts",
        "s-table": "À la vraie table",
    },
    rules={
        "cards": Text(
            "Les cartes animaux",
            "Materiale — Matériel",
            "60 cartes animaux. La valeur d'un animal est le nombre dans le coin de la carte, "
            "qui est aussi son nombre d'exemplaires : girafe 9, ours 8, taupe 7, chèvre 7, "
            "mouton 6, chien 6, lièvre 5, cochon 5, chat 4, souris 3. Aucun animal ne peut être "
            "saisi plus souvent.",
        ),
        "lives": Text(
            "Les vies",
            "Preparativi di gioco — Préparation",
            "Chaque joueur commence avec 5 vies. En créant la table, on peut choisir de 1 à 9 "
            "vies par joueur, pour une partie plus courte ou plus longue.",
        ),
        "deal": Text(
            "La distribution",
            "Preparativi di gioco — Préparation",
            "Les 60 cartes sont mélangées et distribuées : chaque joueur en reçoit 10 en main, "
            "et 10 sont posées face visible au centre en quatre rangées d'exactement 1, 2, 3 et "
            "4 cartes. À moins de 5 joueurs, les cartes restantes sont mises de côté face "
            "cachée, inutilisées pour la manche. Chaque manche se distribue comme la première. À "
            "la vraie table, la distribution est annoncée avec ses rangées ; les mains restent "
            "inconnues jusqu'à ce que leurs joueurs les saisissent.",
        ),
        "turn": Text(
            "Un tour",
            "Svolgimento del gioco — Déroulement de la partie",
            "On choisit qui commence, puis on joue dans le sens horaire. À votre tour, vous devez "
            "soit échanger des cartes (A), soit frapper (B). Une manche commence par la "
            "distribution et finit en montrant les mains ; une saisie qui ne correspond pas au "
            "moment est refusée.",
        ),
        "swap": Text(
            "A) Échanger des cartes",
            "Svolgimento del gioco : A) Cambiare carte — échanger des cartes",
            "Choisissez une rangée quelconque. Posez d'abord autant de vos cartes que la rangée "
            "en compte, puis prenez toute la rangée en main ; les cartes posées deviennent cette "
            "rangée. Vous choisissez librement les cartes posées — mais seulement des cartes que "
            "vous avez.",
        ),
        "swap-different": Text(
            "Pas les mêmes animaux en retour",
            "Svolgimento del gioco : A) Cambiare carte — échanger des cartes",
            "Vous ne pouvez pas poser exactement les animaux que vous prenez : les cartes posées "
            "doivent différer de la rangée d'au moins une carte. Sara veut la deuxième rangée, "
            "une taupe et un ours : elle ne peut pas poser une taupe et un ours pour elle, mais "
            "n'importe quelles deux autres cartes. Avec 10 cartes en main, un échange est "
            "toujours possible.",
        ),
        "knock": Text(
            "B) Frapper",
            "Svolgimento del gioco : B) Picchiettare — frapper",
            "Au lieu d'échanger, vous pouvez frapper sur la table pour annoncer le dernier tour "
            "— mais seulement si vous avez échangé au moins une fois dans cette manche. Chaque "
            "autre joueur joue alors exactement une fois encore : échanger une dernière fois, ou "
            "frapper aussi et garder ses cartes. Puis la manche est décomptée.",
        ),
        "sudden-death": Text(
            "Sudden Death",
            "Fine immediata della tornata — fin immédiate de la manche",
            "Si, après un échange, un joueur a les 4 chats, les 5 lièvres ou les 5 cochons, il "
            "l'annonce et montre ses cartes : la manche s'arrête aussitôt, même après qu'on a "
            "frappé. Tous les autres perdent 1 vie ; pas de décompte normal.\n\n"
            "À la vraie table, le joueur l'annonce avec son échange, et l'application vérifie "
            "l'annonce d'après ce qu'elle sait. Une main saisie plus tard avec une telle série, "
            "alors que son joueur a échangé sans l'annoncer, est refusée : la manche se serait "
            "arrêtée.",
        ),
        "majorities": Text(
            "Les majorités",
            "Fine normale della tornata — fin normale de la manche",
            "Après le dernier tour, chacun montre ses 10 cartes triées par animal. Pour chaque "
            "animal, celui qui en a plus que chacun des autres joueurs marque sa valeur ; si "
            "plusieurs en ont le plus, personne ne marque. Mia a quatre girafes, Tim trois et "
            "Sara une : Mia marque 9.\n\n"
            "Tant que plus de 2 joueurs sont en jeu, une seule carte peut faire la majorité ; "
            "dès qu'il n'en reste que 2, une majorité demande au moins 2 cartes.",
        ),
        "lives-lost": Text(
            "Les vies perdues",
            "Fine normale della tornata — fin normale de la manche",
            "Chacun additionne ses points. Le total le plus haut ne perd aucune vie, le plus bas "
            "en perd 2, tous les autres 1 ; les ex æquo partagent le même sort, et si tous sont "
            "à égalité, personne ne perd de vie. Tim 15, Mia 13, Lino 10, Leo et Anna 7 : Tim "
            "n'en perd aucune, Mia et Lino 1, Leo et Anna 2 chacun.",
        ),
        "next-round": Text(
            "La manche suivante",
            "Altre tornate e fine del gioco — manches suivantes",
            "Chaque manche suivante se prépare et se joue comme la première. Elle commence par le "
            "voisin de gauche de celui qui a commencé la précédente ; s'il est éliminé, c'est son "
            "voisin de gauche qui commence.",
        ),
        "end": Text(
            "Éliminé, et le gagnant",
            "Altre tornate e fine del gioco — fin de la partie",
            "Qui perd sa dernière vie est éliminé aussitôt : plus de cartes, plus de tours. Le "
            "dernier joueur en jeu gagne ; ensuite, plus rien ne se joue.",
        ),
        "expert": Text(
            "Variante pour experts",
            "Variante per esperti — variante pour experts",
            "Toutes les règles restent, sauf que seuls les 5 lièvres ou les 5 cochons arrêtent "
            "aussitôt une manche — quatre chats ne sont que quatre chats. Le joueur qui a la "
            "série gagne 1 vie ; tous les autres en perdent 1.",
        ),
        "entering-hands": Text(
            "Les mains saisies sur les téléphones",
            "Svolgimento del gioco (ce qu'ajoute l'application)",
            "Presque tout est public : les rangées sont face visible, chaque carte prise ou posée "
            "est vue de tous. Seules les mains distribuées sont cachées. Chacun peut saisir sa "
            "main en secret à tout moment ; elle doit correspondre à ce qu'on sait : 10 cartes, "
            "avec chaque carte qu'on y a vue entrer. Quand une manche finit normalement, chaque "
            "joueur encore en jeu montre sa main sur son téléphone (déjà remplie s'il l'avait "
            "saisie ; le scribe peut saisir toute main telle qu'elle est posée sur la table) ; "
            "la manche est comptée quand la dernière est montrée, et une main montrée deux fois "
            "est refusée. Chaque fin de manche demande toutes les mains : personne ne peut en "
            "déduire ce qu'un autre avait saisi.",
        ),
    },
)
