"""Cypher as a registered game: metadata, options and the factory of states.

``new_state``'s ``decks`` argument may carry a setup mapping: ``{"cards": DOCUMENT}`` plays with a
corrected card file (the JSON object itself, so that a record replays anywhere; read a file with
``load_card_file``), and ``{"start": SEAT}`` seats a chosen starting player (a campaign's previous
winner). Without them the shipped cards are used and the starting player is drawn at random.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...engine import (
    Action,
    ActionSpace,
    BadDeck,
    BadOption,
    Budget,
    Encoding,
    Game,
    Option,
    Rng,
    State,
    Style,
)
from . import campaign
from .catalog import Catalog, default_catalog, default_document, load_card_file
from .encoding import encoding
from .evaluate import evaluate
from .rebuild import position
from .render import describe_action, in_words, inspect, render, words_key
from .rules import ACTIONS
from .state import CypherState


class Cypher(Game):
    id = "cypher"
    title = "Cypher"
    pitch = (
        "A five-minute fight for the rogue AI: play characters from the upper, middle and lower "
        "classes into a three-card play area, pass the rest face down to your neighbours, and "
        "hold the most influence when the deck runs dry or a Cypher Anomaly surfaces."
    )
    min_players = 2
    max_players = 4
    options = (
        Option(
            "players",
            (2, 3, 4),
            2,
            "How many players sit at the table (2, 3 or 4).",
            label="Number of players",
            choice_labels=("2 players", "3 players", "4 players"),
        ),
        Option(
            "burn",
            (False, True),
            False,
            "Before dealing, the top card of the deck is set aside unseen, so no player can count "
            "every card.",
            label="Set a card aside",
            choice_labels=("no, deal the whole deck", "yes, the top card, unseen"),
        ),
    )
    _space = ActionSpace(ACTIONS)
    #: A Cypher decision is small, so four times the generic budget still answers in a fifth of
    #: a second of CPU at p95. ``hard`` searches 800 iterations and scores a leaf after up to 50
    #: epsilon-greedy playout moves, far into the game (the generic two moves left it level with
    #: ``normal``); ``expert`` searches 800 iterations. docs/ladders.md has both measured.
    budgets: ClassVar[Mapping[str, Budget]] = {
        "hard": Budget(800, 5.0, rollout_depth=50, rollout_epsilon=0.1),
        "expert": Budget(800, 5.0),
    }
    turn_key = "turn_number"

    @property
    def action_space(self) -> ActionSpace:
        return self._space

    def _new_state(self, options: Mapping[str, Any], seed: int, decks: Any) -> State:
        catalog, start = self.read_setup(decks)
        players = int(options["players"])
        rng = Rng(seed)
        if start is None:
            start = rng.below(players)
        elif not 0 <= start < players:
            raise BadOption(f"The starting player must be a seat from 0 to {players - 1}.")
        state = CypherState(catalog, players, rng, bool(options["burn"]), start)
        state.setup()
        return state

    def read_card_file(self, path: str) -> dict[str, Any]:
        """The ``decks`` value that plays with the card file at ``path`` (for ``--cards FILE``);
        ``BadDeck`` lists every problem of the file, each with the entry that has it."""
        return {"cards": load_card_file(path)}

    def card_set(self) -> dict[str, Any]:
        """The shipped (reconstructed) character cards: influence and copies are a designer's."""
        return default_document()

    def check_card_set(self, cards: Mapping[str, Any]) -> list[str]:
        try:
            Catalog(dict(cards))
        except BadDeck as err:
            return list(err.problems)
        return []

    def with_card_set(self, decks: Any, cards: Mapping[str, Any]) -> Any:
        return {**(decks or {}), "cards": dict(cards)}

    @staticmethod
    def read_setup(decks: Any) -> tuple[Catalog, int | None]:
        if decks is None:
            return default_catalog(), None
        if not isinstance(decks, Mapping):
            raise BadDeck(["Cypher takes a setup object with 'cards' and/or 'start', or nothing."])
        unknown = sorted(set(decks) - {"cards", "start"})
        if unknown:
            raise BadDeck([f"Unknown setup field(s): {', '.join(unknown)}."])
        cards = decks.get("cards")
        catalog = default_catalog() if cards is None else Catalog(cards)
        start = decks.get("start")
        if start is not None and (not isinstance(start, int) or isinstance(start, bool)):
            raise BadOption("The starting player must be a seat number.")
        return catalog, start

    def series_target(self, players: int) -> int | None:
        return campaign.POINTS_TO_WIN.get(players)

    def series_setup(self, setup: Any, starter: int) -> Any:
        return campaign.series_setup(setup, starter)

    def position_from_view(self, view: Mapping[str, Any], seat: int) -> State:
        return position(view, seat)

    def render(self, view: Mapping[str, Any], style: Style) -> str:
        return render(view, style)

    def describe_action(self, action: Action, view: Mapping[str, Any]) -> str:
        return describe_action(action, view)

    def in_words(self, text: str, view: Mapping[str, Any]) -> str:
        return in_words(text, view)

    def words_key(self, view: Mapping[str, Any]) -> tuple[tuple[str, str, str, int], ...]:
        return words_key(view)

    def inspect(self, view: Mapping[str, Any], target: str, style: Style) -> str | None:
        return inspect(view, target, style)

    def observation_encoding(self, options: Mapping[str, Any] | None = None) -> Encoding:
        return encoding(self.resolve_options(options))

    def evaluate(self, state: State, seat: int) -> float:
        assert isinstance(state, CypherState)
        return evaluate(state, seat)


GAME = Cypher()
CypherState.game = GAME
