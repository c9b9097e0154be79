"""``cyberdeck learn GAME``: the guided first game in the terminal, on the usual terminal table.

The tutorial player (``engine.tutorial``) holds the script and the position; this loop draws the
learner's view with the game's own renderer and move menu (``TerminalSession``), adds the step's
text, what to look at and the suggested move, and reads the learner's answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import CyberdeckError, Game, Style
from ..engine.tutorial import Said, Tutorial
from .screen import Screen, listed, reflowed
from .terminal import Input, Output, Seat, TerminalSession

LEARN_HELP = """Type the suggested move (its number or its text) to go on; another move is
taken back with a word on why. Commands: moves, look <part of the table>, hint (the suggested
move again), rules [SECTION] (what the rules say about this step, or that section), help, quit."""


@dataclass
class LearnSession:
    tutorial: Tutorial
    style: Style
    ask: Input
    say: Output
    #: The terminal's window: the lesson's every line is wrapped to it, each step fitted.
    screen: Screen = field(default_factory=Screen)

    def __post_init__(self) -> None:
        match = self.tutorial.match
        seats = [
            Seat("You") if i == self.tutorial.seat else Seat("Tutor")
            for i in range(match.state.num_players)
        ]
        # The terminal table's own drawing, menu, log and names: one look for play and lessons.
        self.table = TerminalSession(
            self.game, match, seats, self.style, self.ask, self.say, screen=self.screen
        )
        self.style = self.table.style
        raw = self.say
        self.say = lambda text: raw(self.screen.fit(text))
        #: Lines the tutor said since the learner's last answer: they share the step's screen.
        self.said = 0

    @property
    def game(self) -> Game:
        return self.tutorial.game

    def run(self) -> int:
        """Go through the lesson to its end (or until the learner quits)."""
        tutorial = self.tutorial
        self.say(self.style.paint(f"Learn {self.game.title}", "bold"))
        if tutorial.script.intro:
            self.say(reflowed(tutorial.script.intro))
        self.tell(tutorial.last)
        while not tutorial.finished:
            if not self.turn():
                self.say("Lesson left. 'cyberdeck learn' starts it again from the beginning.")
                return 0
        self.end()
        return 0

    def tell(self, said: Said) -> None:
        lines = [*said.narration, *([said.word] if said.word else [])]
        for line in lines:
            text = self.style.paint("Tutor: ", "bold") + reflowed(line)
            self.said += len(self.screen.wrap(text))
            self.say(text)

    def turn(self) -> bool:
        tutorial, seat = self.tutorial, self.tutorial.seat
        step, suggested = tutorial.step, tutorial.suggested
        assert step is not None and suggested is not None
        state = tutorial.match.state
        view = state.view(seat)
        actions = state.legal_actions()
        heading = f"Step {tutorial.steps_done + 1} of {tutorial.steps}"
        if tutorial.moves_here > 1:
            heading += f", move {tutorial.made_here + 1} of {tutorial.moves_here}"
        if step.highlight:
            heading += " · look at " + ", ".join(str(part) for part in step.highlight)
        lesson = "\n".join(
            [
                self.style.paint(heading, "bold"),
                reflowed(step.text),
                f"Suggested: {self.suggestion()}",
            ]
        )
        reserve = len(self.screen.wrap(lesson)) + self.said
        self.said = 0
        self.say(self.table.screenful(seat, view, actions, None, (), reserve))
        self.say(lesson)
        while True:
            try:
                text = self.ask("learn> ").strip()
            except EOFError:
                return False
            command = text.lower()
            if not text:
                continue
            if command in ("quit", "exit", "q"):
                return False
            if command in ("help", "?"):
                self.say(LEARN_HELP)
                continue
            if command == "hint":
                self.say(f"Suggested: {self.suggestion()}")
                continue
            if command == "rules" or command.startswith("rules "):
                self.table.show_rules(view, command[5:].strip() or self.section())
                continue
            if command == "moves":
                self.table.page(listed(self.table.menu(actions, view, seat)))
                continue
            if command.startswith("look "):
                target = command[5:].strip()
                detail = self.game.inspect(view, target, self.style)
                self.say(detail or f"There is nothing called '{target}' to look at.")
                continue
            if text.isdigit() and not 1 <= int(text) <= len(actions):
                self.say(f"Choose a move from 1 to {len(actions)}.")
                continue
            try:
                said = tutorial.move(text)
            except CyberdeckError as err:
                self.say(str(err))
                continue
            self.tell(said)
            if said.word:
                # Taken back: the position is the same, so the step stays on screen as it was.
                continue
            return True

    def suggestion(self) -> str:
        tutorial = self.tutorial
        suggested = tutorial.suggested
        assert suggested is not None
        actions = tutorial.match.state.legal_actions()
        label = self.game.describe_action(suggested, tutorial.match.state.view(tutorial.seat))
        return f"{actions.index(suggested) + 1}. {label}"

    def section(self) -> str:
        """The rules' section the step is about (else the one for the part of the turn)."""
        step = self.tutorial.step
        return step.section if step is not None else ""

    def end(self) -> None:
        tutorial, seat = self.tutorial, self.tutorial.seat
        self.table.show_log(seat)
        self.say("")
        self.say(self.game.render(tutorial.match.state.view(seat), self.style))
        outcome = tutorial.match.state.outcome
        self.say("")
        self.say(self.style.paint("=" * 60, "bold"))
        if outcome is not None:
            headline = "You win!" if tutorial.won else "The lesson is over."
            reason = self.table.named(outcome.reason, seat)
            self.say(self.style.paint(headline, "bold") + " " + reason + ".")
        if tutorial.script.outro:
            self.say(reflowed(tutorial.script.outro))
        self.say(self.style.paint("=" * 60, "bold"))
