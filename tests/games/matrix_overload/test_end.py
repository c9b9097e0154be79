"""The win, the three losses and their reasons; information; undo and replay."""

from cyberdeck import load_game
from cyberdeck.engine import Action, Match, Rng, Style, replay
from cyberdeck.games.matrix_overload.position import position

GAME = load_game("matrix-overload")
EIGHT = {p: "9C" for p in ("a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3")}
ALL_DEAD = {s: "xJS" for s in ("n1", "n2", "n3", "e2", "e3", "s1", "s2", "s3", "w1", "w2", "w3")}


def place(state, target):
    return state.apply(Action("place", (target,)))


def test_killing_the_twelfth_royal_wins():
    state = position(piles={**EIGHT, "a1": "2S", "a2": "5H", "a3": "6D"},
                     slots={**ALL_DEAD, "e1": "JS"}, card="3C", deck="2C")  # fmt: skip
    place(state, "a1")
    assert state.is_terminal and state.outcome.winners == (0,)
    assert state.outcome.kind == "win" and state.outcome.returns == (1.0,)


def test_the_winning_kill_resets_the_quiet_draw_count_on_the_final_screen():
    # Two quiet draws before the last placement; the kill that wins sets the count back to 0.
    state = position(piles={**EIGHT, "a1": "2S", "a2": "5H", "a3": "6D"},
                     slots={**ALL_DEAD, "e1": "JS"}, card="3C", deck="2C")  # fmt: skip
    state.idle = 2
    place(state, "a1")
    assert state.is_terminal and state.view(0)["idle"] == 0
    assert "Quiet draws 0/" in GAME.render(state.view(0), Style())


def test_out_of_time_when_the_deck_is_empty_and_a_royal_lives():
    state = position(piles=EIGHT, slots={"n1": "JS"}, card="9D", deck="")
    place(state, "b2")
    assert state.outcome.kind == "out-of-time"
    assert state.outcome.reason.startswith("Out of Time")


def test_black_ice_when_health_goes_above_20():
    nine = {**EIGHT, "b2": "9C"}
    fine = position(piles=nine, slots={"n1": "JS +5S"}, card="4S", deck="2C")
    place(fine, "n1")  # exactly 20
    assert not fine.is_terminal
    lost = position(piles=nine, slots={"n1": "KS +5S"}, card="3S", deck="2C")
    place(lost, "n1")  # 13 + 5 + 3 = 21
    assert lost.outcome.kind == "black-ice" and lost.outcome.reason == "Black ICE on K♠ (21)"


def test_black_ice_also_when_a_royal_absorbs_preventative_ice():
    state = position(piles={"a2": "9S"}, slots={"n2": "+5S +4S"}, card="KS", deck="2C")
    place(state, "n2")
    assert state.outcome.kind == "black-ice"


def test_fatal_recursion_after_twice_deck_plus_matrix_quiet_draws():
    # Aces cycling through the centre: nothing is killed, placed or iced.
    state = position(piles={"b2": "AS"}, slots={"n1": "JS"}, card="AH", deck="AD AC")
    limit = state.recursion_limit()
    assert limit == 2 * (2 + 1 + 1)  # deck, matrix, the ace in hand
    steps = 0
    while not state.is_terminal:
        place(state, "b2")
        steps += 1
    assert steps == limit and state.outcome.kind == "fatal-recursion"


def test_the_view_shows_the_known_bottom_of_the_deck_but_not_the_rest():
    state = position(piles={**EIGHT, "a1": "2H 5S"}, card="AS", deck="3C 4D 6H")
    place(state, "a1")
    view = state.view(0)
    assert view["deck_count"] == 4 and view["deck_bottom"] == ["2H", "5S"]
    assert "4D" not in str(view) and "6H" not in str(view)
    world = state.determinize(0, Rng(3))
    assert world.deck[:2] == state.deck[:2]
    assert sorted(world.deck) == sorted(state.deck)


def test_undo_takes_back_a_placement_and_the_record_keeps_it():
    match = Match(GAME, None, seed=7)
    start = match.state.fingerprint()
    match.play(match.state.legal_actions()[0])
    match.undo()
    assert match.state.fingerprint() == start
    assert match.record.actions[-1] == "undo" and match.record.undos == 1
    match.play(match.state.legal_actions()[-1])
    assert replay(match.record).fingerprint() == match.state.fingerprint()
