"""Replays of finished matches, computed off the event loop and kept for a while.

A replay step is the match replayed from its record up to that step: for a long match that is
hundreds of moves of engine work, which on the event loop held every game in play, and which
a client stepping through a replay asked for again at every step. Here each match's steps are
replayed once, on a worker thread, and kept (every step's state, its events, and who acted), so
stepping on costs only the steps not seen yet; the least recently watched matches are dropped.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass, field

from ..engine import Event, Match, State, load_game
from ..engine.record import UNDO
from ..store import MatchData


@dataclass
class Frame:
    state: State
    #: The events of the step that led here (none at step 0).
    events: list[Event]
    #: The seat that acted to reach this step (public: everyone sees whose turn it was).
    acted: int | None


@dataclass
class Replay:
    match: Match
    texts: list[str]
    frames: list[Frame]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def advance(self, step: int) -> None:
        """Replay up to ``step`` (runs on a worker thread)."""
        match = self.match
        while len(self.frames) <= step:
            text = self.texts[len(self.frames) - 1]
            acted = match.state.current_player
            before = len(match.log)
            if text == UNDO:
                match.undo()
            else:
                match.play(text)
            self.frames.append(Frame(match.state.clone(), match.log[before:], acted))


class Replays:
    """The replays of the matches watched most recently, at most ``keep`` of them."""

    def __init__(self, keep: int = 32) -> None:
        self.keep = keep
        self._replays: OrderedDict[str, Replay] = OrderedDict()

    def __len__(self) -> int:
        return len(self._replays)

    async def frame(self, data: MatchData, step: int) -> Frame:
        """Step ``step`` (within the record) of a finished match."""
        replay = self._replays.get(data.id)
        if replay is None:
            match = Match(
                load_game(data.game), data.options, data.seed, data.decks, cards=data.cards
            )
            replay = Replay(match, [a.text for a in data.actions], [])
            replay.frames.append(Frame(match.state.clone(), [], None))
            self._replays[data.id] = replay
            if len(self._replays) > self.keep:
                self._replays.popitem(last=False)
        self._replays.move_to_end(data.id)
        async with replay.lock:
            if len(replay.frames) <= step:
                await asyncio.to_thread(replay.advance, step)
        return replay.frames[step]
