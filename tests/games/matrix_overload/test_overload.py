"""Overloads: firing at the far slot, kill conditions per royal, and the printed play example."""

from cyberdeck.engine import Action, Card
from cyberdeck.games.matrix_overload.position import position

EIGHT = {p: "9C" for p in ("a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3")}


def place(state, target):
    return state.apply(Action("place", (target,)))


def status(state, slot):
    return state.view(0)["slots"][slot]["status"]


def test_printed_play_example_6c_on_6s_kills_both_jacks():
    piles = {"a1": "6S", "a2": "10D", "a3": "7C", "b1": "8D", "b2": "8H", "b3": "5S",
             "c1": "5H", "c2": "9C", "c3": "9H"}  # fmt: skip
    slots = {"e1": "JD +3S", "s1": "JC", "w2": "KH"}
    state = position(piles=piles, slots=slots, card="6C", deck="2C")
    assert state.view(0)["slots"]["e1"]["health"] == 14
    assert [a.args[0] for a in state.legal_actions()] == ["a1", "b3", "c1"]
    alternative = state.clone()
    events = place(state, "a1")  # 7♣ + 10♦ = 17 ≥ 14 kills the J♦; 5♥ + 8♦ = 13 ≥ 11 the J♣
    assert status(state, "e1") == "killed" and status(state, "s1") == "killed"
    assert [e.kind for e in events].count("kill") == 2
    place(alternative, "b3")  # the 5♠ alternative fires 8♦ + 8♥ = 16 at the K♥: not all hearts
    assert status(alternative, "w2") == "living"


def test_the_placed_card_is_not_part_of_the_payload():
    state = position(piles={**EIGHT, "a1": "2S", "a2": "2S", "a3": "2S"}, slots={"e1": "JS"},
                     card="10S", deck="2C")  # fmt: skip
    place(state, "a1")  # payload a3 + a2 = 4 < 11, the 10 on a1 does not count
    assert status(state, "e1") == "living"


def test_a_jack_dies_to_any_suits_at_or_above_its_health():
    state = position(piles={**EIGHT, "a1": "2S", "a2": "5H", "a3": "6D"}, slots={"e1": "JS"},
                     card="3C", deck="2C")  # fmt: skip
    place(state, "a1")
    assert status(state, "e1") == "killed"


def test_a_queen_needs_both_payload_cards_of_her_colour():
    base = {**EIGHT, "a1": "2S", "a2": "5H", "a3": "7D"}
    red = position(piles=base, slots={"e1": "QH"}, card="3C", deck="2C")
    place(red, "a1")
    assert status(red, "e1") == "killed"
    mixed = position(piles={**base, "a2": "5S"}, slots={"e1": "QH"}, card="3C", deck="2C")
    place(mixed, "a1")
    assert status(mixed, "e1") == "living"


def test_a_king_needs_both_payload_cards_of_his_suit():
    base = {**EIGHT, "a1": "2S", "a2": "6H", "a3": "7H"}
    hearts = position(piles=base, slots={"e1": "KH"}, card="3C", deck="2C")
    place(hearts, "a1")
    assert status(hearts, "e1") == "killed"
    diamonds = position(piles={**base, "a2": "6D"}, slots={"e1": "KH"}, card="3C", deck="2C")
    place(diamonds, "a1")
    assert status(diamonds, "e1") == "living"


def test_a_zero_or_an_empty_pile_adds_nothing_to_the_payload():
    zero = position(piles={**EIGHT, "a1": "2S", "a2": "0", "a3": "10H"}, slots={"e1": "JH"},
                    card="3C", deck="2C")  # fmt: skip
    place(zero, "a1")  # 10 + 0 = 10 < 11
    assert status(zero, "e1") == "living"
    empty = position(piles={**EIGHT, "b1": "2S", "b3": "10H"}, slots={"e2": "JH"},
                     card="3C", deck="2C")  # fmt: skip
    place(empty, "b1")  # 10 + the empty centre = 10 < 11
    assert status(empty, "e2") == "living"


def test_the_zero_matches_every_suit_and_colour():
    from cyberdeck.games.matrix_overload.state import same_colour, same_suit

    zero, king = 0, int(Card.parse("KH"))
    assert same_suit(zero, king) and same_colour(zero, king)
    assert not same_suit(int(Card.parse("2D")), king)


def test_the_centre_fires_nothing_and_a_reset_on_an_edge_fires():
    centre = position(piles={**EIGHT, "a2": "5S", "c2": "6S", "b2": "2S"},
                      slots={"n2": "JS", "s2": "JS"}, card="3C", deck="2C")  # fmt: skip
    place(centre, "b2")
    assert status(centre, "n2") == "living" and status(centre, "s2") == "living"
    reset = position(piles={**EIGHT, "a1": "2S 4S", "a2": "5H", "a3": "6D"}, slots={"e1": "JS"},
                     card="AC", deck="2C")  # fmt: skip
    place(reset, "a1")
    assert status(reset, "e1") == "killed"


def test_a_killed_royal_stays_face_down_and_closes_its_slot():
    state = position(piles={**EIGHT, "a1": "2S", "a2": "5H", "a3": "7D"}, slots={"e1": "JS +AC"},
                     card="3C", deck="KD 2C")  # fmt: skip
    place(state, "a1")
    slot = state.view(0)["slots"]["e1"]
    assert slot["status"] == "killed" and slot["ice"] == ["AC"]
    assert "place e1" not in [a.text for a in state.legal_actions()]
