"""Rating farming damped: a new account's rating is provisional, and off the leaderboard, until
it has 10 rated games against 5 distinct opponents (ten sock puppets made a farmer first on a
board). An AI level is an opponent like any other, and is always listed."""

from __future__ import annotations

from pathlib import Path

from cyberdeck.server.ratings import PROVISIONAL_GAMES, PROVISIONAL_OPPONENTS, rate_match
from cyberdeck.store import Store, sqlite_url


def test_an_account_is_listed_once_it_has_met_enough_opponents(tmp_path: Path) -> None:
    store = Store(sqlite_url(tmp_path / "board.sqlite3"))
    store.migrate()
    farmer = store.create_user("farmer", "account", "hash").id
    puppets = [store.create_user(f"puppet-{n}", "account", "hash").id for n in range(5)]
    easy = store.robot("ai:easy", "ai").id

    def board() -> list[str]:
        rows = store.leaderboard("duel", 100, PROVISIONAL_GAMES, PROVISIONAL_OPPONENTS)
        return [row.name for row in rows]

    for puppet in puppets[:4]:
        for _ in range(3):
            rate_match(store, "duel", [farmer, puppet], [1.0, -1.0])
    assert board() == [], "12 games, but against 4 opponents: provisional"
    rate_match(store, "duel", [farmer, easy], [1.0, -1.0])
    assert board() == ["farmer", "ai:easy"], "13 games against 5 (the AI level one of them)"
    everyone = {r.name: r for r in store.leaderboard("duel", 100)}
    assert everyone["farmer"].opponents == 5 and everyone["puppet-0"].opponents == 1
    assert everyone["puppet-0"].games == 3, "a puppet is listed only when asked for"
    store.close()


def test_ten_games_are_needed_whatever_the_opponents(tmp_path: Path) -> None:
    store = Store(sqlite_url(tmp_path / "board.sqlite3"))
    store.migrate()
    newcomer = store.create_user("newcomer", "account", "hash").id
    rivals = [store.create_user(f"rival-{n}", "account", "hash").id for n in range(9)]
    for rival in rivals:
        rate_match(store, "duel", [newcomer, rival], [1.0, -1.0])
    listed = store.leaderboard("duel", 100, PROVISIONAL_GAMES, PROVISIONAL_OPPONENTS)
    assert [r.name for r in listed] == []
    rate_match(store, "duel", [newcomer, rivals[0]], [1.0, -1.0])
    listed = store.leaderboard("duel", 100, PROVISIONAL_GAMES, PROVISIONAL_OPPONENTS)
    assert [r.name for r in listed] == ["newcomer"]
    store.close()
