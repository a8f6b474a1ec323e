"""OpenSpiel's own random simulation test, and OpenSpiel's ISMCTS against the engine's random bot."""

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import helvetia
import helvetia.openspiel_game  # noqa: F401  (registers python_helvetia)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_openspiel_random_sim_test(players):
    game = pyspiel.load_game(f"python_helvetia(players={players},round_limit=4)")
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_openspiel_random_sim_test_of_whole_games():
    game = pyspiel.load_game("python_helvetia(players=2,letters=true)")
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_stay_within_the_declared_length(players):
    game = pyspiel.load_game(f"python_helvetia(players={players})")
    rng = np.random.RandomState(players)
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.randint(len(state.chance_outcomes())))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert len(state.history()) <= game.max_game_length()
        assert sum(state.returns()) >= 1.0


def test_the_game_type_and_sizes():
    game = pyspiel.load_game("python_helvetia(players=3)")
    kind = game.get_type()
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.num_players() == 3
    assert game.num_distinct_actions() == helvetia.NUM_ACTIONS
    assert game.observation_tensor_shape() == [helvetia.OBSERVATION_LENGTH]
    state = game.new_initial_state()
    for _ in range(helvetia.openspiel_game.DEAL_NODES):
        assert state.is_chance_node()
        assert len(state.chance_outcomes()) == helvetia.openspiel_game.DEAL_OUTCOMES
        state.apply_action(7)
    assert state.current_player() == state.engine.to_move
    assert state.engine.record_json() == helvetia.Game(seed=0x07070707, players=3,
        options={"round_limit": 30}).record_json()


def deal(state, seed):
    """Applies the chance outcomes that deal the engine's `seed`."""
    for node in range(helvetia.openspiel_game.DEAL_NODES):
        state.apply_action((seed >> (8 * node)) & 0xFF)


def test_resampling_keeps_what_the_players_know_and_redeals_the_rest():
    game = pyspiel.load_game("python_helvetia(players=2)")
    state = game.new_initial_state()
    deal(state, 12345)
    rng = np.random.RandomState(0)
    for _ in range(150):
        state.apply_action(rng.choice(state.legal_actions()))
    orders = set()
    for _ in range(5):
        sample = state.resample_from_infostate(state.current_player(), lambda: rng.uniform())
        for player in range(2):
            assert sample.information_state_string(player) == state.information_state_string(player)
            assert sample.observation_string(player) == state.observation_string(player)
            assert sample.observation_tensor(player) == state.observation_tensor(player)
        assert sample.legal_actions() == state.legal_actions()
        orders.add(sample.engine.position_json())
    assert len(orders) > 1


def test_the_information_state_does_not_reveal_the_deal():
    """Deals that look the same to the players (they differ only in the face-down stacks) give
    one information state; deals that look different give different ones."""
    game = pyspiel.load_game("python_helvetia(players=2)")
    by_view = {}
    for seed in range(16):
        state = game.new_initial_state()
        deal(state, seed)
        by_view.setdefault(state.engine.view_json(), []).append(state.information_state_string(0))
    assert any(len(strings) > 1 for strings in by_view.values()), "no two deals look alike"
    assert all(len(set(strings)) == 1 for strings in by_view.values())
    assert len({strings[0] for strings in by_view.values()}) == len(by_view) > 1


def play_against_random_bot(game, search_bot, search_seat, seed):
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        elif state.current_player() == search_seat:
            state.apply_action(search_bot.step(state))
        else:
            state.apply_action(state.engine.bot_action("random", seed=seed))
    return state


def test_openspiel_ismcts_plays_short_games_against_the_engine_random_bot():
    game = pyspiel.load_game("python_helvetia(players=2,round_limit=2)")
    for seed in range(3):
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
        bot = ismcts.ISMCTSBot(
            game, evaluator, uct_c=2.0, max_simulations=20,
            random_state=np.random.RandomState(seed),
        )
        state = play_against_random_bot(game, bot, search_seat=seed % 2, seed=seed)
        returns = state.returns()
        assert state.is_terminal()
        assert all(r in (0.0, 1.0) for r in returns) and sum(returns) >= 1.0
        assert state.engine.round == 2
        assert len(state.history()) <= game.max_game_length() + 1


def test_openspiel_mcts_plays_a_short_game_against_the_engine_random_bot():
    """OpenSpiel's MCTSBot searches the state it is given; it is given a determinisation, so it
    never sees the true order of the stacks."""
    game = pyspiel.load_game("python_helvetia(players=3,round_limit=1)")
    rng = np.random.RandomState(4)
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=20,
        evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng,
    )

    class DeterminizingBot:
        def step(self, state):
            return bot.step(state.resample_from_infostate(state.current_player(), rng.uniform))

    state = play_against_random_bot(game, DeterminizingBot(), search_seat=0, seed=4)
    assert state.is_terminal() and sum(state.returns()) >= 1.0
