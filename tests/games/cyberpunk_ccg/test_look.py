"""``look`` at a card out of play: a runner in a discard pile is read as its printed card and
its place (the view gives no standing stats for it; asking for them failed)."""

from __future__ import annotations

from cyberdeck.engine import ASCII, Rng
from cyberdeck.games.cyberpunk_ccg import GAME
from cyberdeck.games.cyberpunk_ccg.cardset import RUNNER


def test_look_at_a_runner_in_a_discard_pile_reads_the_card_and_where_it_lies() -> None:
    state, rng = GAME.new_state({}, 0), Rng(0)
    while True:
        view = state.view(None)
        piled = [c for pl in view["players"] for c in pl["discard"] if c["kind"] == RUNNER]
        if piled:
            break
        state.apply(rng.choice(state.legal_actions()))
    runner = piled[0]
    text = GAME.inspect(view, runner["id"], ASCII)
    assert text is not None and text.startswith(runner["name"])
    assert text.endswith(f"{view['names'][runner['id']]}, in a discard pile")
