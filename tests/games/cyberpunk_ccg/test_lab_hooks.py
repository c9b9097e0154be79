"""What the CCG tells the lab: which cards reach a hand and which are bought or played."""

from __future__ import annotations

from collections import Counter

from cyberdeck.engine import DRAWN, PLAYED, CardUse
from cyberdeck.games.cyberpunk_ccg import GAME
from cyberdeck.games.cyberpunk_ccg.position import act
from cyberdeck.lab.entries import Entry
from cyberdeck.lab.playing import Planned, Setup, play_game


def test_a_draw_is_the_drawers_own_and_names_the_card() -> None:
    state = GAME.new_state({}, 3)
    # Each sponsor is in play from the start; the opening hands are drawn as moves.
    sponsors = [CardUse(s, state.defs[state.sponsor[s]].slug, PLAYED) for s in (0, 1)]
    assert GAME.opening_cards(state) == sponsors and sponsors[0].card == "ncpd"
    act(state, "no-cut", "no-cut")
    assert state.prompt == ("draw", 0, 4, "setup")
    before = list(state.hand[0])
    uses = GAME.card_uses(state.apply(state.legal_actions()[0]))
    drawn = [i for i in state.hand[0] if i not in before]
    assert len(drawn) == 1 and uses == [CardUse(0, state.defs[drawn[0]].slug, DRAWN)]


def test_every_card_the_lab_counts_is_in_its_seats_deck() -> None:
    setup = Setup("cyberpunk-ccg", GAME.resolve_options(None), (Entry("greedy"),))
    row = play_game(setup, Planned(0, 4, (0, 0)))
    decks = [Counter(d) for d in GAME.decks_used(GAME.resolve_options(None), None)]
    for seat, card, drawn, played in zip(
        row["card_seat"], row["card"], row["card_drawn"], row["card_played"], strict=True
    ):
        assert card in decks[seat], (seat, card)
        assert drawn + played >= 1
    assert sum(row["card_drawn"]) >= 8  # at least both opening hands
    assert sum(row["card_played"]) >= 2
