"""A server started with a deal seed (``--deal-seed``) deals each account's Nth match the same in
every run, whoever else made matches before; without one, every match is dealt from ``secrets``.
The browser tests rely on the first (``tests/web/arcade.py``); real play on the second."""

from __future__ import annotations

from pathlib import Path

from cyberdeck.server.dealer import Dealer, dealt_seed
from cyberdeck.store import Store

from .harness import Client, ServerProcess, run


def stored_seeds(server: ServerProcess, match_ids: list[str]) -> list[int]:
    """The matches' seeds as the server stored them (no client is ever told one)."""
    store = Store(server.db_url)
    try:
        found = [store.load_match(match_id) for match_id in match_ids]
    finally:
        store.close()
    assert all(data is not None for data in found)
    return [data.seed for data in found if data is not None]


async def made_by_guests(server: ServerProcess, per_guest: list[int]) -> list[list[str]]:
    """Fresh guests, one after another, each creating its number of Cipher Run matches (open,
    waiting for a second player); the matches' ids, per guest."""
    made: list[list[str]] = []
    for count in per_guest:
        client = await Client(server).guest()
        made.append([(await client.create("cipher-run"))["match"]["id"] for _ in range(count)])
        await client.close()
    return made


def server_at(folder: Path, *args: str) -> ServerProcess:
    folder.mkdir()
    return ServerProcess(f"sqlite:///{folder / 'cyberdeck.sqlite3'}", folder, *args).start()


def test_two_servers_with_one_deal_seed_deal_each_accounts_matches_alike(tmp_path: Path) -> None:
    seeds: list[list[list[int]]] = []
    # The second server's guests make their matches in another order and number: each account's
    # Nth match is dealt alike all the same.
    for name, per_guest in (("one", [2, 1]), ("two", [1, 3])):
        server = server_at(tmp_path / name, "--deal-seed", "7")
        try:
            made = run(made_by_guests(server, per_guest))
            seeds.append([stored_seeds(server, ids) for ids in made])
        finally:
            server.stop()
    first, second = seeds
    dealt = [dealt_seed(7, n) for n in range(3)]
    assert first == [dealt[:2], dealt[:1]]
    assert second == [dealt[:1], dealt[:3]]
    assert len(set(dealt)) == 3  # an account's matches are dealt differently from each other


def test_without_a_deal_seed_every_match_is_dealt_afresh(tmp_path: Path) -> None:
    server = server_at(tmp_path / "plain")
    try:
        made = run(made_by_guests(server, [2, 1]))
        seeds = [seed for ids in made for seed in stored_seeds(server, ids)]
    finally:
        server.stop()
    assert len(set(seeds)) == 3
    assert not set(seeds) & {dealt_seed(7, n) for n in range(3)}


def test_the_dealer_counts_per_account() -> None:
    """The counts behind the servers' deals: another account's matches move no one's on."""
    one, two = Dealer(7), Dealer(7)
    assert [one.seed(1), one.seed(2), one.seed(1)] == [dealt_seed(7, 0)] * 2 + [dealt_seed(7, 1)]
    assert [two.seed(2), two.seed(2)] == [dealt_seed(7, 0), dealt_seed(7, 1)]
    assert dealt_seed(7, 0) != dealt_seed(8, 0)
    assert all(0 <= dealt_seed(s, n) < 1 << 62 for s in range(5) for n in range(5))
    unseeded = Dealer()
    assert len({unseeded.seed(1) for _ in range(4)}) == 4
