"""MATR1X 0VERL0AD as a registered game: metadata, options and the factory of states."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...engine import (
    ActionSpace,
    Agent,
    BadOption,
    BadView,
    Encoding,
    Game,
    Guide,
    Option,
    Record,
    Rng,
    State,
    Style,
)
from ...engine.cards import JOKER, ZERO, standard_deck
from .encoding import encoding
from .evaluate import evaluate
from .fair import FairPlayer, win_rates
from .hindsight import LEVELS, expert
from .rebuild import position
from .render import describe_action, in_words, inspect, render
from .review import review
from .state import ACTIONS, MatrixState

VARIANTS = ("digital", "classic")


class MatrixOverload(Game):
    id = "matrix-overload"
    title = "MATR1X 0VERL0AD"
    pitch = (
        "Cyberpunk solitaire on a 3×3 matrix: line up number cards to overload the royal "
        "firewalls around it before they grow too strong or you run out of cards."
    )
    min_players = 1
    max_players = 1
    allows_undo = True
    score_label = "royals killed"
    options = (
        Option(
            "variant",
            VARIANTS,
            "digital",
            "The digital deck has one zero card (53 cards); the printed game has two jokers (54).",
            label="Deck",
            choice_labels=("digital: one zero card", "classic: two jokers, as printed"),
        ),
    )
    _space = ActionSpace(ACTIONS)

    @property
    def action_space(self) -> ActionSpace:
        return self._space

    def deck(self, variant: str) -> list[int]:
        extra = [ZERO] if variant == "digital" else [JOKER, JOKER]
        return [int(c) for c in standard_deck()] + [int(c) for c in extra]

    def _new_state(self, options: Mapping[str, Any], seed: int, decks: Any) -> State:
        if decks is not None:
            raise BadOption(f"{self.title} is played with a standard deck; it takes no deck list.")
        rng = Rng(seed)
        deck = self.deck(options["variant"])
        rng.shuffle(deck)
        return self.dealt(options["variant"], deck, rng)

    def position_from_view(self, view: Mapping[str, Any], seat: int) -> State:
        variant = view["variant"]
        if variant not in VARIANTS:
            raise BadView(f"{self.title} has no variant {variant!r}.")
        return position(view, self.deck(variant))

    def shuffled_deck(self, variant: str, seed: int) -> list[int]:
        """The deck game ``seed`` deals from, top last: the JAX twin starts from it
        (``envs/jax``), and its verification replays the same deal in both engines."""
        deck = self.deck(variant)
        Rng(seed).shuffle(deck)
        return deck

    def dealt(self, variant: str, deck: list[int], rng: Rng | None = None) -> MatrixState:
        """A game dealt from ``deck`` (top last) as given, not shuffled: how a deal the JAX twin
        shuffled is replayed here. ``rng`` is the state's own generator (seed 0 when none)."""
        state = MatrixState(variant, rng or Rng(0))
        state.deal(list(deck))
        return state

    def render(self, view: Mapping[str, Any], style: Style) -> str:
        return render(view, style)

    def describe_action(self, action: Any, view: Mapping[str, Any]) -> str:
        return describe_action(action, view)

    def in_words(self, text: str, view: Mapping[str, Any]) -> str:
        return in_words(text)

    def words_key(self, view: Mapping[str, Any]) -> tuple[()]:
        """The words read no view: playing cards are named the same at every seat."""
        return ()

    def inspect(self, view: Mapping[str, Any], target: str, style: Style) -> str | None:
        return inspect(view, target, style)

    def observation_encoding(self, options: Mapping[str, Any] | None = None) -> Encoding:
        return encoding(self.resolve_options(options))

    def evaluate(self, state: State, seat: int) -> float:
        assert isinstance(state, MatrixState)
        return evaluate(state)

    def agents(self) -> dict[str, Callable[[int], Agent]]:
        """``fair`` looks one placement ahead; the ``normal`` and ``hard`` levels, in place of
        the generic ones, are the hindsight player, which solves sampled deck orders."""
        return {"fair": FairPlayer, **LEVELS}

    def guided(self, guides: Sequence[Guide], seed: int) -> Agent | None:
        """``expert`` is the hindsight player guided by the shipped policy and value: it searches
        the placements the policy finds likely, with more decks and nodes than ``hard``."""
        return expert(guides[0], seed)

    def hint_agent(self, seed: int) -> Agent | None:
        """Hints are what the arcade's default level would play: sound, and quick to ask for."""
        return LEVELS["normal"](seed)

    reviews = True

    def review(self, record: Record) -> str | None:
        return review(record)

    def bench_extras(self, quick: bool) -> dict[str, Any]:
        """Win rates on a fixed seed set: random, the fair player, and the solver's lower bound
        on the perfect-information win rate (deals it cannot settle in its budget count as lost)."""
        seeds = range(50 if quick else 1000)
        return {"seeds": len(seeds), **win_rates(self, seeds)}


GAME = MatrixOverload()
MatrixState.game = GAME
