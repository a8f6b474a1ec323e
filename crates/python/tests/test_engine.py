"""The Python API over the engine: action ids, hidden information, records, determinisation."""

import copy
import json
import pickle
import random
import time

import numpy as np
import pytest

import helvetia


# Random play may never reach the target: games played to the end stop after this round.
ROUNDS = {"round_limit": 40}


def play_randomly(game, rng, limit=None):
    """Plays uniformly random legal actions until the game ends (or `limit` decisions)."""
    played = 0
    while not game.is_over and (limit is None or played < limit):
        game.play(rng.choice(game.legal_action_ids()))
        played += 1
    return played


def test_legal_action_ids_name_the_engine_actions_and_fill_the_mask():
    rng = random.Random(1)
    for players in (2, 3, 4):
        game = helvetia.Game(players=players, seed=players, options=ROUNDS)
        while not game.is_over:
            ids = game.legal_action_ids()
            assert ids == sorted(ids) and len(set(ids)) == len(ids)
            assert all(0 <= i < helvetia.NUM_ACTIONS for i in ids)
            listed = game.legal_actions()
            assert sorted(i for i, _, _ in listed) == ids
            for action_id, action_json, label in listed:
                assert helvetia.action_id(action_json) == action_id
                assert helvetia.action_to_json(action_id) == action_json
                assert helvetia.action_label(action_id) == label
            mask = helvetia.action_mask(game)
            assert mask.dtype == np.int8 and mask.shape == (helvetia.NUM_ACTIONS,)
            assert np.flatnonzero(mask).tolist() == ids
            game.play(rng.choice(ids))
        assert helvetia.action_mask(game).sum() == 0


def test_the_action_blocks_cover_the_id_space():
    blocks = helvetia.action_blocks()
    assert blocks[0][1] == 0
    for (_, offset, size, radices), following in zip(blocks, blocks[1:] + [None]):
        assert size == int(np.prod(radices, dtype=np.int64))
        end = following[1] if following else helvetia.NUM_ACTIONS
        assert offset + size == end


def test_an_illegal_action_is_refused_and_changes_nothing():
    game = helvetia.Game(players=2, seed=3)
    before = game.position_json()
    illegal = next(i for i in range(helvetia.NUM_ACTIONS) if i not in game.legal_action_ids())
    with pytest.raises(ValueError, match="illegal"):
        game.play(illegal)
    with pytest.raises(ValueError, match="no action has id"):
        game.play(helvetia.NUM_ACTIONS)
    assert game.position_json() == before


def test_the_observation_has_its_documented_length_and_layout():
    game = helvetia.Game(players=3, seed=4)
    layout = helvetia.observation_layout()
    assert layout[0][1] == 0
    assert sum(length for _, _, length in layout) == helvetia.OBSERVATION_LENGTH
    vector = helvetia.observation(game, 0)
    assert vector.dtype == np.float32 and vector.shape == (helvetia.OBSERVATION_LENGTH,)
    assert (vector >= 0).all()
    sections = {name: (offset, length) for name, offset, length in layout}
    offset, length = sections["observer_seat"]
    assert vector[offset:offset + length].tolist() == [1, 0, 0, 0]
    offset, length = sections["observer_seat"]
    assert helvetia.observation(game, 2)[offset:offset + length].tolist() == [0, 0, 1, 0]


def reorder_hidden_stacks(position_json, rng):
    """The same position with stacks 2 and 3 in another order."""
    position = json.loads(position_json)
    for stack in ("stack2", "stack3"):
        tiles = position[stack]
        while len(set(tiles)) > 1:
            reordered = rng.sample(tiles, len(tiles))
            if reordered != tiles:
                position[stack] = reordered
                break
    return json.dumps(position)


def test_the_observation_never_contains_the_hidden_order_or_the_seed():
    """A game's view and observation vectors are the same for any order of the face-down
    stacks and without the seed (a game made from the bare position has none), and the view's
    stacks are empty."""
    rng = random.Random(5)
    for players in (2, 3, 4):
        game = helvetia.Game(players=players, seed=987654321 + players)
        for _ in range(6):
            view = json.loads(game.view_json())
            assert "seed" not in view and "seed" not in view["position"]
            assert view["position"]["stack2"] == [] and view["position"]["stack3"] == []
            full = json.loads(game.position_json())
            assert view["stack2_size"] == len(full["stack2"])
            assert view["stack3_size"] == len(full["stack3"])

            other_order = reorder_hidden_stacks(game.position_json(), rng)
            without_seed = helvetia.Game.from_position(other_order)
            if full["stack2"] or full["stack3"]:
                assert without_seed.position_json() != game.position_json()
            assert without_seed.view_json() == game.view_json()
            for seat in range(players):
                assert game.observation(seat) == without_seed.observation(seat)
            play_randomly(game, rng, limit=60)


def test_a_game_played_from_python_replays_to_the_same_state_in_the_engine():
    """The record exported from Python is replayed by the engine's own `GameRecord::replay`."""
    rng = random.Random(6)
    for players, setup in ((2, "Draft"), (3, "Letters"), (4, "Draft")):
        game = helvetia.Game(players=players, seed=2011 + players, options=dict(ROUNDS, setup=setup))
        decisions = play_randomly(game, rng)
        record = json.loads(game.record_json())
        assert record["seed"] == 2011 + players
        assert len(record["actions"]) == decisions == game.actions_played
        assert record["options"]["setup"] == setup
        replayed = helvetia.Game.replay(game.record_json())
        assert replayed.is_over
        assert replayed.position_json() == game.position_json()
        assert replayed.scores() == game.scores()
        assert replayed.record_json() == game.record_json()


def test_a_record_with_an_illegal_action_does_not_replay():
    game = helvetia.Game(players=2, seed=8)
    record = json.loads(game.record_json())
    record["actions"] = ["EndTurn"]
    with pytest.raises(ValueError, match="action 0"):
        helvetia.Game.replay(json.dumps(record))


def test_returns_reward_the_winners_once_the_game_is_over():
    rng = random.Random(7)
    for players in (2, 3, 4):
        game = helvetia.Game(players=players, seed=players, options=ROUNDS)
        assert game.returns() == [0.0] * players
        play_randomly(game, rng)
        returns = game.returns()
        winners = {seat for seat, _, _, rank in game.standings() if rank == 1}
        assert winners and returns == [1.0 if s in winners else 0.0 for s in range(players)]
        assert isinstance(game.scores(), list)
        best = max(game.scores())
        assert all(game.scores()[s] == best for s in winners)


def test_clones_and_copies_play_on_independently():
    rng = random.Random(9)
    game = helvetia.Game(players=3, seed=9)
    play_randomly(game, rng, limit=40)
    for twin in (game.clone(), copy.copy(game), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert twin.position_json() == game.position_json()
        assert twin.record_json() == game.record_json()
        play_randomly(twin, rng, limit=5)
        assert twin.position_json() != game.position_json()


def test_determinisation_keeps_the_view_and_deals_the_unseen_tiles_anew():
    rng = random.Random(10)
    game = helvetia.Game(players=4, seed=10)
    play_randomly(game, rng, limit=150)
    truth = json.loads(game.position_json())
    orders = set()
    for seed in range(8):
        sample = game.determinize(seed)
        assert sample.view_json() == game.view_json()
        assert sample.legal_action_ids() == game.legal_action_ids()
        dealt = json.loads(sample.position_json())
        assert sorted(dealt["stack2"]) == sorted(truth["stack2"])
        assert sorted(dealt["stack3"]) == sorted(truth["stack3"])
        orders.add((tuple(dealt["stack2"]), tuple(dealt["stack3"])))
        with pytest.raises(RuntimeError, match="no record"):
            sample.record_json()
    assert len(orders) > 1


def test_a_game_from_the_view_observes_and_moves_like_the_game_itself():
    """`Game.from_view` of positions of random games: the same view, every seat's observation
    and the legal ids; its deal is `determinize` with the same seed."""
    rng = random.Random(12)
    checked = 0
    for players, setup in ((2, "Draft"), (3, "Letters"), (4, "Draft")):
        game = helvetia.Game(players=players, seed=40 + players,
                             options={"round_limit": 8, "setup": setup})
        while True:
            seed = rng.getrandbits(63)
            made = helvetia.Game.from_view(game.view_json(), seed)
            assert made.view_json() == game.view_json()
            assert made.legal_action_ids() == game.legal_action_ids()
            assert made.to_move == game.to_move and made.is_over == game.is_over
            for seat in range(players):
                assert made.observation(seat) == game.observation(seat)
            assert made.position_json() == game.determinize(seed).position_json()
            with pytest.raises(RuntimeError, match="no record"):
                made.record_json()
            checked += 1
            if game.is_over:
                break
            play_randomly(game, rng, limit=9)
    assert checked > 40
    assert helvetia.Game.from_view(game.view_json()).view_json() == game.view_json()


def test_a_view_no_game_could_show_is_refused():
    game = helvetia.Game(players=2, seed=13)
    for text in ("", "not json", "{}", game.position_json()):
        with pytest.raises(ValueError):
            helvetia.Game.from_view(text)
    view = json.loads(game.view_json())
    view["position"]["stack2"] = json.loads(game.position_json())["stack2"]
    with pytest.raises(ValueError, match="only their sizes"):
        helvetia.Game.from_view(json.dumps(view))
    view = json.loads(game.view_json())
    view["stack3_size"] -= 1
    with pytest.raises(ValueError, match="unseen"):
        helvetia.Game.from_view(json.dumps(view))


def test_the_engine_bots_choose_legal_actions_from_the_view():
    game = helvetia.Game(players=2, seed=11)
    rng = random.Random(11)
    play_randomly(game, rng, limit=30)
    for spec in ("random", "greedy", "mcts"):
        assert game.bot_action(spec, seed=1, iterations=50) in game.legal_action_ids()
    with pytest.raises(ValueError):
        game.bot_action("nonsense")


def test_a_bot_kept_between_decisions_plays_the_rest_of_its_turn_from_its_plan():
    # Seat 0 plans its turns (the default), seat 1 searches at every decision with a choice.
    planner = helvetia.Bot("mcts:iterations=200", seed=1)
    searcher = helvetia.Bot("mcts:iterations=200,plan=off", seed=1)
    assert planner.name == "mcts:iterations=200" and repr(planner) == 'Bot("mcts:iterations=200")'
    game = helvetia.Game(players=2, seed=5, options={"round_limit": 3})
    choices = [0, 0]
    while not game.is_over:
        legal = game.legal_action_ids()
        seat = game.to_move
        action = (planner if seat == 0 else searcher).choose(game)
        assert action in legal
        choices[seat] += len(legal) > 1
        game.play(action)
    assert searcher.searches == choices[1] > 0
    assert 0 < planner.searches < choices[0], (planner.searches, choices)
    assert helvetia.Bot("greedy").searches == 0
    with pytest.raises(RuntimeError, match="over"):
        planner.choose(game)
    with pytest.raises(ValueError):
        helvetia.Bot("nonsense")
    with pytest.raises(ValueError, match="positive"):
        searcher.choose(helvetia.Game(players=2), time_ms=0)


def test_a_time_budget_replaces_the_spec_s_and_must_be_positive():
    game = helvetia.Game(players=2, seed=11)
    play_randomly(game, random.Random(11), limit=30)
    while len(game.legal_action_ids()) < 2:
        game.play(game.legal_action_ids()[0])
    # One iteration is the spec's budget; a time replaces it, so the search runs for the time.
    spec = "mcts:iterations=1,plan=off"
    start = time.perf_counter()
    assert game.bot_action(spec, seed=1) in game.legal_action_ids()
    quick = time.perf_counter() - start
    start = time.perf_counter()
    assert game.bot_action(spec, seed=1, time_ms=150) in game.legal_action_ids()
    assert time.perf_counter() - start >= 0.15 > quick
    # A planning search (the default) takes one and a half times the budget.
    start = time.perf_counter()
    assert game.bot_action("mcts", seed=1, time_ms=100.5) in game.legal_action_ids()
    assert time.perf_counter() - start >= 0.15
    # With both, the first reached stops the search.
    start = time.perf_counter()
    game.bot_action(spec, seed=1, iterations=1, time_ms=60_000)
    assert time.perf_counter() - start < 30
    for bad in (0, -5, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="positive"):
            game.bot_action(spec, seed=1, time_ms=bad)


def test_options_come_as_a_dict_or_json_and_are_checked():
    game = helvetia.Game(players=3, seed=1, options={"round_limit": 2, "character_tiles": False})
    assert game.players == 3
    assert json.loads(game.record_json())["options"]["round_limit"] == 2
    assert helvetia.Game(seed=1, options='{"players": 2}').players == 2
    with pytest.raises(ValueError):
        helvetia.Game(players=5)
    with pytest.raises(ValueError, match="unknown field"):
        helvetia.Game(players=2, options={"round_limt": 3})
