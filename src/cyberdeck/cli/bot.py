"""``cyberdeck bot``: play a bot account on a server (``remote.bot``; the ``web`` extra)."""

from __future__ import annotations

from typing import Annotated

import typer

from ..engine import CyberdeckError
from .common import fail

app = typer.Typer()


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
) -> None:
    """Play as a bot account: answer every turn on the bot's event stream with the agent's
    move (make and join matches, or enter tournaments, through the API or the arcade)."""
    try:
        import httpx

        from ..remote.bot import chooser, play
    except ImportError:
        raise fail("cyberdeck bot needs the web extra: pip install 'cyberdeck[web]'.") from None
    try:
        play(server, token, chooser(agent, seed), games)
    except CyberdeckError as err:
        raise fail(str(err)) from None
    except httpx.HTTPError as err:
        raise fail(f"The server at {server} could not be reached: {err}.") from None
    except KeyboardInterrupt:
        return
