"""What the routes share: the users kept in memory stay few however many come by."""

from __future__ import annotations

from cyberdeck.server.context import RecentUsers
from cyberdeck.store import UserData


def test_only_the_most_recently_seen_users_are_kept() -> None:
    users = RecentUsers(keep=2)
    ada, bob, cy = (UserData(i, name, "guest") for i, name in enumerate(("ada", "bob", "cy")))
    users.put(ada)
    users.put(bob)
    assert users.get(ada.id) == ada  # ada is now the most recent
    users.put(cy)
    assert len(users) == 2
    assert users.get(bob.id) is None, "the least recently seen is forgotten"
    assert users.get(ada.id) == ada and users.get(cy.id) == cy
