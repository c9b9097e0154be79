"""The CCG's gestures: several moves of one seat offered as one click (a runner to a team, a force
at its target, a purchase paid as proposed, a Solo's combat sense on its side, a draw planned
card by card), each later move the
answer the engine asks for, and nothing shown that the seat could not see after the first move."""

from __future__ import annotations

from cyberdeck.agents.levels import make_agent
from cyberdeck.engine import Action, Rng
from cyberdeck.engine.autoanswer import carry_out
from cyberdeck.engine.questions import Gesture
from cyberdeck.engine.tutorial import Tutorial, load_script
from cyberdeck.games.cyberpunk_ccg import GAME
from cyberdeck.games.cyberpunk_ccg.gestures import interleave
from cyberdeck.games.cyberpunk_ccg.position import Table, act
from cyberdeck.games.cyberpunk_ccg.state import CyberState


def _moves(state: CyberState) -> dict[str, list[str]]:
    return {g.text: [a.text for a in g.actions] for g in GAME.gestures(state)}


def _play(state: CyberState, gesture: Gesture) -> list[str]:
    """Play ``gesture`` as a table does; the moves the table answered for the player."""
    noted: list[str] = []
    seat = state.current_player
    assert seat is not None
    carry_out(
        gesture,
        seat,
        lambda: state.current_player,
        state.legal_actions,
        state.apply,
        lambda a: noted.append(a.text),
    )
    return noted


def test_a_force_is_sent_at_its_target_in_one_gesture() -> None:
    t = Table()
    cop = t.card(0, "beat-cop", team=1)
    dive = t.card(1, "neon-dive")
    t.awake(1)
    state = t.at("hits")
    offered = _moves(state)
    assert offered["Send team 1: hit Neon Dive"] == ["send t1", f"hit c{dive}"]
    plain = state.clone()
    act(plain, "send t1", f"hit c{dive}")
    gesture = next(g for g in GAME.gestures(state) if g.actions[0] == Action.parse("send t1"))
    assert _play(state, gesture) == [f"hit c{dive}"]
    assert state.fingerprint() == plain.fingerprint()
    assert state.hit is not None and cop in state.hit[2]


def test_a_runner_joins_a_team_in_one_gesture() -> None:
    t = Table()
    t.card(0, "beat-cop", team=1)
    rookie = t.card(0, "detective-sergeant")
    t.awake(1)
    state = t.at("teams")
    offered = _moves(state)
    assert offered["Detective Sergeant: join team 1"] == [f"team c{rookie}", "join t1"]
    # Every empty team is a new team: one gesture starts it (the others stay a move away).
    teams = [m[1] for m in offered.values() if m[0] == f"team c{rookie}"]
    assert teams == ["join t1", "join t2"]
    gesture = next(g for g in GAME.gestures(state) if g.text == "Detective Sergeant: join team 1")
    _play(state, gesture)
    assert state.team[rookie] == 1 and state.prompt is None


def test_a_purchase_is_paid_as_the_table_proposes_in_one_gesture() -> None:
    t = Table("the-mob", "ncpd")
    t.card(0, "neon-dive")  # 2 EB
    row = t.card(0, "warehouse-row")  # 3 EB
    t.hand(0, "data-heist")  # 3 EB for a street sponsor
    t.awake(1)
    state = t.at("purchase")
    state.used[state.sponsor[0]] = 1
    offered = _moves(state)
    assert offered["Buy Data Heist, paying 3 EB: Warehouse Row 3"] == [
        "buy data-heist",
        f"pay c{row}",
    ]


def test_a_draw_is_planned_for_every_card_left_within_the_decks_sizes() -> None:
    t = Table()
    t.deck(0, "beat-cop", "beat-cop", "beat-cop", "shock-baton")  # Runs 3, Gear 1
    state = t.at("draw")
    state.prompt = ("draw", 0, 3, "turn")
    offered = _moves(state)
    assert offered == {
        "Draw 3: 3 from Runs": ["draw runs"] * 3,
        "Draw 3: 2 from Runs, 1 from Gear": ["draw runs", "draw gear", "draw runs"],
    }
    plan = next(g for g in GAME.gestures(state) if g.text.endswith("1 from Gear"))
    assert _play(state, plan) == ["draw gear", "draw runs"]
    assert len(state.hand[0]) == 3 and not state.gear[0]


def test_draws_alternate_from_the_deck_that_gives_more() -> None:
    assert interleave((2, 1)) == ["runs", "gear", "runs"]
    assert interleave((1, 2)) == ["gear", "runs", "gear"]
    assert interleave((2, 2)) == ["runs", "gear", "runs", "gear"]
    assert interleave((0, 3)) == ["gear"] * 3
    assert interleave((3, 1)) == ["runs", "gear", "runs", "runs"]


def test_no_gesture_for_one_card_left_to_draw() -> None:
    t = Table()
    t.deck(0, "beat-cop", "shock-baton")
    state = t.at("draw")
    state.prompt = ("draw", 0, 1, "turn")
    assert GAME.gestures(state) == ()


def test_a_gesture_stops_where_its_next_move_is_no_longer_legal() -> None:
    t = Table()
    t.deck(0, "beat-cop", "shock-baton")
    state = t.at("draw")
    state.prompt = ("draw", 0, 3, "turn")
    stale = Gesture("Draw 3", "Draw", tuple(Action.parse(m) for m in ["draw gear"] * 3))
    assert _play(state, stale) == []  # the second Gear card is not there: the player is asked
    assert state.prompt is not None and state.prompt[0] == "draw" and state.prompt[2] == 2


def test_offering_gestures_changes_nothing_and_shows_nothing_hidden() -> None:
    """Along random games: listing the gestures leaves the state as it was, and a seat is offered
    the same gestures whatever the cards it cannot see (its opponent's hand and both players'
    decks re-dealt)."""
    agent = make_agent("random", 7, GAME)
    checked = 0
    for seed in range(2):
        state = GAME.new_state({}, seed)
        rng = Rng(seed)
        for _ in range(600):
            if state.is_terminal:
                break
            seat = state.current_player
            assert seat is not None
            before = state.fingerprint()
            offered = _texts(state)
            assert state.fingerprint() == before
            if offered:
                other = state.determinize(seat, rng)
                assert _texts(other) == offered
                checked += 1
            state.apply(agent.choose(state))
    assert checked > 30


def _texts(state: CyberState) -> list[tuple[str, ...]]:
    return [(g.text, *(a.text for a in g.actions)) for g in GAME.gestures(state)]


def test_a_solos_combat_sense_goes_to_its_side_in_one_gesture() -> None:
    """In the lesson's first hit the Street Samurai's combat sense is on offer both ways; the
    gesture plays exactly the use and the side, and nothing more."""
    tutorial = Tutorial(GAME, load_script(GAME))
    while str(tutorial.suggested) != "use c20":
        tutorial.move(str(tutorial.suggested))
    state = tutorial.match.state
    assert isinstance(state, CyberState)
    offered = {m: text for text, m in ((t, tuple(v)) for t, v in _moves(state).items())}
    assert set(offered) >= {("use c20", "add attack"), ("use c20", "add defense")}
    assert offered[("use c20", "add attack")] == "Use Street Samurai: add the Power to attack"
    plain = state.clone()
    act(plain, "use c20", "add attack")
    gesture = next(g for g in GAME.gestures(state) if g.text.endswith("to attack"))
    assert gesture.group == "Combat sense"
    assert _play(state, gesture) == ["add attack"]
    assert state.fingerprint() == plain.fingerprint()
