"""``cyberdeck bot``: play a bot account on a server, through the documented bot API only (the
same NDJSON stream and move endpoint any program in any language uses, or the bots' websocket:
``remote.botsocket``; ``docs/bots.md``).

A bot's seat is told its view and its legal actions, never the game's full state, and that is
all an agent needs: ``Game.state_from_view`` rebuilds a state that looks the same from the seat,
with what it cannot see dealt at random, and every agent (the levels, ``policy:PATH``, a game's
own) reads only the view, the legal actions and worlds re-dealt from the seat's knowledge, so it
chooses there as the server's AI would choose from the real state. A Python callable
(``python:MODULE:FUNCTION``) is handed each turn as the stream says it (``match``, ``seat``,
``seq``, ``view``, ``legal_actions``, ``seconds_left``) and answers an action's text.
"""

from __future__ import annotations

import importlib
import json
import random
import time
from collections.abc import Callable
from typing import Any

import httpx

from ..agents.levels import make_agent
from ..engine import Agent, BadOption, CyberdeckError, Rng, games, load_game

#: What a bot plays with: a turn (as the stream sends it) in, an action's text out.
Chooser = Callable[[dict[str, Any]], str]


def chooser(spec: str, seed: int = 0) -> Chooser:
    """The agent a spec names, as a bot plays it; ``BadOption`` says why a spec cannot be."""
    name, _, rest = spec.strip().partition(":")
    if name.lower() == "random" and not rest:  # needs no state: plays every game as it is
        rng = random.Random(seed)
        return lambda turn: str(rng.choice(turn["legal_actions"]))
    if name.lower() == "python":
        module, _, function = rest.rpartition(":")
        if not module or not function:
            raise BadOption(f"'{spec}': name the callable as python:MODULE:FUNCTION.")
        try:
            found = getattr(importlib.import_module(module), function)
        except (ImportError, AttributeError) as err:
            raise BadOption(f"'{spec}': {err}.") from None
        if not callable(found):
            raise BadOption(f"'{spec}' is not callable.")
        call: Chooser = found
        return call
    return FromView(spec, seed)


class FromView:
    """An agent (``agents.levels.make_agent``'s spec) playing each turn from the seat's view: one
    agent per match, so a search that keeps its tree between a seat's decisions keeps it here."""

    def __init__(self, spec: str, seed: int) -> None:
        self.spec = spec
        self.seed = seed
        self.agents: dict[str, Agent] = {}
        problems = []
        for game in games():  # refused at once when no game plays it, with the first reason
            try:
                make_agent(spec, seed, game)
            except CyberdeckError as err:
                problems.append(str(err))
            else:
                return
        raise BadOption(problems[0])

    def __call__(self, turn: dict[str, Any]) -> str:
        view, seat = turn["view"], int(turn["seat"])
        game = load_game(str(view.get("game")))
        agent = self.agents.get(turn["match"])
        if agent is None:
            agent = self.agents[turn["match"]] = make_agent(self.spec, self.seed, game)
        state = game.state_from_view(view, seat, Rng(self.seed * 1_000_003 + int(turn["seq"])))
        return agent.choose(state).text

    def forget(self, match: str) -> None:
        """A match is over: its agent goes."""
        self.agents.pop(match, None)


#: What ``Games.hear`` answers for a turn its agent cannot play: the bot resigns the match.
RESIGN = "resign"

#: How many times a move the server asked the bot to wait for is sent again before it is given up.
RETRIES = 8


class Games:
    """What a bot makes of its events, however they come (the NDJSON stream here, the websocket
    in ``remote.botsocket``): a line said a match, the agent asked at each turn, the matches
    ended counted until ``games`` (none: never done)."""

    def __init__(self, choose: Chooser, games: int | None, say: Callable[[str], None]) -> None:
        self.choose = choose
        self.games = games
        self.say = say
        self.ended = 0

    def hear(self, event: dict[str, Any]) -> str | None:
        """The action to play for ``event`` (a turn), ``RESIGN``, or ``None``."""
        if event["type"] == "start":
            self.say(f"{event['match']}: {event['game']}, seat {event['seat'] + 1}")
        elif event["type"] == "turn":
            try:
                return self.choose(event)
            except CyberdeckError as err:
                self.say(f"{event['match']}: no move ({err}); resigning")
                return RESIGN
        elif event["type"] == "end":
            if isinstance(self.choose, FromView):
                self.choose.forget(event["match"])
            self.ended += 1
            outcome = event.get("outcome") or {}
            self.say(f"{event['match']}: over ({outcome.get('reason', '')})")
        return None

    def refused(self, match: str, action: str, sentence: str) -> None:
        self.say(f"{match}: {action} refused: {sentence}")

    @property
    def done(self) -> bool:
        return self.games is not None and self.ended >= self.games


def play(
    server: str,
    token: str,
    choose: Chooser,
    games: int | None = None,
    say: Callable[[str], None] = print,
    client: httpx.Client | None = None,
) -> int:
    """Read the bot's stream and answer every turn, until ``games`` matches have ended (none:
    until interrupted); how many ended."""
    http = client or httpx.Client(
        base_url=server.rstrip("/"),
        headers={"Authorization": f"Bearer {token}"},
        timeout=httpx.Timeout(30, read=None),
    )
    told = Games(choose, games, say)
    try:
        with http.stream("GET", "/api/bot/stream") as lines:
            if lines.status_code != 200:
                lines.read()
                raise BadOption(_detail(lines))
            for line in lines.iter_lines():
                if not line.strip():
                    continue  # a keep-alive
                event = json.loads(line)
                action = told.hear(event)
                if action is RESIGN:
                    http.post(f"/api/bot/matches/{event['match']}/resign")
                elif action is not None:
                    moved = _move(http, event["match"], action, event["seq"])
                    if moved.status_code != 200:
                        told.refused(event["match"], action, _detail(moved))
                if told.done:
                    break
    finally:
        if client is None:
            http.close()
    return told.ended


def _move(http: httpx.Client, match: str, action: str, seq: int) -> httpx.Response:
    """Play ``action``; past the bot's rate (429), or while a cluster's match moves to another
    worker (503), wait as the server says and send it again."""
    for _ in range(RETRIES):
        moved = http.post(f"/api/bot/matches/{match}/move", json={"action": action, "seq": seq})
        wait = moved.headers.get("Retry-After", "") if moved.status_code in (429, 503) else ""
        if not wait.isdigit():
            break
        time.sleep(int(wait))
    return moved


def _detail(response: httpx.Response) -> str:
    try:
        return str(response.json()["detail"])
    except (ValueError, KeyError, TypeError):
        return f"the server answered {response.status_code}"
