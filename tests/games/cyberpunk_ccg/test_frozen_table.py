"""The shortcuts that make the CCG fast for machines answer exactly what the plain code answers:
facts kept while the table is frozen (attachments, runners, EB sources and funds), the settle question
"has this seat a move besides passing", and the moves shared between positions."""

from __future__ import annotations

from cyberdeck.engine import Action, Rng, load_game
from cyberdeck.games.cyberpunk_ccg import economy, goals, legwork, priority
from cyberdeck.games.cyberpunk_ccg.decks import SPONSOR_CHOICES
from cyberdeck.games.cyberpunk_ccg.evaluate import evaluate
from cyberdeck.games.cyberpunk_ccg.rules import F_MOVED, PASS, PHASE_OF, move, on_card
from cyberdeck.games.cyberpunk_ccg.state import CyberState


def _positions(seed: int, steps: int, every: int) -> list[CyberState]:
    """Positions along a seeded random game."""
    state = load_game("cyberpunk-ccg").new_state(None, seed)
    assert isinstance(state, CyberState)
    rng = Rng(seed)
    out = []
    for step in range(steps):
        if state.is_terminal:
            break
        if step % every == 0:
            out.append(state.clone())
        actions = state.legal_actions()
        state.apply(actions[rng.below(len(actions))])
    return out


def _facts(st: CyberState) -> tuple[object, ...]:
    cards = range(1, len(st.defs))
    return (
        [st.attachments(i) for i in cards],
        [st.runners(p) for p in (0, 1)],
        [economy.sources(st, p, op) for p in (0, 1) for op in (False, True)],
        [economy.funds(st, p, op) for p in (0, 1) for op in (False, True)],
        [st.runner_stat(i, "power") for i in cards if st.defs[i].kind == "runner"],
    )


def test_frozen_facts_are_the_plain_ones_and_nothing_stays_frozen() -> None:
    positions = _positions(seed=4, steps=1500, every=15)
    assert len(positions) > 50
    for st in positions:
        plain = _facts(st)
        was = st.freeze()
        assert not was
        frozen = _facts(st)
        assert _facts(st) == frozen  # asked twice: the kept answers
        st.thaw(was)
        assert frozen == plain
        st.legal_actions()
        evaluate(st, 0)
        assert not st._frozen and st._attmap is None and st._runnermap is None
        assert not st._sourcemap and not st._fundsmap


def test_settle_question_matches_the_whole_list_of_moves() -> None:
    seen = {True: 0, False: 0}
    for st in _positions(seed=11, steps=2000, every=7):
        if st.prompt is not None or st.is_terminal:
            continue
        for seat in (0, 1):
            answer = priority.can_act(st, seat)
            assert answer == (priority.window_actions(st, seat) != [PASS])
            seen[answer] += 1
    assert seen[True] and seen[False]


def test_window_shortcuts_offer_what_the_plain_rules_offer() -> None:
    """Cards passed over before their abilities are listed, and teams counted once a window:
    the same moves as asking ``abilities`` of every card and ``team_choices`` of every runner."""
    offered = {"use": 0, "team": 0}
    for st in _positions(seed=12, steps=3000, every=5):
        for seat in (0, 1):
            for phase in set(PHASE_OF):
                plain = [
                    on_card("use", i)
                    for i in st.play[seat]
                    if not st.used[i] and priority.abilities(st, seat, i, phase)
                ]
                assert list(priority.ability_actions(st, seat, phase)) == plain
                offered["use"] += len(plain)
            plain = [
                on_card("team", r)
                for r in st.runners(seat)
                if not st.flags[r] & F_MOVED and legwork.team_choices(st, seat, r)
            ]
            assert list(legwork.team_actions(st, seat)) == plain
            offered["team"] += len(plain)
    assert offered["use"] and offered["team"]


def test_moves_are_shared_and_equal_to_fresh_ones() -> None:
    assert move("join", "t2") is move("join", "t2")
    assert move("join", "t2") == Action("join", ("t2",))
    assert on_card("use", 7) is on_card("use", 7)
    assert on_card("use", 7) == Action("use", ("c7",))
    assert on_card("use", 7).text == "use c7"


def test_goal_cards_in_a_pile_count_what_goal_card_says_for_every_sponsor() -> None:
    game = load_game("cyberpunk-ccg")
    counted = 0
    sponsors = set()
    for seed, key in enumerate(SPONSOR_CHOICES * 3):
        st = game.new_state({"sponsor": key}, seed)
        assert isinstance(st, CyberState)
        rng = Rng(seed)
        sponsors |= {st.defs[st.sponsor[p]].slug for p in (0, 1)}
        for _ in range(300 + 40 * seed):
            if st.is_terminal:
                break
            acts = st.legal_actions()
            st.apply(acts[rng.below(len(acts))])
        for p in (0, 1):
            for pile in (st.hand[p], st.discard[p]):
                plain = sum(1 for i in pile if goals.goal_card(st, p, st.defs[i]))
                assert goals.goal_cards_in(st, p, pile) == plain
                counted += plain
    assert counted and len(sponsors) == len(SPONSOR_CHOICES)
