"""The tournament director: starts each tournament at its hour, pairs every round (``swiss``)
when the last table of the one before has ended, brackets the top cut after the Swiss rounds
(``cut``), makes each table's match, claims a game for the player whose opponent's clock has
fallen, and closes the tournament after its last round. Each change is posted on the
tournament's noticeboard, so its open pages read it again.

Everything it decides is read back from the database: the entrants, the tables of every round
and their matches' outcomes. Pairing a round and making it the current one are one transaction
(``Store.pair_round``), and each table's match has an id and a seed derived from the tournament,
its round and its table: a director that restarts (``kill -9`` mid-round too) makes any match
that is missing and finds the rest, so no result is lost and no round is paired twice.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from dataclasses import dataclass
from datetime import UTC, datetime

from ..engine import CyberdeckError, load_game
from ..store import EntrantData, MatchData, SeatData, TableData, TournamentData
from .cut import first_round, next_round, seeds
from .database import Database
from .hub import Hub, Room, new_match_data
from .leases import Elsewhere
from .limits import KeyedLocks
from .noticeboard import Noticeboard
from .swiss import Standing, Table, pair, rounds_for, standings

log = logging.getLogger("cyberdeck.tournaments")

#: Who claims a game for a player whose opponent's clock has fallen.
REFEREE = "the tournament"
#: How often the director looks for tournaments due to start and clocks that have fallen.
TICK_SECONDS = 1.0


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A tournament as its director reads it: settings, entrants, tables and their matches."""

    tournament: TournamentData
    entrants: list[EntrantData]
    tables: list[TableData]
    matches: dict[str, MatchData]

    def results(self) -> list[Table]:
        """Every table as the pairing sees it: done once its match is over (a bye at once)."""
        out = []
        for t in self.tables:
            if t.second is None:
                out.append(Table(t.first, None, done=True))
                continue
            match = self.matches.get(t.match_id or "")
            if match is None or match.status != "finished" or match.outcome is None:
                out.append(Table(t.first, t.second))
                continue
            winners = match.outcome["winners"]
            winner = None
            if len(winners) == 1:
                winner = t.first if winners[0] == 0 else t.second
            out.append(Table(t.first, t.second, winner, done=True))
        return out

    def standings(self) -> list[Standing]:
        """The Swiss standings: the cut's tables count for none of them."""
        swiss = self.tournament.rounds
        results = [r for t, r in zip(self.tables, self.results(), strict=True) if t.round <= swiss]
        return standings([e.entrant for e in self.entrants], results)

    def cut_rounds(self) -> list[list[Table]]:
        """The cut's rounds so far, each's tables in bracket order."""
        swiss = self.tournament.rounds
        rounds: dict[int, list[Table]] = {}
        for t, r in zip(self.tables, self.results(), strict=True):
            if t.round > swiss:
                rounds.setdefault(t.round, []).append(r)
        return [rounds[n] for n in sorted(rounds)]

    def seed_of(self) -> dict[int, int]:
        """Each entrant's seed in the cut: their Swiss rank."""
        return {s.entrant: s.rank for s in self.standings()}

    def round_over(self) -> bool:
        current = self.tournament.round
        return all(
            r.done for t, r in zip(self.tables, self.results(), strict=True) if t.round == current
        )


def match_id(tournament_id: str, round_: int, table: int) -> str:
    """A table's match id: the same whoever makes it, and whenever."""
    return f"{tournament_id}.{round_}.{table}"


def table_seed(tournament: TournamentData, round_: int, table: int) -> int:
    """A table's deal, derived from the tournament's seed: the same game on every replay."""
    digest = hashlib.sha256(f"{tournament.seed}:{round_}:{table}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


class Director:
    def __init__(self, db: Database, hub: Hub, board: Noticeboard | None = None) -> None:
        self.db = db
        self.hub = hub
        self.board = board or Noticeboard(hub.bus, self._status_of)
        #: One director step at a time per tournament (a round's last two games ending at once
        #: pair the next round once).
        self.locks: KeyedLocks[str] = KeyedLocks()
        #: The matches of every tournament's current round (the clocks worth watching).
        self.tables: dict[str, str] = {}
        hub.on_end.append(self.table_ended)

    async def _status_of(self, tournament_id: str) -> str | None:
        """Where a tournament stands, as stored (the live pages' catching up)."""
        found = await self.db.read(self.db.store.load_tournament, tournament_id)
        return None if found is None else found.status

    async def read(self, tournament_id: str) -> Snapshot | None:
        store = self.db.store
        tournament = await self.db.read(store.load_tournament, tournament_id)
        if tournament is None:
            return None
        entrants = await self.db.read(store.entrants, tournament_id)
        tables = await self.db.read(store.tournament_tables, tournament_id)
        ids = [t.match_id for t in tables if t.match_id is not None]
        matches = {m.id: m for m in await self.db.read(store.matches_by_ids, ids)} if ids else {}
        for mid in ids:
            room = self.hub.rooms.get(mid)
            if room is not None:
                matches[mid] = room.data  # the live status and outcome
        return Snapshot(tournament, entrants, tables, matches)

    @property
    def directing(self) -> bool:
        """In a cluster, one worker directs (it holds the ``director`` lease); else this one."""
        return self.hub.ownership is None or self.hub.ownership.directing

    async def run(self) -> None:
        """Until cancelled: pick up where every live tournament stood, then keep time (in a
        cluster, from when this worker becomes the director)."""
        while not self.directing:
            await asyncio.sleep(TICK_SECONDS)
        await self._step_running()
        while True:
            try:
                await self.tick()
            except Exception:
                log.exception("the tournament director's tick failed")
            await asyncio.sleep(TICK_SECONDS)

    async def _step_running(self) -> None:
        for t in await self.db.read(self.db.store.list_tournaments, ("running",), 10_000):
            await self._step(t.id)

    async def tick(self) -> None:
        if not self.directing:
            return
        now = self.hub.wall.now()
        due = await self.db.read(self.db.store.due_tournaments, datetime.fromtimestamp(now, UTC))
        for tournament_id in due:
            await self._step(tournament_id)
        if self.hub.ownership is not None:
            # A table that ended on another worker is not told here (``table_ended``): every
            # running tournament is read again instead.
            await self._step_running()
        for mid in list(self.tables):
            room = self.hub.rooms.get(mid)
            if room is None:
                try:
                    room = await self.hub.room(mid, wait=False)
                except Elsewhere:  # played on another worker: its players may claim there
                    continue
            if room is not None and _fallen(room, now):
                await self.hub.claim_fallen(room, REFEREE)

    async def table_ended(self, room: Room) -> None:
        tournament_id = self.tables.pop(room.id, None)
        if tournament_id is not None:
            await self._step(tournament_id)

    async def start_now(self, tournament_id: str) -> None:
        await self._step(tournament_id, early=True)

    async def _step(self, tournament_id: str, early: bool = False) -> None:
        """Whatever is due: the first round, the next, the end; the missing matches made."""
        async with self.locks.hold(tournament_id):
            try:
                status = await self._advance(tournament_id, early)
            except Exception:
                log.exception("tournament %s: the director's step failed", tournament_id)
                return
            if status is not None:
                self.board.post(tournament_id, status)

    async def _advance(self, tournament_id: str, early: bool) -> str | None:
        """One step; where the tournament then stands (``None``: it is not there, or done)."""
        field = await self.read(tournament_id)
        if field is None:
            return None
        t = field.tournament
        if t.status == "finished":
            return None
        if t.status == "open" and not early and t.starts_at.timestamp() > self.hub.wall.now():
            return "open"
        if t.status == "running":
            await self._make_matches(field)
            field = await self.read(tournament_id)
            assert field is not None
            if not field.round_over():
                return "running"
        playing = {e.entrant for e in field.entrants if e.dropped is None}
        if t.status == "open" and t.rounds == 0:  # by entrants: fixed as entries close
            await self.db.write(self.db.store.set_tournament_rounds, t.id, rounds_for(len(playing)))
            field = await self.read(tournament_id)
            assert field is not None
            t = field.tournament
        if t.round < t.rounds and len(playing) >= 2:
            paired = pair(field.standings(), playing)
        else:
            paired = _cut_round(field, playing)
        if not paired:
            await self.db.write(self.db.store.set_tournament_status, t.id, "finished", t.status)
            return "finished"
        number = t.round + 1
        tables = [
            TableData(
                number,
                i + 1,
                p.first,
                p.second,
                None if p.second is None else self.hub.new_id(match_id(t.id, number, i + 1)),
            )
            for i, p in enumerate(paired)
        ]
        if await self.db.write(self.db.store.pair_round, t.id, tables):
            field = await self.read(tournament_id)
            assert field is not None
            await self._make_matches(field)
            if field.round_over():  # a cut round of players advancing unplayed only
                return await self._advance(tournament_id, early)
        return "running"

    async def _make_matches(self, field: Snapshot) -> None:
        """Make each table of the current round that has no match yet (after a restart), and
        watch the clocks of those still in play."""
        t = field.tournament
        entrants = {e.entrant: e for e in field.entrants}
        for table in field.tables:
            if table.round != t.round or table.match_id is None or table.second is None:
                continue
            found = field.matches.get(table.match_id)
            if found is None:
                await self._make_match(t, table, entrants[table.first], entrants[table.second])
                self.tables[table.match_id] = t.id
            elif found.status != "finished":
                self.tables[table.match_id] = t.id

    async def _make_match(
        self, t: TournamentData, table: TableData, first: EntrantData, second: EntrantData
    ) -> None:
        game = load_game(t.game)
        seats = [_seat(i, e) for i, e in enumerate((first, second))]
        decks = [first.deck, second.deck] if t.decks != "starters" else None
        seed = table_seed(t, table.round, table.table)
        data = new_match_data(game, t.options, seats, decks, t.public, t.created_by, lambda: seed)
        data.id = table.match_id or ""
        data.time_control, data.rated = t.time_control, t.rated
        try:
            await self.hub.create(data)
        except CyberdeckError as err:
            log.error("tournament %s: table %s not made: %s", t.id, data.id, err)


def _cut_round(field: Snapshot, playing: set[int]) -> list[Table]:
    """The cut's next round once the Swiss rounds are played (none: the tournament is over,
    because it has no cut, its final is played, or the Swiss ended with fewer than two)."""
    t = field.tournament
    played = field.cut_rounds()
    if not played:
        if t.round < t.rounds:
            return []
        return first_round(seeds(field.standings(), playing, t.cut))
    if len(played[-1]) == 1:
        return []
    return next_round(played[-1], field.seed_of(), playing)


def _fallen(room: Room, now: float) -> bool:
    return room.clock is not None and room.clock.out_of_time(now) is not None


def _seat(index: int, entrant: EntrantData) -> SeatData:
    if entrant.user_id is None:
        return SeatData(index, "ai", entrant.level)
    return SeatData(index, "human", None, entrant.user_id, entrant.name)
