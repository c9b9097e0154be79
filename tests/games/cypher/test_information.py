"""Information: hands are private, passed cards stay known while they can be, removed cards are
unseen, and views and determinize agree with exactly that."""

from collections import Counter

from cyberdeck.engine import Match, Rng, load_game
from cyberdeck.games.cypher.catalog import KINDS
from cyberdeck.games.cypher.position import act, hand, names, table

GAME = load_game("cypher")


def passed_position():
    state = table(
        3,
        hands={0: "executive hacker fixer", 1: "bodyguard", 2: "data-runner"},
        deck="archivist technomancer",
        display="extractor",
    )
    act(state, "play executive", "draw top", "pass hacker", "pass fixer")
    return state


def test_a_seat_sees_its_own_hand_and_only_the_count_of_others():
    view = passed_position().view(2)
    assert view["seats"][2]["hand"] == ["data-runner", "fixer"]
    assert "hand" not in view["seats"][1] and view["seats"][1]["hand_count"] == 2


def test_spectators_see_no_hand():
    view = passed_position().view(None)
    assert all("hand" not in p and p["known_in_hand"] == [] for p in view["seats"])


def test_a_passed_card_is_known_to_the_passer():
    state = passed_position()
    assert state.view(0)["seats"][1]["known_in_hand"] == ["hacker"]
    assert state.view(0)["seats"][2]["known_in_hand"] == ["fixer"]
    assert state.view(2)["seats"][1]["known_in_hand"] == []


def test_a_passed_card_stays_known_until_its_holder_moves_cards_face_down():
    state = passed_position()
    act(state, "play bodyguard")
    assert state.view(0)["seats"][1]["known_in_hand"] == ["hacker"]
    act(state, "draw top", "pass technomancer")
    assert state.view(0)["seats"][1]["known_in_hand"] == []


def test_a_passed_card_played_by_its_holder_is_public():
    state = passed_position()
    act(state, "play hacker")
    assert state.view(0)["seats"][1]["known_in_hand"] == []
    assert state.view(None)["seats"][1]["area"] == ["hacker"]


def test_the_passer_cannot_tell_which_copy_was_played():
    state = table(3, hands={0: "fixer hacker executive", 1: "fixer"}, display="extractor")
    act(state, "play executive", "draw top", "pass fixer")
    assert state.view(0)["seats"][1]["known_in_hand"] == ["fixer"]
    act(state, "pass hacker")  # Player 2 holds two Fixers and plays one (the only choice)
    assert state.view(None)["seats"][1]["area"] == ["fixer"]
    assert state.view(0)["seats"][1]["known_in_hand"] == []


def test_events_tell_a_pass_only_to_the_two_seats():
    state = table(3, hands={0: "executive hacker fixer"}, display="extractor")
    events = act(state, "play executive", "draw top", "pass hacker")
    secret = [e for e in events if "Hacker" in e.text]
    assert secret and all(e.seats == frozenset({0, 1}) for e in secret)
    assert any(e.kind == "pass" and e.seats is None and "Hacker" not in e.text for e in events)


def test_determinize_keeps_known_cards_and_redeals_the_rest():
    state = passed_position()
    seen = set()
    for seed in range(30):
        other = state.determinize(0, Rng(seed))
        assert "hacker" in names(other, other.hands[1]) and "fixer" in names(other, other.hands[2])
        assert hand(other, 0) == hand(state, 0) and other.areas == state.areas
        seen.add(tuple(other.hands[1]))
    assert len(seen) > 3


def test_determinize_agrees_with_the_view_of_its_seat():
    for players in (2, 3, 4):
        state = GAME.new_state({"players": players, "burn": True}, seed=players)
        rng = Rng(7)
        while not state.is_terminal:
            for seat in range(players):
                other = state.determinize(seat, Rng(rng.next64()))
                assert other.view(seat) == state.view(seat)
            state.apply(rng.choice(state.legal_actions()))


def test_removed_cards_are_redealt_for_everyone_but_the_remover():
    state = table(
        3, hands={0: "extractor technomancer"}, deck="hacker archivist executive", display="coder"
    )
    act(state, "play extractor", "draw top", "draw top", "draw top", "extract technomancer")
    mine = {
        names(state.determinize(0, Rng(s)), state.determinize(0, Rng(s)).removed)[0]
        for s in range(10)
    }
    theirs = {names(d, d.removed)[0] for d in (state.determinize(1, Rng(s)) for s in range(20))}
    assert mine == {"technomancer"} and len(theirs) > 1


def test_a_card_bumped_from_play_stays_known_in_the_deck_when_determinized():
    state = table(
        3, hands={0: "coder hacker"}, areas={0: "data-runner fixer extractor"}, display="aristocrat"
    )
    act(state, "play hacker", "bump fixer")
    for seed in range(10):
        assert names(state, [state.determinize(1, Rng(seed)).deck[0]]) == ["fixer"]


def test_a_hacker_drawing_a_known_bottom_card_is_seen_by_all():
    state = table(
        3, hands={0: "hacker executive"}, areas={0: "data-runner fixer extractor"}, display="coder"
    )
    act(state, "play hacker", "bump fixer", "draw bottom")
    assert state.view(2)["seats"][0]["seat"] == 0
    assert state.view(1)["seats"][0].get("known_in_hand") == ["fixer"]


def test_knowledge_is_never_wrong_and_owners_always_know_their_hands():
    for players in (2, 3, 4):
        for seed in range(15):
            state = GAME.new_state({"players": players}, seed=seed)
            rng = Rng(seed)
            while not state.is_terminal:
                everyone = state.all_mask
                for seat in range(players):
                    assert all(state.know[c] & (1 << seat) for c in state.hands[seat])
                    assert all(state.know[c] == everyone for c in state.areas[seat])
                if state.display >= 0:
                    assert state.know[state.display] == everyone
                state.apply(rng.choice(state.legal_actions()))


def test_the_deal_opens_the_match_log_and_each_hand_is_told_only_to_its_holder():
    match = Match(load_game("cypher"), {"players": 3, "burn": True}, seed=4)
    kinds = [e.kind for e in match.log]
    assert kinds[0] == "burn" and kinds.count("deal") == 3 and kinds.count("hand") == 3
    told = [e for e in match.log if e.kind == "hand"]
    holders = sorted(seat for e in told for seat in (e.seats or ()))
    assert holders == [0, 1, 2] and all(len(e.seats or ()) == 1 for e in told)


def two_player_pass_back():
    """Player 1 passes the Fixer to Player 2, who later passes another card back."""
    state = table(
        2,
        hands={0: "executive fixer coder", 1: "bodyguard"},
        deck="hacker archivist extractor data-runner",
        display="technomancer",
    )
    act(state, "play executive", "draw top", "draw top", "pass fixer", "discard hacker")
    act(state, "play bodyguard", "draw top", "draw top")
    return state


def test_the_receiver_of_a_pass_sees_which_card_moved_and_keeps_what_it_knew():
    state = two_player_pass_back()
    assert state.view(0)["seats"][1]["known_in_hand"] == ["fixer"]
    act(state, "pass data-runner")  # Player 2 keeps two cards: no discard this turn
    assert hand(state, 0) == ["archivist", "coder", "data-runner"]
    assert state.view(0)["seats"][1]["known_in_hand"] == ["fixer"]
    assert state.turn == 0 and hand(state, 1) == ["extractor", "fixer"]


def test_a_card_passed_back_is_known_to_both_again():
    state = two_player_pass_back()
    act(state, "pass fixer")
    assert state.view(1)["seats"][0]["known_in_hand"] == ["fixer"]
    assert state.view(0)["seats"][1]["known_in_hand"] == []


def test_a_seat_that_is_not_handed_the_card_forgets_the_rest_of_the_hand():
    state = table(
        3,
        turn=2,
        hands={2: "executive hacker fixer", 1: "bodyguard coder", 0: "data-runner"},
        deck="archivist technomancer extractor",
        display="syndicate-chief",
    )
    # Player 3 passes the Hacker left to Player 1, then the Fixer right to Player 2.
    act(state, "play executive", "draw top", "pass hacker", "pass fixer")
    # Player 1 passes the Hacker left to Player 2 (the Technomancer goes right, its last card).
    act(state, "play data-runner", "draw top", "pass hacker")
    assert state.turn == 1
    assert state.view(0)["seats"][1]["known_in_hand"] == ["hacker"]
    assert state.view(2)["seats"][1]["known_in_hand"] == ["fixer"]
    act(state, "play bodyguard", "draw top")
    # Left, to Player 3: it sees that the Coder moved, so the Fixer is still there; Player 1
    # cannot tell which card left.
    act(state, "pass coder")
    assert state.view(2)["seats"][1]["known_in_hand"] == ["fixer"]
    assert state.view(0)["seats"][1]["known_in_hand"] == []
    # Right, to Player 1: now Player 3 cannot tell which card left.
    act(state, "pass extractor")
    assert state.view(2)["seats"][1]["known_in_hand"] == []


def test_a_searching_agents_sampled_worlds_keep_a_card_it_passed_in_the_receivers_hand(
    monkeypatch,
):
    from cyberdeck.agents.levels import make_agent
    from cyberdeck.games.cypher.state import CypherState

    state = two_player_pass_back()
    act(state, "pass data-runner")
    assert state.current_player == 0
    worlds = []
    determinize = CypherState.determinize

    def sampled(self, seat, rng):
        world = determinize(self, seat, rng)
        worlds.append((seat, hand(world, 0), names(world, world.hands[1])))
        return world

    monkeypatch.setattr(CypherState, "determinize", sampled)
    make_agent("normal", seed=3).choose(state)
    assert worlds and all(seat == 0 for seat, _, _ in worlds)
    for _, own, theirs in worlds:
        assert own == hand(state, 0) and "fixer" in theirs
    assert len({tuple(sorted(theirs)) for _, _, theirs in worlds}) > 1


def test_a_receiver_handed_a_copy_of_a_card_it_knew_cannot_tell_which_copy_it_got():
    state = table(
        2,
        hands={0: "executive fixer coder", 1: "fixer bodyguard"},
        deck="hacker archivist extractor data-runner",
        display="technomancer",
    )
    act(state, "play executive", "draw top", "draw top", "pass fixer", "discard hacker")
    assert state.view(0)["seats"][1]["known_in_hand"] == ["fixer"]
    act(state, "play bodyguard", "draw top", "draw top", "pass fixer")
    # Player 2 held two Fixers: Player 1 got one back and cannot know that another is left.
    assert hand(state, 1) == ["data-runner", "extractor", "fixer"]
    assert state.view(0)["seats"][1]["known_in_hand"] == []


def test_a_copy_that_left_is_forgotten_once_but_a_second_known_copy_stays_known():
    state = table(3, turn=1, hands={1: "fixer fixer coder"}, display="hacker")
    for card in state.hands[1]:
        if names(state, [card]) == ["fixer"]:
            state.know[card] |= 1 << 0  # Player 1 knows both Fixers (say it passed them)
    assert state.view(0)["seats"][1]["known_in_hand"] == ["fixer", "fixer"]
    act(state, "play fixer")
    assert state.view(0)["seats"][1]["known_in_hand"] == ["fixer"]


# --- an independent reckoning of what each seat may know, from the events it is shown ----------


class Reckoner:
    """What one seat may know, worked out only from the events shown to it: per other seat, the
    kinds it knows are in that hand (a Counter), and the kinds it knows at each place of the deck
    (bottom first, ``None`` where it does not know). Copies of a kind are alike."""

    def __init__(self, state, seat):
        self.seat = seat
        self.by_name = {state.cat.names[k]: KINDS[k] for k in range(len(KINDS))}
        self.hands = [Counter() for _ in range(state.n)]
        self.deck = [None] * len(state.deck)
        self.pending = None

    def named(self, text):
        return next(card for name, card in self.by_name.items() if f"the {name}." in text)

    def see(self, event):
        if event.seats is not None and self.seat not in event.seats:
            return
        me, data, kind = self.seat, event.data, event.kind
        if kind == "display":
            self.deck.pop()
        elif kind == "draw":
            who = data["seat"]
            if data["source"] == "display":
                card = data["card"]
            else:
                card = self.deck.pop() if data["source"] == "top" else self.deck.pop(0)
            if who != me and card is not None:
                self.hands[who][card] += 1
        elif kind == "bump":
            self.deck.insert(0, data["card"])
        elif kind == "discard":
            self.deck.insert(0, None)
            if data["seat"] != me:
                self.unseen(data["seat"])
        elif kind == "discarded":
            self.deck[0] = self.named(event.text)
        elif kind == "extract" and data.get("removed"):
            if data["seat"] != me:
                self.unseen(data["seat"])
        elif kind == "pass":
            self.pending = (data["seat"], data["to"])
            if me not in self.pending:
                self.unseen(data["seat"])
        elif kind == "passed":
            giver, to = self.pending
            card = self.named(event.text)
            if me == giver:
                self.hands[to][card] += 1
            elif self.hands[giver][card]:
                self.hands[giver][card] -= 1
        elif kind == "play" and data["seat"] != me and self.hands[data["seat"]][data["card"]]:
            self.hands[data["seat"]][data["card"]] -= 1

    def unseen(self, holder):
        """A card left ``holder``'s hand unseen: it may have been any, so of each kind one copy
        fewer is certain."""
        self.hands[holder] = +Counter(
            {card: count - 1 for card, count in self.hands[holder].items()}
        )

    def check(self, state):
        view = state.view(self.seat)
        for other in range(state.n):
            if other != self.seat:
                shown = Counter(view["seats"][other]["known_in_hand"])
                assert shown == +self.hands[other], (self.seat, other)
        size = len(self.deck)
        deck = {(size - 1 - i, c) for i, c in enumerate(self.deck) if c is not None}
        assert {(d["from_top"], d["card"]) for d in view["deck_known"]} == deck


def test_every_view_knows_exactly_what_its_seat_can_work_out_from_what_it_was_shown():
    for players in (2, 3, 4):
        for seed in range(40):
            state = GAME.new_state({"players": players}, seed=seed)
            seats = [Reckoner(state, s) for s in range(players)]
            rng = Rng(seed)
            while not state.is_terminal:
                for event in state.apply(rng.choice(state.legal_actions())):
                    for seat in seats:
                        seat.see(event)
                for seat in seats:
                    seat.check(state)


# --- copies: what a seat can still be sure of when a card leaves a hand ---------------------------


def known(state, viewer, holder):
    return state.view(viewer)["seats"][holder]["known_in_hand"]


def copies_position(players=3, hands="bodyguard extractor extractor data-runner fixer", seen=""):
    """Player 2 (seat 1) to play, holding two Extractors that Player 1, Player 3 and the public
    know of (and ``seen`` besides); the deck's top is an Archivist."""
    extractors = {1: f"extractor extractor {seen}"}
    state = table(
        players,
        turn=1,
        hands={1: hands},
        deck="archivist coder hacker",
        display="executive",
        known={0: extractors, None: extractors} | ({2: extractors} if players > 2 else {}),
    )
    act(state, "play bodyguard", "draw top")
    return state


def test_a_card_passed_unseen_leaves_one_copy_of_two_certain():
    state = copies_position()
    state.apply(GAME.parse_action("pass data-runner"))  # to Player 3, unseen by Player 1
    assert known(state, 0, 1) == ["extractor"]
    assert known(state, None, 1) == ["extractor"]


def test_the_receiver_who_sees_another_kind_pass_keeps_every_copy():
    state = copies_position()
    state.apply(GAME.parse_action("pass data-runner"))
    assert known(state, 2, 1) == ["extractor", "extractor"]


def test_the_receiver_handed_a_copy_keeps_one_fewer():
    state = copies_position()
    state.apply(GAME.parse_action("pass extractor"))
    assert known(state, 2, 1) == ["extractor"]


def test_what_a_seat_keeps_does_not_depend_on_which_card_left_unseen():
    # Player 1 knows the Data Runner too: whichever card goes to Player 3, a Data Runner, an
    # Extractor or a card Player 1 never knew, it still knows one Extractor and nothing else.
    for passed in ("data-runner", "extractor", "fixer", "archivist"):
        state = copies_position(seen="data-runner")
        assert known(state, 0, 1) == ["data-runner", "extractor", "extractor"]
        state.apply(GAME.parse_action(f"pass {passed}"))
        assert known(state, 0, 1) == ["extractor"], passed


def test_a_card_discarded_unseen_leaves_one_copy_of_two_certain():
    state = copies_position(players=2)  # the pass goes to the only other player, who sees it
    act(state, "draw top", "pass coder")
    assert known(state, 0, 1) == ["extractor", "extractor"]
    state.apply(GAME.parse_action("discard data-runner"))
    assert known(state, 0, 1) == ["extractor"]


def test_a_card_removed_by_the_extractor_leaves_one_copy_of_two_certain():
    chiefs = {0: {1: "syndicate-chief syndicate-chief"}}
    state = table(
        3, turn=1, hands={1: "extractor syndicate-chief syndicate-chief"}, known=chiefs,
        deck="archivist coder hacker", display="executive",
    )  # fmt: skip
    act(state, "play extractor", "draw top", "draw top", "draw top")
    assert known(state, 0, 1) == ["syndicate-chief", "syndicate-chief"]
    state.apply(GAME.parse_action("extract coder"))
    assert known(state, 0, 1) == ["syndicate-chief"]


def test_a_card_played_or_added_face_up_costs_only_a_copy_of_its_own_kind():
    state = table(
        3, turn=1, hands={1: "fixer data-runner extractor extractor"}, display="executive",
        known={0: {1: "extractor extractor data-runner"}},
    )  # fmt: skip
    act(state, "play fixer")
    assert known(state, 0, 1) == ["data-runner", "extractor", "extractor"]
    act(state, "add extractor")
    assert known(state, 0, 1) == ["data-runner", "extractor"]


def test_determinize_keeps_the_certain_copy_and_redeals_the_other():
    state = copies_position()
    state.apply(GAME.parse_action("pass data-runner"))
    elsewhere = 0
    for seed in range(40):
        world = state.determinize(0, Rng(seed))
        assert world.view(0) == state.view(0)
        held = Counter(names(world, world.hands[1]))["extractor"]
        assert held >= 1
        elsewhere += held == 1
    assert 0 < elsewhere < 40  # the other Extractor may or may not be there


def test_the_reported_game_keeps_one_of_two_known_extractors():
    state = GAME.new_state({"players": 3}, seed=20261275)
    act(state, "play cypher-anomaly", "draw top", "pass extractor", "pass cypher-anomaly")
    act(state, "play technomancer", "draw display")
    assert known(state, 0, 1) == ["extractor", "extractor"]
    state.apply(GAME.parse_action("pass data-runner"))  # to Player 3
    assert known(state, 0, 1) == ["extractor"]
    for seed in range(20):
        world = state.determinize(0, Rng(seed))
        assert "extractor" in names(world, world.hands[1])
