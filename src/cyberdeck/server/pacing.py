"""When the other seats see a step: the table's pace, the same for every step whoever made it.

The table answers a question for a player at once (``engine.autoanswer``), and whether a question
has one answer can depend on the player's hidden cards (a Cypher hand of two Extractors has one
card to pass). Were that answer shown to the other seats the instant the move before it was, with
it in one message, they would learn what the hand holds from the timing alone. So every step of
a match goes to the seats that did not make it as a message of its own, and a step of a person's
seat no sooner than ``gap`` seconds after the step before it went to them: an answer the table
gives, a move a player sends at once and a move a player thinks over all look alike until a
player takes longer than the gap. (An AI seat's moves come at the AI's own pace, ``ai_delay``.) The seat that made a step sees it at once (it knows its own hand); anything else sent
to a connection waits behind the steps it has not been shown yet (``hub.Connection``), so that a
resync, a refusal or a close look cannot show a step early either.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable


class Pace:
    """One match's pace: when the step being made now is shown to the seats that did not make
    it. A decision of the server's, from the clock, the steps before and whether a person's
    seat made the step (public: an AI seat's moves come at the AI's own pace, ``ai_delay``),
    never from whether the player or the table chose it; tests read it instead of timing
    messages."""

    __slots__ = ("clock", "gap", "shown")

    def __init__(self, gap: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.gap = gap
        self.clock = clock
        #: When the last step is shown to the seats that did not make it (monotonic seconds).
        self.shown = -math.inf

    def next(self, person: bool = True) -> float:
        """When the step just made is shown to the other seats: now, or ``gap`` after the step
        before it (a person's seat's step; an AI seat's, just after it), whichever is later."""
        self.shown = max(self.clock(), self.shown + (self.gap if person else 0.0))
        return self.shown


class AiPace:
    """How long an AI seat waits before each move: ``delay``, so that people can follow a game,
    until the AI's moves in a row have waited ``budget`` seconds in all, then not at all. A CCG
    turn is forty moves (draws, passes at every window); forty delays kept a person waiting
    half a minute for a turn they could follow in two seconds. The wait depends only on how many
    moves the AI made in a row (public), never on which moves, so it shows nothing of its hand.
    A new seat to move starts a new budget (two AI seats take turns at their own pace)."""

    __slots__ = ("budget", "delay", "seat", "spent")

    def __init__(self, delay: float, budget: float) -> None:
        self.delay = delay
        self.budget = budget
        self.seat: int | None = None
        self.spent = 0.0

    def wait(self, seat: int) -> float:
        """Seconds to wait before ``seat``'s next move."""
        if seat != self.seat:
            self.seat, self.spent = seat, 0.0
        wait = min(self.delay, max(0.0, self.budget - self.spent))
        self.spent += wait
        return wait
