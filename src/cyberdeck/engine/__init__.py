"""The engine: the game contract and what every game shares. Standard library only; knows no game."""

from .actions import Action, ActionSpace
from .cards import CARDS, JOKER, SUITED, ZERO, Card, Suit, standard_deck
from .decklist import Deck, DeckCard, format_decklist, read_decklist
from .encoding import (
    CARD_SLOTS,
    Encoding,
    Layout,
    Slice,
    Writer,
    card_index,
    count_into,
    vocabulary,
)
from .errors import (
    BadAction,
    BadCard,
    BadDeck,
    BadOption,
    BadRecord,
    BadView,
    CyberdeckError,
    IllegalAction,
    UnknownGame,
)
from .events import DRAWN, PLAYED, CardUse, Event, visible
from .game import (
    Agent,
    Budget,
    CachedState,
    DeckMeasure,
    Game,
    Guide,
    Option,
    Outcome,
    State,
)
from .match import Match
from .playback import replay, replay_steps
from .record import ENGINE_VERSION, Record
from .registry import games, load_game, register
from .rng import Rng
from .series import Series, game_seed
from .text import ASCII, PLAIN, Style, counted, sentence, spell_cards

__all__ = [
    "ASCII",
    "CARDS",
    "CARD_SLOTS",
    "DRAWN",
    "ENGINE_VERSION",
    "JOKER",
    "PLAIN",
    "PLAYED",
    "SUITED",
    "ZERO",
    "Action",
    "ActionSpace",
    "Agent",
    "BadAction",
    "BadCard",
    "BadDeck",
    "BadOption",
    "BadRecord",
    "BadView",
    "Budget",
    "CachedState",
    "Card",
    "CardUse",
    "CyberdeckError",
    "Deck",
    "DeckCard",
    "DeckMeasure",
    "Encoding",
    "Event",
    "Game",
    "Guide",
    "IllegalAction",
    "Layout",
    "Match",
    "Option",
    "Outcome",
    "Record",
    "Rng",
    "Series",
    "Slice",
    "State",
    "Style",
    "Suit",
    "UnknownGame",
    "Writer",
    "card_index",
    "count_into",
    "counted",
    "format_decklist",
    "game_seed",
    "games",
    "load_game",
    "read_decklist",
    "register",
    "replay",
    "replay_steps",
    "sentence",
    "spell_cards",
    "standard_deck",
    "visible",
    "vocabulary",
]
