"""HIT in English. There is no English rulebook: each rule names the German section (the French
one for the set-up, which the German text lacks) with its English translation."""

from companion.rules.content import Language, Text

TEXT = Language(
    title="HIT — the rules in short",
    intro=(
        "HIT in our own words, after the Ravensburger rulebook (German, French and Italian; "
        "there is no English one). The rulebook is the authority: where this page and the "
        "rulebook differ, the rulebook wins. Each rule names its German rulebook section, and "
        "every referee message links to the rule it enforces."
    ),
    rulebook="HIT, Ravensburger — rulebook in German, French and Italian",
    sections={
        "s-contents": "Contents",
        "s-setup": "Set-up",
        "s-course": "Course of play",
        "s-play": "1. Play your hand cards",
        "s-moving": "Moving figures",
        "s-goal": "Entering the goal",
        "s-hitting": "Hitting figures",
        "s-coming-out": "Coming out",
        "s-buy": "2. Buy new cards from the market",
        "s-draw": "3. Draw cards",
        "s-market": "4. Refill the market",
        "s-end": "End of the game",
        "s-variants": "Variants",
        "s-symbols": "The symbols",
        "s-cards": "The cards",
        "s-table": "At the real table",
    },
    rules={
        "material": Text(
            "What is in the box",
            "Spielmaterial — Contents",
            "A double-sided board (front for 2 and 4 players, back for 3), 16 figures (4 per "
            "colour), 40 coins (26 × 1, 14 × 5) and 55 cards: 6 start cards per colour and 31 "
            "neutral cards.\n\n"
            "The text gives everything except what only the pictures show — the board's fields "
            "and each card's cost and number of copies. The host compares those with their own "
            "box in the app („Check your box“ in the HIT lobby) and saves them as a set-up that "
            "new tables play with.",
        ),
        "setup": Text(
            "Set-up",
            "Mise en place (French text) — Set-up",
            "With 4 players everyone plays 3 figures, with 2 or 3 players all 4. Your figures "
            "stand on the waiting fields of your colour; one of them starts on your start field, "
            "already out. Everyone shuffles the 6 start cards of their colour as their draw pile "
            "and draws 3. The 31 neutral cards are shuffled as a stack and its first 5 are laid "
            "out face up: the market. Everyone gets a 1-coin and a 5-coin. The youngest begins.",
        ),
        "turn": Text(
            "A turn in four steps",
            "Spielablauf — Course of play",
            "Play goes clockwise. On your turn you take four steps, in this order: 1. play your "
            "hand cards, 2. buy new cards, 3. draw cards, 4. refill the market. An entry that "
            "does not fit the current step is refused.",
        ),
        "play-hand": Text(
            "Playing the hand",
            "1. Handkarten spielen und ausführen — 1. Play your hand cards",
            "Play your 3 hand cards in any order, each one completely before the next. You must "
            "play them all; none may be kept. A played card goes face up onto your own discard "
            "pile at once, so it is your top card even before its effect. You can only play a "
            "card you hold.",
        ),
        "moving": Text(
            "Moving",
            "Figuren bewegen — Moving figures",
            "Figures normally move clockwise only. A move is for one figure and is not split "
            "(the split 10 is the exception). You move only your own figures that have come "
            "out; figures on waiting fields must come out first. Other figures, your own too, "
            "are passed freely.",
        ),
        "unused": Text(
            "A card laid down unused",
            "Figuren bewegen — Moving figures",
            "You must make each played card's move completely. Only when no figure can make it "
            "is the card laid down unused — its coins are still paid, and its shield still "
            "protects. A card that can be used cannot be laid down unused.",
        ),
        "barrier": Text(
            "The barrier",
            "Zieleinlauf — Entering the goal",
            "The field just before your goal shows your barrier. Your own figures never move "
            "over it: each figure runs exactly one lap and then turns into the goal. Figures of "
            "other colours pass your barrier freely. Nothing crosses its own barrier backwards "
            "either: no step back from the start field or out of the goal.",
        ),
        "goal-exact": Text(
            "Exactly onto a goal field",
            "Zieleinlauf — Entering the goal",
            "A figure must land exactly on a goal field: no step of a card may be lost, or the "
            "card is laid down unused. Figures already on goal fields may be jumped (their "
            "fields count), and figures in the goal may move on inside it. With 4 players each "
            "colour uses 3 goal fields (the dotted one is ignored), otherwise 4.",
        ),
        "hitting": Text(
            "Hitting",
            "Figuren schlagen — Hitting figures",
            "A figure that ends its move on an opponent's figure hits it: the hit figure goes "
            "back to a free waiting field of its colour. Only the field where the move ends "
            "counts. You never hit your own figures: a move that would end on one of them "
            "cannot be made. A figure on its start field is not protected.",
        ),
        "no-hitting": Text(
            "The “no hitting” symbol",
            "Figuren schlagen — Hitting figures",
            "A card with this symbol (start card 1–5, the 11, the split 10) never hits. Landing "
            "on an opponent, the figure moves on to the next free field ahead of it — past a "
            "whole row of figures if need be. It gets further than the card says, but may be "
            "easier to hit.",
        ),
        "shield": Text(
            "The shield",
            "Figuren schlagen — Hitting figures",
            "If the top card of your discard pile shows a shield (the neutral 4, start card 3, "
            "the 3-coins card), all your figures are protected: a figure that would land on one "
            "moves on to the next free field ahead of it instead. Only the top card counts, "
            "whether it was played or laid down unused — so the order of your cards matters.",
        ),
        "shield-breaker": Text(
            "The shield breaker",
            "Figuren schlagen — Hitting figures",
            "A card with the shield-breaker symbol (the neutral 6 and the 3 / −1 card) hits a "
            "figure even when it is protected: it ignores the others' shields.",
        ),
        "coming-out": Text(
            "Coming out",
            "Rauskommen — Coming out",
            "Two ways bring a figure from a waiting field onto your start field: play a card "
            "that does it (start cards 1 and 6), or lay down any 2 hand cards unused — no move, "
            "no coins. You choose their order; the second lies on top, and its shield counts.\n\n"
            "If your own figure stands on your start field, no figure can come out. An "
            "opponent's figure there is hit; if it is protected, your figure goes to the next "
            "free field ahead of it.",
        ),
        "buying": Text(
            "Buying",
            "2. Neue Karten aus dem Markt kaufen — 2. Buy new cards from the market",
            "Then you may buy one or more cards from the open market, paying the cost in the "
            "top right corner with your coins (only their value counts; change comes from the "
            "supply). Each bought card goes face down on top of your draw pile, not onto your "
            "discard pile, so you draw it next turn (the last one bought lies on top).",
        ),
        "drawing": Text(
            "Drawing",
            "3. Karten nachziehen — 3. Draw cards",
            "Then draw 3 cards from your draw pile. Only when you must draw and the pile is "
            "empty, shuffle your whole discard pile as the new draw pile and go on until you "
            "have 3 — not already when you draw its last card. At the real table a draw stays "
            "private: the drawing player may name the cards on their phone, and only cards they "
            "can still draw are accepted.",
        ),
        "keep-shield": Text(
            "Keeping the shield at a reshuffle",
            "3. Karten nachziehen: Sonderfall — Special case: a shield on top of the discard pile",
            "If a card with a shield lies on top of your discard pile when you must shuffle, "
            "you may leave that card alone there as the start of your new discard pile: you stay "
            "protected a round longer, but will not draw it soon. Or shuffle it in with the "
            "rest. Only a shield card can stay, and only when there are other cards to shuffle.",
        ),
        "market": Text(
            "Refilling the market",
            "4. Kartenmarkt auffüllen — 4. Refill the market",
            "Fill the empty places of the market from the stack of neutral cards: exactly as "
            "many cards as you bought. If you bought nothing, skip this step. Your turn ends and "
            "the next player clockwise follows. When the stack runs out, places stay empty.",
        ),
        "end": Text(
            "Winning",
            "Spielende — End of the game",
            "Whoever brings all their own figures into the goal wins at once, cards left in hand "
            "or not. Nothing can be played after that.",
        ),
        "variant-no-shields": Text(
            "Variant “Mehr Schadenfreude” (more gloating)",
            "Varianten — Variants",
            "The shield symbols are ignored: figures are never protected, and no shield card "
            "stays on the discard pile at a reshuffle. The game may take longer.",
        ),
        "variant-four-figures": Text(
            "Variant “4 statt 3” (4 instead of 3)",
            "Varianten — Variants",
            "With 4 players everyone plays all 4 figures instead of 3, and uses all 4 goal "
            "fields. With 2 or 3 players that is the rule anyway.",
        ),
        "no-goal-entry": Text(
            "The “no goal entry” symbol",
            "Übersicht aller Symbole — The symbols",
            "A card with this symbol (behind, jump 1 or 2 groups) never takes a figure into the "
            "goal, and never moves a figure that already stands on a goal field.",
        ),
        "card-moves": Text(
            "Every card moves as printed",
            "Übersicht aller Karten — The cards",
            "Make each card's move exactly as described: it takes the figure where the card "
            "says and nowhere else. The referee names the field a card really leads to.",
        ),
        "start-deck": Text(
            "The start cards",
            "Übersicht aller Karten: Startkarten — The cards: start cards",
            "Each colour's 6 start cards: 3 coins; 1 — come out, or move 1 field; 6 — come out, "
            "or move 6 fields; 1 to 5 fields, your choice, no hitting (a number that lands on an "
            "opponent is allowed: you move on to the next free field); 3 fields, 2 coins and a "
            "shield; the next free corner field and 1 coin.\n\n"
            "The corner card skips occupied corner fields and never hits; with no free corner "
            "field ahead before your barrier it is laid down unused (the coin is still paid).",
        ),
        "number-cards": Text(
            "The neutral number cards",
            "Übersicht aller Karten: Neutrale Karten — The cards: neutral cards",
            "They move the number of fields shown: the 4 with a shield; the 5, 7 and 8 with 2 "
            "coins; the 6 with 1 coin and a shield breaker; the 11 without hitting. The 3 / −1 "
            "card moves 3 forward or 1 back (exceptionally counter-clockwise; backwards it hits "
            "like any move), is a shield breaker, and never goes backwards over your own "
            "barrier.",
        ),
        "split10": Text(
            "Split 10",
            "Übersicht aller Karten — The cards",
            "Split 10 steps as you like, but completely, among one or more of your figures. No "
            "figure is hit, and each figure moves at most once. The parts are moved one after "
            "the other, and figures in the goal may take part. If the 10 steps cannot be split "
            "completely, the card is laid down unused.",
        ),
        "jumps-and-coins": Text(
            "Jumps, corners and coins",
            "Übersicht aller Karten — The cards",
            "Jump straight to the next barrier field (barrier and curved arrow) or to the next "
            "start field ahead, of any colour, also of colours not in play; your own barrier "
            "counts. These jumps hit as usual. The corners card moves 1, 2 or 3 corner fields "
            "on, your choice — free or not, so it can hit. The coin cards pay 3 coins (with a "
            "shield) or 5 coins.",
        ),
        "hunt": Text(
            "Hunt",
            "Übersicht aller Karten — The cards",
            "Move onto the field of the nearest opponent's figure ahead and hit it; you may jump "
            "your own figures on the way. If it is protected, move on to the next free field "
            "ahead of it as usual — into your goal too, if it stands on the arrow field before "
            "your goal. With no opponent ahead before your barrier the card cannot be used.",
        ),
        "behind": Text(
            "Behind",
            "Übersicht aller Karten — The cards",
            "Move right behind the nearest figure ahead, of any colour: you do not pass it but "
            "end on the field just behind it. Standing right behind it already is no move. No "
            "goal entry.",
        ),
        "jump-groups": Text(
            "Jump 1 or 2 groups",
            "Übersicht aller Karten — The cards",
            "Jump 1 or 2 groups, your choice, and move onto the next free field ahead of the "
            "group. A group is one or more figures standing directly one behind the other; if "
            "you jump out of a group, the figures ahead of you in it are the first group. This "
            "card never hits. No goal entry.",
        ),
        "entering-hands": Text(
            "Hands entered on the phones",
            "1. Handkarten spielen und ausführen (what the app adds)",
            "Every deck's contents are public (the start cards, every purchase) and so is every "
            "discard pile; only the order of a shuffled draw pile is hidden. A play names its "
            "card and is checked against the cards the player can hold. Each player may enter "
            "their own hand privately; it must fit what is known, including every card already "
            "known to be there.",
        ),
    },
)
