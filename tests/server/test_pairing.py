"""Quick play's queues with the clock in the test's hand: pairing by rating, the gap widening
with the wait, the answer window, declines, stale seekers and the AI offer, without waiting."""

from __future__ import annotations

import pytest

from cyberdeck.server.pairing import FIRST_GAP, WIDENING, Pool, QueueRefused, Queues

DUO = Pool("cipher-run", 2, "5+3", False)
TRIO = Pool("cypher", 3, "none", False)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def queues(clock: Clock, **kwargs: float) -> Queues:
    return Queues(clock=clock, **kwargs)  # type: ignore[arg-type]


def test_two_players_of_close_ratings_are_offered_to_each_other() -> None:
    clock = Clock()
    q = queues(clock)
    q.join(1, "ann", DUO, 1500, 1500, None)
    assert q.tend() == []
    q.join(2, "bob", DUO, 1550, 1500, None)
    (offer,) = q.tend()
    assert {s.user_id for s in offer.seekers} == {1, 2}
    assert q.offer_of(1) is offer and q.offer_of(2) is offer


def test_a_far_rating_waits_until_the_gap_has_widened_enough() -> None:
    clock = Clock()
    q = queues(clock, stale_seconds=1e9)
    q.join(1, "ann", DUO, 1500, 1500, None)
    q.join(2, "bob", DUO, 1500 + FIRST_GAP + 50, 1700, None)
    assert q.tend() == []
    clock.now += 50 / WIDENING - 1
    assert q.tend() == []
    clock.now += 1
    assert len(q.tend()) == 1


def test_the_closest_rating_is_chosen_for_the_longest_waiting() -> None:
    clock = Clock()
    q = queues(clock)
    q.join(1, "ann", DUO, 1500, 1500, None)
    clock.now += 1
    q.join(2, "far", DUO, 1580, 1580, None)
    q.join(3, "near", DUO, 1510, 1510, None)
    (offer,) = q.tend()
    assert [s.name for s in offer.seekers] == ["ann", "near"]
    assert q.offer_of(2) is None


def test_three_seats_wait_for_three_players() -> None:
    clock = Clock()
    q = queues(clock)
    q.join(1, "a", TRIO, 1500, 1500, None)
    q.join(2, "b", TRIO, 1500, 1500, None)
    assert q.tend() == [] and q.busiest() == [(TRIO, 2)]
    q.join(3, "c", TRIO, 1500, 1500, None)
    (offer,) = q.tend()
    assert len(offer.seekers) == 3


def test_every_seat_must_accept_and_then_everyone_leaves_every_queue() -> None:
    clock = Clock()
    q = queues(clock)
    q.join(1, "ann", DUO, 1500, 1500, None)
    q.join(1, "ann", TRIO, 1500, 1500, None)
    q.join(2, "bob", DUO, 1500, 1500, None)
    (offer,) = q.tend()
    assert not q.answer(1, offer.id, True).complete
    assert q.answer(2, offer.id, True).complete
    q.settle(offer)
    assert q.entries(1) == [] and q.entries(2) == [] and len(q) == 0


def test_no_answer_in_time_returns_the_one_who_accepted_and_drops_the_other() -> None:
    clock = Clock()
    q = queues(clock, answer_seconds=20, stale_seconds=1e9)
    q.join(1, "ann", DUO, 1500, 1500, None)
    q.join(2, "bob", DUO, 1500, 1500, None)
    (offer,) = q.tend()
    q.answer(1, offer.id, True)
    clock.now += 19.9
    assert q.tend() == [] and q.offer_of(1) is offer
    clock.now += 0.1
    q.tend()
    assert [s.user_id for s in q.entries(1)] == [1] and q.offer_of(1) is None
    assert q.entries(2) == []
    told = q.note(2)
    assert told is not None and told.kind == "dropped" and "20 s" in told.text
    back = q.note(1)
    assert back is not None and "back in the queue" in back.text
    with pytest.raises(QueueRefused):
        q.answer(1, offer.id, True)


def test_the_one_who_came_back_keeps_the_time_they_waited() -> None:
    clock = Clock()
    q = queues(clock, stale_seconds=1e9)
    ann = q.join(1, "ann", DUO, 1500, 1500, None)
    q.join(2, "bob", DUO, 1500, 1500, None)
    (offer,) = q.tend()
    q.answer(1, offer.id, True)
    clock.now += 30
    q.tend()
    assert q.entries(1)[0] is ann and ann.since == 1000.0


def test_a_decline_drops_the_decliner_and_the_other_waits_on() -> None:
    clock = Clock()
    q = queues(clock)
    q.join(1, "ann", DUO, 1500, 1500, None)
    q.join(2, "bob", DUO, 1500, 1500, None)
    (offer,) = q.tend()
    q.answer(1, offer.id, True)
    q.answer(2, offer.id, False)
    assert q.entries(2) == [] and [s.user_id for s in q.entries(1)] == [1]
    told = q.note(1)
    assert told is not None and told.kind == "declined"
    assert q.tend() == []  # alone again


def test_a_seeker_who_stops_asking_leaves_the_queue() -> None:
    clock = Clock()
    q = queues(clock, stale_seconds=15)
    q.join(1, "ann", DUO, 1500, 1500, None)
    clock.now += 10
    q.entries(1)  # the page asks
    clock.now += 10
    q.tend()
    assert len(q) == 1
    clock.now += 6
    q.join(2, "bob", DUO, 1500, 1500, None)
    assert q.tend() == [] and q.entries(1) == []


def test_the_ai_is_offered_after_the_wait_the_player_chose() -> None:
    clock = Clock()
    q = queues(clock, stale_seconds=1e9)
    ann = q.join(1, "ann", DUO, 1500, 1500, 60)
    never = q.join(2, "bob", TRIO, 1500, 1500, None)
    clock.now += 59
    assert not q.ai_offered(ann)
    clock.now += 1
    assert q.ai_offered(ann) and not q.ai_offered(never)


def test_one_entry_per_queue_and_a_few_queues_per_player_and_a_bounded_total() -> None:
    clock = Clock()
    q = queues(clock, max_seekers=3)
    first = q.join(1, "ann", DUO, 1500, 1500, None)
    assert q.join(1, "ann", DUO, 1500, 1500, 30) is first and first.ai_after == 30
    q.join(1, "ann", TRIO, 1500, 1500, None)
    q.join(1, "ann", Pool("cypher", 4, "none", False), 1500, 1500, None)
    with pytest.raises(QueueRefused, match="3 quick-play queues"):
        q.join(1, "ann", Pool("hack-me", 2, "none", False), 1500, 1500, None)
    with pytest.raises(QueueRefused, match="full"):
        q.join(2, "bob", DUO, 1500, 1500, None)
    assert q.leave(1) == 3 and len(q) == 0


def test_a_player_on_offer_in_one_queue_is_not_offered_in_another() -> None:
    clock = Clock()
    q = queues(clock)
    q.join(1, "ann", DUO, 1500, 1500, None)
    q.join(2, "bob", DUO, 1500, 1500, None)
    q.join(1, "ann", TRIO, 1500, 1500, None)
    q.join(3, "cy", TRIO, 1500, 1500, None)
    q.join(4, "di", TRIO, 1500, 1500, None)
    offers = q.tend()
    assert [o.pool for o in offers] == [DUO]
