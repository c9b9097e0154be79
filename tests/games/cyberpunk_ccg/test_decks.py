"""Deck building, the deck-list format, and what each seat may see."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cyberdeck.engine import BadDeck, BadOption, Rng
from cyberdeck.games.cyberpunk_ccg import GAME
from cyberdeck.games.cyberpunk_ccg.cards import RUNNER_TYPES
from cyberdeck.games.cyberpunk_ccg.cardset import BY_SLUG, CARDS
from cyberdeck.games.cyberpunk_ccg.decks import STARTERS, validate
from cyberdeck.games.cyberpunk_ccg.rules import Z_GEAR, Z_HAND, Z_RUNS


@pytest.mark.parametrize("key", list(STARTERS))
def test_every_starter_deck_is_legal(key: str) -> None:
    cards = STARTERS[key][2]
    assert validate(cards) == []
    assert len(cards) >= 85


def test_the_six_starters_are_the_seeds_sponsors_plus_arasaka() -> None:
    sponsors = {d.cards[0] for d in GAME.starter_decks()}
    assert sponsors == {"ncpd", "the-mob", "militech", "the-nomads", "friendly-gangs", "arasaka"}


def test_the_nomads_may_carry_more_than_one_open_road() -> None:
    """The Nomads' condition names The Open Road; it is no Legendary, so that one trashed Road
    does not end the Nomads' hope of it (the starter carries two)."""
    road = BY_SLUG["the-open-road"]
    assert "legendary" not in CARDS[road].traits
    assert Counter(STARTERS["the-nomads"][2])[road] == 2


def test_the_gangs_carry_two_punknaught_chassis() -> None:
    """No Legendary either: with one Chassis in 100 cards the Gangs held it in 7 of 40 games at
    `normal` and never completed it."""
    chassis = BY_SLUG["punknaught-chassis"]
    assert not CARDS[chassis].legendary
    assert Counter(STARTERS["friendly-gangs"][2])[chassis] == 2


def test_validation_reports_every_broken_rule_at_once() -> None:
    cards = [BY_SLUG["ncpd"], BY_SLUG["arasaka"]] + [BY_SLUG["beat-cop"]] * 5
    cards += [BY_SLUG["chrome-idol"]] * 2
    problems = validate(cards)
    assert len(problems) == 6
    text = " ".join(problems)
    for word in ("Sponsor", "85", "Runs", "Gear", "Legendary", "Beat Cop"):
        assert word in text


def test_deck_text_round_trips() -> None:
    cards = STARTERS["militech"][2]
    text = GAME.deck_text(cards, name="Shock and Awe")
    assert "# name: Shock and Awe" in text and "2x Police Scanner" in text
    assert Counter(GAME.read_deck(text)) == Counter(CARDS[c].slug for c in cards)


def test_deck_lists_name_cards_by_name_or_slug_and_report_bad_lines() -> None:
    assert GAME.read_deck("2x beat-cop\n1 Neon Dive\n") == ["beat-cop", "beat-cop", "neon-dive"]
    with pytest.raises(BadDeck) as err:
        GAME.read_deck("2x beat-cop\n3x Not A Card\n")
    assert "Line 2" in str(err.value)


def test_an_illegal_deck_is_refused_when_a_game_starts() -> None:
    with pytest.raises(BadDeck):
        GAME.new_state({}, 1, decks=[[BY_SLUG["ncpd"], BY_SLUG["beat-cop"]]])


def test_a_game_takes_decks_of_slugs() -> None:
    deck = [CARDS[c].slug for c in STARTERS["arasaka"][2]]
    state = GAME.new_state({}, 1, decks=[deck])
    assert state.view(None)["players"][0]["sponsor"] == "Arasaka"


def test_the_sponsor_option_picks_player_ones_starter() -> None:
    state = GAME.new_state({"sponsor": "militech"}, 1)
    assert state.view(None)["players"][0]["sponsor"] == "Militech"
    with pytest.raises(BadOption):
        GAME.new_state({"sponsor": "tyrell"}, 1)


def test_the_card_set_covers_every_rule() -> None:
    kinds = {c.kind for c in CARDS}
    assert kinds == {"sponsor", "location", "operation", "runner", "cyber", "equipment", "event"}
    assert {c.rtype for c in CARDS if c.rtype} == set(RUNNER_TYPES)
    assert any(c.legendary for c in CARDS) and any("martial-artist" in c.traits for c in CARDS)
    assert 80 <= len(CARDS) <= 120
    assert len({c.slug for c in CARDS}) == len(CARDS)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(range(len(CARDS))), max_size=130))
def test_validation_agrees_with_the_rules_for_any_list(cards: list[int]) -> None:
    problems = validate(cards)
    counts = Counter(cards)
    legal = (
        sum(1 for c in cards if CARDS[c].kind == "sponsor") == 1
        and 85 <= len(cards) <= 120
        and sum(1 for c in cards if CARDS[c].deck == "runs") >= 42
        and sum(1 for c in cards if CARDS[c].deck == "gear") >= 42
        and all(
            n <= (1 if CARDS[c].legendary else 4) or CARDS[c].kind == "sponsor"
            for c, n in counts.items()
        )
    )
    assert (problems == []) == legal


def test_a_seat_sees_its_own_hand_but_only_the_size_of_the_other() -> None:
    state = GAME.new_state({}, 5)
    for _ in range(60):
        state.apply(Rng(1).choice(state.legal_actions()))
    view = state.view(0)
    assert "hand" in view["players"][0] and "hand" not in view["players"][1]
    assert view["players"][1]["hand_count"] == len(state.hand[1])
    assert "hand" not in state.view(None)["players"][0]


def test_determinize_keeps_what_the_seat_knows_and_redeals_the_rest() -> None:
    state = GAME.new_state({}, 5)
    rng = Rng(3)
    for _ in range(80):
        state.apply(rng.choice(state.legal_actions()))
    world = state.determinize(0, Rng(9))
    assert sorted(world.hand[0]) == sorted(state.hand[0])
    assert world.play == state.play and world.view(0) == state.view(0)
    assert len(world.hand[1]) == len(state.hand[1])
    # Each card's zone is the pile it was re-dealt to (the re-deal moves only the cards that
    # change piles: the opponent's hand and what takes its place).
    for p in (0, 1):
        for pile, zone in (
            (world.hand[p], Z_HAND),
            (world.runs[p], Z_RUNS),
            (world.gear[p], Z_GEAR),
        ):
            assert pile and all(world.zone[i] == zone for i in pile)
    assert sorted(world.zone) == sorted(state.zone)


def test_a_game_takes_a_deck_for_one_seat_and_the_default_for_the_other() -> None:
    mine = GAME.read_deck(GAME.deck_text(STARTERS["the-nomads"][2]))
    state = GAME.new_state({}, 2, decks=[None, mine])
    assert [p["sponsor"] for p in state.view(None)["players"]] == ["N.C.P.D.", "The Nomads"]


def test_both_deck_lists_are_public_and_the_hands_are_not() -> None:
    """The ruling on the rules page ("What you can see"): every seat and a spectator see each
    player's deck list, the same list, the whole deck a player brought; only its owner sees a
    hand."""
    state = GAME.new_state({"sponsor": "militech"}, 4)
    views = [state.view(seat) for seat in (0, 1, None)]
    lists = [[player["deck_list"] for player in view["players"]] for view in views]
    assert lists[0] == lists[1] == lists[2]
    for seat, player in enumerate(views[0]["players"]):
        held = player["hand_count"] + player["runs_deck"] + player["gear_deck"]
        assert len(lists[0][seat]) == held + len(player["play"]) + len(player["stash"])
    for seat, view in enumerate(views[:2]):
        assert "hand" in view["players"][seat] and "hand_ids" in view["players"][seat]
        assert not {"hand", "hand_ids"} & set(view["players"][1 - seat])
    assert not any({"hand", "hand_ids"} & set(p) for p in views[2]["players"])
