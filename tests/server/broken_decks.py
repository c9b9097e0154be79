"""Illegal deck lists (Cipher Run, Cyberpunk CCG) and every problem the deck check must name for
each, in order:
the server's check (tests/server/test_decks.py) and the browser's deck builder
(tests/web/test_deckbuilder.py) are held to the same sentences."""

BROKEN_DECK = "# name: Broken\n3x 7H\n2x JK\n5x JS\nZZ\n1x 8H\n"

BROKEN_DECK_PROBLEMS = [
    "Line 5: 'ZZ' is not a card; write a rank and a suit such as 7H, 10S, QD or 7♥, or JK "
    "for a joker.",
    "A deck has exactly 30 cards; this one has 11.",
    "At least 20 Number Modules (A-10) needed, deck has 4.",
    "4 Kill-Switches (J) allowed, deck has 5.",
    "2 copies of one card allowed, deck has 3 of 7H.",
    "2 copies of one card allowed, deck has 5 of JS.",
    "At least 3 suits needed, deck has 2 (spades ♠, hearts ♥).",
]

BROKEN_CCG_DECK = "2x ncpd\n5x beat cop\n2x chairwoman-okabe\nno such card\n"

BROKEN_CCG_DECK_PROBLEMS = [
    "Line 4: 'no such card' is not a card of Night City Core.",
    "A deck needs exactly 1 Sponsor; this one has 2.",
    "A deck needs at least 85 cards; this one has 9.",
    "The Runs deck needs at least 42 cards; it has 7.",
    "The Gear deck needs at least 42 cards; it has 0.",
    "Beat Cop: at most 4 copies, not 5.",
    "Chairwoman Okabe is Legendary: at most 1 copy, not 2.",
]
