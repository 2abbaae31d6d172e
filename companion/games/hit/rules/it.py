"""HIT in italiano, con i termini del regolamento italiano (pedina, base, casella di partenza,
barriera, zona di arrivo, pila degli scarti, mazzo, scudo, Antidifesa, catturare)."""

from companion.rules.content import Language, Text

TEXT = Language(
    title="HIT — le regole in breve",
    intro=(
        "HIT con parole nostre, secondo il regolamento di Ravensburger. Fa fede il "
        "regolamento: dove questa pagina se ne discosta, vale il regolamento. Ogni regola "
        "nomina la sua sezione del regolamento, e ogni messaggio dell'arbitro rimanda alla "
        "regola che applica."
    ),
    rulebook="HIT, Ravensburger — regolamento in tedesco, francese e italiano",
    sections={
        "s-contents": "Contenuto",
        "s-setup": "Preparazione del gioco",
        "s-course": "Svolgimento",
        "s-play": "1. Giocare carte e svolgerne gli effetti",
        "s-moving": "Muovere le pedine",
        "s-goal": "Arrivare alla meta",
        "s-hitting": "Catturare le pedine",
        "s-coming-out": "Uscire",
        "s-buy": "2. Comprare nuove carte dal mercato",
        "s-draw": "3. Ripescare carte",
        "s-market": "4. Ripristinare il mercato",
        "s-end": "Fine del gioco",
        "s-variants": "Variante",
        "s-symbols": "Riepilogo dei simboli",
        "s-cards": "Riepilogo delle carte",
        "s-table": "Al tavolo vero",
    },
    rules={
        "material": Text(
            "Il contenuto della scatola",
            "Contenuto",
            "Un tabellone stampato su entrambe le facce (lato A per 2 e 4 giocatori, lato B per "
            "3), 16 pedine (4 per colore), 40 monete (26 da 1 e 14 da 5) e 55 carte: 6 carte "
            "iniziali per colore e 31 carte neutrali.\n\n"
            "Il testo dice tutto tranne ciò che mostrano solo le figure — le caselle del "
            "tabellone, il costo e il numero di copie di ogni carta. L'host li confronta nell'app "
            "con la propria scatola («Controlla la tua scatola» nel nuovo tavolo HIT) e li salva "
            "come configurazione con cui giocano i nuovi tavoli.",
        ),
        "setup": Text(
            "Preparazione",
            "Preparazione del gioco",
            "In 4 ognuno gioca con 3 pedine, in 2 o in 3 con tutte e 4. Le tue pedine stanno "
            "nelle caselle della base del tuo colore; una parte già dalla tua casella di "
            "partenza, «uscita» fin dall'inizio. Ognuno mescola le 6 carte iniziali del proprio "
            "colore come mazzo personale e ne pesca 3. Le 31 carte neutrali si mescolano in un "
            "mazzo; le prime 5, scoperte, sono il mercato delle carte. Ognuno riceve monete del "
            "valore di 6 (una da 1 e una da 5). Inizia il giocatore più giovane.",
        ),
        "turn": Text(
            "Un turno in quattro azioni",
            "Svolgimento",
            "Si gioca a turno in senso orario. Il giocatore di turno svolge 4 azioni in ordine: "
            "1. giocare carte e svolgerne gli effetti, 2. comprare nuove carte, 3. ripescare "
            "carte, 4. ripristinare il mercato. Un inserimento che non corrisponde all'azione in "
            "corso viene rifiutato.",
        ),
        "play-hand": Text(
            "Giocare la mano",
            "1. Giocare carte e svolgerne gli effetti",
            "Gioca le 3 carte che hai in mano in un ordine a tua scelta, completando gli effetti "
            "di ognuna prima della successiva. Devi giocarle tutte, senza «conservarne» nessuna. "
            "Una carta giocata va subito a faccia in su sulla tua pila degli scarti: è quindi in "
            "cima già prima del suo effetto. Puoi giocare solo una carta che hai.",
        ),
        "moving": Text(
            "Muovere",
            "Muovere le pedine",
            "Normalmente le pedine si muovono solo in senso orario. Un movimento vale per 1 "
            "pedina sola e non si divide (eccezione: il 10 da dividere). Muovi solo le tue "
            "pedine già uscite; quelle nella base devono prima uscire. Le altre pedine, anche le "
            "tue, si saltano liberamente.",
        ),
        "unused": Text(
            "Scartare una carta senza usarla",
            "Muovere le pedine",
            "Devi completare il movimento di ogni carta giocata. Solo se nessuna pedina può "
            "farlo, la carta va nella pila degli scarti senza essere usata — le monete le prendi "
            "comunque, e il suo scudo protegge comunque. Una carta utilizzabile non si può "
            "scartare senza usarla.",
        ),
        "barrier": Text(
            "La barriera",
            "Arrivare alla meta",
            "La casella direttamente davanti alla tua zona di arrivo mostra la tua barriera. Le "
            "tue pedine non la superano mai: ogni pedina fa un solo giro completo del tabellone, "
            "poi entra nella zona di arrivo. Le pedine di altri colori la superano senza "
            "problemi. Neanche all'indietro si supera la propria barriera: niente passo indietro "
            "dalla casella di partenza né fuori dall'arrivo.",
        ),
        "goal-exact": Text(
            "Esattamente su una casella di arrivo",
            "Arrivare alla meta",
            "Una pedina deve arrivare esattamente su una casella di arrivo: nessun passo della "
            "carta va perso, altrimenti la carta si scarta senza usarla. Le pedine già su una "
            "casella di arrivo si possono saltare (le loro caselle contano), e una pedina "
            "arrivata può avanzare dentro la zona. In 4 ogni colore usa 3 caselle di arrivo (si "
            "ignora quella tratteggiata), altrimenti 4.",
        ),
        "hitting": Text(
            "Catturare",
            "Catturare le pedine",
            "Una pedina che termina il movimento su una casella occupata da una pedina avversaria "
            "la cattura: la pedina catturata torna su una casella libera della base del suo "
            "colore. Conta solo la casella dove il movimento finisce. Non puoi catturare pedine "
            "del tuo colore: un movimento che finirebbe su una di esse non si può fare. Una "
            "pedina sulla sua casella di partenza non è protetta.",
        ),
        "no-hitting": Text(
            "Il simbolo «Non si può catturare»",
            "Catturare le pedine",
            "Una carta con questo simbolo (carta iniziale da 1 a 5, l'11, il 10 da dividere) "
            "non cattura mai. Se finisci su una pedina avversaria, ti fermi sulla prima casella "
            "libera dopo di essa — oltre un'intera fila di pedine, se serve. Vai più lontano del "
            "previsto, ma puoi essere catturato più facilmente.",
        ),
        "shield": Text(
            "Lo scudo (protetto)",
            "Catturare le pedine",
            "Se la carta in cima alla tua pila degli scarti mostra uno scudo (il 4 neutrale, la "
            "carta iniziale 3, la carta da 3 monete), tutte le tue pedine sono protette: una "
            "pedina che finirebbe su una di esse si sposta sulla prima casella libera davanti. "
            "Conta solo la carta in cima, giocata o scartata senza usarla — l'ordine delle tue "
            "carte è quindi importante.",
        ),
        "shield-breaker": Text(
            "L'Antidifesa",
            "Catturare le pedine",
            "Una carta con il simbolo Antidifesa (il 6 neutrale e la carta 3 / −1) cattura una "
            "pedina avversaria anche se è protetta: ignora lo scudo degli altri.",
        ),
        "coming-out": Text(
            "Uscire",
            "Uscire",
            "Due modi portano una pedina dalla base alla tua casella di partenza: giocare una "
            "carta con quell'azione (le carte iniziali 1 e 6), oppure scartare 2 carte a piacere "
            "dalla mano senza svolgerne l'effetto — niente movimento, niente monete. Scegli tu "
            "l'ordine; la seconda resta in cima e conta il suo scudo.\n\n"
            "Se sulla tua casella di partenza c'è una tua pedina, non puoi uscire. Una pedina "
            "avversaria lì viene catturata; se è protetta, la tua pedina va sulla prima casella "
            "libera dopo di essa.",
        ),
        "buying": Text(
            "Comprare",
            "2. Comprare nuove carte dal mercato",
            "Poi puoi comprare una o più carte dal mercato, pagando con le tue monete il costo "
            "indicato in alto a destra (conta solo il valore; il resto viene dalla riserva). "
            "Ogni carta comprata va coperta in cima al tuo mazzo personale, non sulla pila degli "
            "scarti: la avrai in mano già al prossimo turno (l'ultima comprata sta in cima).",
        ),
        "drawing": Text(
            "Ripescare",
            "3. Ripescare carte",
            "Poi peschi 3 carte dal tuo mazzo. Solo quando devi pescare e il mazzo è esaurito, "
            "mescoli tutta la pila degli scarti come nuovo mazzo e continui finché hai 3 carte "
            "— non già quando peschi la sua ultima carta (il suggerimento del testo italiano "
            "dice diversamente; seguiamo il testo tedesco e quello francese). Al tavolo vero la "
            "pesca resta segreta: chi pesca può indicare le carte sul suo telefono, e sono "
            "accettate solo carte che può ancora pescare.",
        ),
        "keep-shield": Text(
            "Tenere lo scudo quando si rimescola",
            "3. Ripescare carte: caso speciale: carta con lo scudo in cima alla pila degli scarti",
            "Se quando devi rimescolare c'è una carta con lo scudo in cima alla pila degli "
            "scarti, puoi tenerla lì da sola, a faccia in su: resti protetto un turno in più, ma "
            "non la ripescherai presto. Oppure la mescoli con le altre. Può restare solo una "
            "carta con lo scudo, e solo se ci sono altre carte da mescolare.",
        ),
        "market": Text(
            "Ripristinare il mercato",
            "4. Ripristinare il mercato",
            "Riempi gli spazi vuoti del mercato con nuove carte dal mazzo neutrale: tante quante "
            "ne hai comprate. Se non hai comprato nulla, questo passaggio non serve. Il tuo turno "
            "termina e tocca al prossimo in senso orario. Quando il mazzo neutrale è finito, gli "
            "spazi restano vuoti.",
        ),
        "end": Text(
            "Vincere",
            "Fine del gioco",
            "Chi porta tutte le sue pedine sulle caselle di arrivo vince immediatamente, con o "
            "senza carte in mano. Dopo non si gioca più nulla.",
        ),
        "variant-no-shields": Text(
            "Variante «Più cattiveria»",
            "Variante",
            "Si ignorano i simboli scudo: le pedine non sono mai protette, e nessuna carta con "
            "lo scudo resta nella pila degli scarti quando si rimescola. La partita può durare "
            "di più.",
        ),
        "variant-four-figures": Text(
            "Variante «4 invece che 3»",
            "Variante",
            "In quattro ognuno gioca con tutte e 4 le pedine invece di 3 e usa tutte e 4 le "
            "caselle di arrivo. In 2 o in 3 è comunque la regola.",
        ),
        "no-goal-entry": Text(
            "Il simbolo «Niente arrivo»",
            "Riepilogo dei simboli",
            "Con una carta con questo simbolo (subito dietro, salta 1 o 2 gruppi) non entri mai "
            "nella zona di arrivo e non muovi nemmeno una pedina che è già su una casella di "
            "arrivo.",
        ),
        "card-moves": Text(
            "Ogni carta muove come descritto",
            "Riepilogo delle carte",
            "Esegui il movimento di ogni carta esattamente come descritto: porta la pedina dove "
            "dice la carta, e da nessun'altra parte. L'arbitro indica la casella a cui la carta "
            "porta davvero.",
        ),
        "start-deck": Text(
            "Le carte iniziali",
            "Riepilogo delle carte: carte iniziali",
            "Le 6 carte iniziali di ogni colore: 3 monete; 1 — uscire, o muovere di 1 casella; "
            "6 — uscire, o muovere di 6 caselle; da 1 a 5 caselle a scelta, senza catturare (un "
            "numero che finisce su un avversario è permesso: vai sulla prima casella libera "
            "dopo); 3 caselle, 2 monete e scudo; la prima casella d'angolo libera e 1 moneta.\n\n"
            "La carta d'angolo salta le caselle d'angolo occupate e non cattura mai; senza "
            "casella d'angolo libera prima della tua barriera si scarta senza usarla (la moneta "
            "la prendi comunque).",
        ),
        "number-cards": Text(
            "Le carte neutrali con numero",
            "Riepilogo delle carte: carte neutrali",
            "Muovono la pedina del numero indicato di caselle: il 4 con lo scudo; il 5, 7 e 8 "
            "con 2 monete; il 6 con 1 moneta e l'Antidifesa; l'11 senza catturare. La carta "
            "3 / −1 muove di 3 caselle in avanti oppure di 1 indietro (eccezionalmente in senso "
            "antiorario; indietro cattura come ogni movimento), ha l'Antidifesa e non supera mai "
            "all'indietro la barriera del tuo colore.",
        ),
        "split10": Text(
            "Il 10 da dividere",
            "Riepilogo delle carte",
            "Dividi 10 movimenti a piacere, ma completamente, tra una o più delle tue pedine. "
            "Non si cattura, e ogni pedina si muove al massimo una volta. Le parti si muovono una "
            "dopo l'altra; anche le pedine nella zona di arrivo possono partecipare. Se i 10 "
            "movimenti non si possono dividere completamente, la carta si scarta senza usarla.",
        ),
        "jumps-and-coins": Text(
            "Salti, caselle d'angolo e monete",
            "Riepilogo delle carte",
            "Salta direttamente sulla casella più vicina con barriera e freccia, o sulla casella "
            "di partenza più vicina, di qualsiasi colore, anche di un colore che non gioca; la "
            "tua barriera conta. Questi salti catturano come di consueto. La carta degli angoli "
            "muove di 1, 2 o 3 caselle d'angolo a scelta — libere o no, quindi può catturare. Le "
            "carte monete danno 3 monete (con lo scudo) o 5 monete.",
        ),
        "hunt": Text(
            "La caccia",
            "Riepilogo delle carte",
            "Muovi la pedina fino alla casella della pedina avversaria più vicina davanti a te e "
            "catturala; puoi saltare le tue pedine. Se è protetta, muovi come di consueto sulla "
            "prima casella libera dopo di essa — anche nella zona di arrivo, se si trova sulla "
            "casella con la freccia davanti alla tua zona di arrivo. Senza avversari davanti "
            "prima della tua barriera, la carta non si può usare.",
        ),
        "behind": Text(
            "Subito dietro",
            "Riepilogo delle carte",
            "Muovi la pedina subito dietro la pedina più vicina davanti a te, di qualsiasi "
            "colore: non la salti, ma termini il movimento subito dietro di essa. Se ci sei già, "
            "non c'è movimento. Niente arrivo.",
        ),
        "jump-groups": Text(
            "Saltare 1 o 2 gruppi",
            "Riepilogo delle carte",
            "Salta 1 o 2 gruppi di pedine, a scelta, e sposta la pedina sul primo spazio libero "
            "davanti al gruppo. Un gruppo è formato da una o più pedine una dietro l'altra; se la "
            "tua pedina fa già parte di un gruppo, le pedine davanti a te contano già come primo "
            "gruppo. Questa carta non cattura mai. Niente arrivo.",
        ),
        "entering-hands": Text(
            "Le mani inserite sui telefoni",
            "1. Giocare carte e svolgerne gli effetti (ciò che aggiunge l'app)",
            "Il contenuto di ogni mazzo personale è noto (le carte iniziali, ogni acquisto), come "
            "ogni pila degli scarti; è nascosto solo l'ordine di un mazzo rimescolato. Una mossa "
            "nomina la sua carta e viene controllata sulle carte che il giocatore può avere. "
            "Ognuno può inserire la propria mano in segreto; deve corrispondere a ciò che si sa, "
            "con ogni carta che si sa essere lì.",
        ),
    },
)
