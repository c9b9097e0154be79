"""``cyberdeck bot``: play a bot account on a server, through the documented bot API only (the
same NDJSON stream and move endpoint any program in any language uses; ``docs/bots.md``).

A bot's seat is told its view and its legal actions, never the game's full state: an agent
that plays from those alone plays here. ``random`` does; so does any Python callable
(``python:MODULE:FUNCTION``), handed each turn as the stream says it (``match``, ``seat``,
``seq``, ``view``, ``legal_actions``, ``seconds_left``) and answering an action's text. The
search levels and learned policies read a full state (their worlds are dealt from it), which
no remote seat has; they are refused with a sentence rather than played blind.
"""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Callable
from typing import Any

import httpx

from ..engine import BadOption

#: What a bot plays with: a turn (as the stream sends it) in, an action's text out.
Chooser = Callable[[dict[str, Any]], str]


def chooser(spec: str, seed: int = 0) -> Chooser:
    """The agent a spec names, as a bot plays it; ``BadOption`` says why a spec cannot be."""
    name, _, rest = spec.strip().partition(":")
    if name.lower() == "random" and not rest:
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
    raise BadOption(
        f"'{spec}' plays from the game's full state, which a bot's seat never sees; give "
        "random, or python:MODULE:FUNCTION (a callable given the seat's view and legal actions)."
    )


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
    ended = 0
    try:
        with http.stream("GET", "/api/bot/stream") as lines:
            if lines.status_code != 200:
                lines.read()
                raise BadOption(_detail(lines))
            for line in lines.iter_lines():
                if not line.strip():
                    continue  # a keep-alive
                event = json.loads(line)
                if event["type"] == "start":
                    say(f"{event['match']}: {event['game']}, seat {event['seat'] + 1}")
                elif event["type"] == "turn":
                    action = choose(event)
                    moved = http.post(
                        f"/api/bot/matches/{event['match']}/move",
                        json={"action": action, "seq": event["seq"]},
                    )
                    if moved.status_code != 200:
                        say(f"{event['match']}: {action} refused: {_detail(moved)}")
                elif event["type"] == "end":
                    ended += 1
                    outcome = event.get("outcome") or {}
                    say(f"{event['match']}: over ({outcome.get('reason', '')})")
                    if games is not None and ended >= games:
                        return ended
    finally:
        if client is None:
            http.close()
    return ended


def _detail(response: httpx.Response) -> str:
    try:
        return str(response.json()["detail"])
    except (ValueError, KeyError, TypeError):
        return f"the server answered {response.status_code}"
