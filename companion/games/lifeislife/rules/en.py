"""Life is Life in English. The rulebook is the Italian one: each rule names its Italian section
with an English translation."""

from companion.rules.content import Language, Text

TEXT = Language(
    title="Life is Life — the rules in short",
    intro=(
        "Life is Life – Schwimm um dein Leben in our own words, after the Italian rulebook "
        "(“Nuota per la tua vita”, Nürnberger-Spielkarten-Verlag). The rulebook is the "
        "authority: where this page and the rulebook differ, the rulebook wins. Each rule "
        "names its rulebook section, and every referee message links to the rule it enforces."
    ),
    rulebook="Life is Life (Nuota per la tua vita), NSV — Italian rulebook",
    sections={
        "s-contents": "Contents",
        "s-setup": "Setting up",
        "s-play": "How to play",
        "s-sudden": "Sudden death",
        "s-normal": "Normal end of a round",
        "s-further": "Further rounds and the end of the game",
        "s-expert": "Expert variant",
        "s-table": "At the real table",
    },
    rules={
        "cards": Text(
            "The animal cards",
            "Materiale — Contents",
            "60 animal cards. An animal's value is the number in its corner, which is also how "
            "many copies there are: giraffe 9, bear 8, mole 7, goat 7, sheep 6, dog 6, hare 5, "
            "pig 5, cat 4, mouse 3. No animal can be entered more often than that.",
        ),
        "lives": Text(
            "Lives",
            "Preparativi di gioco — Setting up",
            "Each player starts with 5 lives. When creating the table you may choose 1 to 9 "
            "lives each, for a shorter or longer game.",
        ),
        "deal": Text(
            "The deal",
            "Preparativi di gioco — Setting up",
            "All 60 cards are shuffled and dealt: each player gets 10 to hold, and 10 are laid "
            "face up in the middle in four rows of exactly 1, 2, 3 and 4 cards. With fewer than "
            "5 players the cards left over are set aside face down, unused for the round. Every "
            "round is dealt like the first. At the real table the deal is reported with its "
            "rows; the hands stay unknown until their players enter them.",
        ),
        "turn": Text(
            "A turn",
            "Svolgimento del gioco — How to play",
            "Someone is chosen to begin, then play goes on clockwise. On your turn you must "
            "either swap cards (A) or knock (B). A round is dealt first and its hands are shown "
            "at the end; an entry that does not fit the moment is refused.",
        ),
        "swap": Text(
            "A) Swapping cards",
            "Svolgimento del gioco: A) Cambiare carte — swapping cards",
            "Choose any row. First lay down as many of your cards as the row holds, then take "
            "the whole row into your hand; the cards you laid down become that row. Which of "
            "your cards you lay down is up to you — but only cards you hold.",
        ),
        "swap-different": Text(
            "Not the same animals back",
            "Svolgimento del gioco: A) Cambiare carte — swapping cards",
            "You may not lay down exactly the animals you take: the cards laid down must differ "
            "from the row by at least one card. Sara wants the second row, a mole and a bear: "
            "she may not lay down a mole and a bear for it, but any other two cards. With 10 "
            "cards in hand a swap is always possible.",
        ),
        "knock": Text(
            "B) Knocking",
            "Svolgimento del gioco: B) Picchiettare — knocking",
            "Instead of swapping you may knock on the table to announce the last round — but "
            "only once you have swapped at least once this round. Every other player then has "
            "exactly one more turn: swap once more, or knock too and keep their cards. Then the "
            "round is scored.",
        ),
        "sudden-death": Text(
            "Sudden death",
            "Fine immediata della tornata — Sudden death",
            "If after a swap a player holds all 4 cats, all 5 hares or all 5 pigs, they say so "
            "and show their cards: the round ends at once, even after a knock. Everyone else "
            "loses 1 life; there is no normal scoring.\n\n"
            "At the real table the player calls it with the swap, and the app checks the call "
            "against what it knows. A hand entered later that holds such a set after its player "
            "swapped without calling it is refused: the round would have ended.",
        ),
        "majorities": Text(
            "Majorities",
            "Fine normale della tornata — Normal end of a round",
            "After the last round of turns everyone shows their 10 cards, sorted by animal. For "
            "each animal, whoever holds more cards of it than every other single player scores "
            "its value; if several share the most, nobody scores. Mia has four giraffes, Tim "
            "three and Sara one: Mia scores 9.\n\n"
            "While more than 2 players are in, a single card can be a majority; once only 2 are "
            "left, a majority needs at least 2 cards.",
        ),
        "lives-lost": Text(
            "Lives lost",
            "Fine normale della tornata — Normal end of a round",
            "Everyone adds up their points. The highest total loses no life, the lowest loses 2, "
            "everyone else 1; players who tie share the same fate, and if all tie, nobody loses "
            "a life. Tim 15, Mia 13, Lino 10, Leo and Anna 7: Tim loses none, Mia and Lino 1, "
            "Leo and Anna 2 each.",
        ),
        "next-round": Text(
            "The next round",
            "Altre tornate e fine del gioco — Further rounds",
            "Every further round is set up and played like the first. It begins with the left "
            "neighbour of the player who began the previous round; if that player is out, their "
            "left neighbour begins.",
        ),
        "end": Text(
            "Out, and the winner",
            "Altre tornate e fine del gioco — End of the game",
            "Whoever loses their last life is out at once: no more cards, no more turns. The "
            "last player left wins, and nothing can be played after that.",
        ),
        "expert": Text(
            "Expert variant",
            "Variante per esperti — Expert variant",
            "All the rules stay, except that only all 5 hares or all 5 pigs end a round at once "
            "— four cats are just four cats. The player holding the set gains 1 life; everyone "
            "else loses 1.",
        ),
        "entering-hands": Text(
            "Hands entered on the phones",
            "Svolgimento del gioco (what the app adds)",
            "Nearly everything is public: the rows lie face up, so every card taken or laid "
            "down is seen by all. Hidden are only the hands as dealt. Each player may enter their "
            "own hand privately at any time; it must fit what is known: 10 cards, including "
            "every card seen going into it. When a round ends normally, every player still in "
            "shows their hand on their phone (already filled in there if they entered it; the "
            "scribe may enter any hand as it lies on the table); the round is scored once the "
            "last one is shown, and a hand shown twice is refused. Every round end asks for "
            "every hand, so nobody can tell from it what another player had entered.",
        ),
    },
)
