"""The series score of a chain of rematches, counted for players rather than seats: the seats
rotate one on at each rematch, so a seat's wins are its player's wherever they sat."""

from __future__ import annotations

from typing import Any

from cyberdeck.server.chains import chain_score
from cyberdeck.server.rematch import rotated
from cyberdeck.store import MatchData, SeatData


def match(seats: int, winners: list[int] | None) -> MatchData:
    return MatchData(
        id=f"m{winners}",
        game="cypher",
        options={"players": seats},
        decks=None,
        seed=1,
        engine_version="1",
        status="running" if winners is None else "finished",
        public=True,
        invite="i",
        created_by=1,
        seats=[SeatData(s, "human", None, 10 + s, f"p{s}") for s in range(seats)],
        outcome=None if winners is None else {"winners": winners, "returns": [], "reason": ""},
    )


def chain(*outcomes: list[int] | None) -> list[MatchData]:
    """A chain of three-seat rematches with these winners (``None``: still being played)."""
    games = [match(3, outcomes[0])]
    for winners in outcomes[1:]:
        after = rotated(games[-1], 10, 7)
        done: dict[str, Any] = {"status": "running", "outcome": None}
        if winners is not None:
            done = {"status": "finished", "outcome": {"winners": winners, "returns": []}}
        after.status, after.outcome = done["status"], done["outcome"]
        games.append(after)
    return games


def test_wins_follow_the_player_round_the_rotating_seats() -> None:
    # p0 wins from seat 0, then from seat 1 (a game later); a draw; then p1 wins from seat 1.
    games = chain([0], [1], [], [1], None)
    assert [g.seats[0].user_name for g in games] == ["p0", "p2", "p1", "p0", "p2"]
    first, last = chain_score(games, games[0].id), chain_score(games, games[-1].id)
    assert first.wins == [2, 1, 0] and first.draws == 1 and first.finished == 4
    assert last.wins == [0, 2, 1]  # seen from the last game: p2 sits first, then p0, p1
    assert last.matches == [g.id for g in games]


def test_a_rematch_copies_every_setting_and_makes_the_game_afresh() -> None:
    old = match(3, [0])
    old.decks = ["a", "b", "c"]
    new = rotated(old, 11, 99)
    assert new.id != old.id and new.invite != old.invite and new.seed == 99
    assert new.options == old.options and new.public == old.public and new.game == old.game
    assert new.decks == ["c", "a", "b"] and [s.user_id for s in new.seats] == [12, 10, 11]
    assert [s.seat for s in new.seats] == [0, 1, 2] and new.status == "running"
    assert new.outcome is None and new.actions == [] and new.created_by == 11
    assert new.rematch_of == old.id and new.chain == old.id
    assert rotated(new, 11, 5).chain == old.id
