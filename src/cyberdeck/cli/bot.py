"""``cyberdeck bot``: play a bot account on a server (``remote.bot``; the ``web`` extra)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from ..engine import CyberdeckError
from .common import fail

app = typer.Typer()


class Transport(StrEnum):
    """How the bot hears its events and sends its moves."""

    http = "http"
    websocket = "websocket"


@app.command()
def bot(
    server: Annotated[str, typer.Option(help="The server's address, e.g. https://arcade.example")],
    token: Annotated[
        str, typer.Option(envvar="CYBERDECK_BOT_TOKEN", help="The bot's token (shown once)")
    ],
    agent: Annotated[
        str,
        typer.Option(
            help="An agent: a level (easy, normal, hard, expert), greedy, random, policy:PATH, "
            "or python:MODULE:FUNCTION (given each turn); it plays from the seat's view alone"
        ),
    ] = "random",
    games: Annotated[
        int | None, typer.Option(min=1, help="Stop after this many games (default: never)")
    ] = None,
    seed: Annotated[int, typer.Option(help="The agent's seed")] = 0,
    transport: Annotated[
        Transport,
        typer.Option(help="http: the NDJSON stream and the move route; websocket: /ws/bot"),
    ] = Transport.http,
) -> None:
    """Play as a bot account: answer every turn on the bot's event stream with the agent's
    move (make and join matches, or enter tournaments, through the API or the arcade)."""
    try:
        import httpx
        from websockets.exceptions import WebSocketException

        from ..remote.bot import chooser, play
        from ..remote.botsocket import play_socket
    except ImportError:
        raise fail("cyberdeck bot needs the web extra: pip install 'cyberdeck[web]'.") from None
    try:
        choose = chooser(agent, seed)
        if transport is Transport.websocket:
            play_socket(server, token, choose, games)
        else:
            play(server, token, choose, games)
    except CyberdeckError as err:
        raise fail(str(err)) from None
    except (httpx.HTTPError, WebSocketException, OSError) as err:
        raise fail(f"The server at {server} could not be reached: {err}.") from None
    except KeyboardInterrupt:
        return
