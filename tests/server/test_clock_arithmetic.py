"""The clocks' arithmetic, without a server: Fischer's increment, turn-based days, a move
charged up to when it was received, a fall, a restart that charges no downtime, and the
sentences that refuse a time control the server does not offer."""

from __future__ import annotations

import pytest

from cyberdeck.server.clocks import (
    DAY,
    REAL_TIME,
    TURN_BASED,
    BadTimeControl,
    Clock,
    TimeControl,
    read_quick_setting,
    time_control,
)

T0 = 1_000_000.0


def running(control: TimeControl, seats: int = 2) -> Clock:
    clock = Clock.start(control, seats)
    clock.hand_to(0, T0)
    return clock


def test_a_real_time_move_is_charged_and_earns_the_increment_when_the_decision_passes_on() -> None:
    clock = running(time_control(REAL_TIME, minutes=5, increment=3))
    assert clock.remaining(0, T0 + 40) == 260
    clock.hand_to(1, T0 + 40)
    assert clock.left == [263, 300] and clock.running == 1 and clock.since == T0 + 40
    assert clock.remaining(0, T0 + 1000) == 263, "a clock runs only for the seat to decide"


def test_several_decisions_in_a_row_are_one_move_and_earn_one_increment() -> None:
    clock = running(time_control(REAL_TIME, minutes=1, increment=10))
    clock.hand_to(0, T0 + 5)  # the same seat decides again (a multi-step turn)
    clock.hand_to(0, T0 + 8)
    clock.hand_to(1, T0 + 12)
    assert clock.left[0] == 60 - 12 + 10


def test_a_move_is_charged_up_to_when_it_was_received_not_when_it_was_made() -> None:
    clock = running(time_control(REAL_TIME, minutes=1))
    clock.hand_to(1, at=T0 + 59.5, start=T0 + 61)  # received in time, made after the fall
    assert clock.left[0] == pytest.approx(0.5)
    assert clock.since == T0 + 61, "the next seat's time starts when the move was made"


def test_a_clock_falls_and_stays_at_zero_once_a_late_move_is_made() -> None:
    clock = running(time_control(REAL_TIME, minutes=1, increment=2))
    assert clock.out_of_time(T0 + 59) is None
    assert clock.out_of_time(T0 + 60) == 0
    assert clock.falls_at() == T0 + 60
    assert clock.shown(T0 + 90)["out"] == [0] and clock.shown(T0 + 90)["left"][0] == 0
    clock.hand_to(1, T0 + 90)  # the opponent kept waiting; the late move is made
    assert clock.left[0] == 2 and clock.out_of_time(T0 + 90) is None


def test_a_turn_based_seat_has_its_days_afresh_for_every_move() -> None:
    clock = running(time_control(TURN_BASED, days=3))
    clock.hand_to(1, T0 + 2 * DAY)
    assert clock.left[0] == DAY, "what is left of a move's days is not carried over"
    clock.hand_to(0, T0 + 2 * DAY + 3600)
    assert clock.left[0] == 3 * DAY and clock.remaining(0, T0 + 5 * DAY + 3600) == 0
    assert clock.out_of_time(T0 + 5 * DAY + 3600) == 0


def test_a_restart_charges_the_running_seat_only_until_the_server_was_last_alive() -> None:
    clock = running(time_control(REAL_TIME, minutes=10))
    clock.resume(alive_at=T0 + 30, now=T0 + 7200)  # down for two hours after 30 s
    assert clock.left[0] == 570 and clock.since == T0 + 7200
    assert clock.remaining(0, T0 + 7210) == 560


def test_a_server_killed_before_its_first_note_of_being_alive_charges_nothing() -> None:
    for alive_at in (None, T0 - 60):  # no note yet; a note from before this clock was stored
        clock = running(time_control(REAL_TIME, minutes=10))
        clock.resume(alive_at=alive_at, now=T0 + 3600)
        assert clock.left[0] == 600 and clock.since == T0 + 3600


def test_a_clock_is_stored_and_read_back_whole() -> None:
    control = time_control(REAL_TIME, minutes=3, increment=2)
    clock = running(control, seats=3)
    clock.taken.append(2)
    again = Clock.from_json(control, clock.to_json())
    assert again == clock
    assert TimeControl.from_json(control.to_json()) == control
    assert TimeControl.from_json(None).timed is False


@pytest.mark.parametrize(
    ("kind", "numbers", "sentence"),
    [
        ("real-time", {"minutes": 0.5}, "A real-time clock starts with 1 to 180 minutes, not 0.5."),
        ("real-time", {"minutes": 5, "increment": 200}, "adds 0 to 180 seconds a move, not 200."),
        ("turn-based", {"days": 15}, "A turn-based match gives 1 to 14 days a move."),
        ("blitz", {}, "A clock is 'none', 'real-time' or 'turn-based', not 'blitz'."),
    ],
)
def test_a_time_control_outside_the_offer_is_refused_in_a_sentence(
    kind: str, numbers: dict[str, float], sentence: str
) -> None:
    with pytest.raises(BadTimeControl, match=sentence.replace(".", r"\.").replace("(", r"\(")):
        time_control(kind, **numbers)  # type: ignore[arg-type]


def test_labels_and_quick_play_settings() -> None:
    assert time_control(REAL_TIME, 10, 5).label == "10+5"
    assert time_control(TURN_BASED, days=1).label == "1 day a move"
    assert read_quick_setting("10+5") == time_control(REAL_TIME, 10, 5)
    assert read_quick_setting("3d") == time_control(TURN_BASED, days=3)
    assert not read_quick_setting("").timed
    with pytest.raises(BadTimeControl, match="is not a time control"):
        read_quick_setting("soon")
