"""DOG en français, avec les termes de la règle française (pion, zone de départ, case départ,
zone d'arrivée, carte d'échange)."""

from companion.rules.content import Language, Text

TEXT = Language(
    title="DOG — les règles en bref",
    intro=(
        "DOG avec nos propres mots, d'après la règle de Schmidt Spiele. La règle fait foi : là "
        "où cette page s'en écarte, c'est la règle qui compte. Chaque règle nomme sa section "
        "dans la règle du jeu, et chaque message de l'arbitre renvoie à la règle qu'il applique."
    ),
    rulebook="DOG, Schmidt Spiele — règle en allemand, français, italien et anglais",
    sections={
        "s-contents": "Matériel du jeu et but du jeu",
        "s-how-to-play": "Déroulement de la partie",
        "s-starting-space": "Case départ",
        "s-moving": "Déplacer et prendre",
        "s-compulsion": "Obligation",
        "s-arrival": "L'arrivée",
        "s-blue-cards": "Les cartes à fond bleu",
        "s-red-cards": "Les cartes à fond rouge et leur fonction spéciale",
        "s-team": "Le partenaire",
        "s-end": "Fin de la partie",
        "s-special": "Règles spéciales pour une partie à 2, 3 ou 5",
        "s-table": "À la vraie table",
        "s-house": "Règles maison (choisies à la création de la table)",
    },
    rules={
        "cards-and-board": Text(
            "Cartes et plateau",
            "Matériel du jeu",
            "110 cartes : 8 de chacune des cartes 1/11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13 et "
            "échange, plus 6 jokers. Aucune carte ne peut être saisie plus souvent que le jeu "
            "ne la contient.\n\n"
            "Chaque couleur a 4 places dans sa zone de départ, sa case départ, 16 cases de "
            "parcours jusqu'à la case départ suivante et 4 cases dans sa zone d'arrivée. "
            "L'application dessine un plateau compact de 16 cases par couleur ; le réglage "
            "« plateau Schmidt » dessine le vrai plateau double face (64 cases de 2 à 4 "
            "joueurs, 96 à 5 ou 6).",
        ),
        "teams": Text(
            "Les équipes",
            "But du jeu",
            "Deux joueurs assis l'un en face de l'autre forment une équipe (à 4 : deux équipes, "
            "à 6 : trois). Chacun essaie d'amener ses quatre pions de la zone de départ à "
            "l'arrivée, mais personne ne gagne seul : une équipe gagne quand ses 8 pions sont "
            "arrivés.\n\n"
            "À 2, 3 ou 5 joueurs, chacun joue pour soi (règles spéciales plus bas). À cette "
            "table, 4 ou 6 joueurs peuvent aussi jouer chacun pour soi ; la règle ne le décrit "
            "pas.",
        ),
        "dealing": Text(
            "La distribution",
            "Préparatifs ; Déroulement de la partie",
            "Le donneur distribue 6 cartes à chaque joueur et passe la pioche à son voisin de "
            "gauche, qui distribue la manche suivante et la commence. Les manches se jouent avec "
            "6, 5, 4, 3, 2 cartes, puis de nouveau 6. Si la pioche ne suffit plus pour "
            "distribuer, on mélange les cartes écartées pour former une nouvelle pioche — "
            "seulement alors. Dans l'application, la table annonce la distribution et le "
            "mélange ; la première manche commence par la première place.",
        ),
        "exchange": Text(
            "L'échange d'une carte avec le partenaire",
            "Déroulement de la partie",
            "Après chaque distribution, avant que quiconque joue, les partenaires échangent une "
            "carte face cachée. On ne regarde la carte reçue qu'après avoir donné la sienne. Une "
            "manche, c'est toujours : distribution, échange, puis les coups à tour de rôle ; une "
            "saisie qui ne correspond pas à l'étape en cours est refusée.",
        ),
        "turn": Text(
            "Un tour",
            "Déroulement de la partie",
            "Le joueur devant lequel se trouve la pioche commence : il pose une carte face "
            "visible au milieu et déplace un pion en fonction de la carte. On ne pioche pas. "
            "Puis c'est au joueur suivant dans le sens des aiguilles d'une montre. On ne peut "
            "jouer qu'une carte qu'on a : qui a saisi sa main est aussi vérifié là-dessus.",
        ),
        "out-for-the-round": Text(
            "Abandonner pour la manche",
            "Déroulement de la partie",
            "Un joueur qui ne peut ni démarrer ni déplacer l'un de ses pions abandonne pour "
            "cette manche : il ne peut plus utiliser ses cartes et les place au milieu (face "
            "cachée à cette table). En équipe, on n'écarte jamais une seule carte. La manche est "
            "finie quand toutes les cartes sont jouées ou écartées.",
        ),
        "coming-out": Text(
            "Sortir un pion",
            "Case départ",
            "Au début (ou quand tous vos pions sont dans la zone de départ ou d'arrivée), il "
            "faut d'abord amener un pion de la zone de départ sur la case départ. Il faut pour "
            "cela une carte « départ » (1/11 ou 13) ou un joker, et un pion encore dans la zone "
            "de départ. Le pion sort toujours sur la case départ de sa propre couleur.",
        ),
        "start-protection": Text(
            "Un pion sur sa case départ est protégé",
            "Case départ",
            "Aussi longtemps qu'un pion se trouve sur la case départ de sa couleur, il est "
            "protégé : il ne peut être ni pris, ni échangé, ni doublé — peu importe comment il y "
            "est arrivé (sortie, un tour complet, le 4 en arrière, un échange).\n\n"
            "Il bloque tous les pions, les siens aussi : personne ne le dépasse, ni avec le 7 ni "
            "avec le 4 en arrière, et aucun autre pion de sa couleur ne peut sortir tant qu'il y "
            "est. Un pion d'une autre couleur sur votre case départ n'est pas protégé : en "
            "sortant, vous le prenez.",
        ),
        "moving": Text(
            "Déplacer",
            "Déplacer et prendre",
            "Une carte déplace l'un de vos pions d'autant de cases dans le sens des aiguilles "
            "d'une montre (ou en sens inverse, comme en Suisse, si convenu au début : un réglage "
            "de la table). On peut sauter ses propres pions et ceux des autres — les cases "
            "comptent — mais pas un pion protégé sur sa case départ. On ne déplace que ses "
            "propres pions (ceux du partenaire une fois tous les siens arrivés), et seulement "
            "un pion qui s'y trouve.",
        ),
        "knocking-out": Text(
            "Prendre",
            "Déplacer et prendre",
            "Un seul pion par case. Un pion qui termine son déplacement sur une case occupée "
            "prend le pion qui s'y trouve — même le sien ou celui du partenaire — et celui-ci "
            "retourne dans sa zone de départ. Le 7 prend en plus tous les pions qu'il double.",
        ),
        "compulsion": Text(
            "Chaque carte jouée entièrement ; qui peut jouer doit jouer",
            "Obligation",
            "On doit exécuter complètement chaque carte, même le 7 : aucun point ne se perd. "
            "Vous choisissez la carte, mais tant qu'une de vos cartes est jouable, vous devez "
            "jouer (l'arbitre nomme un coup possible). Ainsi un pion qui atteindrait l'arrivée "
            "avec 5 cases, avec seulement des cartes plus fortes, doit passer devant l'arrivée "
            "et refaire un tour.",
        ),
        "entering-the-goal": Text(
            "Entrer dans la zone d'arrivée",
            "L'arrivée",
            "On entre toujours dans la zone d'arrivée de sa couleur en avançant, en passant par "
            "la case départ — jamais directement depuis la case départ, même après un tour "
            "complet. La case départ compte : 4 cases avant elle, un 8 amène le pion sur la "
            "dernière case d'arrivée.\n\n"
            "Entrer est un choix : un pion peut passer devant son arrivée et refaire un tour.",
        ),
        "in-the-goal": Text(
            "Dans la zone d'arrivée",
            "L'arrivée",
            "Dans la zone d'arrivée les pions sont protégés. On ne peut ni y sauter un pion, ni "
            "y prendre, ni aller en arrière — ni pour y entrer, ni dedans, ni pour en sortir. Un "
            "pion n'y avance que jusqu'au pion suivant et n'en ressort jamais.",
        ),
        "blue-cards": Text(
            "Les cartes numérotées",
            "Les cartes à fond bleu",
            "Les cartes à fond bleu (2, 3, 5, 6, 8, 9, 10, 12) avancent un pion d'exactement "
            "autant de cases. Chaque carte compte exactement sa valeur : le 4 quatre cases, le "
            "1/11 une ou onze, le 13 treize, le 7 sept en tout.",
        ),
        "start-cards": Text(
            "Les cartes « départ » 1/11 et 13",
            "Les cartes à fond rouge et leur fonction spéciale",
            "Une carte « départ » place un pion de la zone de départ sur la case départ. De "
            "manière alternative, le 1/11 avance un pion de 1 ou de 11 cases et le 13 de 13 "
            "cases.",
        ),
        "four": Text(
            "Le 4",
            "Les cartes à fond rouge et leur fonction spéciale",
            "Le 4 avance ou recule un pion de 4 cases ; c'est la seule carte qui recule — mais "
            "jamais en arrière pour entrer dans l'arrivée, dedans ou pour en sortir. L'astuce de "
            "la règle : reculer de 4 depuis la case départ, puis un 5, 6, 7, 8 ou un joker "
            "amène le pion directement à l'arrivée.",
        ),
        "seven": Text(
            "Le 7",
            "Les cartes à fond rouge et leur fonction spéciale",
            "On peut répartir les 7 points entre un nombre quelconque de ses propres pions (par "
            "exemple 5 et 2). Il faut utiliser les 7 points ; si c'est impossible, on ne peut "
            "pas jouer le 7.\n\n"
            "Tout pion doublé par le 7 — même les siens et ceux du partenaire — est pris, au "
            "moment où il est doublé : l'ordre des pas compte. Les pions protégés et les règles "
            "de l'arrivée arrêtent le 7 comme toute carte. Dans l'application, le 7 se saisit "
            "pas à pas.",
        ),
        "seven-partner": Text(
            "Le reste du 7 pour le partenaire",
            "Les cartes à fond rouge et leur fonction spéciale",
            "Exception : si votre dernier pion a besoin de moins de 7 points (par exemple 4), "
            "vous pouvez jouer le 7 et avancer le pion de votre partenaire des points restants "
            "(3) — mais seulement une fois tous vos pions arrivés. Le 7 doit quand même être "
            "utilisé entièrement. À 2, 3 ou 5 joueurs, votre cinquième pion prend le reste.",
        ),
        "swap": Text(
            "La carte d'échange",
            "Les cartes à fond rouge et leur fonction spéciale",
            "On doit échanger un de ses propres pions avec un pion d'un adversaire ou du "
            "partenaire, même si cela présente un inconvénient, et ce dès qu'un échange est "
            "possible. Les deux pions doivent être sur le parcours : ni les pions protégés sur "
            "leur case départ, ni les pions à l'arrivée ou dans la zone de départ ne peuvent "
            "être échangés — le sien non plus.\n\n"
            "S'il n'y a que ses propres pions ou des pions protégés sur le parcours, la carte "
            "est écartée sans effet. Un pion échangé sur sa propre case départ y est protégé.",
        ),
        "joker": Text(
            "Le joker",
            "Les cartes à fond rouge et leur fonction spéciale",
            "Le joker prend la fonction ou la valeur de n'importe quelle autre carte, rouge ou "
            "bleue, et se joue alors comme cette carte, avec son effet. Ce n'est jamais un "
            "passe-droit : un joker ne se joue pas comme carte d'échange sans effet.",
        ),
        "partner-play": Text(
            "Aider son partenaire",
            "Le partenaire",
            "Une fois tous vos pions arrivés, vous aidez votre partenaire : vous déplacez ses "
            "pions (les sortir, les échanger, répartir un 7 entre eux) et recevez toujours des "
            "cartes. Avant cela, vous ne déplacez que vos propres pions, jamais ceux d'un "
            "adversaire. Les partenaires ne communiquent pas sur leurs cartes ou leurs coups.",
        ),
        "end": Text(
            "Gagner",
            "Fin de la partie",
            "La première équipe à faire entrer ses 8 pions dans la zone d'arrivée gagne aussitôt, "
            "même au milieu d'une manche. Il n'est pas obligatoire d'utiliser toutes ses cartes, "
            "mais la dernière carte jouée doit être utilisée entièrement. Après la fin, plus "
            "rien ne se joue.",
        ),
        "two-three-five": Text(
            "À 2, 3 ou 5 joueurs",
            "Règles spéciales pour une partie à 2, 3 ou 5",
            "Chacun joue pour soi avec 5 pions : 4 dans la zone de départ et 1 sur la case "
            "départ. Un joueur qui ne peut déplacer aucun pion écarte une carte et en pioche une "
            "nouvelle ; s'il ne peut toujours pas jouer, il en écarte une autre (pour que tous "
            "aient le même nombre de cartes). Personne n'abandonne toute sa main. Au début de "
            "chaque manche, chacun donne une carte de son choix à son voisin de gauche. Le "
            "premier à faire entrer 4 pions a gagné.",
        ),
        "entering-hands": Text(
            "Les mains saisies sur les téléphones",
            "Déroulement de la partie (ce qu'ajoute l'application)",
            "L'application ne connaît que les cartes annoncées par la table. Un coup joué d'une "
            "main que personne n'a saisie n'est vérifié que sur le plateau. Chacun peut saisir "
            "sa propre main à tout moment (seul son téléphone la voit) ; elle doit correspondre "
            "à ce qu'on sait : autant de cartes que distribuées moins celles jouées, avec chaque "
            "carte qu'on sait s'y trouver.",
        ),
        "house-start-protection": Text(
            "Règle maison : qui est protégé sur la case départ",
            "Case départ",
            "Règle : un pion sur sa case départ est protégé, peu importe comment il y est "
            "arrivé. Règle maison « seulement en sortant » : seul un pion sorti de la zone de "
            "départ sur cette case est protégé.",
        ),
        "house-start-blocks-own": Text(
            "Règle maison : le pion protégé bloque sa couleur",
            "Case départ",
            "Règle : le pion protégé bloque aussi les pions de sa propre couleur. Règle maison "
            "désactivée : vos propres pions peuvent le dépasser (sans s'y arrêter).",
        ),
        "house-goal-entry-mandatory": Text(
            "Règle maison : entrer à l'arrivée est obligatoire",
            "L'arrivée",
            "Règle : entrer dans la zone d'arrivée est un choix. Règle maison activée : un pion "
            "qui peut terminer son déplacement dans sa zone d'arrivée doit y entrer.",
        ),
        "house-goal-from-start": Text(
            "Règle maison : directement de la case départ à l'arrivée",
            "L'arrivée",
            "Règle : jamais directement de la case départ à l'arrivée. Règle maison activée : un "
            "pion sur sa case départ peut entrer directement.",
        ),
        "house-knock-own": Text(
            "Règle maison : prendre ses propres pions",
            "Déplacer et prendre",
            "Règle : s'arrêter sur son propre pion ou celui du partenaire le prend, et le 7 les "
            "prend en les doublant. Règle maison désactivée : on ne peut pas s'y arrêter, et un "
            "7 les double sans les prendre.",
        ),
        "house-seven-partner": Text(
            "Règle maison : le reste du 7 pour le partenaire",
            "Les cartes à fond rouge et leur fonction spéciale",
            "Règle : après votre dernier pion, le reste d'un 7 va aux pions du partenaire. Règle "
            "maison désactivée : le 7 ne s'utilise qu'avec ses propres pions.",
        ),
        "house-swap-void": Text(
            "Règle maison : carte d'échange sans échange possible",
            "Les cartes à fond rouge et leur fonction spéciale",
            "Règle : sans échange possible, la carte d'échange est écartée sans effet. Règle "
            "maison désactivée : elle ne peut alors pas être jouée.",
        ),
        "house-fold-face-up": Text(
            "Règle maison : cartes écartées face visible",
            "Déroulement de la partie",
            "Règle : une main abandonnée (et, à 2, 3 ou 5, une carte écartée) est posée face "
            "cachée. Règle maison activée : tout le monde la voit.",
        ),
        "house-card-exchange": Text(
            "Règle maison : l'échange de cartes",
            "Déroulement de la partie",
            "Règle : une carte est échangée après chaque distribution. Règle maison désactivée : "
            "pas d'échange.",
        ),
    },
)
