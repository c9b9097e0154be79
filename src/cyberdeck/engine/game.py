"""The game contract: every game implements ``Game`` and ``State``; every tool relies only on them.

A ``State`` is a mutable position. Exactly one seat decides at a time (``current_player``); a
multi-step turn or a defender's answer in the middle of the attacker's turn is just "this seat
decides next". ``apply`` checks legality and leaves the state untouched when it refuses. An
``Agent`` picks the move of the seat to decide.

The contract imports only what does not import it back (actions, events, records, the
questions a table may answer): everything that drives games through it (matches, replay, the
registry, the table's answers, the invariants) sits above it, so the engine's imports have no
cycle (``tests/test_architecture.py``).
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from .actions import Action, ActionSpace
from .compiled import mypyc_attr
from .decklist import Deck, DeckCard, format_decklist, readable_entries
from .encoding import Encoding
from .errors import BadDeck, BadOption, BadView, CyberdeckError, IllegalAction
from .events import CardUse, Event
from .questions import Gesture, Proposal, Stop, Window
from .record import Record
from .rng import Rng
from .text import Style


@dataclass(frozen=True, slots=True)
class Option:
    """One setting of a game: a name, the values it takes, its default, and a line of help.
    ``label`` and ``choice_labels`` (one per choice) are what a person reads on a menu ("When a
    breach wins", "At the start of your turn"); the name and choices stay what commands and
    records say."""

    name: str
    choices: tuple[Any, ...]
    default: Any
    help: str = ""
    label: str = ""
    choice_labels: tuple[str, ...] = ()

    def label_of(self, choice: Any) -> str:
        """The words for ``choice`` on a menu (the choice itself when the game gives none)."""
        if len(self.choice_labels) == len(self.choices) and choice in self.choices:
            return self.choice_labels[self.choices.index(choice)]
        return str(choice)

    def read(self, value: Any) -> Any:
        """The option's value from user input (text from a command line is accepted)."""
        for choice in self.choices:
            if value == choice or str(value).strip().lower() == str(choice).lower():
                return choice
        allowed = ", ".join(str(c) for c in self.choices)
        raise BadOption(
            f"Option '{self.name}' takes one of {allowed}; '{value}' is not one of them."
        )


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended. ``returns`` has one number per seat: 1 win, -1 loss, 0 draw.
    ``kind`` is a short stable key for statistics (``black-ice``, ``breach``); ``reason`` is the
    sentence players read. ``scores``, one per seat where the game has such a figure (MATR1X:
    royals killed), says how far a seat got, won or lost: a solitaire's personal best is its
    highest, and a loss with eleven royals down is not a rout."""

    winners: tuple[int, ...]
    returns: tuple[float, ...]
    reason: str
    kind: str = ""
    scores: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "winners": list(self.winners),
            "returns": list(self.returns),
            "reason": self.reason,
            "kind": self.kind,
        }
        if self.scores:
            out["scores"] = list(self.scores)
        return out


@dataclass(frozen=True, slots=True)
class Budget:
    """What a search level spends on a move: IS-MCTS iterations, a cap in seconds, and the
    playout moves (with their chance of a random move) that score a leaf where the turn has
    passed. The levels have generic budgets; a game whose turns are long may name its own.

    ``evaluation`` is for the learned search (``expert``): the weight, 0 to 1, of the game's
    hand-written evaluation (after the playout moves) in a leaf's value beside the network's
    value, as AlphaGo mixed its value network with its playouts; 0 is the network alone."""

    iterations: int
    seconds: float
    rollout_depth: int = 0
    rollout_epsilon: float = 1.0
    evaluation: float = 0.0

    def __reduce__(self) -> tuple[type[Budget], tuple[int, float, int, float, float]]:
        """Rebuilt from its fields in another process: compiled (mypyc), a frozen dataclass's
        default unpickling would assign to its frozen fields."""
        return Budget, (
            self.iterations, self.seconds, self.rollout_depth, self.rollout_epsilon,
            self.evaluation,
        )  # fmt: skip


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """Immutable metadata of one game, and the factory of its states."""

    id: ClassVar[str]
    title: ClassVar[str]
    pitch: ClassVar[str] = ""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    #: Solitaire games may let a player take back a move; the record keeps the undo.
    allows_undo: ClassVar[bool] = False
    #: What ``Outcome.scores`` counts, in words a leaderboard heads a column with ("royals
    #: killed"); empty for a game whose outcomes have no scores.
    score_label: ClassVar[str] = ""

    @property
    @abstractmethod
    def action_space(self) -> ActionSpace:
        """Every action this game can offer, in a fixed order (for integer indices and masks)."""

    @abstractmethod
    def _new_state(self, options: Mapping[str, Any], seed: int, decks: Any) -> State:
        """A fresh state for resolved options; ``decks`` as given to ``new_state``."""

    def new_state(
        self,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        decks: Any = None,
        cards: Mapping[str, Any] | None = None,
    ) -> State:
        """A fresh state; ``cards``: an edited card set (``card_set``'s document), checked by the
        game's own validator first (``BadDeck`` names every problem)."""
        if cards is not None:
            problems = self.check_card_set(cards)
            if problems:
                raise BadDeck(problems)
            decks = self.with_card_set(decks, cards)
        return self._new_state(self.resolve_options(options), seed, decks)

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults filled in, every value checked; a clear ``BadOption`` otherwise."""
        given = dict(options or {})
        known = {o.name: o for o in self.options}
        for name in given:
            if name not in known:
                names = ", ".join(known) or "none"
                raise BadOption(f"{self.title} has no option '{name}' (its options: {names}).")
        return {
            o.name: o.read(given[o.name]) if o.name in given else o.default for o in self.options
        }

    def table_size(self, options: Mapping[str, Any]) -> int:
        """The seats at a table with these options: the ``players`` option where the game has
        one, its fewest players otherwise."""
        return int(options.get("players", self.min_players))

    def configurations(self) -> list[dict[str, Any]]:
        """The option sets every test suite covers: the defaults, then each non-default choice."""
        configs: list[dict[str, Any]] = [self.resolve_options(None)]
        for option in self.options:
            for choice in option.choices:
                if choice != option.default:
                    configs.append(self.resolve_options({option.name: choice}))
        return configs

    def state_from_view(self, view: Mapping[str, Any], seat: int, rng: Rng) -> State:
        """A full state that ``seat`` might be in, given its ``view`` alone: ``view(seat)``
        equals ``view``, and ``current_player`` and ``legal_actions()`` are the real ones; what
        the seat cannot see is dealt with ``rng`` as ``determinize`` deals it (the same ``rng``
        gives the same state as ``real.determinize(seat, rng)``, whatever the real hidden cards).

        This is how an agent plays where only a view reaches it (a bot on a server): agents read
        only the view, the legal actions and sampled worlds, so from this state they choose as
        they would from the real one. A view that is not one of this game's, or not ``seat``'s,
        raises ``BadView`` with a sentence."""
        if not isinstance(view, Mapping) or view.get("game") != self.id:
            raise BadView(f"This is not a view of {self.title}.")
        if view.get("seat", seat) != seat:
            raise BadView(f"This is seat {view['seat']}'s view, not seat {seat}'s.")
        try:
            position = self.position_from_view(view, seat)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as err:
            raise BadView(
                f"The view does not describe a {self.title} position of seat {seat + 1} "
                f"({type(err).__name__}: {err})."
            ) from None
        except CyberdeckError as err:
            raise BadView(f"The view does not describe a {self.title} position: {err}") from None
        state = position.determinize(seat, rng)
        if _as_sent(state.view(seat)) != _as_sent(view):
            raise BadView(
                f"The view does not add up to a {self.title} position: the state it describes "
                "would show the seat something else."
            )
        return state

    def position_from_view(self, view: Mapping[str, Any], seat: int) -> State:
        """The position ``view`` shows ``seat``, with what the seat cannot see filled in any way
        consistent with the view (``state_from_view`` then re-deals it). A game whose view
        lacks what its state needs does not override this."""
        raise BadView(f"{self.title} cannot rebuild its state from a seat's view.")

    def parse_action(self, text: str) -> Action:
        return Action.parse(text)

    @abstractmethod
    def render(self, view: Mapping[str, Any], style: Style) -> str:
        """The table as text, drawn from a view (never from a state)."""

    def describe_action(self, action: Action, view: Mapping[str, Any]) -> str:
        """A short phrase for a menu entry; the action's text unless the game says better."""
        return action.text

    def in_words(self, text: str, view: Mapping[str, Any]) -> str:
        """One of this game's sentences (a move, a log line) with its codes in words, for line
        mode and screen readers ("Seed 5S on your vault1" -> "Seed five of spades on your Vault
        1"); ``view`` is the reader's, for codes only a view explains. Unchanged by default."""
        return text

    def words_key(self, view: Mapping[str, Any]) -> Hashable | None:
        """All that ``in_words`` reads of ``view``, as a key: two views of this game with equal
        keys spell every text alike, so a server may keep a text's words once for every reader
        whose view gives that key (a thousand matches spell the same menu lines and log lines
        over and over; spelling each anew was a fifth of a move's work). ``()`` for a game whose
        words read no view. ``None``, the default, claims nothing: words are then worked out
        for each reader apart, never shared."""
        return None

    def action_group(self, action: Action) -> str:
        """The heading a menu lists ``action`` under: its kind, unless the game groups finer."""
        return action.kind.capitalize()

    def seat_label(self, seat: int) -> str:
        """What this game's own texts (events, outcomes, its rendered table) call ``seat``; the
        terminal and the page put the seat's name in its place (``engine.seats``)."""
        return f"Player {seat + 1}"

    def moves_help(self) -> str:
        """A few lines for the terminal's ``help``: this game's moves and what to look at."""
        return ""

    def inspect(self, view: Mapping[str, Any], target: str, style: Style) -> str | None:
        """A close look at one part of the table (``look b2``); ``None`` if there is no such part."""
        return None

    def stops(self) -> tuple[Stop, ...]:
        """The places a player may ask to be stopped at (``autoanswer``); none by default, so a
        table answers nothing for the player."""
        return ()

    def stop_of(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Window | None:
        """The stop the question in front of the seat to move belongs to, with the answer the
        table may give for it (``autoanswer``); ``None`` for a question only the player answers:
        anything that reveals information or changes the game beyond passing."""
        return None

    def propose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Proposal | None:
        """Answers the table offers to give at once, accepted with one click or key (a payment
        that covers a cost with the least waste, say); ``None`` when it has nothing to offer."""
        return None

    def gestures(self, state: State) -> tuple[Gesture, ...]:
        """Several moves of the seat to move that a table offers as one click (send a team,
        then hit a target); none by default. Read from ``state``, since a game may play a clone
        ahead to list what the next question offers: it offers only gestures whose later
        questions come straight to the same seat and show nothing that seat would not see one
        move later (and never reads another seat's secrets to build them)."""
        return ()

    def evaluate(self, state: State, seat: int) -> float:
        """A heuristic value of ``state`` for ``seat`` in [-1, 1], from what ``seat`` may know."""
        return 0.0

    def observation_encoding(self, options: Mapping[str, Any] | None = None) -> Encoding:
        """The fixed-shape numbers a learning agent reads for a seat (``Encoding.encode(view,
        seat)``), for resolved ``options`` (the shape may depend on them, e.g. the player count).
        Computed from a view, so it shows only what the seat may see."""
        raise CyberdeckError(f"{self.title} has no observation encoding for learning agents yet.")

    def read_card_file(self, path: str) -> Any:
        """The ``decks`` setup that plays with a user's corrected card data (``--cards FILE``)."""
        raise BadOption(f"{self.title} has no card file to replace.")

    def series_target(self, players: int) -> int | None:
        """The points that win a series (a campaign) at a table of ``players``; ``None`` when the
        game has no campaign (see ``engine.series``)."""
        return None

    def series_setup(self, setup: Any, starter: int) -> Any:
        """The ``decks`` setup of a series game that ``starter`` (the last winner) begins."""
        raise BadOption(f"{self.title} has no campaign.")

    def agents(self) -> dict[str, Callable[[int], Agent]]:
        """Agents of this game's own, by name, each made from a seed (e.g. a solitaire's fair player)."""
        return {}

    #: A search level's budget where this game needs its own (``normal``, ``hard``); the generic
    #: budgets otherwise (``agents.levels``).
    budgets: ClassVar[Mapping[str, Budget]] = {}

    #: The key of a view that numbers the game's turns as its table shows them (``None``: the game
    #: numbers none). A staged policy (``agents.policy.staged``) changes networks by it.
    turn_key: ClassVar[str | None] = None

    def guided(self, guides: Sequence[Guide], seed: int) -> Agent | None:
        """The ``expert`` level played this game's own way: its own search guided by learned
        networks (one per table size it ships), or ``None`` for the generic guided IS-MCTS."""
        return None

    def hint_agent(self, seed: int) -> Agent | None:
        """The player whose choice a hint shows (``None``: the game gives no hints). It must be
        fair, deciding from the seat's view alone, or a hint would leak hidden cards."""
        return None

    #: True when ``review`` has something to say about some games (a server then asks it).
    reviews: ClassVar[bool] = False

    def review(self, record: Record) -> str | None:
        """A line for the player once the game is over: how it could have gone (``None``: nothing
        to say). May take seconds; a server asks it off the request path."""
        return None

    def bench_extras(self, quick: bool) -> dict[str, Any]:
        """Game-specific figures for ``cyberdeck bench`` (e.g. a solver's win rate)."""
        return {}

    # --- decks: optional; by default a game is played without built decks ---------------------

    #: True when players bring their own decks (``new_state(decks=[...])``, ``cyberdeck deck``).
    has_decks: ClassVar[bool] = False

    def read_deck(self, text: str) -> list[Any]:
        """The cards of a deck-list text; ``BadDeck`` lists every malformed line."""
        raise BadDeck([f"{self.title} is not played with decks of your own."])

    def deck_text(self, cards: list[Any], name: str = "", about: str = "") -> str:
        """A deck list that ``read_deck`` reads back."""
        return format_decklist(cards, str, name, about)

    def validate_deck(self, cards: list[Any]) -> list[str]:
        """Every deck-building rule ``cards`` breaks, one sentence each; empty when legal."""
        if not self.has_decks:
            return [f"{self.title} is not played with decks of your own."]
        return []

    def check_deck(self, text: str) -> tuple[list[Any], list[str]]:
        """A deck-list text's cards and every problem at once: each line that does not read,
        then each deck-building rule the cards that do read break (a deck builder shows them all,
        so one pass fixes the deck). Legal when the problems are empty."""
        if not self.has_decks:
            return [], self.validate_deck([])
        try:
            cards = self.read_deck(text)
        except BadDeck as err:
            unread = err.problems
        else:
            return cards, self.validate_deck(cards)
        cards = []
        for _, count, token in readable_entries(text).entries:
            try:
                cards.extend(self.read_deck(f"{count}x {token}"))
            except BadDeck:
                continue
        return cards, [*unread, *self.validate_deck(cards)]

    def describe_deck(self, cards: list[Any], style: Style) -> str:
        """A deck for people: its list, and whatever a designer wants to see at a glance."""
        return self.deck_text(cards)

    def starter_decks(self) -> list[Deck]:
        """The ready-made decks shipped with the game (none by default)."""
        return []

    def deck_cards(self) -> list[DeckCard]:
        """Every card a deck may hold, in the order a deck builder lists them (none by default)."""
        return []

    def decks_used(self, options: Mapping[str, Any], decks: Any) -> Any:
        """What a record keeps of ``decks``: a game with decks writes out every seat's cards in
        the order they were dealt from (a default or a starter named by the player spelled out),
        so that the record replays the same game even after the starter decks change. ``decks``
        as given otherwise."""
        return decks

    # --- card sets: a game whose printed cards a designer may edit -------------------------------

    def card_set(self) -> dict[str, Any] | None:
        """The shipped card set as a card-set document (JSON: ``{"cards": [{"name": ..., a
        number per stat}, ...]}``) that ``new_state(cards=...)`` takes back edited; ``None`` where
        the rules fix the cards (then only the decks are the designer's to change)."""
        return None

    def check_card_set(self, cards: Mapping[str, Any]) -> list[str]:
        """Every problem of a card-set document, one sentence each; empty when it can be played."""
        return [f"{self.title}'s cards are fixed by its rules: change its decks instead."]

    def with_card_set(self, decks: Any, cards: Mapping[str, Any]) -> Any:
        """The ``decks`` value ``_new_state`` reads to play with the (checked) card set."""
        raise BadDeck(self.check_card_set(cards))

    # --- the lab: what a game tells designers about its cards and decks ----------------------------

    def opening_cards(self, state: State) -> list[CardUse]:
        """The cards each seat holds once the game is set up (as ``drawn``) and has in play from
        the start (as ``played``), for the per-card statistics; none by default (a game without
        hands of cards has nothing to say)."""
        return []

    def card_uses(self, events: list[Event]) -> list[CardUse]:
        """The cards a move's events put into a hand or into play; none by default."""
        return []

    def deck_measures(self) -> tuple[DeckMeasure, ...]:
        """The behaviour measures a deck search spreads its decks over (none: no deck search)."""
        return ()

    def __repr__(self) -> str:
        return f"<game {self.id}>"


def _as_sent(view: Mapping[str, Any]) -> Any:
    """A view as it travels (through JSON: tuples become lists, keys strings), to compare two."""
    return json.loads(json.dumps(view))


@dataclass(frozen=True, slots=True)
class DeckMeasure:
    """One axis of the deck space a designer wants covered: its name, its range, and how a deck
    scores on it. A deck search keeps the best deck of each region of these axes, so a designer
    sees strong decks of every style rather than one winner."""

    name: str
    low: float
    high: float
    measure: Callable[[list[Any]], float]


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """A mutable game position. Subclasses use ``__slots__`` and copy by hand in ``clone``."""

    __slots__ = ()

    game: ClassVar[Game]

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The one seat that must decide now; ``None`` when the game is over."""

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action for ``current_player``, in a stable order; empty when terminal."""

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Carry out an action already known to be legal."""

    def apply(self, action: Action) -> list[Event]:
        """Carry out ``action``; ``IllegalAction`` (state untouched) when the rules forbid it."""
        if self.is_terminal:
            raise IllegalAction("The game is over; no more moves can be made.")
        if action not in self.legal_actions():
            raise IllegalAction(self.why_illegal(action))
        return self._apply(action)

    def advance(self, action: Action) -> None:
        """Carry out ``action``, one that ``legal_actions()`` lists here, for a machine.

        Search, playouts, the lab and the research environments take their moves from
        ``legal_actions()`` and read no events, so they need neither ``apply``'s legality check
        nor its events and sentences: a game may skip building them here (``CachedState.telling``).
        The resulting state is the one ``apply`` gives (the conformance suite compares their
        fingerprints); a move from anywhere else goes through ``apply``.
        """
        self._apply(action)

    def opening_events(self) -> list[Event]:
        """What happened while the game was set up (the deal, reveals), for the match log."""
        return []

    def why_illegal(self, action: Action) -> str:
        """A sentence telling the current player why ``action`` is refused (public facts only)."""
        return f"'{action}' is not a legal move right now."

    @property
    @abstractmethod
    def is_terminal(self) -> bool: ...

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended; ``None`` while it goes on."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON-ready: everything ``seat`` may see and nothing else; ``None`` is a spectator."""

    @abstractmethod
    def clone(self) -> State: ...

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        # Tools that copy with ``copy.deepcopy`` (OpenSpiel clones Python states that way) get
        # the hand-written copy, which is far faster and shares what is immutable.
        return self.clone()

    @abstractmethod
    def determinize(self, seat: int, rng: Rng) -> State:
        """A full state consistent with everything ``seat`` knows; all else re-dealt with ``rng``."""

    @abstractmethod
    def signature(self) -> tuple[Any, ...]:
        """The full state as nested tuples of ints and strings (the RNG included)."""

    def fingerprint(self) -> str:
        return hashlib.blake2b(repr(self.signature()).encode(), digest_size=16).hexdigest()


@mypyc_attr(allow_interpreted_subclasses=True)
class CachedState(State):
    """The usual shape of a state: it keeps its outcome once the game ends, and works out its
    legal actions once per position (``_apply`` must reset ``_legal`` to ``None``).

    ``telling`` is false while ``advance`` carries out a move: nobody reads that move's events,
    so the rules may skip building them. A game sets it true when it builds or clones a state, and
    never lets the state itself depend on it.
    """

    __slots__ = ("_legal", "_outcome", "telling")

    _legal: list[Action] | None
    _outcome: Outcome | None
    telling: bool

    def advance(self, action: Action) -> None:
        self.telling = False
        try:
            self._apply(action)
        finally:
            self.telling = True

    @abstractmethod
    def _compute_legal(self) -> list[Action]:
        """Every legal action of a live state, in a stable order."""

    @property
    def is_terminal(self) -> bool:
        return self._outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self._outcome is not None else self._compute_legal()
        return legal


class Guide(Protocol):
    """A learned judge of positions (``agents.policy.PolicyNet``), from a seat's view alone."""

    #: The table size it was trained for.
    players: int

    def value(self, state: State, seat: int) -> float:
        """The seat's expected return (-1 to 1)."""
        ...


class Agent(Protocol):
    """Something that picks an action for the seat to move.

    An agent is handed the state, but a fair agent reads only what its seat may know: the seat's
    view, the legal actions, and worlds sampled with ``state.determinize(seat, rng)``. The tests
    of the AI prove it by giving agents two states that look the same from their seat."""

    name: str

    def choose(self, state: State) -> Action:
        """An action for ``state.current_player``, one of ``state.legal_actions()``."""
        ...
