"""AI seats think in worker processes; the answer and the agent's own randomness come back as if
it had thought in the server's process, so an AI seat's moves do not depend on where it thought."""

from __future__ import annotations

import os
import pickle
import time
from pathlib import Path

from cyberdeck import load_game
from cyberdeck.agents import make_agent
from cyberdeck.engine import Action, State
from cyberdeck.server.thinking import Thinkers

from .harness import Client, ServerProcess, run


class Whereabouts:
    """An agent that answers with its first legal move and notes the process it thought in."""

    name = "whereabouts"

    def __init__(self) -> None:
        self.pids: list[int] = []

    def choose(self, state: State) -> Action:
        self.pids.append(os.getpid())
        return state.legal_actions()[0]


def test_a_worker_answers_as_the_agent_would_have_and_hands_back_the_agent() -> None:
    game = load_game("cipher-run")
    state = game.new_state(seed=11)
    here, there = make_agent("easy", 5, game), make_agent("easy", 5, game)
    thinkers = Thinkers(1)

    async def ask() -> list[str]:
        nonlocal there
        texts = []
        for _ in range(3):
            text, there = await thinkers.choose(1, there, state.clone())
            texts.append(text)
        return texts

    try:
        texts = run(ask())
    finally:
        thinkers.close()
    assert texts == [here.choose(state.clone()).text for _ in range(3)]
    assert pickle.dumps(there) == pickle.dumps(here), "the agent's randomness moved on alike"


def test_the_thinking_happens_in_another_process() -> None:
    thinkers = Thinkers(1)
    state = load_game("matrix-overload").new_state(seed=2)
    try:
        text, agent = run(thinkers.choose(1, Whereabouts(), state))
    finally:
        thinkers.close()
    assert isinstance(agent, Whereabouts) and text == state.legal_actions()[0].text
    assert agent.pids and agent.pids[0] != os.getpid()


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_the_workers_end_when_the_server_is_killed_outright(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path, "--ai-delay", "0")
    server.start()
    try:

        async def an_ai_game() -> None:
            alice = await Client(server).guest()
            created = await alice.create(
                "duel", seats=[{"kind": "ai", "level": "random"}, {"kind": "ai", "level": "easy"}]
            )
            watcher = await alice.socket(created["match"]["id"])
            while watcher.status != "finished":
                await watcher.recv()

        run(an_ai_game())
        assert server.proc is not None
        workers = children(server.proc.pid)
        assert workers, "the AI seats thought in worker processes"
        server.kill9()
        deadline = time.monotonic() + 10
        while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(alive(pid) for pid in workers), "a worker outlived its server"
    finally:
        server.stop()
