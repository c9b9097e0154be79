"""Cyberpunk CCG as a registered game: metadata, options, decks and the factory of states."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ...engine import (
    DRAWN,
    PLAYED,
    Action,
    ActionSpace,
    BadDeck,
    BadOption,
    Budget,
    CardUse,
    Deck,
    DeckCard,
    Encoding,
    Event,
    Game,
    Option,
    Rng,
    State,
    Style,
)
from ...engine.questions import Gesture, Proposal, Stop, Window
from . import editing
from .actions import all_actions
from .cardset import BY_SLUG, CARDS, set_size
from .cardtext import MOVES_HELP, inspect
from .decks import (
    SPONSOR_CHOICES,
    STARTERS,
    check,
    deck_cards,
    deck_text,
    read_deck,
    starter_decks,
    validate,
)
from .encoding import encoding
from .evaluate import evaluate
from .gestures import gestures
from .lines import spell_labels
from .rebuild import position
from .render import describe_action, describe_deck, render
from .state import CyberState
from .table import STOPS, propose, stop_of


def rival_of(sponsor: str) -> str:
    """The built-in opponent's starter deck: the next one in the list."""
    keys = list(SPONSOR_CHOICES)
    return keys[(keys.index(sponsor) + 1) % len(keys)]


class CyberpunkCCG(Game):
    id = "cyberpunk-ccg"
    title = "Cyberpunk CCG"
    pitch = (
        "Two sponsors fight over Night City: buy Locations, Operations and Runners from your Runs "
        "deck, chrome and guns from your Gear deck, team your runners up and hit the other side's "
        "holdings until someone scores 100 Ops, shows 100 Style or meets their sponsor's goal. "
        f"Night City Core: {set_size()}, six starter decks."
    )
    min_players = 2
    max_players = 2
    has_decks = True
    options = (
        Option(
            "sponsor",
            SPONSOR_CHOICES,
            "ncpd",
            "The starter deck you play, led by its sponsor; your opponent plays the next one in "
            "the list.",
            label="Your sponsor",
            choice_labels=tuple(STARTERS[key][1].split(":")[0] for key in SPONSOR_CHOICES),
        ),
    )
    _space = ActionSpace(all_actions())
    #: ``hard`` searches 800 iterations a move with no playout moves: a CCG turn is dozens of
    #: decisions, so the generic level's two playout moves never reach the other side's answer
    #: (the generic ``hard`` won 7 of its first 16 games against ``normal``; docs/agents.md).
    #: ``expert`` searches as many, guided by its apprentice of ``hard`` (its policy file, from
    #: ``lab imitate``): at 200 it won 3 of the 15 deals on which 800 won 7. docs/ladders.md has
    #: it measured.
    budgets: ClassVar[Mapping[str, Budget]] = {"hard": Budget(800, 5.0), "expert": Budget(800, 5.0)}
    turn_key = "turn"

    def configurations(self) -> list[dict[str, Any]]:
        """Three pairings that between them play every starter deck (each sponsor choice also
        picks the rival deck, so six configurations would repeat each deck twice)."""
        return [self.resolve_options({"sponsor": key}) for key in SPONSOR_CHOICES[::2]]

    @property
    def action_space(self) -> ActionSpace:
        return self._space

    def _new_state(self, options: Mapping[str, Any], seed: int, decks: Any) -> State:
        table = CARDS
        if isinstance(decks, Mapping):  # ``with_card_set``: the decks and an edited card set
            table = editing.table(decks["cards"])
            decks = decks.get("decks")
        state = CyberState(self._deck_lists(options, decks), Rng(seed), table)
        state.start()
        return state

    def position_from_view(self, view: Mapping[str, Any], seat: int) -> State:
        return position(view, seat)

    def card_set(self) -> dict[str, Any]:
        return editing.document()

    def check_card_set(self, cards: Mapping[str, Any]) -> list[str]:
        return editing.problems(cards)

    def with_card_set(self, decks: Any, cards: Mapping[str, Any]) -> Any:
        return {"decks": decks, "cards": dict(cards)}

    def decks_used(self, options: Mapping[str, Any], decks: Any) -> list[list[str]]:
        return [[CARDS[c].slug for c in cards] for cards in self._deck_lists(options, decks)]

    def opening_cards(self, state: State) -> list[CardUse]:
        assert isinstance(state, CyberState)
        """The sponsors, in play from the start (as ``played``); the opening hands are drawn as
        moves (``card_uses``)."""
        return [CardUse(s, state.defs[state.sponsor[s]].slug, PLAYED) for s in (0, 1)] + [
            CardUse(s, state.defs[i].slug, DRAWN) for s in (0, 1) for i in state.hand[s]
        ]

    def card_uses(self, events: list[Event]) -> list[CardUse]:
        """The drawer's private ``drew`` names the card drawn; a ``buy`` or an Event's ``play``
        names the card played, once its first EB is paid (a buy backed out before then is
        never named: ``economy.announce``)."""
        uses = []
        for event in events:
            if event.kind == "drew" and event.seats:
                uses.append(CardUse(min(event.seats), event.data["card"], DRAWN))
            elif event.kind in ("buy", "play") and "card" in event.data:
                uses.append(CardUse(event.data["seat"], event.data["card"], PLAYED))
        return uses

    def _deck_lists(self, options: Mapping[str, Any], decks: Any) -> list[list[int]]:
        """Each seat's cards: the sponsor's starter and its rival's, unless a deck is given."""
        sponsor = options["sponsor"]
        lists = [STARTERS[sponsor][2], STARTERS[rival_of(sponsor)][2]]
        if decks is not None:
            if (
                not isinstance(decks, Sequence)
                or isinstance(decks, str)
                or not 1 <= len(decks) <= 2
            ):
                raise BadOption("Give one or two decks (player 1's, then player 2's).")
            for seat, deck in enumerate(decks):
                if deck is None:
                    continue  # that seat plays its default starter
                cards = self._cards(deck)
                check(cards)
                lists[seat] = cards
        return lists

    @staticmethod
    def _cards(deck: Any) -> list[int]:
        if isinstance(deck, Deck):
            deck = list(deck.cards)
        if isinstance(deck, str):
            return read_deck(deck)
        out = []
        for card in deck:
            if isinstance(card, int) and 0 <= card < len(CARDS):
                out.append(card)
            elif isinstance(card, str) and card in BY_SLUG:
                out.append(BY_SLUG[card])
            else:
                raise BadDeck([f"'{card}' is not a card of Night City Core."])
        return out

    def read_deck(self, text: str) -> list[Any]:
        """Cards by slug (``street-samurai``): what records and ``new_state(decks=...)`` take."""
        return [CARDS[c].slug for c in read_deck(text)]

    def deck_text(self, cards: list[Any], name: str = "", about: str = "") -> str:
        return deck_text(self._cards(cards), name, about)

    def validate_deck(self, cards: list[Any]) -> list[str]:
        return validate(self._cards(cards))

    def describe_deck(self, cards: list[Any], style: Style) -> str:
        return describe_deck(self._cards(cards), style)

    def starter_decks(self) -> list[Deck]:
        return [
            Deck(d.name, tuple(CARDS[c].slug for c in d.cards), d.about, key=d.key)
            for d in starter_decks()
        ]

    def deck_cards(self) -> list[DeckCard]:
        return deck_cards()

    def render(self, view: Mapping[str, Any], style: Style) -> str:
        return render(view, style)

    def describe_action(self, action: Any, view: Mapping[str, Any]) -> str:
        return describe_action(action, view)

    def in_words(self, text: str, view: Mapping[str, Any]) -> str:
        """The texts name cards, never by code; their numbers' short labels ("ATTACK 30",
        "Def 20") are spelled out."""
        return spell_labels(text)

    def words_key(self, view: Mapping[str, Any]) -> tuple[()]:
        """The words read no view: the texts name cards by name and only their labels are
        spelled out."""
        return ()

    def inspect(self, view: Mapping[str, Any], target: str, style: Style) -> str | None:
        return inspect(view, target, style)

    def moves_help(self) -> str:
        return MOVES_HELP

    def stops(self) -> tuple[Stop, ...]:
        return STOPS

    def stop_of(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Window | None:
        return stop_of(view, legal)

    def propose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Proposal | None:
        return propose(view, legal)

    def gestures(self, state: State) -> tuple[Gesture, ...]:
        assert isinstance(state, CyberState)
        return gestures(state)

    def bench_extras(self, quick: bool) -> dict[str, Any]:
        """How random games end: the share stopped by the turn cap, turns and points reached."""
        seeds = range(20 if quick else 100)
        kinds: dict[str, int] = {}
        turns = ops = 0
        for seed in seeds:
            options = self.configurations()[seed % 3]
            state = self.new_state(options, seed)
            assert isinstance(state, CyberState)
            rng = Rng(seed + 1)
            while not state.is_terminal:
                state.apply(rng.choice(state.legal_actions()))
            outcome = state.outcome
            assert outcome is not None
            kinds[outcome.kind] = kinds.get(outcome.kind, 0) + 1
            turns += state.turn
            ops += max(state.ops)
        n = len(seeds)
        return {
            "random_games": n,
            "random_outcomes": kinds,
            "cap_rate": kinds.get("cap", 0) / n,
            "mean_turns": turns / n,
            "mean_best_ops": ops / n,
        }

    def observation_encoding(self, options: Mapping[str, Any] | None = None) -> Encoding:
        return encoding(self.resolve_options(options))

    def evaluate(self, state: State, seat: int) -> float:
        assert isinstance(state, CyberState)
        return evaluate(state, seat)


GAME = CyberpunkCCG()
CyberState.game = GAME
