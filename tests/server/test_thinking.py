"""AI seats think in worker processes; the answer and the agent's own randomness come back as if
it had thought in the server's process, so an AI seat's moves do not depend on where it thought."""

from __future__ import annotations

import os
import pickle

from cyberdeck import load_game
from cyberdeck.agents import make_agent
from cyberdeck.engine import Action, State
from cyberdeck.server.thinking import Thinkers

from .harness import run


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
            text, there = await thinkers.choose(there, state.clone())
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
        text, agent = run(thinkers.choose(Whereabouts(), state))
    finally:
        thinkers.close()
    assert isinstance(agent, Whereabouts) and text == state.legal_actions()[0].text
    assert agent.pids and agent.pids[0] != os.getpid()
