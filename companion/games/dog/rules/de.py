"""DOG auf Deutsch, mit den Begriffen der deutschen Spielregel (Figur, Start, Startfeld, Ziel,
Tauschkarte)."""

from companion.rules.content import Language, Text

TEXT = Language(
    title="DOG — die Regeln in Kürze",
    intro=(
        "DOG in unseren eigenen Worten, nach der Spielregel von Schmidt Spiele. Maßgebend ist "
        "die Spielregel: Wo diese Seite von ihr abweicht, gilt die Spielregel. Jede Regel nennt "
        "ihren Abschnitt in der Spielregel, und jede Meldung des Schiedsrichters verweist auf "
        "die Regel, die sie durchsetzt."
    ),
    rulebook="DOG, Schmidt Spiele — Spielregel auf Deutsch, Französisch, Italienisch und Englisch",
    sections={
        "s-contents": "Spielmaterial und Spielziel",
        "s-how-to-play": "Spielablauf",
        "s-starting-space": "Startfeld",
        "s-moving": "Bewegen und Schlagen",
        "s-compulsion": "Zugzwang",
        "s-arrival": "Ziel",
        "s-blue-cards": "Karten mit blauem Hintergrund",
        "s-red-cards": "Karten mit rotem Hintergrund und ihre Sonderfunktionen",
        "s-team": "Partnerspiel",
        "s-end": "Spielende",
        "s-special": "Sonderregel für 2, 3 und 5 Spieler",
        "s-table": "Am echten Tisch",
        "s-house": "Hausregeln (beim Anlegen des Tisches gewählt)",
    },
    rules={
        "cards-and-board": Text(
            "Karten und Spielplan",
            "Spielmaterial",
            "110 Spielkarten: je 8 × 1/11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13 und Tauschen, "
            "dazu 6 Joker. Keine Karte kann öfter eingegeben werden, als das Spiel sie "
            "enthält.\n\n"
            "Jede Farbe hat 4 Plätze im Start, ihr Startfeld, 16 Felder Laufbahn bis zum "
            "Startfeld der nächsten Farbe und 4 Felder im Ziel. Die App zeichnet einen "
            "kompakten Plan mit 16 Feldern je Farbe; mit der Einstellung „Schmidt-Spielplan“ "
            "den echten doppelseitigen Plan (64 Felder für 2–4 Spieler, 96 für 5–6).",
        ),
        "teams": Text(
            "Teams",
            "Spielziel",
            "Je zwei Personen, die sich gegenüber sitzen, bilden ein Team (4 Spieler: zwei "
            "Teams, 6 Spieler: drei). Alle versuchen, ihre vier Figuren vom Start ins Ziel zu "
            "bringen, doch allein gewinnt niemand: Ein Team gewinnt, wenn alle seine 8 Figuren "
            "im Ziel sind.\n\n"
            "Mit 2, 3 oder 5 Spielern spielt jeder für sich (Sonderregel unten). An diesem "
            "Tisch können auch 4 oder 6 Spieler jeder für sich spielen; die Spielregel "
            "beschreibt das nicht.",
        ),
        "dealing": Text(
            "Austeilen",
            "Spielvorbereitung; Spielablauf",
            "Wer austeilt, gibt jedem 6 Karten und reicht den Kartenstapel an den linken "
            "Nachbarn weiter, der die nächste Runde austeilt und beginnt. Die Runden haben 6, "
            "5, 4, 3, 2 Karten, dann wieder 6. Reicht der Kartenstapel zum Austeilen nicht mehr, "
            "wird der Ablagestapel gemischt und als neuer Kartenstapel verwendet — erst dann. "
            "In der App meldet der Tisch das Austeilen und das Mischen; die erste Runde beginnt "
            "der erste Platz.",
        ),
        "exchange": Text(
            "Kartentausch mit dem Partner",
            "Spielablauf",
            "Nach jedem Austeilen, bevor jemand spielt, tauschen die Teampartner je eine Karte "
            "verdeckt aus. Die erhaltene Karte darf man erst ansehen, wenn die eigene verdeckt "
            "zum Partner geschoben wurde. Eine Runde ist immer: Austeilen, Tauschen, dann die "
            "Züge reihum; eine Eingabe, die nicht zum aktuellen Schritt passt, wird abgelehnt.",
        ),
        "turn": Text(
            "Ein Zug",
            "Spielablauf",
            "Wer den Kartenstapel vor sich hat, beginnt: eine Handkarte offen in die Mitte legen "
            "und eine Figur entsprechend bewegen. Es wird keine Karte nachgezogen. Dann ist der "
            "im Uhrzeigersinn nächste Spieler an der Reihe. Man kann nur eine Karte spielen, die "
            "man hat: Wer seine Hand eingegeben hat, wird auch darauf geprüft.",
        ),
        "out-for-the-round": Text(
            "Für diese Runde ausgeschieden",
            "Spielablauf",
            "Wer weder starten noch eine seiner Figuren bewegen kann, scheidet für diese Runde "
            "aus: Seine Karten verfallen und werden in der Mitte abgelegt (an diesem Tisch "
            "verdeckt). Im Teamspiel wirft man nie nur eine einzelne Karte ab. Die Runde ist zu "
            "Ende, wenn alle Karten ausgespielt oder abgelegt sind.",
        ),
        "coming-out": Text(
            "Starten",
            "Startfeld",
            "Zu Spielbeginn (oder wenn alle eigenen Figuren in Start und Ziel stehen) muss "
            "zuerst eine Figur vom Start auf das Startfeld gezogen werden. Dazu braucht es eine "
            "Startkarte (1/11 oder 13) oder einen Joker, und eine Figur, die noch im Start "
            "steht. Die Figur kommt immer auf das Startfeld ihrer eigenen Farbe.",
        ),
        "start-protection": Text(
            "Die Figur auf ihrem Startfeld ist geschützt",
            "Startfeld",
            "Solange eine Figur auf dem gleichfarbigen Startfeld steht, ist sie geschützt: Sie "
            "kann nicht geschlagen, getauscht oder überholt werden — egal wie sie dorthin kam "
            "(Starten, eine ganze Runde, die 4 rückwärts, ein Tausch).\n\n"
            "Sie blockiert alle Figuren, auch die eigenen: Niemand zieht an ihr vorbei, weder "
            "mit der 7 noch mit der 4 rückwärts, und keine weitere Figur ihrer Farbe kann "
            "starten, solange sie dort steht. Eine Figur einer anderen Farbe auf deinem "
            "Startfeld ist nicht geschützt: Beim Starten wird sie geschlagen.",
        ),
        "moving": Text(
            "Bewegen",
            "Bewegen und Schlagen",
            "Eine Karte bewegt eine deiner Figuren um so viele Felder im Uhrzeigersinn (oder "
            "gegen den Uhrzeigersinn wie in der Schweiz, wenn zu Beginn vereinbart: eine "
            "Tischeinstellung). Eigene und fremde Figuren dürfen übersprungen werden — die "
            "Felder zählen mit —, nicht aber eine geschützte Figur auf ihrem Startfeld. Du "
            "bewegst nur eigene Figuren (die des Partners erst, wenn deine alle im Ziel sind), "
            "und nur eine Figur, die auch dort steht.",
        ),
        "knocking-out": Text(
            "Schlagen",
            "Bewegen und Schlagen",
            "Auf einem Feld darf immer nur eine Figur stehen. Zieht eine Figur auf ein besetztes "
            "Feld, wird die Figur dort geschlagen — auch eine eigene oder die des Partners — und "
            "in den Start zurückgestellt. Die 7 schlägt außerdem jede Figur, die sie überholt.",
        ),
        "compulsion": Text(
            "Jede Karte ganz ausführen; wer spielen kann, muss spielen",
            "Zugzwang",
            "Jede Karte, auch die Sieben, muss komplett ausgeführt werden; es dürfen keine "
            "Punkte verfallen. Welche Karte du spielst, wählst du selbst, aber solange eine "
            "deiner Karten spielbar ist, musst du spielen (der Schiedsrichter nennt einen "
            "möglichen Zug). So kann eine Figur, die mit wenigen Schritten ins Ziel käme, mit "
            "lauter höheren Karten am Ziel vorbeiziehen müssen und eine neue Runde drehen.",
        ),
        "entering-the-goal": Text(
            "Ins Ziel ziehen",
            "Ziel",
            "Das Ziel der eigenen Farbe wird immer vorwärts über das Startfeld betreten — nie "
            "direkt vom Startfeld aus, auch nicht nach einer ganzen Runde. Das Startfeld zählt "
            "als Feld mit: 4 Felder davor bringt eine 8 die Figur auf das letzte Zielfeld.\n\n"
            "Hineinziehen ist freiwillig: Eine Figur darf am Ziel vorbei eine weitere Runde "
            "laufen.",
        ),
        "in-the-goal": Text(
            "Im Ziel",
            "Ziel",
            "Im Ziel sind die Figuren sicher. Dort darf weder übersprungen noch geschlagen oder "
            "rückwärts gelaufen werden — nicht hinein, nicht darin, nicht hinaus. Eine Figur "
            "rückt darin nur bis zur nächsten Figur vor und verlässt das Ziel nie wieder.",
        ),
        "blue-cards": Text(
            "Zahlenkarten",
            "Karten mit blauem Hintergrund",
            "Karten mit blauem Hintergrund (2, 3, 5, 6, 8, 9, 10, 12) bewegen eine Figur genau "
            "so viele Felder vorwärts. Jede Karte zieht genau ihren Wert: die 4 vier Felder, die "
            "1/11 eins oder elf, die 13 dreizehn, die 7 insgesamt sieben.",
        ),
        "start-cards": Text(
            "Startkarten 1/11 und 13",
            "Karten mit rotem Hintergrund und ihre Sonderfunktionen",
            "Eine Startkarte setzt eine Figur vom Start auf das Startfeld. Alternativ bewegt die "
            "1/11 eine Figur 1 oder 11 Felder vorwärts, die 13 eine Figur 13 Felder vorwärts.",
        ),
        "four": Text(
            "Die 4",
            "Karten mit rotem Hintergrund und ihre Sonderfunktionen",
            "Die 4 zieht eine Figur 4 Felder vorwärts oder rückwärts; sie ist die einzige Karte, "
            "die rückwärts zieht — aber nie rückwärts ins Ziel, im Ziel oder aus dem Ziel. Der "
            "Tipp der Spielregel: vom Startfeld 4 zurück, dann bringt eine 5, 6, 7, 8 oder ein "
            "Joker die Figur direkt ins Ziel.",
        ),
        "seven": Text(
            "Die 7",
            "Karten mit rotem Hintergrund und ihre Sonderfunktionen",
            "Die 7 Punkte können auf beliebig viele eigene Figuren aufgeteilt werden (z. B. 5 "
            "und 2). Alle 7 Punkte müssen ausgeführt werden; geht das nicht, kann die 7 nicht "
            "gespielt werden.\n\n"
            "Jede Figur, die von der 7 überholt wird — auch eigene und die des Partners —, ist "
            "verbrannt und wird geschlagen, und zwar in dem Moment, in dem sie überholt wird: "
            "Die Reihenfolge der Schritte zählt. Geschützte Figuren und die Regeln des Ziels "
            "halten die 7 auf wie jede Karte. In der App wird die 7 Schritt für Schritt "
            "eingegeben.",
        ),
        "seven-partner": Text(
            "Der Rest der 7 für den Partner",
            "Karten mit rotem Hintergrund und ihre Sonderfunktionen",
            "Ausnahme: Braucht deine letzte Figur weniger als 7 Punkte (z. B. 4), darfst du die "
            "7 spielen und die restlichen Punkte (3) mit Figuren deines Partners ziehen — aber "
            "erst, wenn alle deine eigenen Figuren im Ziel sind. Die 7 muss trotzdem komplett "
            "ausgeführt werden. Mit 2, 3 oder 5 Spielern nimmt deine fünfte Figur den Rest.",
        ),
        "swap": Text(
            "Die Tauschkarte",
            "Karten mit rotem Hintergrund und ihre Sonderfunktionen",
            "Mit dieser Karte muss eine eigene Figur mit einer vom Gegner oder Partner getauscht "
            "werden, auch wenn das ein Nachteil ist, und zwar immer, wenn ein Tausch möglich "
            "ist. Beide Figuren müssen auf der Laufbahn stehen: Geschützte Figuren auf ihrem "
            "Startfeld und Figuren im Ziel oder im Start dürfen nicht getauscht werden — auch "
            "die eigene nicht.\n\n"
            "Sind nur eigene bzw. geschützte Figuren auf dem Weg, wird die Karte ohne Wirkung "
            "abgelegt. Eine Figur, die auf ihr eigenes Startfeld getauscht wird, ist dort "
            "geschützt.",
        ),
        "joker": Text(
            "Der Joker",
            "Karten mit rotem Hintergrund und ihre Sonderfunktionen",
            "Der Joker nimmt die Funktion oder den Wert jeder anderen Karte an, ob rot oder "
            "blau, und wird dann als diese Karte mit ihrer Wirkung gespielt. Ein Freibrief ist "
            "er nie: Als Tauschkarte ohne Wirkung wird ein Joker nicht gespielt.",
        ),
        "partner-play": Text(
            "Dem Partner helfen",
            "Partnerspiel",
            "Hast du alle Figuren im Ziel, hilfst du deinem Partner: Du bewegst seine Figuren "
            "(starten, tauschen, eine 7 auf sie aufteilen) und erhältst weiterhin Karten. Vorher "
            "bewegst du nur eigene Figuren, die eines Gegners nie. Über Handkarten und Züge "
            "dürfen die Partner nicht sprechen.",
        ),
        "end": Text(
            "Gewinnen",
            "Spielende",
            "Das Team, das als erstes alle 8 Figuren im Ziel hat, gewinnt sofort, auch mitten in "
            "einer Runde. Es müssen nicht alle Karten aufgebraucht werden, doch die zuletzt "
            "gespielte Karte muss komplett ausgeführt werden. Nach dem Ende kann nichts mehr "
            "gespielt werden.",
        ),
        "two-three-five": Text(
            "2, 3 oder 5 Spieler",
            "Sonderregel für 2, 3 und 5 Spieler",
            "Jeder spielt für sich mit 5 Figuren: 4 im Start und eine auf dem Startfeld. Wer "
            "nicht ziehen kann, wirft eine Karte ab und darf eine neue nachziehen; kann er dann "
            "immer noch nicht ziehen, wirft er eine weitere ab (damit alle gleich viele Karten "
            "haben). Niemand legt die ganze Hand ab. Zu Beginn der Runde schiebt jeder eine "
            "Karte seiner Wahl an seinen linken Nachbarn. Wer als erster 4 Figuren im Ziel hat, "
            "gewinnt.",
        ),
        "entering-hands": Text(
            "Auf den Handys eingegebene Karten",
            "Spielablauf (was die App ergänzt)",
            "Die App kennt nur die Karten, die der Tisch meldet. Ein Zug aus einer Hand, die "
            "niemand eingegeben hat, wird nur gegen den Spielplan geprüft. Jeder darf seine "
            "eigene Hand jederzeit eingeben (nur sein Handy sieht sie); sie muss zum Bekannten "
            "passen: so viele Karten wie ausgeteilt, weniger die gespielten, mit jeder Karte, "
            "die bekanntermaßen dort ist.",
        ),
        "house-start-protection": Text(
            "Hausregel: wer auf dem Startfeld geschützt ist",
            "Startfeld",
            "Spielregel: Eine Figur auf ihrem Startfeld ist geschützt, egal wie sie dorthin "
            "kam. Hausregel „nur aus dem Start“: Geschützt ist nur eine Figur, die aus dem Start "
            "auf das Startfeld gezogen wurde.",
        ),
        "house-start-blocks-own": Text(
            "Hausregel: Die geschützte Figur blockiert die eigene Farbe",
            "Startfeld",
            "Spielregel: Die geschützte Figur blockiert auch die Figuren ihrer eigenen Farbe. "
            "Hausregel aus: Eigene Figuren dürfen an ihr vorbeiziehen (aber nicht auf ihr "
            "landen).",
        ),
        "house-goal-entry-mandatory": Text(
            "Hausregel: Ins Ziel ziehen ist Pflicht",
            "Ziel",
            "Spielregel: Ins Ziel zu ziehen ist freiwillig. Hausregel an: Eine Figur, die ihren "
            "Zug im Ziel beenden kann, muss hinein.",
        ),
        "house-goal-from-start": Text(
            "Hausregel: direkt vom Startfeld ins Ziel",
            "Ziel",
            "Spielregel: nie direkt vom Startfeld ins Ziel. Hausregel an: Eine Figur auf ihrem "
            "Startfeld darf direkt ins Ziel ziehen.",
        ),
        "house-knock-own": Text(
            "Hausregel: eigene Figuren schlagen",
            "Bewegen und Schlagen",
            "Spielregel: Wer auf einer eigenen oder einer Figur des Partners landet, schlägt "
            "sie, und die 7 schlägt sie beim Überholen. Hausregel aus: Auf ihnen darf man nicht "
            "landen, und eine 7 überholt sie, ohne sie zu schlagen.",
        ),
        "house-seven-partner": Text(
            "Hausregel: der Rest der 7 für den Partner",
            "Karten mit rotem Hintergrund und ihre Sonderfunktionen",
            "Spielregel: Nach der letzten eigenen Figur geht der Rest einer 7 an die Figuren des "
            "Partners. Hausregel aus: Die 7 wird nur mit eigenen Figuren gezogen.",
        ),
        "house-swap-void": Text(
            "Hausregel: Tauschkarte ohne möglichen Tausch",
            "Karten mit rotem Hintergrund und ihre Sonderfunktionen",
            "Spielregel: Ist kein Tausch möglich, wird die Tauschkarte ohne Wirkung abgelegt. "
            "Hausregel aus: Dann kann sie nicht gespielt werden.",
        ),
        "house-fold-face-up": Text(
            "Hausregel: abgelegte Karten offen",
            "Spielablauf",
            "Spielregel: Eine verfallene Hand (und mit 2, 3 oder 5 Spielern eine abgeworfene "
            "Karte) wird verdeckt abgelegt. Hausregel an: Alle sehen sie.",
        ),
        "house-card-exchange": Text(
            "Hausregel: Kartentausch",
            "Spielablauf",
            "Spielregel: Nach jedem Austeilen wird eine Karte getauscht. Hausregel aus: kein "
            "Tausch.",
        ),
    },
)
