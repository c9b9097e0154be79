"""The server's settings. Defaults are for people; tests shorten the grace period and AI delays."""

from __future__ import annotations

from dataclasses import dataclass

#: The kinds of match a player's matches in play are counted by (``hub.match_kind``).
HOTSEAT, REALTIME, TURN_BASED_KIND = "hotseat", "realtime", "turn-based"


@dataclass(frozen=True, slots=True)
class ServerConfig:
    #: SQLAlchemy URL; ``None`` is SQLite in the user's data directory.
    db_url: str | None = None
    #: Seconds a disconnected player has to come back before an opponent may claim the game.
    grace_seconds: float = 90.0
    #: The largest websocket message a client may send, in bytes (larger ones get "too-large").
    max_message_bytes: int = 4096
    #: Messages a connection may send per second on average, and in one burst.
    rate_per_second: float = 20.0
    rate_burst: int = 40
    #: The largest request body, in bytes, checked before any of it is parsed; deck routes
    #: (a deck list is a few kilobytes) take far less.
    max_body: int = 1 << 20
    max_deck_body: int = 64 << 10
    #: Origins a browser may open the websocket from, besides the server's own host.
    allowed_origins: tuple[str, ...] = ()
    #: A connection that sends no Origin header (a script, not a browser) is refused unless True.
    allow_missing_origin: bool = False
    #: Seconds an AI seat waits before moving, so people can follow the game.
    ai_delay: float = 0.6
    #: The most seconds those waits add up to in one AI seat's moves in a row (``AiPace``).
    ai_turn_seconds: float = 2.0
    #: The least seconds between two steps as the seats that did not make them see them
    #: (``pacing``): the table's answer for a player, made at once, looks like a quick move.
    step_gap: float = 0.5
    #: Worker processes the AI seats think in (a search never blocks the other matches).
    ai_workers: int = 2
    #: The most seconds an AI seat may think about one move, whatever its agent does; past it
    #: the workers are replaced and the seat plays a legal move drawn from the match's seed.
    ai_move_seconds: float = 10.0
    #: Worker processes the Lab page's what-ifs play their games in (apart from the AI seats'),
    #: the most seconds one of those games may take, and the what-ifs that may run at once:
    #: one per user, ``lab_jobs`` on the whole server.
    lab_workers: int = 1
    lab_game_seconds: float = 60.0
    lab_jobs: int = 2
    #: Cookie flags: ``Secure`` belongs on when the server is behind HTTPS. Cookies are also
    #: ``Secure`` on any request that came over HTTPS, which a proxy in front can say with
    #: ``X-Forwarded-Proto`` when ``behind_proxy`` is set (then ``X-Forwarded-For`` names the
    #: client's address too; trusted only from ``FORWARDED_ALLOW_IPS``, 127.0.0.1 by default).
    secure_cookies: bool = False
    behind_proxy: bool = False
    #: Sessions expire this many days after signing in.
    session_days: int = 30
    #: A user's newest sessions kept; signing in once more ends the oldest (one account signing
    #: in again and again would otherwise add a session each time, for a month).
    sessions_per_user: int = 20
    #: New players (guests and accounts alike) one address may bring: a burst at once (a
    #: classroom or a café behind one address), then so many an hour.
    newcomers_burst: int = 40
    newcomers_per_hour: float = 30.0
    #: Limits per user: matches one user may have waiting for players; sockets one user may
    #: hold open on one match; hours an open match waits for players before it is dropped.
    open_matches: int = 10
    #: Matches one user may have made and not finished, by kind (``hub.match_kind``): one
    #: guest started 179 hot-seat matches in five seconds.
    realtime_matches: int = 10
    hotseat_matches: int = 5
    #: Turn-based matches (days a move) are counted apart: a player keeps many going at once.
    turn_based_matches: int = 50
    sockets_per_match: int = 4
    open_match_hours: float = 24.0
    #: Failed sign-ins to one account from one address before each further one waits (a
    #: minute, doubling, at most 15); failed sign-ins one address may make in 15 minutes; and
    #: the most seconds a sign-in to an account under attack from everywhere is slowed.
    sign_in_failures: int = 5
    sign_in_failures_per_address: int = 20
    sign_in_delay_cap: float = 8.0
    #: The operator's token for ``/api/metrics`` (``Authorization: Bearer TOKEN``); without
    #: one the metrics are served to no one.
    metrics_token: str | None = None
    #: Events sent in a full resync (the most recent ones).
    resync_log: int = 200
    #: Outgoing messages queued for one slow connection before it is dropped (it can resync).
    send_queue: int = 256
    #: permessage-deflate on websockets: saves bandwidth on slow links, costs server CPU per
    #: message (a quarter of the per-move cost in the load benchmark); off by default.
    ws_compression: bool = False
    #: The interpreter's thread switch interval, in seconds (see ``serve``).
    switch_interval: float = 0.0005
    #: The cyclic garbage collector's thresholds (see ``serve``): young allocations before a
    #: collection of the youngest generation, and how many of those before an older one.
    gc_thresholds: tuple[int, int, int] = (700, 3, 1000)
    #: Seconds between freezing what is alive out of the collector's walks (0: never), and
    #: between thawing and collecting everything once (see ``collector.tend``).
    gc_freeze_seconds: float = 30.0
    gc_sweep_seconds: float = 3600.0
    #: ``None`` (the default): every match is dealt from ``secrets``, so nobody can predict a
    #: deal. An integer: the Nth match each account creates is dealt the same in every run
    #: (``dealer.Dealer``), for browser tests and demos; anyone who knows it can work out the
    #: deals, so a server people play on for real leaves it unset. Never a client's choice.
    deal_seed: int | None = None
    #: The mail server (``smtp://user:password@host:port``, ``smtp+starttls://…``,
    #: ``smtps://…``; ``?from=`` names the sender) and the arcade's own address, which the
    #: mails' links start with. Without ``smtp_url`` the arcade mails nothing.
    smtp_url: str | None = None
    public_url: str | None = None
    #: Seconds every player of a quick-play pairing has to accept it.
    quickplay_answer_seconds: float = 20.0
    #: In a cluster (``serve --workers N``): this process's worker name (``w1``…; the balancer
    #: routes a match to the worker its id names, see ``server.leases``), the Redis server the
    #: workers tell each other news through (``server.bus``), and the seconds a worker's hold on
    #: a match lasts unless renewed (a dead worker's matches are taken over after it).
    #: ``None`` (the default): one process, on its own.
    worker: str | None = None
    redis_url: str | None = None
    lease_seconds: float = 3.0

    def in_play(self, kind: str) -> int:
        """The most matches of ``kind`` one user may have made and not finished."""
        if kind == HOTSEAT:
            return self.hotseat_matches
        return self.turn_based_matches if kind == TURN_BASED_KIND else self.realtime_matches
