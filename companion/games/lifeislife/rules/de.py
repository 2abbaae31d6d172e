"""Life is Life auf Deutsch. Die Spielregel ist die italienische: Jede Regel nennt ihren
italienischen Abschnitt mit deutscher Übersetzung."""

from companion.rules.content import Language, Text

TEXT = Language(
    title="Life is Life — die Regeln in Kürze",
    intro=(
        "Life is Life – Schwimm um dein Leben in unseren eigenen Worten, nach der italienischen "
        "Spielregel („Nuota per la tua vita“, Nürnberger-Spielkarten-Verlag). Maßgebend ist die "
        "Spielregel: Wo diese Seite von ihr abweicht, gilt die Spielregel. Jede Regel nennt "
        "ihren Abschnitt in der Spielregel, und jede Meldung des Schiedsrichters verweist auf "
        "die Regel, die sie durchsetzt."
    ),
    rulebook="Life is Life (Nuota per la tua vita), NSV — italienische Spielregel",
    sections={
        "s-contents": "Spielmaterial",
        "s-setup": "Spielvorbereitung",
        "s-play": "Spielablauf",
        "s-sudden": "Sofortiges Rundenende (Sudden Death)",
        "s-normal": "Normales Rundenende",
        "s-further": "Weitere Runden und Spielende",
        "s-expert": "Variante für Experten",
        "s-table": "Am echten Tisch",
    },
    rules={
        "cards": Text(
            "Die Tierkarten",
            "Materiale — Spielmaterial",
            "60 Tierkarten. Der Wert eines Tiers ist die Zahl in der Kartenecke, und so viele "
            "Karten gibt es davon: Giraffe 9, Bär 8, Maulwurf 7, Ziege 7, Schaf 6, Hund 6, Hase "
            "5, Schwein 5, Katze 4, Maus 3. Kein Tier kann öfter eingegeben werden.",
        ),
        "lives": Text(
            "Leben",
            "Preparativi di gioco — Spielvorbereitung",
            "Jeder beginnt mit 5 Leben. Beim Anlegen des Tisches kann man 1 bis 9 Leben je "
            "Spieler wählen, für ein kürzeres oder längeres Spiel.",
        ),
        "deal": Text(
            "Das Austeilen",
            "Preparativi di gioco — Spielvorbereitung",
            "Alle 60 Karten werden gemischt und verteilt: Jeder erhält 10 auf die Hand, und 10 "
            "liegen offen in der Mitte in vier Reihen mit genau 1, 2, 3 und 4 Karten. Mit "
            "weniger als 5 Spielern kommen die übrigen Karten verdeckt zur Seite und bleiben in "
            "dieser Runde unbenutzt. Jede Runde wird wie die erste ausgeteilt. Am echten Tisch "
            "wird das Austeilen mit seinen Reihen gemeldet; die Hände bleiben unbekannt, bis "
            "ihre Spieler sie eingeben.",
        ),
        "turn": Text(
            "Ein Zug",
            "Svolgimento del gioco — Spielablauf",
            "Man bestimmt, wer beginnt; dann geht es im Uhrzeigersinn weiter. Wer an der Reihe "
            "ist, muss entweder Karten tauschen (A) oder klopfen (B). Eine Runde wird zuerst "
            "ausgeteilt, am Ende werden die Hände gezeigt; eine Eingabe, die nicht zum Moment "
            "passt, wird abgelehnt.",
        ),
        "swap": Text(
            "A) Karten tauschen",
            "Svolgimento del gioco: A) Cambiare carte — Karten tauschen",
            "Wähle eine beliebige Reihe. Lege zuerst so viele deiner Karten ab, wie die Reihe "
            "hat, und nimm dann die ganze Reihe auf die Hand; die abgelegten Karten werden zu "
            "dieser Reihe. Welche Karten du ablegst, entscheidest du — aber nur Karten, die du "
            "hast.",
        ),
        "swap-different": Text(
            "Nicht dieselben Tiere zurück",
            "Svolgimento del gioco: A) Cambiare carte — Karten tauschen",
            "Du darfst nicht genau die Tiere ablegen, die du nimmst: Die abgelegten Karten "
            "müssen sich in mindestens einer Karte von der Reihe unterscheiden. Sara will die "
            "zweite Reihe, einen Maulwurf und einen Bären: Maulwurf und Bär darf sie dafür nicht "
            "ablegen, zwei beliebige andere Karten schon. Mit 10 Karten auf der Hand ist ein "
            "Tausch immer möglich.",
        ),
        "knock": Text(
            "B) Klopfen",
            "Svolgimento del gioco: B) Picchiettare — Klopfen",
            "Statt zu tauschen darfst du auf den Tisch klopfen und damit die letzte Runde "
            "ansagen — aber nur, wenn du in dieser Runde mindestens einmal getauscht hast. Jeder "
            "andere Spieler ist dann genau noch einmal an der Reihe: noch einmal tauschen, oder "
            "ebenfalls klopfen und seine Karten behalten. Danach wird gewertet.",
        ),
        "sudden-death": Text(
            "Sudden Death",
            "Fine immediata della tornata — Sofortiges Rundenende",
            "Hält ein Spieler nach einem Tausch alle 4 Katzen, alle 5 Hasen oder alle 5 "
            "Schweine, sagt er es laut und zeigt seine Karten: Die Runde endet sofort, auch "
            "nachdem schon geklopft wurde. Alle anderen verlieren 1 Leben; normal gewertet wird "
            "nicht.\n\n"
            "Am echten Tisch sagt der Spieler es mit dem Tausch an, und die App prüft die Ansage "
            "gegen das Bekannte. Eine später eingegebene Hand mit so einem Satz, nachdem ihr "
            "Spieler ohne Ansage getauscht hat, wird abgelehnt: Die Runde wäre zu Ende gewesen.",
        ),
        "majorities": Text(
            "Mehrheiten",
            "Fine normale della tornata — Normales Rundenende",
            "Nach der letzten Runde legt jeder seine 10 Karten nach Tieren sortiert offen aus. "
            "Für jedes Tier erhält, wer mehr Karten davon hat als jeder andere einzelne Spieler, "
            "dessen Wert als Punkte; haben mehrere gleich viele am meisten, punktet niemand. Mia "
            "hat vier Giraffen, Tim drei und Sara eine: Mia erhält 9.\n\n"
            "Solange mehr als 2 Spieler dabei sind, kann eine einzelne Karte die Mehrheit sein; "
            "sind nur noch 2 übrig, braucht eine Mehrheit mindestens 2 Karten.",
        ),
        "lives-lost": Text(
            "Verlorene Leben",
            "Fine normale della tornata — Normales Rundenende",
            "Jeder zählt seine Punkte zusammen. Die höchste Summe verliert kein Leben, die "
            "niedrigste 2, alle anderen 1; Gleichstand teilt dasselbe Schicksal, und haben alle "
            "gleich viel, verliert niemand ein Leben. Tim 15, Mia 13, Lino 10, Leo und Anna 7: "
            "Tim verliert keins, Mia und Lino je 1, Leo und Anna je 2.",
        ),
        "next-round": Text(
            "Die nächste Runde",
            "Altre tornate e fine del gioco — Weitere Runden",
            "Jede weitere Runde wird wie die erste vorbereitet und gespielt. Sie beginnt beim "
            "linken Nachbarn dessen, der die vorige Runde begonnen hat; ist dieser "
            "ausgeschieden, beginnt sein linker Nachbar.",
        ),
        "end": Text(
            "Ausscheiden und gewinnen",
            "Altre tornate e fine del gioco — Spielende",
            "Wer sein letztes Leben verliert, scheidet sofort aus: keine Karten, keine Züge "
            "mehr. Wer als Letzter übrig bleibt, gewinnt; danach kann nichts mehr gespielt "
            "werden.",
        ),
        "expert": Text(
            "Variante für Experten",
            "Variante per esperti — Variante für Experten",
            "Alle Regeln bleiben, nur beenden allein alle 5 Hasen oder alle 5 Schweine eine "
            "Runde sofort — vier Katzen sind einfach vier Katzen. Wer den Satz hält, gewinnt 1 "
            "Leben dazu; alle anderen verlieren 1.",
        ),
        "entering-hands": Text(
            "Auf den Handys eingegebene Karten",
            "Svolgimento del gioco (was die App ergänzt)",
            "Fast alles ist öffentlich: Die Reihen liegen offen, jede genommene und abgelegte "
            "Karte sehen alle. Verborgen sind nur die Hände, wie sie ausgeteilt wurden. Jeder "
            "darf seine Hand jederzeit geheim eingeben; sie muss zum Bekannten passen: 10 "
            "Karten, mit jeder Karte, die man hineingehen sah. Endet eine Runde normal, zeigt "
            "jeder, der noch im Spiel ist, seine Karten auf dem Handy (dort schon ausgefüllt, "
            "wenn er sie eingegeben hatte; der Schreiber kann jede Hand eingeben, wie sie auf "
            "dem Tisch liegt); gewertet wird, wenn die letzte gezeigt ist, und eine zweimal "
            "gezeigte Hand wird abgelehnt. Jedes Rundenende fragt nach allen Händen: Daraus "
            "kann niemand schließen, was ein anderer eingegeben hatte.",
        ),
    },
)
