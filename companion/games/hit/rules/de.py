"""HIT auf Deutsch, mit den Begriffen der deutschen Spielregel (Figur, Wartefeld, Startfeld,
Schranke, Zielbereich, Ablagestapel, Nachziehstapel, Schild, Schildbrecher)."""

from companion.rules.content import Language, Text

TEXT = Language(
    title="HIT — die Regeln in Kürze",
    intro=(
        "HIT in unseren eigenen Worten, nach der Spielregel von Ravensburger. Maßgebend ist "
        "die Spielregel: Wo diese Seite von ihr abweicht, gilt die Spielregel. Jede Regel nennt "
        "ihren Abschnitt in der Spielregel, und jede Meldung des Schiedsrichters verweist auf "
        "die Regel, die sie durchsetzt."
    ),
    rulebook="HIT, Ravensburger — Spielregel auf Deutsch, Französisch und Italienisch",
    sections={
        "s-contents": "Spielmaterial",
        "s-setup": "Spielvorbereitung",
        "s-course": "Spielablauf",
        "s-play": "1. Handkarten spielen und ausführen",
        "s-moving": "Figuren bewegen",
        "s-goal": "Zieleinlauf",
        "s-hitting": "Figuren schlagen",
        "s-coming-out": "Rauskommen",
        "s-buy": "2. Neue Karten aus dem Markt kaufen",
        "s-draw": "3. Karten nachziehen",
        "s-market": "4. Kartenmarkt auffüllen",
        "s-end": "Spielende",
        "s-variants": "Varianten",
        "s-symbols": "Übersicht aller Symbole",
        "s-cards": "Übersicht aller Karten",
        "s-table": "Am echten Tisch",
    },
    rules={
        "material": Text(
            "Was in der Schachtel ist",
            "Spielmaterial",
            "Ein doppelseitiger Spielplan (Vorderseite für 2 und 4 Personen, Rückseite für 3), "
            "16 Figuren (je 4 pro Spielfarbe), 40 Münzen (26 × 1er, 14 × 5er) und 55 Karten: je "
            "6 Startkarten pro Spielfarbe und 31 neutrale Karten.\n\n"
            "Der Text nennt alles außer dem, was nur die Bilder zeigen — die Felder des "
            "Spielplans sowie Kosten und Anzahl jeder Karte. Der Gastgeber vergleicht diese in "
            "der App mit der eigenen Schachtel („Prüfe deine Schachtel“ beim neuen HIT-Tisch) "
            "und speichert sie als Aufbau, mit dem neue Tische spielen.",
        ),
        "setup": Text(
            "Spielvorbereitung",
            "Mise en place (nur im französischen und italienischen Text)",
            "Zu viert spielt jeder mit 3 Figuren, zu zweit oder zu dritt mit allen 4. Deine "
            "Figuren stehen auf den Wartefeldern deiner Farbe; eine davon steht von Beginn an "
            "auf deinem Startfeld und ist schon rausgekommen. Jeder mischt die 6 Startkarten "
            "seiner Farbe als Nachziehstapel und zieht 3. Die 31 neutralen Karten werden "
            "gemischt; die obersten 5 liegen offen aus: der Kartenmarkt. Jeder erhält eine 1er- "
            "und eine 5er-Münze. Wer am jüngsten ist, beginnt.",
        ),
        "turn": Text(
            "Ein Zug in vier Schritten",
            "Spielablauf",
            "Gespielt wird reihum im Uhrzeigersinn. Wer an der Reihe ist, führt nacheinander "
            "vier Schritte aus: 1. Handkarten spielen und ausführen, 2. neue Karten kaufen, 3. "
            "Karten nachziehen, 4. Kartenmarkt auffüllen. Eine Eingabe, die nicht zum aktuellen "
            "Schritt passt, wird abgelehnt.",
        ),
        "play-hand": Text(
            "Die Handkarten spielen",
            "1. Handkarten spielen und ausführen",
            "Spiele deine 3 Handkarten in einer Reihenfolge deiner Wahl und führe jede komplett "
            "aus, bevor du die nächste spielst. Du musst alle spielen und darfst keine "
            "„aufbewahren“. Eine gespielte Karte kommt sofort offen auf deinen Ablagestapel — "
            "sie ist also schon vor ihrer Wirkung die oberste Karte. Spielen kannst du nur eine "
            "Karte, die du hast.",
        ),
        "moving": Text(
            "Bewegen",
            "Figuren bewegen",
            "Figuren werden normalerweise nur im Uhrzeigersinn bewegt. Eine Bewegung gilt nur "
            "für 1 Figur und wird nicht aufgeteilt (Ausnahme: die geteilte 10). Du bewegst nur "
            "eigene Figuren, die bereits rausgekommen sind; Figuren auf Wartefeldern müssen "
            "zuerst rauskommen. Andere Figuren, auch eigene, werden frei übersprungen.",
        ),
        "unused": Text(
            "Eine Karte ungenutzt ablegen",
            "Figuren bewegen",
            "Du musst die Bewegung jeder gespielten Karte vollständig ausführen. Nur wenn keine "
            "Figur das kann, legst du die Karte ungenutzt ab — die Münzen erhältst du trotzdem, "
            "und ihr Schild schützt trotzdem. Eine Karte, die sich nutzen lässt, darf nicht "
            "ungenutzt abgelegt werden.",
        ),
        "barrier": Text(
            "Die Schranke",
            "Zieleinlauf",
            "Das Feld direkt vor deinem Zielbereich zeigt deine Schranke. Deine eigenen Figuren "
            "ziehen niemals darüber hinweg: Jede Figur läuft genau eine Runde und biegt dann in "
            "den Zielbereich ab. Andersfarbige Figuren ziehen problemlos darüber. Auch rückwärts "
            "geht es nie über die eigene Schranke: nicht vom Startfeld zurück, nicht aus dem "
            "Ziel heraus.",
        ),
        "goal-exact": Text(
            "Passend auf ein Zielfeld",
            "Zieleinlauf",
            "Eine Figur muss passend auf ein Zielfeld ziehen: Kein Schritt einer Karte darf "
            "verfallen, sonst wird die Karte ungenutzt abgelegt. Figuren, die schon auf "
            "Zielfeldern stehen, dürfen übersprungen werden (ihre Felder zählen), und Figuren im "
            "Ziel dürfen darin weiterziehen. Zu viert hat jede Farbe 3 Zielfelder (das "
            "gepunktete zählt nicht), sonst 4.",
        ),
        "hitting": Text(
            "Schlagen",
            "Figuren schlagen",
            "Beendest du deine Bewegung auf dem Feld einer gegnerischen Figur, schlägst du sie: "
            "Sie kommt zurück auf ein freies Wartefeld ihrer Farbe. Es zählt nur das Feld, auf "
            "dem die Bewegung endet. Eigene Figuren darfst du nicht schlagen: Eine Bewegung, "
            "die auf einer eigenen Figur enden würde, darfst du nicht ausführen. Eine Figur auf "
            "ihrem Startfeld ist nicht geschützt.",
        ),
        "no-hitting": Text(
            "Symbol „Nicht schlagen“",
            "Figuren schlagen",
            "Eine Karte mit diesem Symbol (Startkarte 1–5, die 11, die geteilte 10) schlägt "
            "nie. Würdest du auf einer gegnerischen Figur landen, bewegst du dich stattdessen "
            "auf das nächste freie Feld vor ihr — wenn nötig an einer ganzen Reihe Figuren "
            "vorbei. So kommst du weiter als angegeben, kannst aber leichter geschlagen werden.",
        ),
        "shield": Text(
            "Symbol „Geschützt“ (Schild)",
            "Figuren schlagen",
            "Hat die oberste Karte deines Ablagestapels ein Schild-Symbol (die neutrale 4, die "
            "Startkarte 3, die 3-Münzen-Karte), sind alle deine Figuren geschützt: Eine Figur, "
            "die auf einer von ihnen landen würde, zieht stattdessen auf das nächste freie Feld "
            "davor. Nur die oberste Karte zählt, egal ob normal gespielt oder ungenutzt abgelegt "
            "— die Reihenfolge deiner Karten ist also wichtig.",
        ),
        "shield-breaker": Text(
            "Symbol „Schildbrecher“",
            "Figuren schlagen",
            "Eine Karte mit dem Schildbrecher-Symbol (die neutrale 6 und die Karte 3 / −1) "
            "schlägt eine gegnerische Figur auch dann, wenn sie geschützt ist: Du ignorierst die "
            "Schild-Symbole der anderen.",
        ),
        "coming-out": Text(
            "Rauskommen",
            "Rauskommen",
            "Auf zwei Arten kommt eine Figur vom Wartefeld auf dein Startfeld: mit einer Karte "
            "mit dieser Funktion (die Startkarten 1 und 6) oder indem du 2 beliebige Handkarten "
            "ungenutzt ablegst — keine Bewegung, keine Münzen. Du wählst ihre Reihenfolge; die "
            "zweite liegt oben, ihr Schild zählt.\n\n"
            "Steht eine eigene Figur auf deinem Startfeld, kann keine weitere rauskommen. Eine "
            "gegnerische Figur dort wird geschlagen; ist sie geschützt, kommt deine Figur auf "
            "das nächste freie Feld vor ihr.",
        ),
        "buying": Text(
            "Kaufen",
            "2. Neue Karten aus dem Markt kaufen",
            "Anschließend darfst du eine oder mehrere Karten aus dem offenen Kartenmarkt kaufen "
            "und bezahlst die Kosten oben rechts mit deinen Münzen (es zählt nur ihr Wert, "
            "Rückgeld gibt es aus dem Vorrat). Jede gekaufte Karte kommt verdeckt oben auf "
            "deinen Nachziehstapel, nicht auf den Ablagestapel — so ziehst du sie im nächsten "
            "Zug (die zuletzt gekaufte liegt oben).",
        ),
        "drawing": Text(
            "Nachziehen",
            "3. Karten nachziehen",
            "Danach ziehst du 3 Karten von deinem Nachziehstapel. Erst wenn du ziehen musst und "
            "der Stapel leer ist, mischst du deinen ganzen Ablagestapel als neuen "
            "Nachziehstapel und ziehst weiter, bis du 3 Karten hast — nicht schon, wenn du seine "
            "letzte Karte ziehst. Am echten Tisch bleibt das Nachziehen geheim: Wer zieht, darf "
            "die Karten auf seinem Handy nennen, und es werden nur Karten angenommen, die er "
            "noch ziehen kann.",
        ),
        "keep-shield": Text(
            "Den Schild beim Mischen liegen lassen",
            "3. Karten nachziehen: Sonderfall: Karte mit Schild oben auf Ablagestapel",
            "Liegt eine Karte mit Schild-Symbol oben auf deinem Ablagestapel, wenn du neu "
            "mischen musst, darfst du sie als einzige Karte dort liegen lassen, als Beginn "
            "deines neuen Ablagestapels: Du bist eine Runde länger geschützt, ziehst die Karte "
            "aber nicht so bald. Oder du mischst sie mit den anderen. Liegen bleiben kann nur "
            "eine Schildkarte, und nur wenn andere Karten gemischt werden.",
        ),
        "market": Text(
            "Den Kartenmarkt auffüllen",
            "4. Kartenmarkt auffüllen",
            "Fülle die leeren Plätze im Kartenmarkt vom Stapel der neutralen Karten auf: genau "
            "so viele Karten, wie du gekauft hast. Hast du nichts gekauft, entfällt dieser "
            "Schritt. Dein Zug endet, die nächste Person im Uhrzeigersinn ist dran. Ist der "
            "Stapel aufgebraucht, bleiben Plätze leer.",
        ),
        "end": Text(
            "Gewinnen",
            "Spielende",
            "Wer alle eigenen Figuren ins Ziel bringt, gewinnt sofort — mit oder ohne Karten auf "
            "der Hand. Danach kann nichts mehr gespielt werden.",
        ),
        "variant-no-shields": Text(
            "Variante „Mehr Schadenfreude“",
            "Varianten",
            "Die Schild-Symbole werden ignoriert: Figuren sind niemals geschützt, und beim "
            "Mischen bleibt auch keine Schildkarte liegen. Das Spiel kann dadurch länger dauern.",
        ),
        "variant-four-figures": Text(
            "Variante „4 statt 3“",
            "Varianten",
            "Zu viert spielt jeder mit allen 4 Figuren statt mit 3 und nutzt alle 4 Zielfelder. "
            "Zu zweit oder zu dritt ist das ohnehin die Regel.",
        ),
        "no-goal-entry": Text(
            "Symbol „Kein Zieleinlauf“",
            "Übersicht aller Symbole",
            "Mit einer Karte mit diesem Symbol (direkt hinter, 1 oder 2 Gruppen überspringen) "
            "ziehst du nie ins Ziel und bewegst auch keine Figur, die schon auf einem Zielfeld "
            "steht.",
        ),
        "card-moves": Text(
            "Jede Karte zieht, wie beschrieben",
            "Übersicht aller Karten",
            "Führe die Bewegung jeder Karte genau so aus, wie beschrieben: Sie bringt die Figur "
            "dorthin, wo die Karte sagt, und nirgendwo anders. Der Schiedsrichter nennt das "
            "Feld, auf das eine Karte wirklich führt.",
        ),
        "start-deck": Text(
            "Die Startkarten",
            "Übersicht aller Karten: Startkarten",
            "Die 6 Startkarten jeder Farbe: 3 Münzen; 1 — rauskommen oder 1 Feld weiter; 6 — "
            "rauskommen oder 6 Felder weiter; 1 bis 5 Felder nach Wahl, nicht schlagen (eine "
            "Zahl, die auf einer gegnerischen Figur landet, ist erlaubt: dann aufs nächste freie "
            "Feld); 3 Felder, 2 Münzen und Schild; das nächste freie Eckfeld und 1 Münze.\n\n"
            "Die Eckfeld-Karte überspringt besetzte Eckfelder und schlägt nie; liegt vor deiner "
            "Schranke kein freies Eckfeld mehr, wird sie ungenutzt abgelegt (die Münze gibt es "
            "trotzdem).",
        ),
        "number-cards": Text(
            "Die neutralen Zahlenkarten",
            "Übersicht aller Karten: Neutrale Karten",
            "Sie ziehen die angegebene Anzahl Felder: die 4 mit Schild; die 5, 7 und 8 mit 2 "
            "Münzen; die 6 mit 1 Münze und Schildbrecher; die 11 ohne zu schlagen. Die Karte "
            "3 / −1 zieht 3 Felder weiter oder 1 Feld zurück (ausnahmsweise gegen den "
            "Uhrzeigersinn; rückwärts schlägt sie wie jede Bewegung), ist ein Schildbrecher und "
            "geht nie rückwärts über die eigene Schranke.",
        ),
        "split10": Text(
            "Die geteilte 10",
            "Übersicht aller Karten",
            "Teile 10 Schritte beliebig, aber vollständig, auf eine oder mehrere deiner Figuren "
            "auf. Dabei wird nicht geschlagen, und jede Figur zieht höchstens 1×. Die Teile "
            "werden nacheinander gezogen; auch Figuren im Ziel dürfen mitziehen. Lassen sich die "
            "10 Schritte nicht vollständig aufteilen, wird die Karte ungenutzt abgelegt.",
        ),
        "jumps-and-coins": Text(
            "Sprünge, Eckfelder und Münzen",
            "Übersicht aller Karten",
            "Springe direkt auf das nächstgelegene Feld mit Schranke und gebogenem Pfeil oder "
            "auf das nächstgelegene Startfeld, jeder Farbe, auch einer, die nicht mitspielt; "
            "deine eigene Schranke zählt mit. Dabei wird wie üblich geschlagen. Die Eckfeld-"
            "Karte zieht 1, 2 oder 3 Eckfelder weiter, nach Wahl — frei oder nicht, sie kann "
            "also schlagen. Die Münzkarten bringen 3 Münzen (mit Schild) oder 5 Münzen.",
        ),
        "hunt": Text(
            "Jagd",
            "Übersicht aller Karten",
            "Ziehe auf das Feld der nächstgelegenen gegnerischen Figur vor dir und schlage sie; "
            "eigene Figuren darfst du dabei überspringen. Ist sie geschützt, ziehst du wie "
            "üblich auf das nächste freie Feld vor ihr — auch ins Ziel, wenn sie auf dem "
            "Pfeil-Feld vor deinem Zielbereich steht. Steht vor deiner Schranke keine "
            "gegnerische Figur vor dir, lässt sich die Karte nicht nutzen.",
        ),
        "behind": Text(
            "Direkt dahinter",
            "Übersicht aller Karten",
            "Ziehe direkt hinter die nächstgelegene Figur vor dir, gleich welcher Farbe: Du "
            "überspringst sie nicht, sondern landest auf dem Feld direkt hinter ihr. Wer schon "
            "direkt dahinter steht, hat keinen Zug. Kein Zieleinlauf.",
        ),
        "jump-groups": Text(
            "1 oder 2 Gruppen überspringen",
            "Übersicht aller Karten",
            "Überspringe 1 oder 2 Gruppen, nach Wahl, und ziehe auf das nächste freie Feld vor "
            "der Gruppe. Eine Gruppe sind eine oder mehrere Figuren direkt hintereinander; "
            "springst du aus einer Gruppe heraus, zählen die Figuren vor dir darin schon als "
            "erste Gruppe. Diese Karte schlägt nie. Kein Zieleinlauf.",
        ),
        "entering-hands": Text(
            "Auf den Handys eingegebene Karten",
            "1. Handkarten spielen und ausführen (was die App ergänzt)",
            "Der Inhalt jedes Decks ist bekannt (die Startkarten, jeder Kauf), ebenso jeder "
            "Ablagestapel; verborgen ist nur die Reihenfolge eines gemischten Nachziehstapels. "
            "Ein Zug nennt seine Karte und wird gegen die Karten geprüft, die der Spieler haben "
            "kann. Jeder darf seine eigene Hand geheim eingeben; sie muss zum Bekannten passen, "
            "mit jeder Karte, die bekanntermaßen dort ist.",
        ),
    },
)
