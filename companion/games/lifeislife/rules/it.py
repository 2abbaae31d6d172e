"""Life is Life in italiano, con i termini del regolamento (tornata, fila, cambiare carte,
picchiettare, Sudden Death, vite)."""

from companion.rules.content import Language, Text

TEXT = Language(
    title="Life is Life (Nuota per la tua vita) — le regole in breve",
    intro=(
        "Nuota per la tua vita con parole nostre, secondo il regolamento italiano "
        "(Nürnberger-Spielkarten-Verlag). Fa fede il regolamento: dove questa pagina se ne "
        "discosta, vale il regolamento. Ogni regola nomina la sua sezione del regolamento, e "
        "ogni messaggio dell'arbitro rimanda alla regola che applica."
    ),
    rulebook="Nuota per la tua vita (Life is Life), NSV — regolamento italiano",
    sections={
        "s-contents": "Materiale",
        "s-setup": "Preparativi di gioco",
        "s-play": "Svolgimento del gioco",
        "s-sudden": "Fine immediata della tornata",
        "s-normal": "Fine normale della tornata",
        "s-further": "Altre tornate e fine del gioco",
        "s-expert": "Variante per esperti",
        "s-table": "Al tavolo vero",
    },
    rules={
        "cards": Text(
            "Le carte con animali",
            "Materiale",
            "60 carte con animali. Il valore di un animale è il numero nell'angolo della carta, "
            "ed è anche il numero delle sue copie: giraffa 9, orso 8, talpa 7, capra 7, pecora "
            "6, cane 6, lepre 5, maiale 5, gatto 4, topo 3. Nessun animale può essere inserito "
            "più volte.",
        ),
        "lives": Text(
            "Le vite",
            "Preparativi di gioco",
            "Ciascun giocatore riceve 5 vite. Creando il tavolo si possono scegliere da 1 a 9 "
            "vite ciascuno, per una partita più corta o più lunga.",
        ),
        "deal": Text(
            "La distribuzione",
            "Preparativi di gioco",
            "Si mescolano e si distribuiscono tutte le 60 carte: ciascuno ne riceve 10 in mano, "
            "e 10 vengono poste scoperte al centro in quattro file di riserva di esattamente 1, "
            "2, 3 e 4 carte. Con meno di 5 giocatori le carte in più vanno coperte sul bordo del "
            "tavolo, inutilizzate per la tornata. Ogni tornata si distribuisce come la prima. Al "
            "tavolo vero la distribuzione si segnala con le sue file; le mani restano ignote "
            "finché i giocatori non le inseriscono.",
        ),
        "turn": Text(
            "Un turno",
            "Svolgimento del gioco",
            "All'inizio si sceglie chi inizia, poi si prosegue in senso orario. Chi è di turno "
            "deve o A) cambiare carte o B) picchiettare. Una tornata comincia con la "
            "distribuzione e finisce mostrando le mani; un inserimento che non corrisponde al "
            "momento viene rifiutato.",
        ),
        "swap": Text(
            "A) Cambiare carte",
            "Svolgimento del gioco: A) Cambiare carte",
            "Scegli una fila qualsiasi. Metti prima al centro lo stesso numero di carte che ha "
            "la fila, poi prendi in mano la fila intera; le carte posate diventano quella fila. "
            "Quali carte posare lo scegli in piena libertà — ma solo carte che hai in mano.",
        ),
        "swap-different": Text(
            "Non gli stessi animali",
            "Svolgimento del gioco: A) Cambiare carte",
            "Non è permesso posare esattamente gli stessi animali che si prendono: le carte "
            "posate devono distinguersi per almeno una carta da quelle della fila. Sara vuole la "
            "seconda fila, una talpa e un orso: non può scambiarle con talpa e orso, ma con "
            "qualsiasi altra coppia sì. Con 10 carte in mano uno scambio è sempre possibile.",
        ),
        "knock": Text(
            "B) Picchiettare",
            "Svolgimento del gioco: B) Picchiettare",
            "Invece di cambiare carte puoi picchiare forte sul tavolo e annunciare così l'ultimo "
            "giro — ma solo se in questa tornata hai cambiato carte almeno una volta. Tutti gli "
            "altri giocatori sono di turno ancora una volta: cambiano ancora una volta, oppure "
            "battono anche loro e tengono le carte. Poi si valuta la tornata.",
        ),
        "sudden-death": Text(
            "Sudden Death",
            "Fine immediata della tornata",
            "Se un giocatore, dopo aver cambiato le carte, ha in mano tutti e 4 i gatti, tutte e "
            "5 le lepri o tutti e 5 i maiali, lo dice ad alta voce e mostra le carte: la tornata "
            "termina subito, anche se qualcuno ha già picchiettato. Tutti gli altri cedono 1 "
            "vita; non si procede a normale valutazione.\n\n"
            "Al tavolo vero il giocatore lo annuncia con lo scambio, e l'app controlla l'annuncio "
            "con ciò che sa. Una mano inserita più tardi con una tale combinazione, dopo che il "
            "suo giocatore ha cambiato senza annunciarla, viene rifiutata: la tornata sarebbe "
            "finita.",
        ),
        "majorities": Text(
            "Le maggioranze",
            "Fine normale della tornata",
            "Dopo l'ultimo giro ciascuno mette le sue 10 carte scoperte, divise per animale. Per "
            "ogni animale, chi ne ha più di ogni altro singolo giocatore ottiene il suo valore; "
            "se più giocatori hanno lo stesso maggior numero, nessuno ottiene punti. Mia ha "
            "quattro giraffe, Tim tre e Sara una: Mia ottiene 9 punti.\n\n"
            "Finché sono in gioco più di 2 giocatori, basta una singola carta per la "
            "maggioranza; quando ne restano solo due, servono almeno due carte.",
        ),
        "lives-lost": Text(
            "Le vite da cedere",
            "Fine normale della tornata",
            "Ognuno somma i suoi punti. Il punteggio più alto cede 0 vite, il più basso 2, tutti "
            "gli altri 1; chi è a pari punti condivide la stessa sorte, e se tutti hanno lo "
            "stesso punteggio nessuno cede vite. Tim 15, Mia 13, Lino 10, Leo e Anna 7: Tim non "
            "cede vite, Mia e Lino 1, Leo e Anna 2 ciascuno.",
        ),
        "next-round": Text(
            "La tornata seguente",
            "Altre tornate e fine del gioco",
            "Ogni tornata successiva si prepara e si gioca come la prima. Inizia dal giocatore "
            "alla sinistra di chi ha iniziato la tornata precedente; se questi è già uscito dal "
            "gioco, inizia il suo vicino di sinistra.",
        ),
        "end": Text(
            "Uscire, e il vincitore",
            "Altre tornate e fine del gioco",
            "Chi perde la sua ultima vita esce subito dal gioco: niente più carte né turni. "
            "Vince l'ultimo che rimane in gioco; dopo non si gioca più nulla.",
        ),
        "expert": Text(
            "Variante per esperti",
            "Variante per esperti",
            "Si conservano tutte le regole, ma la Sudden Death si ottiene soltanto con tutte e 5 "
            "le lepri o tutti e 5 i maiali — quattro gatti sono solo quattro gatti. Chi arriva "
            "alla Sudden Death ottiene 1 vita in più; tutti gli altri ne perdono 1.",
        ),
        "entering-hands": Text(
            "Le mani inserite sui telefoni",
            "Svolgimento del gioco (ciò che aggiunge l'app)",
            "Quasi tutto è pubblico: le file sono scoperte, ogni carta presa o posata la vedono "
            "tutti. Nascoste sono solo le mani come distribuite. Ognuno può inserire la propria "
            "mano in segreto in qualsiasi momento; deve corrispondere a ciò che si sa: 10 carte, "
            "con ogni carta che vi si è vista entrare. Quando una tornata finisce normalmente, "
            "ogni giocatore ancora in gioco mostra la sua mano sul telefono (già compilata se "
            "l'aveva inserita; lo scrivano può inserire qualsiasi mano come è sul tavolo); la "
            "tornata si conta quando è mostrata l'ultima, e una mano mostrata due volte è "
            "rifiutata. Ogni fine tornata chiede tutte le mani: nessuno può dedurne ciò che un "
            "altro aveva inserito.",
        ),
    },
)
