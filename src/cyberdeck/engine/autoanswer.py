"""The table answers for a player: the questions the player chose not to be asked.

A rules engine asks every question (every priority window of every step), because any of them may
matter. A person does not want to answer most of them: in a game with a dozen windows a turn,
clicking "pass" is most of the work. So the *table* (the terminal session, the server's match hub)
answers some questions for the player, the way jinteki.net and MTG Arena do, and says so in the
log. What the table may answer is decided in two places:

- the game says what kind of question is in front of a seat (``Game.stop_of``): "a priority window
  of the Purchase step on your own turn, and passing is the hands-off answer", "a payment with no
  choice in it, and this source is the answer" — or nothing, for a question only the player can
  answer (whom to defend, a secret choice, a payment with a real choice in it);
- the player's ``Stops`` say which of the game's stops they want to be asked at.

Answers come from a chain of ``Rule`` functions (``answer``), so a rule joins the chain without
touching the tables. Two do: ``stop_rule`` (the game's windows the player has no stop at) and
``single_rule`` — in every game, a question with exactly one legal answer is answered for the
player (``Stops.single``, on unless they turn it off): a royal with one slot, "stop recycling"
with an empty hand, a single payment source. Such an answer reveals nothing by itself: there was
no choice to make and the move is the same whoever makes it. But whether a question has one
answer (or is left to the table at all) can depend on the player's hidden cards, so a table must
show the opponents the answer exactly as it would show the player's own move: as a step of its
own, at the pace of the player's moves, in the same words (the server's ``pacing``). A rule must
never answer a decision that reveals information or
changes the game in a way the player did not choose; the game's ``stop_of`` is where that is
known, so rules rely on it.

The module is generic over the contract: it reads a view and the legal actions, never a state.
What a game says about its questions (``Stop``, ``Window``, ``Proposal``, ``Gesture``) is in
``questions``, which the contract names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .errors import IllegalAction
from .events import Event
from .game import Game
from .match import Match
from .questions import Gesture, Proposal


@dataclass(frozen=True, slots=True)
class Answer:
    """An answer the table gives, and the reason the log shows for it."""

    action: Action
    reason: str


def carry_out(
    proposal: Proposal | Gesture,
    seat: int,
    current: Callable[[], int | None],
    legal: Callable[[], Sequence[Action]],
    play: Callable[[Action], object],
    note: Callable[[Action], object] | None = None,
) -> int:
    """Play ``proposal``'s moves through a table's own ``play`` while ``seat`` is asked and each
    is still legal; the number of moves made. ``note`` is told of each move after the first
    before it is played (the table answering from a gesture, for the log)."""
    made = 0
    for action in proposal.actions:
        if current() != seat or action not in legal():
            break
        if made and note is not None:
            note(action)
        play(action)
        made += 1
    return made


def gesture_note(seat: int, gesture: Gesture, action: Action, describe: str, label: str) -> Event:
    """The log line for a move the table makes from a player's gesture (only that player sees
    it, as with the table's other answers)."""
    return log_event(seat, Answer(action, f"from your gesture: {gesture.text}"), describe, label)


@dataclass(frozen=True, slots=True)
class Stops:
    """A player's stops in one game. ``full_control`` turns every stop on, whatever the rest say;
    ``on`` holds exactly the stops switched on (defaults included once the player saves);
    ``single``: the table answers a question that has one legal answer (``single_rule``)."""

    on: frozenset[str]
    full_control: bool = False
    single: bool = True

    @staticmethod
    def defaults(game: Game) -> Stops:
        return Stops(frozenset(s.key for s in game.stops() if s.default))

    def asks_at(self, key: str) -> bool:
        return self.full_control or key in self.on

    def with_stop(self, key: str, on: bool) -> Stops:
        keys = set(self.on)
        if on:
            keys.add(key)
        else:
            keys.discard(key)
        return Stops(frozenset(keys), self.full_control, self.single)

    def to_json(self) -> dict[str, Any]:
        return {"on": sorted(self.on), "full_control": self.full_control, "single": self.single}

    @staticmethod
    def from_json(game: Game, data: Any) -> Stops:
        """A player's saved stops; unknown keys (a game that renamed a step) are dropped, and
        anything unreadable gives the defaults rather than an error at the table."""
        if not isinstance(data, Mapping):
            return Stops.defaults(game)
        known = {s.key for s in game.stops()}
        on = data.get("on")
        keys = (
            frozenset(k for k in on if isinstance(k, str) and k in known)
            if isinstance(on, list)
            else Stops.defaults(game).on
        )
        return Stops(keys, bool(data.get("full_control", False)), bool(data.get("single", True)))

    def describe(self, game: Game) -> str:
        """The stops as lines a terminal prints (``stops`` command)."""
        lines = [
            f"Full control: {'on' if self.full_control else 'off'}",
            f"One answer: {'on' if self.single and not self.full_control else 'off'} "
            "(the table answers a question that has only one answer)",
        ]
        for stop in game.stops():
            mark = "x" if self.asks_at(stop.key) else " "
            lines.append(f"  [{mark}] {stop.key:<18} {stop.label}")
        return "\n".join(lines)


#: A rule: given the game, the view of the seat to move, its legal actions and its stops, an
#: answer the table gives, or ``None`` to leave the question to the player.
Rule = Callable[["Game", Mapping[str, Any], Sequence[Action], Stops], "Answer | None"]


def stop_rule(
    game: Game, view: Mapping[str, Any], legal: Sequence[Action], stops: Stops
) -> Answer | None:
    """Give the hands-off answer at a window where one of the stops it needs is off."""
    window = game.stop_of(view, legal)
    if window is None or window.hands_off not in legal:
        return None
    off = next((k for k in (window.stop, *window.needs) if not stops.asks_at(k)), None)
    if off is None:
        return None
    label = next((s.label for s in game.stops() if s.key == off), off)
    return Answer(window.hands_off, window.why or f"no stop at {label}")


#: Why the log says the table answered a question with one answer.
ONLY_ANSWER = "the only answer"


def single_rule(
    game: Game, view: Mapping[str, Any], legal: Sequence[Action], stops: Stops
) -> Answer | None:
    """Give the one legal answer of a question that has no other, unless the player turned
    this off (or took full control)."""
    if len(legal) != 1 or not stops.single or stops.full_control:
        return None
    return Answer(legal[0], ONLY_ANSWER)


RULES: tuple[Rule, ...] = (stop_rule, single_rule)


def answers_nothing(game: Game, stops: Stops) -> bool:
    """Whether no rule of ``RULES`` can answer for a player with ``stops``: with full control on,
    or in a game without stops for a player who answers even lone questions, the table need not
    look at the position at all (the seat's view is the costly part of asking, and the server
    would build it after every move)."""
    return stops.full_control or (not game.stops() and not stops.single)


def answer(
    game: Game,
    view: Mapping[str, Any],
    legal: Sequence[Action],
    stops: Stops,
    rules: Iterable[Rule] = RULES,
) -> Answer | None:
    """The first answer a rule gives, or ``None`` when the player must answer."""
    if not legal:
        return None
    for rule in rules:
        found = rule(game, view, legal, stops)
        if found is not None:
            return found
    return None


def log_event(seat: int, answer: Answer, describe: str, label: str) -> Event:
    """The log line for an answer the table gave: only its player sees it (the opponent sees the
    move itself, as from any other pass, and learns nothing about the player's settings).
    ``label`` is the game's for the seat (``Game.seat_label``), which each surface turns into
    the name it shows, as in the game's own lines."""
    text = f"The table answers for {label}: {describe} ({answer.reason})."
    data = {"seat": seat, "action": answer.action.text, "reason": answer.reason}
    return Event("auto", text, data, frozenset({seat}))


#: The move a run of the table's answers must be to fold into one line (``folded``).
_PASS = "pass"


def folded(events: Sequence[Event], label: Callable[[int], str]) -> list[Event]:
    """``events`` with each run of two or more passes the table made in a row for one seat
    folded into one line ("The table passes for Player 1 4 times (no stop at Open, ...)"): a
    CCG turn asks a seat at every step, and a line for each pass the player chose not to make
    buries the turn's moves. ``label`` is the game's ``seat_label``. The page's log folds the
    same way (``web/static/js/log.js``)."""
    out: list[Event] = []
    run: list[Event] = []

    def close() -> None:
        if len(run) < 2:
            out.extend(run)
        else:
            out.append(fold(run, label(run[0].data["seat"])))
        run.clear()

    for event in events:
        if event.kind == "auto" and event.data.get("action") == _PASS:
            if run and run[0].data["seat"] != event.data["seat"]:
                close()
            run.append(event)
            continue
        close()
        out.append(event)
    close()
    return out


def fold(run: Sequence[Event], label: str) -> Event:
    """One line for ``run``, the table's passes in a row for one seat: how many, and each
    reason once, in the order they came."""
    reasons = list(dict.fromkeys(str(e.data.get("reason", "")) for e in run))
    prefix = "no stop at "
    if all(r.startswith(prefix) for r in reasons):
        why = prefix + "; ".join(r[len(prefix) :] for r in reasons)
    else:
        why = "; ".join(reasons)
    first = run[0]
    text = f"The table passes for {label} {len(run)} times ({why})."
    return Event("auto", text, {**first.data, "folded": len(run)}, first.seats)


@dataclass(slots=True)
class Takeback:
    """Which of a match's standing moves the table made for the player (its answers), so that
    taking back a move takes back the player's own last move and the table's answers after it:
    undoing only the table's answer would see the table answer the same question again at once,
    and the player's undo would do nothing."""

    by_table: list[bool] = field(default_factory=list)

    def played(self, by_table: bool) -> None:
        self.by_table.append(by_table)

    def undone(self) -> None:
        if self.by_table:
            self.by_table.pop()

    def steps(self) -> int:
        """How many moves one takeback undoes: the table's answers at the end, and the player's
        move before them; none when the player has no move standing (the table's answers
        alone would only be given again)."""
        for answers, by_table in enumerate(reversed(self.by_table)):
            if not by_table:
                return answers + 1
        return 0

    def take_back(self, match: Match) -> None:
        """Undo the player's last move and the table's answers after it (one undo of the record
        each, so a replay shows them all taken back); a game without undo says so in its own
        sentence."""
        steps = self.steps()
        if not match.game.allows_undo:
            match.undo()  # the game's own sentence
        if steps == 0:
            raise IllegalAction("There is no move to take back.")
        for _ in range(steps):
            match.undo()
            self.undone()
