"""DOG in italiano, con i termini del regolamento italiano (segnalino, zona di partenza,
casella di partenza, zona d'arrivo, carta scambio)."""

from companion.rules.content import Language, Text

TEXT = Language(
    title="DOG — le regole in breve",
    intro=(
        "DOG con parole nostre, secondo il regolamento di Schmidt Spiele. Fa fede il "
        "regolamento: dove questa pagina se ne discosta, vale il regolamento. Ogni regola "
        "nomina la sua sezione del regolamento, e ogni messaggio dell'arbitro rimanda alla "
        "regola che applica."
    ),
    rulebook="DOG, Schmidt Spiele — regolamento in tedesco, francese, italiano e inglese",
    sections={
        "s-contents": "Contenuto e scopo del gioco",
        "s-how-to-play": "Svolgimento del gioco",
        "s-starting-space": "Casella di partenza",
        "s-moving": "Muovere e battere",
        "s-compulsion": "Obbligo di muovere",
        "s-arrival": "Arrivo",
        "s-blue-cards": "Carte col fondo blu",
        "s-red-cards": "Carte col fondo rosso e le loro funzioni speciali",
        "s-team": "Muovere per il compagno",
        "s-end": "Fine del gioco",
        "s-special": "Regola speciale per 2, 3 e 5 giocatori",
        "s-table": "Al tavolo vero",
        "s-house": "Regole della casa (scelte quando si crea il tavolo)",
    },
    rules={
        "cards-and-board": Text(
            "Carte e tabellone",
            "Contenuto",
            "110 carte da gioco: 8 di ciascuna tra 1/11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13 e "
            "scambio, più 6 jolly. Nessuna carta può essere inserita più volte di quante il "
            "mazzo ne contenga.\n\n"
            "Ogni colore ha 4 posti nella zona di partenza, la sua casella di partenza, 16 "
            "caselle di pista fino alla casella di partenza del colore seguente e 4 caselle "
            "nella zona d'arrivo. L'app disegna un tabellone compatto di 16 caselle per colore; "
            "con l'impostazione «tabellone Schmidt» disegna il vero tabellone a due facce (64 "
            "caselle da 2 a 4 giocatori, 96 con 5 o 6).",
        ),
        "teams": Text(
            "Le squadre",
            "Scopo del gioco",
            "Due giocatori seduti di fronte formano una squadra (in 4: due squadre, in 6: tre). "
            "Tutti cercano di portare i propri quattro segnalini dalla zona di partenza a quella "
            "d'arrivo, ma nessuno vince da solo: una squadra vince quando tutti i suoi 8 "
            "segnalini sono arrivati.\n\n"
            "In 2, 3 o 5 ognuno gioca per sé (regola speciale più sotto). A questo tavolo anche "
            "4 o 6 giocatori possono giocare ognuno per sé; il regolamento non lo descrive.",
        ),
        "dealing": Text(
            "Distribuire le carte",
            "Preparativi; Svolgimento del gioco",
            "Chi distribuisce dà 6 carte a ogni giocatore e passa il mazzo al vicino a sinistra, "
            "che distribuisce il round seguente e lo comincia. I round si giocano con 6, 5, 4, "
            "3, 2 carte, poi di nuovo 6. Se il mazzo non basta più per distribuire, si mischia "
            "il mazzo scarto e lo si usa come nuovo mazzo — solo allora. Nell'app il tavolo "
            "segnala la distribuzione e il rimescolamento; il primo round lo comincia il primo "
            "posto.",
        ),
        "exchange": Text(
            "Lo scambio di una carta col compagno",
            "Svolgimento del gioco",
            "Dopo ogni distribuzione, prima che qualcuno giochi, i compagni di squadra si "
            "scambiano una carta coperta. La carta ricevuta si guarda soltanto dopo aver passato "
            "la propria. Un round è sempre: distribuzione, scambio, poi le mosse a turno; un "
            "inserimento che non corrisponde al passo in corso viene rifiutato.",
        ),
        "turn": Text(
            "Un turno",
            "Svolgimento del gioco",
            "Comincia il giocatore col mazzo davanti a sé: depone una carta scoperta al centro "
            "del tavolo e muove un segnalino secondo la carta. Non si pesca nessuna carta. Poi "
            "tocca al giocatore seguente in senso orario. Si può giocare solo una carta che si "
            "ha: chi ha inserito la propria mano viene controllato anche su questo.",
        ),
        "out-for-the-round": Text(
            "Eliminato per il round",
            "Svolgimento del gioco",
            "Chi non può né uscire in pista né muovere uno dei suoi segnalini è eliminato dal "
            "round: le sue carte sono escluse e vanno scartate al centro del tavolo (coperte a "
            "questo tavolo). A squadre non si scarta mai una sola carta. Il round termina quando "
            "tutte le carte sono state giocate o scartate.",
        ),
        "coming-out": Text(
            "Uscire in pista",
            "Casella di partenza",
            "All'inizio (o quando tutti i tuoi segnalini sono nella zona di partenza o "
            "d'arrivo) bisogna prima spostare un segnalino dalla zona di partenza sulla casella "
            "di partenza. Serve una carta partenza (1/11 o 13) o un jolly, e un segnalino "
            "ancora nella zona di partenza. Il segnalino esce sempre sulla casella di partenza "
            "del proprio colore.",
        ),
        "start-protection": Text(
            "Il segnalino sulla sua casella di partenza è protetto",
            "Casella di partenza",
            "Finché un segnalino si trova sulla casella di partenza del proprio colore è "
            "protetto: non può essere battuto, scambiato o sorpassato — comunque ci sia arrivato "
            "(uscendo, dopo un giro intero, col 4 all'indietro, con uno scambio).\n\n"
            "Blocca tutti i segnalini, anche quelli del proprio colore: nessuno lo sorpassa, né "
            "col 7 né col 4 all'indietro, e nessun altro segnalino del suo colore può uscire "
            "finché resta lì. Un segnalino di un altro colore sulla tua casella di partenza non "
            "è protetto: uscendo lo batti.",
        ),
        "moving": Text(
            "Muovere",
            "Muovere e battere",
            "Una carta fa avanzare uno dei tuoi segnalini di altrettante caselle in senso "
            "orario (o contro senso orario, come in Svizzera, se stabilito prima della partita: "
            "un'impostazione del tavolo). Si possono saltare i propri segnalini e quelli degli "
            "altri — le caselle contano — ma non un segnalino protetto sulla sua casella di "
            "partenza. Muovi solo i tuoi segnalini (quelli del compagno quando i tuoi sono tutti "
            "arrivati), e solo un segnalino che c'è.",
        ),
        "knocking-out": Text(
            "Battere",
            "Muovere e battere",
            "Su una casella può fermarsi un solo segnalino. Un segnalino che termina la mossa su "
            "una casella occupata batte il segnalino che c'è — anche se è tuo o del compagno — e "
            "questo torna nella sua zona di partenza. Il 7 batte inoltre ogni segnalino che "
            "sorpassa.",
        ),
        "compulsion": Text(
            "Ogni carta per intero; chi può giocare deve giocare",
            "Obbligo di muovere",
            "Ogni carta, anche il sette, deve essere eseguita per intero: nessun punto va perso. "
            "Scegli tu quale carta giocare, ma finché una delle tue carte è giocabile devi "
            "giocare (l'arbitro nomina una mossa possibile). Può quindi succedere che un "
            "segnalino a 5 passi dall'arrivo, con solo carte più alte, debba passare oltre e "
            "fare un nuovo giro.",
        ),
        "entering-the-goal": Text(
            "Entrare nella zona d'arrivo",
            "Arrivo",
            "Nella zona d'arrivo del proprio colore si entra sempre in avanti, passando per la "
            "casella di partenza — mai direttamente da essa, anche dopo un giro intero. La "
            "casella di partenza conta: 4 caselle prima di essa, un 8 porta il segnalino "
            "sull'ultima casella d'arrivo.\n\n"
            "Entrare è una scelta: un segnalino può passare oltre l'arrivo e fare un altro giro.",
        ),
        "in-the-goal": Text(
            "Nella zona d'arrivo",
            "Arrivo",
            "Nella zona d'arrivo i segnalini sono protetti. Qui non si può né saltare, né "
            "battere, né muovere all'indietro — né per entrare, né dentro, né per uscire. Un "
            "segnalino vi avanza solo fino al segnalino seguente e non ne esce più.",
        ),
        "blue-cards": Text(
            "Le carte numeriche",
            "Carte col fondo blu",
            "Con le carte col fondo blu (2, 3, 5, 6, 8, 9, 10, 12) il segnalino avanza "
            "esattamente del numero indicato. Ogni carta vale esattamente il suo numero: il 4 "
            "quattro caselle, l'1/11 una o undici, il 13 tredici, il 7 sette in tutto.",
        ),
        "start-cards": Text(
            "Le carte partenza 1/11 e 13",
            "Carte col fondo rosso e le loro funzioni speciali",
            "Una carta partenza porta un segnalino dalla zona di partenza sulla casella di "
            "partenza. In alternativa l'1/11 fa avanzare un segnalino di 1 o di 11 caselle e il "
            "13 di 13 caselle.",
        ),
        "four": Text(
            "Il 4",
            "Carte col fondo rosso e le loro funzioni speciali",
            "Il 4 muove un segnalino di 4 caselle in avanti o all'indietro; è l'unica carta che "
            "muove all'indietro — ma mai all'indietro verso, dentro o fuori dalla zona d'arrivo. "
            "Il consiglio del regolamento: 4 indietro dalla casella di partenza, poi un 5, 6, "
            "7, 8 o un jolly porta il segnalino direttamente all'arrivo.",
        ),
        "seven": Text(
            "Il 7",
            "Carte col fondo rosso e le loro funzioni speciali",
            "I 7 punti si possono dividere tra quanti dei propri segnalini si vuole (p. es. 5 e "
            "2). Tutti i 7 punti devono essere percorsi; se non è possibile, il 7 non può essere "
            "giocato.\n\n"
            "Ogni segnalino sorpassato dal 7 — anche i propri e quelli del compagno — è bruciato "
            "e quindi battuto, nel momento in cui viene sorpassato: l'ordine dei passi conta. I "
            "segnalini protetti e le regole dell'arrivo fermano il 7 come qualsiasi carta. "
            "Nell'app il 7 si inserisce passo per passo.",
        ),
        "seven-partner": Text(
            "Il resto del 7 al compagno",
            "Carte col fondo rosso e le loro funzioni speciali",
            "Eccezione: se al tuo ultimo segnalino servono meno di 7 punti (p. es. 4), puoi "
            "giocare il 7 e muovere i punti restanti (3) con un segnalino del compagno — ma solo "
            "quando tutti i tuoi segnalini sono arrivati. Il 7 deve comunque essere eseguito per "
            "intero. In 2, 3 o 5 giocatori il resto lo prende il tuo quinto segnalino.",
        ),
        "swap": Text(
            "La carta scambio",
            "Carte col fondo rosso e le loro funzioni speciali",
            "Con questa carta devi scambiare un tuo segnalino con uno di un concorrente o del "
            "compagno, anche se ciò comporta uno svantaggio, e ogni volta che uno scambio è "
            "possibile. Entrambi i segnalini devono essere sulla pista: i segnalini protetti "
            "sulla propria casella di partenza e quelli nella zona d'arrivo o di partenza non "
            "possono essere scambiati — neanche il tuo.\n\n"
            "Se sulla pista ci sono solo i tuoi segnalini o segnalini protetti, la carta va "
            "deposta senza effetto. Un segnalino scambiato sulla propria casella di partenza vi "
            "è protetto.",
        ),
        "joker": Text(
            "Il jolly",
            "Carte col fondo rosso e le loro funzioni speciali",
            "Il jolly assume la funzione o il valore di ogni altra carta, rossa o blu, e si "
            "gioca poi come quella carta, col suo effetto. Non è mai un lasciapassare: un jolly "
            "non si gioca come carta scambio senza effetto.",
        ),
        "partner-play": Text(
            "Aiutare il compagno",
            "Muovere per il compagno",
            "Quando tutti i tuoi segnalini sono arrivati, aiuti il compagno: muovi i suoi "
            "segnalini (farli uscire, scambiarli, dividere un 7 tra di loro) e continui a "
            "ricevere carte. Prima muovi solo i tuoi segnalini, mai quelli di un concorrente. "
            "Tra compagni non si parla delle carte in mano né delle mosse.",
        ),
        "end": Text(
            "Vincere",
            "Fine del gioco",
            "La squadra che per prima porta tutti gli 8 segnalini nella zona d'arrivo vince "
            "subito, anche a metà round. Non devono essere giocate tutte le carte, ma l'ultima "
            "carta giocata deve essere eseguita per intero. Dopo la fine non si gioca più nulla.",
        ),
        "two-three-five": Text(
            "In 2, 3 o 5 giocatori",
            "Regola speciale per 2, 3 e 5 giocatori",
            "Ognuno gioca per sé con 5 segnalini: 4 nella zona di partenza e uno sulla casella "
            "di partenza. Chi non può muovere scarta una carta e ne prende una nuova dal mazzo; "
            "se non può ancora muovere, ne scarta un'altra (affinché tutti abbiano lo stesso "
            "numero di carte). Nessuno scarta tutta la mano. All'inizio del round ciascuno passa "
            "una carta a scelta al vicino a sinistra. Vince chi per primo ha 4 segnalini "
            "all'arrivo.",
        ),
        "entering-hands": Text(
            "Le mani inserite sui telefoni",
            "Svolgimento del gioco (ciò che aggiunge l'app)",
            "L'app conosce solo le carte che il tavolo segnala. Una mossa da una mano che nessuno "
            "ha inserito viene controllata solo sul tabellone. Ognuno può inserire la propria "
            "mano in qualsiasi momento (la vede solo il suo telefono); deve corrispondere a ciò "
            "che si sa: tante carte quante distribuite meno quelle giocate, con ogni carta che "
            "si sa essere lì.",
        ),
        "house-start-protection": Text(
            "Regola della casa: chi è protetto sulla casella di partenza",
            "Casella di partenza",
            "Regolamento: un segnalino sulla sua casella di partenza è protetto comunque ci sia "
            "arrivato. Regola della casa «solo uscendo»: è protetto solo un segnalino uscito "
            "dalla zona di partenza su quella casella.",
        ),
        "house-start-blocks-own": Text(
            "Regola della casa: il segnalino protetto blocca il suo colore",
            "Casella di partenza",
            "Regolamento: il segnalino protetto blocca anche quelli del proprio colore. Regola "
            "della casa disattivata: i tuoi segnalini possono sorpassarlo (ma non fermarsi su "
            "di lui).",
        ),
        "house-goal-entry-mandatory": Text(
            "Regola della casa: entrare all'arrivo è obbligatorio",
            "Arrivo",
            "Regolamento: entrare nella zona d'arrivo è una scelta. Regola della casa attiva: un "
            "segnalino che può terminare la mossa nella sua zona d'arrivo deve entrarci.",
        ),
        "house-goal-from-start": Text(
            "Regola della casa: dalla casella di partenza direttamente all'arrivo",
            "Arrivo",
            "Regolamento: mai direttamente dalla casella di partenza all'arrivo. Regola della "
            "casa attiva: un segnalino sulla sua casella di partenza può entrare direttamente.",
        ),
        "house-knock-own": Text(
            "Regola della casa: battere i propri segnalini",
            "Muovere e battere",
            "Regolamento: fermarsi su un proprio segnalino o su quello del compagno lo batte, e "
            "il 7 li batte sorpassandoli. Regola della casa disattivata: non ci si può fermare "
            "su di loro, e un 7 li sorpassa senza batterli.",
        ),
        "house-seven-partner": Text(
            "Regola della casa: il resto del 7 al compagno",
            "Carte col fondo rosso e le loro funzioni speciali",
            "Regolamento: dopo il tuo ultimo segnalino, il resto di un 7 va ai segnalini del "
            "compagno. Regola della casa disattivata: il 7 si usa solo coi propri segnalini.",
        ),
        "house-swap-void": Text(
            "Regola della casa: carta scambio senza scambio possibile",
            "Carte col fondo rosso e le loro funzioni speciali",
            "Regolamento: senza scambio possibile la carta scambio va deposta senza effetto. "
            "Regola della casa disattivata: allora non può essere giocata.",
        ),
        "house-fold-face-up": Text(
            "Regola della casa: carte scartate scoperte",
            "Svolgimento del gioco",
            "Regolamento: una mano esclusa (e, in 2, 3 o 5, una carta scartata) va deposta "
            "coperta. Regola della casa attiva: tutti la vedono.",
        ),
        "house-card-exchange": Text(
            "Regola della casa: lo scambio di carte",
            "Svolgimento del gioco",
            "Regolamento: dopo ogni distribuzione si scambia una carta. Regola della casa "
            "disattivata: nessuno scambio.",
        ),
    },
)
