"""HIT en français, avec les termes de la règle française (pion, maison, case Départ, barrière,
zone d'arrivée, défausse, pioche, Bouclier, Briseur de bouclier, renvoyer chez lui)."""

from companion.rules.content import Language, Text

TEXT = Language(
    title="HIT — les règles en bref",
    intro=(
        "HIT avec nos propres mots, d'après la règle de Ravensburger. La règle fait foi : là où "
        "cette page s'en écarte, c'est la règle qui compte. Chaque règle nomme sa section dans "
        "la règle du jeu, et chaque message de l'arbitre renvoie à la règle qu'il applique."
    ),
    rulebook="HIT, Ravensburger — règle en allemand, français et italien",
    sections={
        "s-contents": "Contenu",
        "s-setup": "Mise en place",
        "s-course": "Déroulement de la partie",
        "s-play": "1. Jouez des cartes de votre main et appliquez leurs effets",
        "s-moving": "Déplacer ses pions",
        "s-goal": "Arriver",
        "s-hitting": "Renvoyer des pions adverses chez eux",
        "s-coming-out": "Sortir",
        "s-buy": "2. Achetez de nouvelles cartes au marché",
        "s-draw": "3. Piochez des cartes",
        "s-market": "4. Complétez le marché",
        "s-end": "Fin de la partie",
        "s-variants": "Variantes",
        "s-symbols": "Aperçu des symboles",
        "s-cards": "Aperçu des cartes",
        "s-table": "À la vraie table",
    },
    rules={
        "material": Text(
            "Le contenu de la boîte",
            "Contenu",
            "Un plateau double face (recto pour 2 et 4 joueurs, verso pour 3), 16 pions (4 par "
            "couleur), 40 pièces (26 de 1 et 14 de 5) et 55 cartes : 6 cartes de départ par "
            "joueur et 31 cartes neutres.\n\n"
            "Le texte donne tout sauf ce que seules les images montrent — les cases du plateau, "
            "le coût et le nombre d'exemplaires de chaque carte. L'hôte les compare dans "
            "l'application avec sa propre boîte (« Vérifiez votre boîte » à la création d'une "
            "table HIT) et les enregistre comme configuration des nouvelles tables.",
        ),
        "setup": Text(
            "Mise en place",
            "Mise en place",
            "À 4 joueurs, chacun joue avec 3 pions ; à 2 ou 3, avec les 4. Vos pions sont dans "
            "la maison de votre couleur ; l'un d'eux commence sur votre case Départ, déjà « "
            "sorti ». Chacun mélange ses 6 cartes de départ pour en faire sa pioche et pioche 3 "
            "cartes. Les 31 cartes neutres sont mélangées en une pioche ; les 5 premières, face "
            "visible, forment le marché. Chacun reçoit une pièce de 1 et une pièce de 5. Le plus "
            "jeune commence.",
        ),
        "turn": Text(
            "Un tour en quatre étapes",
            "Déroulement de la partie",
            "On joue à tour de rôle dans le sens horaire. À votre tour, effectuez les 4 étapes "
            "dans l'ordre : 1. jouez les cartes de votre main, 2. achetez de nouvelles cartes, "
            "3. piochez des cartes, 4. complétez le marché. Une saisie qui ne correspond pas à "
            "l'étape en cours est refusée.",
        ),
        "play-hand": Text(
            "Jouer sa main",
            "1. Jouez des cartes de votre main et appliquez leurs effets",
            "Jouez les 3 cartes de votre main dans l'ordre que vous voulez, en appliquant "
            "intégralement chaque carte avant la suivante. Vous devez les jouer toutes, sans en "
            "garder. Une carte jouée va aussitôt face visible sur votre défausse : elle est donc "
            "au sommet avant même son effet. On ne joue qu'une carte qu'on a.",
        ),
        "moving": Text(
            "Déplacer",
            "Déplacer ses pions",
            "On ne déplace un pion que dans le sens horaire. On ne déplace pas plusieurs pions "
            "à la fois (sauf avec le 10 à répartir). On ne déplace que ses pions déjà sortis ; "
            "ceux de la maison doivent d'abord sortir. Les autres pions, même les siens, se "
            "sautent librement.",
        ),
        "unused": Text(
            "Défausser une carte sans appliquer son effet",
            "Déplacer ses pions",
            "Vous devez appliquer intégralement le déplacement de chaque carte jouée. Seulement "
            "si aucun pion ne peut le faire, la carte est défaussée sans effet — vous gagnez "
            "tout de même ses pièces, et son Bouclier protège tout de même. Une carte utilisable "
            "ne peut pas être défaussée sans effet.",
        ),
        "barrier": Text(
            "La barrière",
            "Arriver",
            "La dernière case avant votre zone d'arrivée porte votre barrière. Vos pions ne la "
            "franchissent jamais : chaque pion fait un seul tour de plateau, puis tourne vers sa "
            "zone d'arrivée. Les pions des autres couleurs la franchissent sans problème. On ne "
            "la franchit pas non plus à reculons : pas de recul depuis la case Départ ni hors de "
            "l'arrivée.",
        ),
        "goal-exact": Text(
            "Le nombre exact pour une case d'arrivée",
            "Arriver",
            "Un pion doit atteindre une case d'arrivée avec le nombre exact : aucun point de "
            "déplacement ne se perd, sinon la carte est défaussée sans effet. On peut sauter les "
            "pions déjà arrivés (en comptant leurs cases), et un pion arrivé peut avancer dans "
            "la zone. À 4 joueurs, chaque couleur a 3 cases d'arrivée (on ignore celle en "
            "pointillés), sinon 4.",
        ),
        "hitting": Text(
            "Renvoyer un pion chez lui",
            "Renvoyer des pions adverses chez eux",
            "Un pion qui termine son déplacement sur la case d'un pion adverse le renvoie sur un "
            "emplacement libre de sa maison. Seule la case d'arrivée du déplacement compte. Il "
            "est interdit de renvoyer ses propres pions : un déplacement qui vous amènerait sur "
            "l'un d'eux est impossible. Un pion sur sa case Départ n'est pas protégé.",
        ),
        "no-hitting": Text(
            "Le symbole « Aucun renvoi »",
            "Renvoyer des pions adverses chez eux",
            "Une carte avec ce symbole (carte de départ 1 à 5, le 11, le 10 à répartir) ne "
            "renvoie jamais personne. Si vous atterrissez sur un pion adverse, avancez jusqu'à "
            "la première case libre suivante — au-delà de toute une file de pions s'il le faut. "
            "Vous allez plus loin, mais risquez d'être renvoyé plus facilement.",
        ),
        "shield": Text(
            "Le Bouclier (protection)",
            "Renvoyer des pions adverses chez eux",
            "Si la carte au sommet de votre défausse porte un Bouclier (le 4 neutre, la carte de "
            "départ 3, la carte 3 pièces), tous vos pions sont protégés : un pion qui "
            "atterrirait sur l'un d'eux avance jusqu'à la première case libre suivante. Seule la "
            "carte du sommet compte, jouée normalement ou défaussée sans effet — l'ordre de vos "
            "cartes est donc important.",
        ),
        "shield-breaker": Text(
            "Le Briseur de bouclier",
            "Renvoyer des pions adverses chez eux",
            "Une carte avec le symbole Briseur de bouclier (le 6 neutre et la carte 3 / −1) "
            "renvoie un pion adverse chez lui même s'il est protégé : vous ignorez le Bouclier "
            "des autres.",
        ),
        "coming-out": Text(
            "Sortir un pion",
            "Sortir",
            "Deux manières de placer un pion de la maison sur votre case Départ : jouer une "
            "carte qui le permet (les cartes de départ 1 et 6), ou défausser 2 cartes au choix "
            "de votre main sans appliquer leurs effets — ni déplacement, ni pièces. Vous "
            "choisissez leur ordre ; la seconde est au sommet, son Bouclier compte.\n\n"
            "Si l'un de vos pions occupe votre case Départ, vous ne pouvez pas sortir. Un pion "
            "adverse qui s'y trouve est renvoyé chez lui ; s'il est protégé, votre pion va sur "
            "la prochaine case libre suivante.",
        ),
        "buying": Text(
            "Acheter",
            "2. Achetez de nouvelles cartes au marché",
            "Vous pouvez ensuite acheter une ou plusieurs cartes du marché avec vos pièces, au "
            "coût indiqué dans le coin supérieur droit (seule leur valeur compte ; la monnaie "
            "vient de la réserve). Chaque carte achetée va face cachée au sommet de votre "
            "pioche, pas sur votre défausse : vous la piocherez au prochain tour (la dernière "
            "achetée est au-dessus).",
        ),
        "drawing": Text(
            "Piocher",
            "3. Piochez des cartes",
            "Puis piochez 3 cartes de votre pioche. Seulement quand vous devez piocher et que "
            "votre pioche est vide, mélangez toute votre défausse pour former une nouvelle "
            "pioche et continuez jusqu'à avoir 3 cartes — pas dès que vous piochez la dernière. "
            "À la vraie table, la pioche reste secrète : le joueur peut nommer ses cartes sur son "
            "téléphone, et seules des cartes qu'il peut encore piocher sont acceptées.",
        ),
        "keep-shield": Text(
            "Garder le Bouclier en remélangeant",
            "3. Piochez des cartes : cas particulier : carte avec un Bouclier au sommet de la "
            "défausse",
            "Si une carte avec un Bouclier est au sommet de votre défausse au moment de la "
            "remélanger, vous pouvez la laisser seule dans la défausse : vous restez protégé un "
            "tour de plus, mais la récupérerez plus tard. Sinon, mélangez-la avec les autres. "
            "Seule une carte Bouclier peut rester, et seulement s'il y a d'autres cartes à "
            "mélanger.",
        ),
        "market": Text(
            "Compléter le marché",
            "4. Complétez le marché",
            "Complétez les emplacements vides du marché avec des cartes neutres de la pioche : "
            "autant que de cartes achetées. Si vous n'avez rien acheté, ignorez cette étape. "
            "Votre tour est terminé, c'est au joueur suivant. Quand la pioche neutre est "
            "épuisée, les emplacements restent vides.",
        ),
        "end": Text(
            "Gagner",
            "Fin de la partie",
            "Le premier joueur qui amène tous ses pions dans sa zone d'arrivée remporte "
            "immédiatement la partie, qu'il lui reste des cartes en main ou non. Ensuite, plus "
            "rien ne se joue.",
        ),
        "variant-no-shields": Text(
            "Variante « Plus méchant »",
            "Variantes",
            "On ignore le symbole Bouclier : les pions ne sont jamais protégés, et aucune carte "
            "Bouclier ne reste dans la défausse en remélangeant. La partie risque d'être plus "
            "longue.",
        ),
        "variant-four-figures": Text(
            "Variante « 4 au lieu de 3 »",
            "Variantes",
            "À 4 joueurs, chacun joue avec ses 4 pions au lieu de 3 et utilise les 4 cases "
            "d'arrivée. À 2 ou 3, c'est de toute façon la règle.",
        ),
        "no-goal-entry": Text(
            "Le symbole « Pas d'arrivée »",
            "Aperçu des symboles",
            "Une carte avec ce symbole (juste derrière, sauter 1 ou 2 groupes) ne fait jamais "
            "entrer un pion dans la zone d'arrivée, et ne déplace pas non plus un pion qui s'y "
            "trouve déjà.",
        ),
        "card-moves": Text(
            "Chaque carte se joue comme décrit",
            "Aperçu des cartes",
            "Effectuez intégralement chaque déplacement tel qu'il est décrit : la carte amène le "
            "pion là où elle le dit, et nulle part ailleurs. L'arbitre nomme la case où la carte "
            "mène vraiment.",
        ),
        "start-deck": Text(
            "Les cartes de départ",
            "Aperçu des cartes : cartes de départ",
            "Les 6 cartes de départ de chaque couleur : 3 pièces ; 1 — sortir, ou avancer d'1 "
            "case ; 6 — sortir, ou avancer de 6 cases ; 1 à 5 cases au choix, aucun renvoi (un "
            "nombre qui tombe sur un pion adverse est permis : vous allez à la prochaine case "
            "libre) ; 3 cases, 2 pièces et Bouclier ; la prochaine case de coin libre et 1 "
            "pièce.\n\n"
            "La carte case de coin saute les cases de coin occupées et ne renvoie jamais "
            "personne ; sans case de coin libre avant votre barrière, elle est défaussée sans "
            "effet (la pièce est tout de même gagnée).",
        ),
        "number-cards": Text(
            "Les cartes neutres numérotées",
            "Aperçu des cartes : cartes neutres",
            "Elles avancent un pion du nombre de cases indiqué : le 4 avec un Bouclier ; les 5, "
            "7 et 8 avec 2 pièces ; le 6 avec 1 pièce et un Briseur de bouclier ; le 11 sans "
            "renvoi. La carte 3 / −1 avance de 3 cases ou recule d'1 case (exceptionnellement "
            "dans le sens antihoraire ; en reculant, elle renvoie comme tout déplacement), est "
            "un Briseur de bouclier et ne franchit jamais votre barrière à reculons.",
        ),
        "split10": Text(
            "Le 10 à répartir",
            "Aperçu des cartes",
            "Répartissez intégralement 10 points de déplacement entre un ou plusieurs de vos "
            "pions. Aucun pion n'est renvoyé, et chaque pion ne se déplace qu'une fois. Les "
            "parts se jouent l'une après l'autre ; les pions arrivés peuvent y participer. Si "
            "les 10 points ne peuvent pas être répartis intégralement, la carte est défaussée "
            "sans effet.",
        ),
        "jumps-and-coins": Text(
            "Sauts, cases de coin et pièces",
            "Aperçu des cartes",
            "Sautez directement sur la case avec une barrière et une flèche suivante, ou sur la "
            "case Départ suivante, de n'importe quelle couleur, même d'une couleur qui ne joue "
            "pas ; votre propre barrière compte. Ces sauts renvoient comme d'habitude. La carte "
            "cases de coin avance de 1, 2 ou 3 cases de coin au choix — libres ou non, elle peut "
            "donc renvoyer. Les cartes pièces rapportent 3 pièces (avec Bouclier) ou 5 pièces.",
        ),
        "hunt": Text(
            "La chasse",
            "Aperçu des cartes",
            "Avancez jusqu'au pion adverse le plus proche devant vous et renvoyez-le chez lui ; "
            "vous pouvez sauter vos propres pions. S'il est protégé, avancez jusqu'à la première "
            "case libre suivante, comme d'habitude — même dans votre zone d'arrivée s'il se "
            "trouve sur votre flèche devant elle. Sans pion adverse devant vous avant votre "
            "barrière, la carte ne peut pas servir.",
        ),
        "behind": Text(
            "Juste derrière",
            "Aperçu des cartes",
            "Avancez jusqu'à la case juste derrière le pion le plus proche devant vous, de "
            "n'importe quelle couleur, sans le dépasser. Si vous y êtes déjà, il n'y a pas de "
            "déplacement. Pas d'arrivée.",
        ),
        "jump-groups": Text(
            "Sauter 1 ou 2 groupes",
            "Aperçu des cartes",
            "Sautez par-dessus 1 ou 2 groupes de pions, au choix, et arrêtez-vous sur la "
            "première case libre devant le groupe. Un groupe est un ou plusieurs pions à la "
            "suite ; si votre pion fait partie d'un groupe, les pions devant lui comptent déjà "
            "comme premier groupe. Cette carte ne renvoie jamais. Pas d'arrivée.",
        ),
        "entering-hands": Text(
            "Les mains saisies sur les téléphones",
            "1. Jouez des cartes de votre main (ce qu'ajoute l'application)",
            "Le contenu de chaque deck est connu (les cartes de départ, chaque achat), de même "
            "que chaque défausse ; seul l'ordre d'une pioche mélangée est caché. Un coup nomme sa "
            "carte et est vérifié sur les cartes que le joueur peut avoir. Chacun peut saisir sa "
            "main en secret ; elle doit correspondre à ce qu'on sait, avec chaque carte qu'on "
            "sait s'y trouver.",
        ),
    },
)
