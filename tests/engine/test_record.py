import pytest

from cyberdeck import load_game
from cyberdeck.engine import BadOption, BadRecord, Match, Record, UnknownGame, replay


def test_record_round_trips_through_a_file(tmp_path):
    match = Match(load_game("matrix-overload"), {"variant": "classic"}, seed=11)
    for _ in range(5):
        match.play(match.state.legal_actions()[-1])
    path = tmp_path / "r.json"
    match.record.save(path)
    again = Record.load(path)
    assert again == match.record
    assert replay(again).fingerprint() == match.state.fingerprint()


def test_replay_refuses_other_engine_versions_and_bad_steps():
    record = Record("matrix-overload", 1, engine_version="0")
    with pytest.raises(BadRecord, match="engine version"):
        replay(record)
    with pytest.raises(BadRecord, match="Step 1"):
        replay(Record("matrix-overload", 1, actions=["undo"]))
    with pytest.raises(BadRecord):
        Record.from_json({"seed": 1})


def test_unknown_game_and_bad_options():
    with pytest.raises(UnknownGame, match="no game 'chess'"):
        load_game("chess")
    with pytest.raises(BadOption, match="has no option 'speed'"):
        load_game("matrix-overload").new_state({"speed": 2})


def test_a_refused_move_is_not_recorded():
    match = Match(load_game("matrix-overload"), None, seed=11)
    before = match.state.fingerprint()
    with pytest.raises(Exception, match="neither a pile"):
        match.play("place z9")
    assert match.record.actions == [] and match.state.fingerprint() == before
