"""Property tests: deck lists round-trip through text; validation agrees with an independent check."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from cyberdeck.games.cipher_run.cards import CARD_SET

from .conftest import GAME

TEXTS = [c.text for c in CARD_SET]

decks = st.lists(st.sampled_from(TEXTS), min_size=0, max_size=40)


@given(decks, st.text(alphabet="abcXYZ -", max_size=12))
def test_deck_lists_round_trip_through_text(cards, name):
    read = [
        c.text
        for c in GAME.read_deck(GAME.deck_text(GAME.read_deck("\n".join(cards)), name.strip()))
    ]
    assert Counter(read) == Counter(cards)


@given(st.lists(st.tuples(st.integers(1, 5), st.sampled_from(TEXTS)), max_size=20))
def test_every_count_form_reads_the_same(entries):
    forms = ["{n}x {c}", "{n} {c}", "{n}X {c}  # note"]
    for form in forms:
        text = "\n".join(form.format(n=n, c=c) for n, c in entries)
        assert [c.text for c in GAME.read_deck(text)] == [c for n, c in entries for _ in range(n)]


def independent_problems(cards: list[str]) -> set[str]:
    """Each deck rule checked from card texts alone, without the game's tables."""
    rank = [t[:-1] if t != "JK" else "JK" for t in cards]
    suits = Counter(t[-1] for t in cards if t != "JK")
    numbers = sum(1 for r in rank if r in {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10"})
    copies = Counter(cards)
    broken = set()
    if len(cards) != 30:
        broken.add("size")
    if numbers < 20:
        broken.add("numbers")
    if len(cards) - numbers > 10:
        broken.add("programs")
    if rank.count("JK") > 2:
        broken.add("jokers")
    for r in "JQK":
        if rank.count(r) > 4:
            broken.add(f"rank {r}")
    for card, n in copies.items():
        if n > 2 and card != "JK":
            broken.add(f"copies {card}")
    if len(suits) < 3:
        broken.add("suits")
    for suit, n in suits.items():
        if n > 10:
            broken.add(f"suit {suit}")
    return broken


def game_problems(cards: list[str]) -> set[str]:
    names = {"Kill-Switches": "rank J", "Revectors": "rank Q", "Overclocks": "rank K"}
    suit_letter = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
    out = set()
    for p in GAME.validate_deck(GAME.read_deck("\n".join(cards))):
        if p.startswith("A deck has exactly"):
            out.add("size")
        elif "Number Modules" in p:
            out.add("numbers")
        elif "programs allowed" in p:
            out.add("programs")
        elif "Jokers" in p:
            out.add("jokers")
        elif "copies" in p:
            out.add("copies " + p.rsplit(" ", 1)[1].rstrip("."))
        elif "suits needed" in p:
            out.add("suits")
        elif "of one suit" in p:
            out.add("suit " + suit_letter[p.split()[-2]])
        else:
            out.add(next(v for k, v in names.items() if k in p))
    return out


# Decks near the legal region: 26-34 cards, weighted towards numbers, so each rule flips often.
near_legal = st.integers(26, 34).flatmap(
    lambda n: st.lists(
        st.one_of(
            st.sampled_from(TEXTS[:40]), st.sampled_from(TEXTS[:40]), st.sampled_from(TEXTS[40:])
        ),
        min_size=n,
        max_size=n,
    )
)


@settings(max_examples=300)
@given(st.one_of(near_legal, decks))
def test_validation_agrees_with_an_independent_check_of_each_rule(cards):
    assert game_problems(cards) == independent_problems(cards)
