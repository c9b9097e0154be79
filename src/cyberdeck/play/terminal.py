"""Terminal play for any registered game: humans at one keyboard and built-in opponents.

The loop only reads views and events filtered by seat, so what a human sees in the terminal is what
that seat may know. With several humans (hot-seat) the screen is cleared and the next player is
asked to take the keyboard before their hand is shown.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path

from ..engine import Action, Agent, CyberdeckError, Game, Match, Style
from ..engine.autoanswer import (
    Stops,
    Takeback,
    answer,
    carry_out,
    folded,
    gesture_note,
    log_event,
)
from ..engine.questions import Gesture, Proposal
from ..engine.seats import name_seats, name_table, unique_names
from ..engine.tutorial import load_script
from .rules import draw, rules_markdown, section
from .screen import LOG_KEPT, MenuGroup, Screen, fold_log, fold_menu, listed, page

Input = Callable[[str], str]
Output = Callable[[str], None]

HELP = """Type the number of a move, or the move itself.
Commands: moves, log, look <part of the table>, hint (where the game gives them),
undo (where the game allows it), rules [SECTION] (the rules for this part of the turn, or
that section), help, quit. 'cyberdeck learn GAME' is a guided first game."""

STOPS_HELP = """Stops: the table passes for you wherever you have no stop (the log says so).
  stops                 list your stops
  stop <key> on|off     e.g. 'stop damage:own on' (the keys: see 'stops')
  stop full on|off      full control: every stop on, every question yours
  stop single on|off    whether the table answers a question that has only one answer
When the table proposes a payment, press Enter (or type 'ok') to accept it.
Gestures (g1, g2 ...) make several of your moves at once: a draw plan, a runner to its team, a
team at its target, a purchase paid as proposed; the log says what the table answered from one."""

SINGLE_HELP = """The table answers a question that has only one answer for you (the log says so):
  stop single off       ask me those too (stop single on: answer them again)"""

CLEAR = "\x1b[2J\x1b[H"


def rules_pointer(game: Game, view: dict[str, object], section: str = "") -> str:
    """Where the rules explain what is in front of the player: ``section``, or the heading the
    game's tutorial script maps the view's part of the turn to (the CCG's step)."""
    if not section:
        script = load_script(game)
        section = script.rules.section(view) if script is not None else ""
    where = f", at '{section}'" if section else ""
    return f"The rules: cyberdeck rules {game.id}{where}."


@dataclass
class Seat:
    """A human at the keyboard, or a built-in opponent."""

    name: str
    agent: Agent | None = None

    @property
    def human(self) -> bool:
        return self.agent is None


@dataclass
class TerminalSession:
    game: Game
    match: Match
    seats: Sequence[Seat]
    #: How the table is drawn; its width is set to the screen's, so a game can lay out a
    #: narrower table for a small window.
    style: Style
    ask: Input
    say: Output
    record_dir: Path | None = None
    seen: dict[int | None, int] = field(default_factory=dict)
    #: The player's stops (one keyboard: shared by every human seat); ``None`` asks everything.
    stops: Stops | None = None
    #: Where changed stops are kept (the settings file), if anywhere.
    keep_stops: Callable[[Stops], None] | None = None
    #: Which standing moves were the table's answers (an undo takes them back with the move).
    takeback: Takeback = field(default_factory=Takeback)
    #: The record file this game was resumed from: saving writes it again, so the game stays one
    #: file (a new game gets a new name).
    record_path: Path | None = None
    #: The terminal's window: everything printed a move fits it.
    screen: Screen = field(default_factory=Screen)

    def __post_init__(self) -> None:
        self.style = replace(self.style, width=self.screen.width, height=self.screen.height)

    def show(self, text: str) -> None:
        """``text`` wrapped at word boundaries to the window's width."""
        self.say(self.screen.fit(text))

    def page(self, text: str) -> None:
        """``text`` through the pager: a window at a time."""
        page(self.screen, text, self.say, self.ask)

    def play(self, action: Action, by_table: bool = False) -> None:
        self.match.play(action)
        self.takeback.played(by_table)

    def player_then_table(self) -> Callable[[Action], None]:
        """Plays several moves as one choice of the player's (a proposal, a gesture): the first
        is the player's, the rest the table's answers from it."""
        made: list[Action] = []

        def play(action: Action) -> None:
            self.play(action, by_table=bool(made))
            made.append(action)

        return play

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    def viewer(self) -> int | None:
        """The seat whose eyes the screen shows: the only human, else the human to move."""
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        current = self.match.state.current_player
        return current if current in humans else None

    def named(self, text: str, viewer: int | None) -> str:
        """``text`` with each seat called by its name, and "you" for ``viewer`` (one name per
        seat: the game's texts say "Player 2", the screen says "Normal AI"); in line mode its
        codes in words too (a screen reader spells "5S" out letter by letter)."""
        if self.style.plain:
            text = self.game.in_words(text, self.match.state.view(viewer))
        labels = [self.game.seat_label(i) for i in range(len(self.seats))]
        names = unique_names([s.name for s in self.seats])
        return name_seats(text, labels, names, viewer)

    def table(self, view: dict[str, object], viewer: int | None) -> str:
        """The game's drawn table with each seat called by its name, as the log calls it."""
        return self.table_text(self.game.render(view, self.style), viewer)

    def table_text(self, drawn: str, viewer: int | None) -> str:
        """``drawn`` (a table, or a close look at part of one) with each seat named."""
        labels = [self.game.seat_label(i) for i in range(len(self.seats))]
        names = unique_names([s.name for s in self.seats])
        return name_table(drawn, labels, names, viewer)

    def run(self) -> int:
        """Play to the end (or until the player quits, or presses Ctrl-C and says yes); the exit
        status for the command. A game left is saved, and ``cyberdeck play --resume`` goes on."""
        while True:
            try:
                return self.play_on()
            except KeyboardInterrupt:
                if self.confirm_leaving():
                    return self.leave()

    def confirm_leaving(self) -> bool:
        """After Ctrl-C: whether the player leaves (a second Ctrl-C, or the end of input, says
        yes); the game goes on otherwise."""
        self.say("")
        try:
            answer = self.ask(
                "Leave this game? It is saved; 'cyberdeck play --resume' goes on. [y/N] "
            )
        except (KeyboardInterrupt, EOFError):
            return True
        return answer.strip().lower() in ("y", "yes")

    def leave(self) -> int:
        # Leaving a game is the player's choice, not a failure of the command.
        self.say("Game abandoned. 'cyberdeck play --resume' goes on with it.")
        self.save_record()
        return 0

    def play_on(self) -> int:
        last_human: int | None = None
        #: Whether the player at the keyboard has been asked anything since they took it.
        asked = True
        while not self.match.state.is_terminal:
            seat = self.match.state.current_player
            assert seat is not None
            player = self.seats[seat]
            if player.agent is not None:
                action = player.agent.choose(self.match.state)
                self.play(action)
                continue
            if len(self.humans) > 1 and seat != last_human:
                if last_human is not None and not asked:
                    self.hand_on(last_human)
                # Without ANSI the previous player's hand must still scroll out of sight.
                self.say(CLEAR if self.style.colour else self.screen.blank())
                self.ask(f"{player.name}, take the keyboard and press Enter (others look away). ")
                asked = False
            last_human = seat
            if self.answer_for(seat):
                continue
            asked = True
            if not self.human_turn(seat):
                return self.leave()
        self.end_screen()
        self.save_record()
        return 0

    def hand_on(self, seat: int) -> None:
        """The table answered every question the player at the keyboard had since taking it
        (whether a question has one answer can depend on their hand): they see what it did and
        hand the keyboard on with a key, as after a move of their own, so the players looking
        away cannot tell from the handover that nothing was asked."""
        self.say(self.news_and_table(seat, seat, reserve=1))
        self.ask("Press Enter to hand the keyboard on. ")

    def answer_for(self, seat: int) -> bool:
        """Let the table answer a question the player left to it; whether it did."""
        if self.stops is None:
            return False
        state = self.match.state
        view = state.view(seat)
        found = answer(self.game, view, state.legal_actions(), self.stops)
        if found is None:
            return False
        describe = self.game.describe_action(found.action, view)
        start = len(self.match.log)
        self.play(found.action, by_table=True)
        # The note goes before the move's own events: the log reads "why", then "what".
        note = log_event(seat, found, describe, self.game.seat_label(seat))
        self.match.log.insert(start, note)
        return True

    def proposal(self, seat: int) -> Proposal | None:
        state = self.match.state
        return self.game.propose(state.view(seat), state.legal_actions())

    def accept(self, seat: int, proposal: Proposal) -> None:
        state = self.match
        carry_out(
            proposal,
            seat,
            lambda: state.state.current_player,
            state.state.legal_actions,
            self.player_then_table(),
        )

    def gesture(self, seat: int, gesture: Gesture) -> None:
        """Play ``gesture``: its first move as the player's, each later one as the table's
        answer from it, noted in the log before the move (as the server does)."""
        match = self.match

        def note(action: Action) -> None:
            describe = self.game.describe_action(action, match.state.view(seat))
            label = self.game.seat_label(seat)
            match.log.append(gesture_note(seat, gesture, action, describe, label))

        carry_out(
            gesture, seat, lambda: match.state.current_player, match.state.legal_actions,
            self.player_then_table(), note,
        )  # fmt: skip

    def set_stop(self, words: list[str]) -> str:
        """``stop <key> on|off`` or ``stop full on|off``; the sentence to show."""
        stops = self.stops
        if stops is None:
            return "This table asks you every question."
        keys = {s.key for s in self.game.stops()}
        if len(words) != 2 or words[1] not in ("on", "off"):
            example = "damage:own" if "damage:own" in keys else next(iter(sorted(keys)), "single")
            return f"Say 'stop <key> on' or 'off', e.g. 'stop {example} on' (see 'stops')."
        key, on = words[0], words[1] == "on"
        if key == "full":
            stops = Stops(stops.on, on, stops.single)
        elif key == "single":
            stops = Stops(stops.on, stops.full_control, on)
        elif key in keys:
            stops = stops.with_stop(key, on)
        else:
            known = ", ".join(["full", "single", *sorted(keys)])
            return f"There is no stop '{key}'; the stops are: {known}."
        self.stops = stops
        if self.keep_stops is not None:
            self.keep_stops(stops)
        return stops.describe(self.game)

    def log_lines(self, seat: int | None, everything: bool = False) -> str:
        """The log ``seat`` has not read yet (or all of it), one bulleted line an event; it is
        read from now on."""
        events = [e for e in self.match.log if e.visible_to(seat)]
        start = 0 if everything else self.seen.get(seat, 0)
        self.seen[seat] = len(events)
        folded_events = folded(events[start:], self.game.seat_label)
        return "\n".join("  · " + self.named(event.text, seat) for event in folded_events)

    def show_log(self, seat: int | None, everything: bool = False) -> None:
        lines = self.log_lines(seat, everything)
        if lines:
            self.show(lines)

    def human_turn(self, seat: int) -> bool:
        game, match = self.game, self.match
        view = match.state.view(seat)
        actions = match.state.legal_actions()
        offer = self.proposal(seat)
        gestures = game.gestures(match.state)
        self.say(self.screenful(seat, view, actions, offer, gestures))
        while True:
            try:
                text = self.ask(f"{self.seats[seat].name}> ").strip()
            except EOFError:
                return False
            command = text.lower()
            if offer is not None and command in ("", "ok", "accept"):
                self.accept(seat, offer)
                return True
            if not text:
                continue
            if command in ("quit", "exit", "q"):
                return False
            if command in ("help", "?"):
                self.page(self.help())
                continue
            if command == "stops":
                self.show(
                    self.stops.describe(self.game)
                    if self.stops is not None
                    else "This table asks you every question."
                )
                continue
            if command.startswith("stop "):
                self.show(self.set_stop(command.split()[1:]))
                continue
            if command == "hint":
                self.show(self.hint(seat, actions))
                continue
            if command == "rules" or command.startswith("rules "):
                self.show_rules(view, command[5:].strip())
                continue
            if command == "moves":
                self.page(listed(self.menu(actions, view, seat, gestures)))
                continue
            if gestures and re.fullmatch(r"g\d+", command):
                number = int(command[1:])
                if not 1 <= number <= len(gestures):
                    self.show(f"Choose a gesture from g1 to g{len(gestures)}.")
                    continue
                self.gesture(seat, gestures[number - 1])
                return True
            if command == "log":
                self.page(self.log_lines(seat, everything=True) or "Nothing has happened yet.")
                continue
            if command.startswith("look "):
                detail = game.inspect(view, command[5:].strip(), self.style)
                detail = detail and self.table_text(detail, seat)
                self.show(detail or f"There is nothing called '{command[5:].strip()}' to look at.")
                continue
            if command == "undo":
                try:
                    self.undo()
                except CyberdeckError as err:
                    self.show(str(err))
                    continue
                self.seen[seat] = 0
                self.show("Move taken back.")
                return True
            action = self.read_action(text, actions)
            if action is None:
                continue
            try:
                self.play(action)
            except CyberdeckError as err:
                self.show(str(err))
                continue
            return True

    def undo(self) -> None:
        """Take back the player's last move and the table's answers after it (one undo of the
        record each, so a replay shows them all taken back)."""
        self.takeback.take_back(self.match)

    def hint(self, seat: int, actions: list[Action]) -> str:
        """What the game's hint player would play here, with its number in the menu. Seeded by
        the game and the move, so asking twice gives the same hint."""
        record = self.match.record
        agent = self.game.hint_agent(record.seed * 1009 + len(record.actions))
        if agent is None:
            return f"{self.game.title} gives no hints."
        action = agent.choose(self.match.state)
        label = self.named(self.game.describe_action(action, self.match.state.view(seat)), seat)
        # The record says the game was helped, as it says when a move was taken back.
        record.note_hint(seat)
        return f"Hint: {actions.index(action) + 1}. {label}"

    def help(self) -> str:
        parts = [HELP, self.game.moves_help()]
        if self.game.stops():
            parts.append(STOPS_HELP)
        else:
            parts.append(SINGLE_HELP)
        return "\n".join(p for p in parts if p)

    def read_action(self, text: str, actions: list[Action]) -> Action | None:
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(actions):
                return actions[number - 1]
            self.show(f"Choose a move from 1 to {len(actions)}.")
            return None
        try:
            return self.game.parse_action(text)
        except CyberdeckError as err:
            self.show(str(err))
            return None

    def menu_groups(
        self, actions: list[Action], view: dict[str, object], seat: int
    ) -> list[MenuGroup]:
        """Numbered legal moves, grouped by kind, each seat called by its name."""
        headings = [self.game.action_group(action) for action in actions]
        groups: list[MenuGroup] = []
        start = 0
        for end in range(1, len(actions) + 1):
            if end < len(actions) and headings[end] == headings[start]:
                continue
            entries = tuple(
                f"  {n + 1:>2}. {self.named(self.game.describe_action(actions[n], view), seat)}"
                for n in range(start, end)
            )
            numbers = str(end) if end - start == 1 else f"{start + 1}–{end}"
            groups.append(MenuGroup(self.style.paint(headings[start], "bold"), numbers, entries))
            start = end
        return groups

    def menu(
        self,
        actions: list[Action],
        view: dict[str, object],
        seat: int,
        gestures: Sequence[Gesture] = (),
    ) -> list[MenuGroup]:
        """The whole menu: the moves by kind, then the gestures."""
        groups = self.menu_groups(actions, view, seat)
        return groups + ([self.gesture_group(gestures, seat)] if gestures else [])

    def screenful(
        self,
        seat: int,
        view: dict[str, object],
        actions: list[Action],
        offer: Proposal | None,
        gestures: Sequence[Gesture],
        reserve: int = 0,
    ) -> str:
        """What the player reads before a move, made to fit the window: the table whole, the
        proposal whole, the log's newest lines and as much of the menu as fits (``log`` and
        ``moves`` show the rest); ``reserve``: lines the caller prints after it (a lesson's
        step)."""
        wrap = self.screen.wrap
        table = wrap(self.table(view, seat))
        extra: list[str] = []
        if offer is not None:
            extra += wrap(
                f"Proposed: {self.named(offer.text, seat)}. Press Enter to accept, or pay "
                "source by source."
            )
        news = self.log_lines(seat)
        log = wrap(news) if news else []
        groups = self.menu(actions, view, seat, gestures)
        # The prompt takes a line, and so does the blank line between the log and the table.
        room = self.screen.height - 1 - len(table) - len(extra) - reserve
        full = len(self.screen.wrap(listed(groups)))
        least = len(fold_menu(self.screen, groups, 0))
        log_room = max(room - full, min(len(log) + 1, LOG_KEPT, room - least)) - 1
        shown_log = [*fold_log(log, log_room), ""] if log and log_room > 0 else []
        menu = fold_menu(self.screen, groups, room - len(shown_log))
        return "\n".join([*shown_log, *table, *menu, *extra])

    def show_rules(self, view: dict[str, object], wanted: str) -> None:
        """The rules for the part of the turn the player is in (or the section named), drawn
        for the terminal and paged; where the game maps no part of the turn, the whole page."""
        if not wanted:
            script = load_script(self.game)
            wanted = script.rules.section(view) if script is not None else ""
        try:
            markdown = rules_markdown(self.game)
            if wanted:
                markdown = section(self.game, markdown, wanted)
        except CyberdeckError as err:
            self.show(str(err))
            return
        self.page(draw(markdown, self.screen.width, self.style.colour))
        self.show(rules_pointer(self.game, view, wanted))

    def gesture_group(self, gestures: Sequence[Gesture], seat: int) -> MenuGroup:
        """The gestures on offer, numbered g1, g2 ... (a move list numbers its moves 1, 2 ...)."""
        entries = tuple(
            f"  g{n}. {self.named(g.text, seat)}" for n, g in enumerate(gestures, start=1)
        )
        numbers = "g1" if len(gestures) == 1 else f"g1–g{len(gestures)}"
        return MenuGroup(self.style.paint("Several moves at once", "bold"), numbers, entries)

    def news_and_table(self, seat: int | None, viewer: int | None, reserve: int) -> str:
        """The log ``seat`` has not read, its newest lines as many as fit, and the table as
        ``viewer`` sees it, leaving ``reserve`` lines of the window for what follows."""
        table = self.screen.wrap(self.table(self.match.state.view(viewer), viewer))
        news = self.log_lines(seat)
        room = self.screen.height - len(table) - reserve - 1  # the blank line after the log
        log = fold_log(self.screen.wrap(news), room) if news else []
        return "\n".join([*log, *([""] if log else []), *table])

    def end_screen(self) -> None:
        state = self.match.state
        viewer = self.viewer() if len(self.humans) == 1 else None
        outcome = state.outcome
        assert outcome is not None
        rule = self.style.paint("=" * min(60, self.screen.width), "bold")
        if not outcome.winners:
            headline = "Nobody wins." if state.num_players > 1 else "You lose."
        else:
            names = unique_names([s.name for s in self.seats])
            if outcome.winners == (viewer,) or state.num_players == 1:
                headline = "You win!"
            else:
                headline = " and ".join(names[w] for w in outcome.winners) + " wins."
        reason = self.named(outcome.reason, viewer)
        review = self.game.review(self.match.record) if self.humans else ""
        verdict = [
            "",
            rule,
            self.style.paint(headline, "bold") + " " + reason + ".",
            # Only now: the seed rebuilds every card that was hidden during play.
            f"Seed {self.match.record.seed} (the record keeps it).",
            *([review] if review else []),
            rule,
        ]
        said = self.screen.fit("\n".join(verdict))
        # The record's line and the shell's prompt follow it.
        self.say(self.news_and_table(viewer, viewer, reserve=len(said.split("\n")) + 2))
        self.say(said)

    def save_record(self) -> None:
        record = self.match.record
        if self.record_path is not None:
            record.save(self.record_path)
            self.show(
                f"Record saved: {self.record_path} (watch it with 'cyberdeck replay {self.record_path}')."
            )
            return
        if self.record_dir is None:
            return
        self.record_dir.mkdir(parents=True, exist_ok=True)
        # Named by the time, not the seed: the name is printed, and so is an unfinished game's.
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        path = self.record_dir / f"{record.game}-{stamp}-{len(record.actions)}.json"
        extra = 1
        while path.exists():
            extra += 1
            path = path.with_name(f"{record.game}-{stamp}-{len(record.actions)}-{extra}.json")
        record.save(path)
        self.show(f"Record saved: {path} (watch it with 'cyberdeck replay {path}').")
