"""DOG in English, in the terms of the English rulebook (piece, home, starting space, arrival
area, exchange card)."""

from companion.rules.content import Language, Text

TEXT = Language(
    title="DOG — the rules in short",
    intro=(
        "DOG in our own words, after the Schmidt Spiele rulebook. The rulebook is the "
        "authority: where this page and the rulebook differ, the rulebook wins. Each rule "
        "names its rulebook section, and every referee message links to the rule it enforces. "
        "The app's messages say figure, kennel, start field and goal for the rulebook's piece, "
        "home, starting space and arrival area."
    ),
    rulebook="DOG, Schmidt Spiele — rulebook in German, French, Italian and English",
    sections={
        "s-contents": "Contents and aim of the game",
        "s-how-to-play": "How to play",
        "s-starting-space": "Starting space",
        "s-moving": "Moving and throwing out",
        "s-compulsion": "Compulsion to move",
        "s-arrival": "Arrival area",
        "s-blue-cards": "Cards with a blue background",
        "s-red-cards": "Cards with a red background and their special function",
        "s-team": "Team game",
        "s-end": "End of the game",
        "s-special": "Special rules for 2, 3 and 5 players",
        "s-table": "At the real table",
        "s-house": "House rules (chosen when the table is created)",
    },
    rules={
        "cards-and-board": Text(
            "Cards and board",
            "Contents",
            "110 cards: 8 each of 1/11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13 and the exchange "
            "card, and 6 jokers. No card can be entered more often than the deck holds it.\n\n"
            "Each colour has 4 places at home, its starting space, 16 track spaces up to the "
            "next colour's starting space and 4 spaces in its arrival area. The app draws a "
            "compact board of 16 spaces per colour; the setting “Schmidt board” draws the "
            "physical double-sided board instead (64 spaces for 2–4 players, 96 for 5–6).",
        ),
        "teams": Text(
            "Teams",
            "Aim of the game",
            "Two players sitting opposite each other form a team (4 players: two teams, 6 "
            "players: three). Everyone tries to bring their four pieces from home into the "
            "arrival area, but nobody wins alone: a team wins when all its 8 pieces are in.\n\n"
            "With 2, 3 or 5 players everyone plays alone (special rules below). At this table 4 "
            "or 6 players may also play everyone for themselves; the rulebook does not "
            "describe that.",
        ),
        "dealing": Text(
            "Dealing",
            "Preparation; How to play",
            "The dealer gives every player 6 cards and passes the stack to the left neighbour, "
            "who deals the next round and begins it. The rounds deal 6, 5, 4, 3, 2 cards, then "
            "6 again. When the stack is too small for a deal, the discard pile is shuffled and "
            "used as the new stack — only then. In the app the table reports the deal and the "
            "reshuffle; the first round begins with the first seat.",
        ),
        "exchange": Text(
            "Exchanging a card with the partner",
            "How to play",
            "After every deal, before anyone plays, partners exchange one card face down. You "
            "may look at the card you get only after passing yours. A round is always: deal, "
            "exchange, then the plays in turn; an entry that does not fit the current step is "
            "refused.",
        ),
        "turn": Text(
            "A turn",
            "How to play",
            "The player in front of the stack begins: lay one hand card face up in the middle "
            "and move a piece accordingly. No card is drawn. Then the next player clockwise "
            "plays. You can only play a card you hold: once you have entered your hand, the "
            "referee checks that as well.",
        ),
        "out-for-the-round": Text(
            "Out for the round",
            "How to play",
            "A player who can neither bring a piece out nor move one is out for this round: "
            "the whole hand is forfeited and discarded in the middle (face down at this table). "
            "In the team game a stuck player never discards just one card. The round is over "
            "when all cards have been played or discarded.",
        ),
        "coming-out": Text(
            "Bringing a piece out",
            "Starting space",
            "At the start (or when all your pieces are at home or in the arrival area) you "
            "first move a piece from home onto your starting space. That needs a starting card "
            "(1/11 or 13) or a joker, and a piece still at home. The piece always comes out "
            "onto the starting space of its own colour.",
        ),
        "start-protection": Text(
            "A piece on its starting space is safe",
            "Starting space",
            "As long as a piece stands on the starting space of its own colour it is safe: it "
            "cannot be thrown out, exchanged or overtaken — however it got there (coming out, a "
            "whole lap, the 4 backwards, an exchange).\n\n"
            "It blocks every piece, your own too: nobody passes it, not with the 7 and not with "
            "the 4 backwards, and no other piece of its colour can come out while it stands "
            "there. A piece of another colour on your starting space is not safe: coming out "
            "throws it out.",
        ),
        "moving": Text(
            "Moving",
            "Moving and throwing out",
            "A card moves one of your pieces that many spaces clockwise (or counter-clockwise, "
            "as in Switzerland, if agreed at the start: a table setting). You may hop over your "
            "own and other pieces — the spaces count — but not over a safe piece on its "
            "starting space. You move only your own pieces (your partner's once all yours are "
            "in), and only a piece that is there.",
        ),
        "knocking-out": Text(
            "Throwing out",
            "Moving and throwing out",
            "Only one piece may stand on a space. A piece that ends its move on an occupied "
            "space throws that piece out — even your own or your partner's — and it goes back "
            "home. The 7 also throws out every piece it overtakes.",
        ),
        "compulsion": Text(
            "Every card is used completely; whoever can play must play",
            "Compulsion to move",
            "Every card, the 7 too, must be used completely: no points may be left over. You "
            "choose which card to play, but as long as one of your cards can be played you must "
            "play (the referee names a play you could make). So a piece that needs 5 spaces to "
            "get in, with only higher cards in hand, must go past its arrival area and round "
            "again.",
        ),
        "entering-the-goal": Text(
            "Entering the arrival area",
            "Arrival area",
            "A piece always enters the arrival area of its own colour going forward over its "
            "starting space — never straight from the starting space, even after a whole lap. "
            "The starting space counts as a space: 4 spaces before it, an 8 takes the piece to "
            "the last space of the arrival area.\n\n"
            "Going in is a choice: a piece may pass its arrival area and go round again.",
        ),
        "in-the-goal": Text(
            "Inside the arrival area",
            "Arrival area",
            "In the arrival area pieces are safe. There no piece may be hopped over or thrown "
            "out, and nothing moves backwards — not into, inside or out of it. A piece moves on "
            "inside only as far as the next piece, and never leaves again.",
        ),
        "blue-cards": Text(
            "Number cards",
            "Cards with a blue background",
            "Cards with a blue background (2, 3, 5, 6, 8, 9, 10, 12) move a piece forward "
            "exactly that many spaces. Every card moves exactly its value: the 4 moves 4, the "
            "1/11 moves 1 or 11, the 13 moves 13, and the 7 moves 7 in all.",
        ),
        "start-cards": Text(
            "Starting cards 1/11 and 13",
            "Cards with a red background and their special function",
            "A starting card brings a piece from home onto the starting space. Instead, the "
            "1/11 moves a piece 1 or 11 spaces forward and the 13 moves it 13 spaces forward.",
        ),
        "four": Text(
            "The 4",
            "Cards with a red background and their special function",
            "The 4 moves a piece 4 spaces forward or backward; it is the only card that moves "
            "backward — but never backward into, inside or out of the arrival area. The "
            "rulebook's tip: 4 back from the starting space, and a 5, 6, 7, 8 or joker can then "
            "take the piece straight into the arrival area.",
        ),
        "seven": Text(
            "The 7",
            "Cards with a red background and their special function",
            "The 7 may be split among any number of your own pieces (say 5 and 2). All 7 points "
            "must be used; if that is impossible, the 7 cannot be played.\n\n"
            "Every piece the 7 overtakes — your own and your partner's too — is thrown out, at "
            "the moment it is overtaken, so the order of the steps matters. Safe pieces and the "
            "rules of the arrival area stop the 7 like any card. The app enters the 7 step by "
            "step.",
        ),
        "seven-partner": Text(
            "The rest of a 7 goes to the partner",
            "Cards with a red background and their special function",
            "Exception: if your last piece needs fewer points than 7 (say 4), you may play the "
            "7 and move the remaining points (3) with your partner's pieces — but only once all "
            "your own pieces are in. The 7 must still be used completely. With 2, 3 or 5 "
            "players your fifth piece takes the rest.",
        ),
        "swap": Text(
            "The exchange card",
            "Cards with a red background and their special function",
            "You must exchange one of your own pieces with an opponent's or your partner's "
            "piece, even to your disadvantage, and you must exchange when you can. Both pieces "
            "must be on the track: safe pieces on their own starting space and pieces in the "
            "arrival area or at home cannot be exchanged — your own neither.\n\n"
            "If only your own or safe pieces are available, the card is discarded without "
            "effect. A piece exchanged onto its own starting space is safe there.",
        ),
        "joker": Text(
            "The joker",
            "Cards with a red background and their special function",
            "The joker takes the function or value of any other card, blue or red, and is then "
            "played as that card with its effect. It is never a free pass: a joker is not "
            "played as an exchange card without effect.",
        ),
        "partner-play": Text(
            "Helping the partner",
            "Team game",
            "Once all your pieces are in the arrival area, you help your partner: you move your "
            "partner's pieces (bring them out, exchange them, split a 7 over them) and still "
            "receive cards. Before that you move only your own pieces, and never an opponent's. "
            "Partners may not talk about their cards or moves.",
        ),
        "end": Text(
            "Winning",
            "End of the game",
            "The team that first has all 8 pieces in the arrival area wins at once, even in the "
            "middle of a round. Not all cards have to be used up, but the last card played must "
            "be used completely. Nothing can be played after the end.",
        ),
        "two-three-five": Text(
            "2, 3 or 5 players",
            "Special rules for 2, 3 and 5 players",
            "Everyone plays alone with 5 pieces: 4 at home and one on the starting space. A "
            "player who cannot move discards one card and may draw a new one; if still stuck, "
            "they discard one more (so everyone keeps the same number of cards). Nobody folds "
            "the whole hand. At the start of a round everyone passes a card of their choice to "
            "the left neighbour. The first player with 4 pieces in the arrival area wins.",
        ),
        "entering-hands": Text(
            "Hands entered on the phones",
            "How to play (what the app adds)",
            "The app knows only the cards the table reports. A play from a hand nobody entered "
            "is checked against the board only. Each player may enter their own hand at any "
            "time (only their phone sees it); it must fit what is known: as many cards as dealt "
            "less those played, including every card already known to be there.",
        ),
        "house-start-protection": Text(
            "House rule: who is safe on the starting space",
            "Starting space",
            "Rulebook: a piece on its own starting space is safe however it got there. House "
            "rule “only from home”: only a piece that came out of its home onto it is safe.",
        ),
        "house-start-blocks-own": Text(
            "House rule: the safe piece blocks its own colour",
            "Starting space",
            "Rulebook: the safe piece blocks its own colour's pieces too. House rule off: your "
            "own pieces may pass it (still not land on it).",
        ),
        "house-goal-entry-mandatory": Text(
            "House rule: going in is mandatory",
            "Arrival area",
            "Rulebook: going into the arrival area is a choice. House rule on: a piece that can "
            "end its move in its arrival area must go in.",
        ),
        "house-goal-from-start": Text(
            "House rule: straight in from the starting space",
            "Arrival area",
            "Rulebook: never straight from the starting space into the arrival area. House rule "
            "on: a piece on its starting space may move straight in.",
        ),
        "house-knock-own": Text(
            "House rule: throwing out your own pieces",
            "Moving and throwing out",
            "Rulebook: landing on your own or your partner's piece throws it out, and the 7 "
            "throws them out when it overtakes them. House rule off: they cannot be landed on, "
            "and a 7 overtakes them without throwing them out.",
        ),
        "house-seven-partner": Text(
            "House rule: the rest of a 7 to the partner",
            "Cards with a red background and their special function",
            "Rulebook: after your last piece, the rest of a 7 goes to your partner's pieces. "
            "House rule off: the 7 is used with your own pieces only.",
        ),
        "house-swap-void": Text(
            "House rule: an exchange card without an exchange",
            "Cards with a red background and their special function",
            "Rulebook: an exchange card with no exchange possible is discarded without effect. "
            "House rule off: it cannot be played then.",
        ),
        "house-fold-face-up": Text(
            "House rule: folded cards face up",
            "How to play",
            "Rulebook: a folded hand (and, with 2, 3 or 5 players, a discarded card) goes face "
            "down. House rule on: everyone sees it.",
        ),
        "house-card-exchange": Text(
            "House rule: the card exchange",
            "How to play",
            "Rulebook: a card is exchanged after each deal. House rule off: no exchange.",
        ),
    },
)
