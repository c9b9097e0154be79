"""Time controls and the clocks the server keeps for them.

A match's time control is chosen when it is made and never changes: none (a casual game at a
friend's pace), real-time (Fischer: a base time, and seconds added each time a seat hands the
decision on) or turn-based (a number of days for each move). The server is the only keeper of
time: a clock runs only for the seat to decide, a move is charged up to the moment the server
received it, and the clock's state is stored with every move, so a restart (``kill -9`` too)
loses nothing. Time the server was down is not charged: the keeper stores when it was last
alive, and a clock rebuilt after a restart charges the running seat only up to then.

Time is read from a ``WallClock`` the server is given, so that tests can move it on by a week
without waiting for one.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Final, Literal, Protocol

from ..engine import CyberdeckError

#: The kinds of time control.
NONE: Final = "none"
REAL_TIME: Final = "real-time"
TURN_BASED: Final = "turn-based"
Kind = Literal["none", "real-time", "turn-based"]

DAY = 86400.0
#: The limits of the choices a creator has (the arcade's form offers the same).
BASE_MINUTES = (1.0, 180.0)
INCREMENT_SECONDS = (0, 180)
DAYS = (1, 14)


class WallClock(Protocol):
    """Seconds since the epoch: what every clock of the server reads."""

    def now(self) -> float: ...


class SystemClock:
    """The machine's own time."""

    def now(self) -> float:
        return time.time()


class BadTimeControl(CyberdeckError):
    """A time control outside the choices the server offers."""


@dataclass(frozen=True, slots=True)
class TimeControl:
    """What a match's clocks do: ``base`` and ``increment`` (seconds) for real-time, ``days``
    for turn-based."""

    kind: Kind = NONE
    base: float = 0.0
    increment: float = 0.0
    days: int = 0

    @property
    def timed(self) -> bool:
        return self.kind != NONE

    @property
    def label(self) -> str:
        """What a player reads: ``10+5``, ``3 days a move``, ``No clock``."""
        if self.kind == REAL_TIME:
            return f"{self.base / 60:g}+{self.increment:g}"
        if self.kind == TURN_BASED:
            return f"{self.days} day{'' if self.days == 1 else 's'} a move"
        return "No clock"

    def to_json(self) -> dict[str, Any] | None:
        if self.kind == NONE:
            return None
        if self.kind == REAL_TIME:
            return {"kind": self.kind, "base": self.base, "increment": self.increment}
        return {"kind": self.kind, "days": self.days}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> TimeControl:
        if not data:
            return cls()
        if data.get("kind") == REAL_TIME:
            return cls(REAL_TIME, float(data["base"]), float(data["increment"]))
        return cls(TURN_BASED, days=int(data["days"]))

    def public(self) -> dict[str, Any]:
        """The time control as the pages show it (its label beside its numbers)."""
        return {**(self.to_json() or {"kind": NONE}), "label": self.label}


def time_control(kind: str, minutes: float = 0, increment: float = 0, days: int = 0) -> TimeControl:
    """A creator's choice, checked: a ``BadTimeControl`` says in one sentence what is allowed."""
    if kind == NONE:
        return TimeControl()
    if kind == REAL_TIME:
        low, high = BASE_MINUTES
        if not low <= minutes <= high:
            raise BadTimeControl(
                f"A real-time clock starts with {low:g} to {high:g} minutes, not {minutes:g}."
            )
        least, most = INCREMENT_SECONDS
        if not least <= increment <= most:
            raise BadTimeControl(
                f"A real-time clock adds {least} to {most} seconds a move, not {increment:g}."
            )
        return TimeControl(REAL_TIME, float(minutes) * 60, float(increment))
    if kind == TURN_BASED:
        first, last = DAYS
        if not first <= days <= last:
            raise BadTimeControl(f"A turn-based match gives {first} to {last} days a move.")
        return TimeControl(TURN_BASED, days=int(days))
    raise BadTimeControl(f"A clock is '{NONE}', '{REAL_TIME}' or '{TURN_BASED}', not '{kind}'.")


def read_quick_setting(text: str) -> TimeControl:
    """An opaque creation setting (``"10+5"``: minutes and seconds a move; ``"3d"``: days a
    move; ``""``: none), as quick play passes its choice on."""
    text = text.strip().lower()
    if not text:
        return TimeControl()
    try:
        if text.endswith("d"):
            return time_control(TURN_BASED, days=int(text[:-1]))
        minutes, _, increment = text.partition("+")
        return time_control(REAL_TIME, float(minutes), float(increment or 0))
    except ValueError:
        raise BadTimeControl(
            f"'{text}' is not a time control: write minutes+seconds (10+5) or days (3d)."
        ) from None


@dataclass(slots=True)
class Clock:
    """The time each seat has left. ``left`` is as of ``since`` for the running seat (the one
    whose time runs now) and final for every other seat. ``taken`` are the seats that ran out of
    time and are played by the AI since (a game of three or four goes on without them)."""

    control: TimeControl
    left: list[float]
    running: int | None = None
    since: float | None = None
    taken: list[int] = field(default_factory=list)

    @classmethod
    def start(cls, control: TimeControl, seats: int) -> Clock:
        first = control.base if control.kind == REAL_TIME else control.days * DAY
        return cls(control, [first] * seats)

    def remaining(self, seat: int, at: float) -> float:
        """Seconds ``seat`` has at ``at`` (below zero once its time has run out)."""
        used = at - self.since if seat == self.running and self.since is not None else 0.0
        return self.left[seat] - max(0.0, used)

    def out_of_time(self, at: float) -> int | None:
        """The running seat, if its time had run out at ``at``."""
        seat = self.running
        return seat if seat is not None and self.remaining(seat, at) <= 0 else None

    def falls_at(self) -> float | None:
        """When the running seat's time runs out."""
        if self.running is None or self.since is None:
            return None
        return self.since + self.left[self.running]

    def hand_to(self, seat: int | None, at: float, start: float | None = None) -> None:
        """The decision is with ``seat`` now (``None``: with no clocked seat). The running seat
        is charged up to ``at`` (when its move was received); the next seat's time starts at
        ``start`` (when the move was made: the server's own work is nobody's time). A seat that
        hands the decision on gains the increment (real-time); a seat that takes it up starts a
        fresh allowance (turn-based)."""
        start = at if start is None else start
        before = self.running
        if before is not None:
            self.left[before] = max(0.0, self.remaining(before, at))
        if seat != before:
            if before is not None and self.control.kind == REAL_TIME:
                self.left[before] += self.control.increment
            if seat is not None and self.control.kind == TURN_BASED:
                self.left[seat] = self.control.days * DAY
        self.running = seat
        self.since = start if seat is not None else None

    def resume(self, alive_at: float | None, now: float) -> None:
        """After a restart: the running seat is charged only up to when the server was last
        alive, and its time runs again from ``now``. The server was alive at least when the
        clock was stored (``since``); a note of being alive older than that, or none (a server
        killed before its first note), charges nothing."""
        if self.running is None or self.since is None:
            return
        until = self.since if alive_at is None else max(self.since, min(alive_at, now))
        self.left[self.running] = max(0.0, self.left[self.running] - (until - self.since))
        self.since = now

    def to_json(self) -> dict[str, Any]:
        """What is stored with the match (its time control is stored apart, once)."""
        return {
            "left": self.left,
            "running": self.running,
            "since": self.since,
            "taken": self.taken,
        }

    @classmethod
    def from_json(cls, control: TimeControl, data: dict[str, Any]) -> Clock:
        return cls(
            control,
            [float(x) for x in data["left"]],
            data.get("running"),
            data.get("since"),
            [int(s) for s in data.get("taken", [])],
        )

    def shown(self, at: float) -> dict[str, Any]:
        """What every seat and spectator is shown (the pages count the running seat down from
        when they receive it): each seat's time left, never below zero."""
        out = self.out_of_time(at)
        return {
            "control": self.control.public(),
            "left": [round(max(0.0, self.remaining(s, at)), 1) for s in range(len(self.left))],
            "running": self.running,
            "out": [] if out is None else [out],
            "taken": list(self.taken),
        }
