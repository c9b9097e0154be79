"""Helpers that play matches through real sockets: seat people, make random legal moves, and
check what each seat was sent against the game rebuilt from the stored record."""

from __future__ import annotations

import random
from typing import Any

from cyberdeck.engine import Event, Game, Match, load_game
from cyberdeck.engine.record import UNDO
from cyberdeck.store import MatchData
from tests.views import DECK_LISTS

from .harness import Client, ServerProcess, Socket


def seat_count(game: Game) -> int:
    options = game.resolve_options(None)
    return int(options.get("players", game.min_players))


async def seat_people(
    server: ServerProcess, game_id: str, **body: Any
) -> tuple[str, list[Client], list[Socket]]:
    """A match of ``game_id`` with a guest in every seat, each connected to its own seat."""
    game = load_game(game_id)
    count = seat_count(game)
    clients = [await Client(server).guest() for _ in range(count)]
    created = await clients[0].create(game_id, **body)
    match_id = created["match"]["id"]
    for client in clients[1:]:
        await client.join(match_id)
    sockets = []
    for client in clients:
        sock = await client.socket(match_id)
        await sock.expect("welcome")
        sockets.append(sock)
    for sock in sockets:  # everyone has heard that everyone is here
        await drain(sock)
    return match_id, clients, sockets


async def drain(sock: Socket, timeout: float = 0.05) -> None:

    while True:
        try:
            await sock.recv(timeout)
        except TimeoutError:
            return


def mover(sockets: list[Socket]) -> Socket | None:
    for sock in sockets:
        if sock.table.get("legal_actions") and sock.status == "running":
            return sock
    return None


async def play_moves(sockets: list[Socket], rng: random.Random, moves: int, tag: str) -> int:
    """Up to ``moves`` random legal moves, each acknowledged and seen by every seat (with the
    passes the table made for players after it, under their stops)."""
    made = 0
    while made < moves:
        sock = mover(sockets)
        if sock is None:
            return made
        msg_id = f"{tag}-{sock.seq}"
        before = sock.seq
        ack = await sock.play(rng.choice(sock.table["legal_actions"]), msg_id)
        # The move, and whatever the table then answered for players who left it the questions.
        assert ack["seq"] > before
        target = ack["seq"]
        for other in sockets:
            while other.seq < target:
                message = await other.recv()
                assert message["type"] != "error", message
        made += 1
    return made


def strings(value: Any, out: set[str] | None = None) -> set[str]:
    """Every string in a JSON value, keys included, but not the deck lists' cards (``tests.views``)."""
    out = set() if out is None else out
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            out.add(str(key))
            if key not in DECK_LISTS:
                strings(item, out)
    elif isinstance(value, list | tuple):
        for item in value:
            strings(item, out)
    return out


def secrets_by_step(data: MatchData) -> list[dict[int | None, set[str]]]:
    """For each step, for each seat and the spectator (``None``): the strings some seat could
    see then that this one never could (its views and events so far, and the spectator's,
    cleared). A message to that seat must contain none of them."""
    game = load_game(data.game)
    match = Match(game, data.options, data.seed, data.decks)
    seats: list[int | None] = [*range(len(data.seats)), None]
    allowed: dict[int | None, set[str]] = {s: set() for s in seats}
    out: list[dict[int | None, set[str]]] = []

    def snapshot(events: list[Event]) -> None:
        state = match.state
        views = {s: strings(state.view(s)) for s in seats}
        for s in seats:
            allowed[s] |= views[s] | views[None]
            for e in events:
                if e.visible_to(s):
                    strings(e.to_json(), allowed[s])
        step: dict[int | None, set[str]] = {}
        for s in seats:
            others: set[str] = set()
            for o in seats:
                if o != s and o is not None:
                    others |= views[o]
                    for e in events:
                        if e.visible_to(o) and not e.visible_to(s):
                            strings(e.to_json(), others)
            step[s] = others - allowed[s]
        out.append(step)

    snapshot(list(match.log))  # the deal, as the opening events tell it
    for action in data.actions:
        before = len(match.log)
        if action.text == UNDO:
            match.undo()
        else:
            match.play(action.text)
        snapshot(match.log[before:])
    return out


def assert_no_leaks(data: MatchData, received: dict[int | None, list[dict[str, Any]]]) -> int:
    """No table a seat (or a spectator) received holds a string secret to it at that step;
    returns how many tables were checked."""
    secrets = secrets_by_step(data)
    checked = 0
    for seat, messages in received.items():
        for message in messages:
            if message["type"] not in ("welcome", "update"):
                continue
            leaked = strings(message["table"]) & secrets[message["seq"]][seat]
            assert not leaked, f"seat {seat} was sent {sorted(leaked)[:5]} at step {message['seq']}"
            checked += 1
    return checked
