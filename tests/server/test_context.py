"""What the routes share: the users kept in memory stay few however many come by, and the
throttles keyed by what clients send stay bounded."""

from __future__ import annotations

from cyberdeck.server.limits import Recent, Throttle
from cyberdeck.store import UserData


def test_only_the_most_recently_seen_users_are_kept() -> None:
    users: Recent[int, UserData] = Recent(keep=2)
    ada, bob, cy = (UserData(i, name, "guest") for i, name in enumerate(("ada", "bob", "cy")))
    users.put(ada.id, ada)
    users.put(bob.id, bob)
    assert users.get(ada.id) == ada  # ada is now the most recent
    users.put(cy.id, cy)
    assert len(users) == 2
    assert users.get(bob.id) is None, "the least recently seen is forgotten"
    assert users.get(ada.id) == ada and users.get(cy.id) == cy


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_throttle_counts_events_in_its_window_per_key() -> None:
    clock = Clock()
    throttle = Throttle(limit=2, window=60, clock=clock)
    throttle.note("neo")
    assert throttle.wait("neo") == 0
    clock.now += 10
    throttle.note("neo")
    assert throttle.wait("neo") == 50, "until the first of the two ages out"
    assert throttle.wait("trinity") == 0
    clock.now += 50
    assert throttle.wait("neo") == 0
    throttle.forget("neo")
    assert len(throttle) == 0


def test_a_throttle_keyed_by_what_clients_send_stays_bounded() -> None:
    """Sign-in failures are counted per name tried: an attacker chooses the names, so the table
    must not grow with them. Asking stores nothing; old keys go as new ones come; when every key
    is live the oldest goes."""
    clock = Clock()
    throttle = Throttle(limit=3, window=60, keep=100, clock=clock)
    for n in range(10_000):
        assert throttle.wait(f"name-{n}") == 0
    assert len(throttle) == 0, "asking stores nothing"
    for n in range(10_000):
        throttle.note(f"name-{n}")
        clock.now += 0.001
    assert len(throttle) == 100, "full of live keys: the oldest went"
    throttle.note("name-9999")
    throttle.note("name-9999")
    assert throttle.wait("name-9999") > 0, "the newest key still counts"
    clock.now += 61
    throttle.note("fresh")
    assert len(throttle) == 1, "every aged key went once a new one came"
