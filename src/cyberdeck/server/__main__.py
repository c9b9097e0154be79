"""``python -m cyberdeck.server``: the server with every setting on the command line (tests and
benchmarks use it; people use ``cyberdeck serve``)."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable

from ..engine import CyberdeckError
from .app import serve
from .cluster import Cluster, ClusterRefused, balancer_config
from .config import ServerConfig
from .leases import WORKER_NAME
from .levels import register_policies


def main(
    argv: list[str] | None = None,
    run_worker: Callable[[ServerConfig, str, int], None] | None = None,
) -> None:
    """The server, or with ``--workers`` a cluster of them (each worker run by ``run_worker``,
    ``app.serve`` unless given)."""
    parser = argparse.ArgumentParser(prog="python -m cyberdeck.server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--db", default=None, help="SQLAlchemy URL (default: SQLite in data dir)")
    parser.add_argument("--grace", type=float, default=90.0, help="reconnection grace, seconds")
    parser.add_argument("--ai-delay", type=float, default=0.6)
    parser.add_argument(
        "--step-gap", type=float, default=0.5, help="least seconds between steps others see"
    )
    parser.add_argument("--ai-workers", type=int, default=2, help="processes the AI thinks in")
    parser.add_argument(
        "--ai-move-seconds", type=float, default=10.0, help="the most an AI may think per move"
    )
    parser.add_argument(
        "--lab-workers", type=int, default=1, help="processes the Lab page's runs play in"
    )
    parser.add_argument(
        "--lab-jobs", type=int, default=2, help="Lab page runs the whole server plays at once"
    )
    parser.add_argument("--rate", type=float, default=20.0, help="messages per second")
    parser.add_argument("--burst", type=int, default=40)
    parser.add_argument("--max-message", type=int, default=4096, help="bytes")
    parser.add_argument("--allow-missing-origin", action="store_true")
    parser.add_argument(
        "--allow-origin", action="append", default=[], help="another origin for the websocket"
    )
    parser.add_argument("--ws-compression", action="store_true", help="permessage-deflate")
    parser.add_argument("--secure-cookies", action="store_true", help="behind HTTPS")
    parser.add_argument(
        "--behind-proxy",
        action="store_true",
        help="trust X-Forwarded-For/-Proto from FORWARDED_ALLOW_IPS (default 127.0.0.1)",
    )
    parser.add_argument(
        "--newcomers-per-hour", type=float, default=30.0, help="guests and sign-ups per address"
    )
    parser.add_argument("--newcomers-burst", type=int, default=40, help="at once, per address")
    parser.add_argument(
        "--metrics-token",
        default=os.environ.get("CYBERDECK_METRICS_TOKEN"),
        help="the operator's bearer token for /api/metrics (default: $CYBERDECK_METRICS_TOKEN)",
    )
    parser.add_argument("--open-matches", type=int, default=10, help="per user, waiting")
    parser.add_argument(
        "--realtime-matches", type=int, default=10, help="per user, made and not finished"
    )
    parser.add_argument(
        "--hotseat-matches", type=int, default=5, help="per user, made and not finished"
    )
    parser.add_argument(
        "--turn-based-matches", type=int, default=50, help="per user, made and not finished"
    )
    parser.add_argument("--sockets-per-match", type=int, default=4, help="per user")
    parser.add_argument("--open-match-hours", type=float, default=24.0, help="before dropped")
    parser.add_argument("--sign-in-failures", type=int, default=5, help="per name, 15 min")
    parser.add_argument("--sessions-per-user", type=int, default=20, help="the newest kept")
    parser.add_argument(
        "--gc-freeze",
        type=float,
        default=30.0,
        help="seconds between freezes of the live objects "
        "out of the garbage collector's walks (0: never)",
    )
    parser.add_argument(
        "--deal-seed",
        type=int,
        default=None,
        help="deal each account's Nth match the same in every run (tests, demos; not for real "
        "play: whoever knows it can work out the deals)",
    )
    parser.add_argument(
        "--smtp",
        default=os.environ.get("CYBERDECK_SMTP"),
        help="the mail server: smtp://user:password@host:port, smtp+starttls://… or smtps://… "
        "(?from=ADDRESS names the sender; default: $CYBERDECK_SMTP); without it no e-mail",
    )
    parser.add_argument("--public-url", default=None, help="the arcade's address, for mail links")
    parser.add_argument(
        "--redis",
        default=os.environ.get("CYBERDECK_REDIS"),
        help="redis://host:port: the Redis server a cluster's workers tell each other news "
        "through (default: $CYBERDECK_REDIS); without it the server is one process on its own",
    )
    parser.add_argument(
        "--quickplay-answer",
        type=float,
        default=20.0,
        help="seconds every player of a quick-play pairing has to accept it",
    )
    parser.add_argument(
        "--policy",
        action="append",
        default=[],
        help="NAME=PATH: a learned policy AI seats may take by its name (repeat for more)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        help="run a cluster of this many worker processes on PostgreSQL and Redis, behind HAProxy "
        "on --port (default: one process)",
    )
    parser.add_argument(
        "--worker-port",
        type=int,
        default=None,
        help="the first worker's port (default: --port + 1)",
    )
    parser.add_argument(
        "--restart-after",
        type=float,
        default=0.5,
        help="with --workers: seconds before a worker that died is started again",
    )
    parser.add_argument(
        "--no-balancer",
        action="store_true",
        help="with --workers: start no HAProxy (your own balancer takes --balancer-config's lines)",
    )
    parser.add_argument(
        "--balancer-config",
        action="store_true",
        help="with --workers: print the balancer's HAProxy configuration and exit",
    )
    parser.add_argument(
        "--worker",
        default=None,
        help="this process's name in a cluster of workers (w1, w2…; see cyberdeck serve --workers)",
    )
    parser.add_argument(
        "--lease-seconds",
        type=float,
        default=3.0,
        help="in a cluster: how long a worker's hold on a match lasts unless renewed",
    )
    args = parser.parse_args(argv)
    try:
        register_policies(args.policy)
    except CyberdeckError as err:
        parser.error(str(err))
    if args.worker is not None and not WORKER_NAME.fullmatch(args.worker):
        parser.error("--worker is a short name of letters and digits, such as w1.")
    if args.worker is not None and not (args.db or "").startswith("postgresql"):
        parser.error(
            "A worker of a cluster needs the PostgreSQL database its workers share (--db "
            "postgresql+psycopg://…); SQLite is one process's."
        )
    if args.ai_workers < 1:
        parser.error("--ai-workers must be at least 1: the AI seats need a process to think in.")
    if args.lab_workers < 1 or args.lab_jobs < 0:
        parser.error("--lab-workers must be at least 1 and --lab-jobs at least 0 (0: no runs).")
    config = ServerConfig(
        db_url=args.db,
        grace_seconds=args.grace,
        ai_delay=args.ai_delay,
        step_gap=max(0.0, args.step_gap),
        ai_workers=args.ai_workers,
        ai_move_seconds=args.ai_move_seconds,
        lab_workers=args.lab_workers,
        lab_jobs=args.lab_jobs,
        rate_per_second=args.rate,
        rate_burst=args.burst,
        max_message_bytes=args.max_message,
        allow_missing_origin=args.allow_missing_origin,
        allowed_origins=tuple(args.allow_origin),
        ws_compression=args.ws_compression,
        secure_cookies=args.secure_cookies,
        behind_proxy=args.behind_proxy,
        newcomers_per_hour=args.newcomers_per_hour,
        newcomers_burst=args.newcomers_burst,
        metrics_token=args.metrics_token or None,
        open_matches=args.open_matches,
        realtime_matches=args.realtime_matches,
        hotseat_matches=args.hotseat_matches,
        turn_based_matches=args.turn_based_matches,
        sockets_per_match=args.sockets_per_match,
        open_match_hours=args.open_match_hours,
        sign_in_failures=args.sign_in_failures,
        sessions_per_user=max(1, args.sessions_per_user),
        gc_freeze_seconds=max(0.0, args.gc_freeze),
        deal_seed=args.deal_seed,
        quickplay_answer_seconds=max(1.0, args.quickplay_answer),
        smtp_url=args.smtp or None,
        public_url=args.public_url,
        worker=args.worker,
        redis_url=args.redis or None,
        lease_seconds=max(0.5, args.lease_seconds),
    )
    if args.workers is None:
        serve(config, args.host, args.port)
        return
    cluster = Cluster(
        config,
        args.host,
        args.port,
        args.workers,
        args.worker_port or args.port + 1,
        balancer=not args.no_balancer,
        restart_after=max(0.0, args.restart_after),
        run=run_worker,
    )
    if args.balancer_config:
        print(balancer_config(args.host, args.port, cluster.names(), "127.0.0.1"))
        return
    try:
        cluster.serve()
    except ClusterRefused as err:
        parser.error(str(err))


if __name__ == "__main__":
    main()
