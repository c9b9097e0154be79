"""``cyberdeck serve``: the arcade and match server (the ``web`` extra)."""

from __future__ import annotations

from typing import Annotated

import typer

from ..engine import CyberdeckError
from .common import fail

app = typer.Typer()

MAX_PORT = 65535


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on")] = 8765,
    db: Annotated[
        str | None,
        typer.Option(help="Database URL, e.g. postgresql+psycopg://user@host/db (default: SQLite)"),
    ] = None,
    grace: Annotated[
        float, typer.Option(help="Seconds a dropped player has before the game can be claimed")
    ] = 90.0,
    ai_delay: Annotated[
        float, typer.Option(help="Seconds an AI seat waits before it moves, so people can follow")
    ] = 0.6,
    step_gap: Annotated[
        float,
        typer.Option(
            min=0.0,
            help="Least seconds between a player's steps as the others see them, so the table's "
            "answers look like the player's own quick moves",
        ),
    ] = 0.5,
    newcomers_per_hour: Annotated[
        float,
        typer.Option(
            min=0,
            help="New players (guests and sign-ups) one address may bring an hour after its "
            "first burst (raise it for a LAN evening)",
        ),
    ] = 30.0,
    newcomers_burst: Annotated[
        int,
        typer.Option(min=1, help="New players one address may bring at once (a class, a café)"),
    ] = 40,
    metrics_token: Annotated[
        str | None,
        typer.Option(
            envvar="CYBERDECK_METRICS_TOKEN",
            help="The operator's token for /api/metrics (sent as 'Authorization: Bearer "
            "TOKEN'); without one the metrics are not served",
        ),
    ] = None,
    smtp: Annotated[
        str | None,
        typer.Option(
            envvar="CYBERDECK_SMTP",
            help="The mail server for verification and turn e-mails: smtp://user:password@host"
            ":port, smtp+starttls://... or smtps://... (?from=ADDRESS names the sender); "
            "without it the arcade sends no e-mail",
        ),
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(help="The arcade's address as players reach it, for the links in e-mails"),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(
            envvar="CYBERDECK_REDIS",
            help="The Redis server (redis://host:port) a cluster's workers tell each other news "
            "through; without it the arcade is one process on its own",
        ),
    ] = None,
    deal_seed: Annotated[
        int | None,
        typer.Option(
            help="Deal each account's Nth match the same in every run, for tests and demos "
            "(not for real play: whoever knows it can work out the deals)"
        ),
    ] = None,
    policy: Annotated[
        list[str],
        typer.Option(
            help="A learned policy AI seats may take, NAME=PATH (an exported .npz); players "
            "choose it by its name, never by a path (repeat for more)"
        ),
    ] = [],  # noqa: B006
    workers: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="Run a cluster of this many worker processes behind HAProxy on --port (needs "
            "--db postgresql+psycopg://... and --redis); default: one process",
        ),
    ] = None,
    worker_port: Annotated[
        int | None,
        typer.Option(help="With --workers: the first worker's port (default: --port + 1)"),
    ] = None,
    no_balancer: Annotated[
        bool,
        typer.Option(
            "--no-balancer",
            help="With --workers: start no HAProxy; your own balancer takes the lines "
            "--balancer-config prints",
        ),
    ] = False,
    balancer_config: Annotated[
        bool,
        typer.Option(
            "--balancer-config", help="With --workers: print HAProxy's configuration and exit"
        ),
    ] = False,
) -> None:
    """Run the arcade: the browser front end, accounts, lobby and live games (HTTP, websockets)."""
    if not 1 <= port <= MAX_PORT:
        raise fail(f"--port is a TCP port, from 1 to {MAX_PORT}; {port} is not one.")
    try:
        from ..server import ServerConfig
        from ..server import serve as run_server
        from ..server.levels import register_policies
    except ImportError as err:
        raise fail(
            f"The server needs the web extra (pip install 'cyberdeck[web]'): {err}."
        ) from None
    try:
        register_policies(policy)
    except CyberdeckError as err:
        raise fail(str(err)) from None
    config = ServerConfig(
        db_url=db,
        grace_seconds=grace,
        ai_delay=ai_delay,
        step_gap=step_gap,
        newcomers_per_hour=newcomers_per_hour,
        newcomers_burst=newcomers_burst,
        metrics_token=metrics_token or None,
        deal_seed=deal_seed,
        smtp_url=smtp or None,
        public_url=public_url,
        redis_url=redis or None,
    )
    if workers is None:
        typer.echo(f"cyberdeck arcade on http://{host}:{port}/ (API docs at /docs)")
        run_server(config, host, port)
        return
    from ..server.cluster import Cluster, ClusterRefused
    from ..server.cluster import balancer_config as haproxy_lines

    cluster = Cluster(
        config, host, port, workers, worker_port or port + 1, balancer=not no_balancer
    )
    if balancer_config:
        typer.echo(haproxy_lines(host, port, cluster.names(), "127.0.0.1"), nl=False)
        return
    try:
        cluster.check()
    except ClusterRefused as err:
        raise fail(str(err)) from None
    typer.echo(
        f"cyberdeck arcade on http://{host}:{port}/: {workers} workers on ports "
        f"{cluster.first_worker_port}-{cluster.first_worker_port + workers - 1}"
    )
    cluster.serve()
