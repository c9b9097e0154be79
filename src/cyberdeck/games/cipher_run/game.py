"""Cipher Run as a registered game: metadata, variant options, decks and the factory of states."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...engine import (
    DRAWN,
    PLAYED,
    Action,
    ActionSpace,
    Budget,
    CardUse,
    Deck,
    DeckCard,
    DeckMeasure,
    Encoding,
    Event,
    Game,
    Rng,
    State,
    Style,
)
from ...engine.cards import CARDS
from . import decks as deckbuilding
from .actions import ACTIONS, BY_TEXT, VAULT_NAMES
from .encoding import encoding
from .evaluate import evaluate
from .options import OPTIONS
from .rebuild import position
from .render import describe_action, describe_deck, in_words, inspect, render
from .state import CipherState

#: The events of a card leaving a hand into play (a seed's private twin names the card).
PLAY_EVENTS = frozenset(("seed_card", "deploy", "revector", "overclock", "kill_switch", "zero_day"))
GROUPS = {
    "seed": "Seed a node (face down)",
    "compile": "Compile (discard a card, draw one)",
    "reset": "Hard Reset (no draw)",
    "pass": "Pass",
}


class CipherRun(Game):
    id = "cipher-run"
    title = "Cipher Run"
    pitch = (
        "Two rival hackers race to crack three vault nodes at once. Stack Number Modules to bring "
        "each node into the lock range of 21 to 26, follow or override its attack profile, and run "
        "Kill-Switches, Revectors, Overclocks and Zero-Days to wreck the other side's stacks. Hold "
        "two vaults through your opponent's reply and the run is yours."
    )
    min_players = 2
    max_players = 2
    options = OPTIONS
    has_decks = True
    _space = ActionSpace(ACTIONS)
    #: ``expert`` searches 1,600 iterations, guided by its apprentice (its policy file, two
    #: rounds of ``lab imitate``): twice 800 takes three points more from ``hard`` on the same
    #: deals and still answers inside half a second of CPU at p95. docs/ladders.md has both.
    budgets: ClassVar[Mapping[str, Budget]] = {"expert": Budget(1600, 5.0)}
    turn_key = "turn"

    @property
    def action_space(self) -> ActionSpace:
        return self._space

    def _new_state(self, options: Mapping[str, Any], seed: int, decks: Any) -> State:
        cards = deckbuilding.resolve_decks(decks)
        state = CipherState(
            Rng(seed),
            pivot_flip=options["pivot"] == "flip",
            breach_start=options["breach"] == "start",
        )
        state.setup(cards)
        return state

    def position_from_view(self, view: Mapping[str, Any], seat: int) -> State:
        return position(view, seat)

    def parse_action(self, text: str) -> Action:
        """Also reads ``v2`` or a bare ``2`` where a vault is expected. An action's own text
        (``Action.text``) reads as the interned action (``actions.BY_TEXT``)."""
        known = BY_TEXT.get(text)
        if known is not None:
            return known
        action = Action.parse(text)
        args = list(action.args)
        slot = 1 if action.kind in ("seed", "deploy") else 0 if action.kind == "reset" else -1
        if 0 <= slot < len(args):
            word = args[slot]
            digit = word[1:] if word.startswith("v") and word[1:].isdigit() else word
            if digit in ("1", "2", "3"):
                args[slot] = VAULT_NAMES[int(digit) - 1]
        return Action(action.kind, tuple(args))

    def render(self, view: Mapping[str, Any], style: Style) -> str:
        return render(view, style)

    def describe_action(self, action: Action, view: Mapping[str, Any]) -> str:
        return describe_action(action, view)

    def in_words(self, text: str, view: Mapping[str, Any]) -> str:
        return in_words(text)

    def words_key(self, view: Mapping[str, Any]) -> tuple[()]:
        """The words read no view: Cipher Run names cards and vaults by their codes alone."""
        return ()

    def action_group(self, action: Action) -> str:
        if action.kind == "deploy":
            return "Deploy a Number Module" if len(action.args) == 2 else "Run a program"
        return GROUPS.get(action.kind, action.kind.capitalize())

    def inspect(self, view: Mapping[str, Any], target: str, style: Style) -> str | None:
        return inspect(view, target, style)

    def observation_encoding(self, options: Mapping[str, Any] | None = None) -> Encoding:
        return encoding(self.resolve_options(options))

    def evaluate(self, state: State, seat: int) -> float:
        assert isinstance(state, CipherState)
        return evaluate(state, seat)

    # --- decks ---------------------------------------------------------------------------------

    def read_deck(self, text: str) -> list[Any]:
        return list(deckbuilding.read_deck(text))

    def deck_text(self, cards: list[Any], name: str = "", about: str = "") -> str:
        return deckbuilding.deck_text(cards, name, about)

    def validate_deck(self, cards: list[Any]) -> list[str]:
        return deckbuilding.validate(cards)

    def describe_deck(self, cards: list[Any], style: Style) -> str:
        return describe_deck(cards, style)

    def starter_decks(self) -> list[Deck]:
        return list(deckbuilding.starter_decks())

    def deck_cards(self) -> list[DeckCard]:
        return deckbuilding.deck_cards()

    def deck_measures(self) -> tuple[DeckMeasure, ...]:
        return deckbuilding.DECK_MEASURES

    def opening_cards(self, state: State) -> list[CardUse]:
        assert isinstance(state, CipherState)
        return [CardUse(seat, CARDS[c].text, DRAWN) for seat in (0, 1) for c in state.hands[seat]]

    def card_uses(self, events: list[Event]) -> list[CardUse]:
        """A private ``draw_card`` names the drawn card (its one seat is the drawer); a seed or a
        deploy of any kind names the card played."""
        uses = []
        for event in events:
            if event.kind == "draw_card" and event.seats:
                uses.append(CardUse(min(event.seats), event.data["card"], DRAWN))
            elif event.kind in PLAY_EVENTS:
                uses.append(CardUse(event.data["player"], event.data["card"], PLAYED))
        return uses

    def decks_used(self, options: Mapping[str, Any], decks: Any) -> list[list[str]]:
        return [[CARDS[c].text for c in cards] for cards in deckbuilding.resolve_decks(decks)]


GAME = CipherRun()
CipherState.game = GAME
