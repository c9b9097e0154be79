"""The tutorial player: a guided first game of any game, read from a script that is data.

A script (``tutorial.toml`` beside a game's package) fixes the deal through the game's real set-up
(a seed, the options, the decks) and lists the whole line of play as steps. A step of the learner's
names the part of the table to look at and says the rule in a sentence or two, and waits for the
learner at each of their moves in it (the scripted opponent's answers in between are played for
them: a CCG priority window is one step, not five); a step of the opponent's alone, or one marked
``auto``, is played by the tutorial, its text read out as narration. Every position comes from the
rules engine, so the lesson can never teach a rule the engine does not play.

A legal move other than the suggested one gets a gentle word and is *taken back*: it is not played
and the scripted position stays, so the script stays valid (re-planning would need a script for
every branch). An illegal move gets the game's normal error and changes nothing. The terminal and the server share this one player.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from .actions import Action
from .autoanswer import Stops, answer
from .errors import BadRecord, CyberdeckError, IllegalAction
from .events import Event
from .game import Game
from .match import Match
from .questions import Gesture

SCRIPT_FILE = "tutorial.toml"


#: The sides a highlight may be scoped to: the learner's own (``you:vault1``) or the tutor's.
SIDES = ("you", "tutor")


@dataclass(frozen=True, slots=True)
class Highlight:
    """A part of the table to mark, by the name the game's ``look`` and moves use (``b2``,
    ``vault1``, ``agenda``), on one side where the name alone would mark both: at Cipher Run's
    vault 1 the learner and the tutor each have a node, and a step means one of them."""

    name: str
    #: ``"you"``, ``"tutor"``, or ``""`` for a part with one owner (a card in hand, a pile).
    side: str = ""

    @classmethod
    def read(cls, text: str) -> Highlight:
        side, colon, name = text.rpartition(":")
        return cls(name.strip(), side.strip().lower()) if colon else cls(text.strip())

    def __str__(self) -> str:
        owner = {"you": "your ", "tutor": "the tutor's "}.get(self.side, "")
        return owner + self.name

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "side": self.side}


@dataclass(frozen=True, slots=True)
class Step:
    """One scripted step: the moves it makes, what to look at, and the sentence that teaches."""

    moves: tuple[str, ...]
    text: str
    #: Parts of the table to mark.
    highlight: tuple[Highlight, ...] = ()
    #: The tutorial plays this step for the learner (a stretch of routine moves).
    auto: bool = False
    #: The heading of the game's rules page this step teaches (the page opens there).
    section: str = ""


@dataclass(frozen=True, slots=True)
class RulesSections:
    """Where a table's rules link opens: the rules page's heading for the part of the turn a
    view is in, read from one field of the view (the CCG's ``step``, Hack-Me's ``phase``)."""

    key: str = ""
    default: str = ""
    sections: Mapping[str, str] = field(default_factory=dict)

    def section(self, view: Mapping[str, Any]) -> str:
        return self.sections.get(str(view.get(self.key, "")), self.default)

    def to_json(self) -> dict[str, Any]:
        return {"field": self.key, "default": self.default, "sections": dict(self.sections)}


@dataclass(frozen=True, slots=True)
class Script:
    """A whole tutorial: the deal, the learner's seat, the steps, and the last word."""

    game: str
    seed: int
    seat: int
    intro: str
    outro: str
    steps: tuple[Step, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    decks: Any = None
    rules: RulesSections = field(default_factory=RulesSections)


def read_script(text: str, game: Game) -> Script:
    """A script from its TOML text; ``BadRecord`` with a sentence naming what is wrong."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise BadRecord(f"The {game.title} tutorial does not read as TOML: {err}.") from None
    steps = []
    for number, raw in enumerate(data.get("step", []), start=1):
        moves = raw.get("moves") or ([raw["move"]] if "move" in raw else [])
        if not moves or not raw.get("text"):
            raise BadRecord(f"Step {number} of the {game.title} tutorial needs a move and a text.")
        auto = bool(raw.get("auto", False))
        names = raw.get("highlight", ())
        highlight = tuple(
            Highlight.read(str(n)) for n in ([names] if isinstance(names, str) else names)
        )
        for part in highlight:
            if part.side not in ("", *SIDES) or not part.name:
                raise BadRecord(
                    f"Step {number} of the {game.title} tutorial highlights '{part.side}:"
                    f"{part.name}': a highlight is a part of the table, or 'you:' or 'tutor:' "
                    "and a part."
                )
        steps.append(
            Step(
                tuple(str(m) for m in moves),
                str(raw["text"]).strip(),
                highlight,
                auto,
                str(raw.get("section", "")),
            )
        )
    deal = data.get("deal", {})
    rules = data.get("rules", {})
    return Script(
        game=game.id,
        seed=int(deal.get("seed", 0)),
        seat=int(deal.get("seat", 0)),
        intro=str(data.get("intro", "")).strip(),
        outro=str(data.get("outro", "")).strip(),
        steps=tuple(steps),
        options=dict(deal.get("options", {})),
        decks=deal.get("decks"),
        rules=RulesSections(
            str(rules.get("field", "")),
            str(rules.get("default", "")),
            {str(k): str(v) for k, v in rules.get("sections", {}).items()},
        ),
    )


@cache
def load_script(game: Game) -> Script | None:
    """The script shipped beside ``game``'s package; ``None`` when the game has none yet (read
    once: a script is package data and does not change while the program runs)."""
    package = type(game).__module__.rpartition(".")[0]
    source = resources.files(package) / SCRIPT_FILE
    if not source.is_file():
        return None
    return read_script(source.read_text(encoding="utf-8"), game)


@dataclass(frozen=True, slots=True)
class Said:
    """What the tutorial tells the learner after a move: narration of the moves it played, and a
    word on a move it took back."""

    narration: tuple[str, ...] = ()
    word: str = ""


def table_answers(game: Game, match: Match, seat: int, text: str) -> bool:
    """Whether a real table would make this move of the learner's for them with the default
    stops (a window they have no stop at, a question with one answer): the lesson does the same,
    so it teaches the game as the table plays it, not forty clicks on "pass"."""
    state = match.state
    found = answer(game, state.view(seat), state.legal_actions(), Stops.defaults(game))
    return found is not None and found.action == game.parse_action(text)


def gesture_for(game: Game, match: Match, moves: tuple[str, ...]) -> Gesture | None:
    """The longest gesture on offer (several moves as one click, as the real table offers them)
    that makes exactly the first of ``moves``, the script's next moves: a lesson clicks as a
    table does, a purchase and its payment at once."""
    best: Gesture | None = None
    for gesture in game.gestures(match.state):
        count = len(gesture.actions)
        if count < 2 or count > len(moves) or (best and count <= len(best.actions)):
            continue
        if list(gesture.actions) == [game.parse_action(text) for text in moves[:count]]:
            best = gesture
    return best


class Tutorial:
    """One learner going through one script. ``step`` is the step waiting for the learner and
    ``turn`` the index of the move in it the learner is to make."""

    def __init__(self, game: Game, script: Script) -> None:
        self.game = game
        self.script = script
        self.match = Match(game, script.options, script.seed, script.decks, meta={"tutorial": True})
        self.index = 0
        self.turn = 0
        #: The learner's moves made so far, and those of them in the step now playing.
        self.made = 0
        self.made_here = 0
        #: The learner's steps done (for "step 3 of 12": a step may hold several moves).
        self.steps_done = 0
        #: The ``auto`` steps that played a move of the learner's for them (a script fault).
        self.played_for: list[int] = []
        #: The learner's moves the table made for them, as a real table would (``table_answers``).
        self.answered = 0
        self.last = self._advance()

    @property
    def seat(self) -> int:
        return self.script.seat

    @property
    def step(self) -> Step | None:
        """The learner's step now; ``None`` once the script is played out."""
        return self.script.steps[self.index] if self.index < len(self.script.steps) else None

    @property
    def suggested(self) -> Action | None:
        step = self.step
        return None if step is None else self.game.parse_action(step.moves[self.turn])

    @property
    def gesture(self) -> Gesture | None:
        """The gesture that makes the suggested move and the script's next ones in one click."""
        step = self.step
        if step is None or self.match.state.is_terminal:
            return None
        return gesture_for(self.game, self.match, step.moves[self.turn :])

    def make_gesture(self) -> Said:
        """The suggested gesture: each of its moves made as the learner's (the table stops where
        one is no longer the suggested move, as ``carry_out`` does). ``IllegalAction`` when the
        lesson offers none here."""
        gesture = self.gesture
        if gesture is None:
            raise IllegalAction("There is no gesture to make here: make the suggested move.")
        narration: list[str] = []
        for action in gesture.actions:
            if self.suggested != action or self.match.state.current_player != self.seat:
                break
            narration.extend(self.move(action.text).narration)
        self.last = Said(tuple(narration))
        return self.last

    @property
    def finished(self) -> bool:
        return self.step is None

    @property
    def won(self) -> bool:
        outcome = self.match.state.outcome
        return outcome is not None and self.seat in outcome.winners

    @property
    def position(self) -> int:
        """The learner's moves made (the page's counter: each is one click)."""
        return self.made

    @property
    def steps(self) -> int:
        """The learner's steps in the whole script (for "step 3 of 12")."""
        return length(self.game, self.script).steps

    @property
    def moves_here(self) -> int:
        """The learner's moves in the step now waiting (for "move 2 of 3")."""
        return length(self.game, self.script).per_step[self.index] if self.step else 0

    @property
    def total(self) -> int:
        """The learner's moves in the whole script: which seat makes a move of a step is known
        only by playing the line, so it is played once per script."""
        return length(self.game, self.script).learner

    def _play(self, text: str) -> list[Event]:
        try:
            return self.match.play(text)
        except CyberdeckError as err:
            raise BadRecord(
                f"Step {self.index + 1} of the {self.game.title} tutorial plays '{text}', which "
                f"the rules refuse: {err}"
            ) from None

    def _advance(self) -> Said:
        """Play every move that is not the learner's to make, up to the next one that is. A step
        the learner has a move in is theirs: its text is on screen, not narrated."""
        said: list[str] = []
        while self.index < len(self.script.steps):
            step = self.script.steps[self.index]
            while self.turn < len(step.moves):
                if self.match.state.current_player == self.seat:
                    if table_answers(self.game, self.match, self.seat, step.moves[self.turn]):
                        self.answered += 1
                    elif not step.auto:
                        return Said(tuple(said))
                    elif self.index + 1 not in self.played_for:
                        self.played_for.append(self.index + 1)
                self._play(step.moves[self.turn])
                self.turn += 1
            if self.made_here:
                self.steps_done += 1
            else:
                said.append(step.text)
            self.index, self.turn, self.made_here = self.index + 1, 0, 0
        return Said(tuple(said))

    def move(self, text: str) -> Said:
        """The learner's move (its text or its number in the move list). The suggested move is
        played and the script goes on; another legal one is taken back with a gentle word; one
        the rules refuse raises the game's own ``IllegalAction`` (nothing changes)."""
        state = self.match.state
        step, suggested = self.step, self.suggested
        if step is None or suggested is None or state.is_terminal:
            raise IllegalAction("The tutorial is over; play a real game next.")
        legal = state.legal_actions()
        words = text.strip()
        if words.isdigit() and 1 <= int(words) <= len(legal):
            action = legal[int(words) - 1]
        else:
            action = self.game.parse_action(words)
        if action == suggested:
            self._play(step.moves[self.turn])
            self.turn += 1
            self.made += 1
            self.made_here += 1
            self.last = self._advance()
            return self.last
        if action not in legal:
            # Refused with the game's own sentence, exactly as at a real table.
            raise IllegalAction(state.why_illegal(action))
        # What the move would have done is not told: its events could show a card (the next
        # draw) that the learner would not see once the move is taken back.
        view = state.view(self.seat)
        tried = self.game.describe_action(action, view)
        wanted = self.game.describe_action(suggested, view)
        self.last = Said(
            word=f"'{tried}' is a legal move, and in a real game it could be yours. This lesson "
            f"needs '{wanted}' here, so that move is taken back: try '{wanted}'."
        )
        return self.last


@dataclass(frozen=True, slots=True)
class Length:
    """How long a lesson is: the moves the learner makes, the learner's moves the tutorial makes
    for them (in ``auto`` stretches), the tutor's moves, and the steps with a text the learner
    reads while making a move."""

    learner: int
    played_for: int
    tutor: int
    steps: int
    #: The learner's moves in each step of the script (0 for the tutor's steps).
    per_step: tuple[int, ...] = ()
    #: The learner's moves the table answers for them (``table_answers``): not clicks.
    answered: int = 0
    #: The learner's clicks: their moves, less those made by the gesture of an earlier one.
    clicks: int = 0


#: Each script's length, by the script's identity (a script is loaded once and never changes).
_LENGTHS: dict[int, tuple[Script, Length]] = {}


def length(game: Game, script: Script) -> Length:
    """Which seat makes a move of a step is known only by playing the line: it is played once."""
    known = _LENGTHS.get(id(script))
    if known is not None and known[0] is script:
        return known[1]
    match = Match(game, script.options, script.seed, script.decks)
    learner = played_for = tutor = answered = clicks = 0
    per_step = []
    for step in script.steps:
        mine = carried = 0
        for i, text in enumerate(step.moves):
            if match.state.current_player != script.seat:
                tutor += 1
            elif table_answers(game, match, script.seat, text):
                answered += 1
            elif step.auto:
                played_for += 1
            else:
                learner, mine = learner + 1, mine + 1
                if carried:
                    carried -= 1
                else:
                    clicks += 1
                    gesture = gesture_for(game, match, step.moves[i:])
                    carried = len(gesture.actions) - 1 if gesture else 0
            try:
                match.play(text)
            except CyberdeckError:
                break  # a broken script: check_script names the step
        per_step.append(mine)
    found = Length(
        learner,
        played_for,
        tutor,
        sum(1 for n in per_step if n),
        tuple(per_step),
        answered,
        clicks,
    )
    _LENGTHS[id(script)] = (script, found)
    return found


def check_script(game: Game, script: Script) -> Tutorial:
    """Play ``script`` through the real engine taking every suggested move; the finished tutorial.
    ``BadRecord`` when a step is illegal, when an ``auto`` step makes one of the learner's moves
    for them (the learner makes every one of their own: a lesson is played, not watched), or when
    the learner has not won at the end (a script that would teach a rule wrongly, or end without
    a win)."""
    tutorial = Tutorial(game, script)
    while not tutorial.finished:
        suggested = tutorial.suggested
        assert suggested is not None
        tutorial.move(suggested.text)
    if tutorial.played_for:
        raise BadRecord(
            f"Step {tutorial.played_for[0]} of the {game.title} tutorial makes a move of the "
            "learner's for them: drop its 'auto' (the learner makes their own moves)."
        )
    if not tutorial.won:
        raise BadRecord(f"The {game.title} tutorial ends without the learner winning.")
    return tutorial
