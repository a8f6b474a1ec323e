"""PettingZoo's own checks, unchanged, and a random agent that uses the action mask."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import helvetia
from helvetia.pettingzoo_env import helvetia_env


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pettingzoo_api_test(players):
    api_test(helvetia_env(players=players), num_cycles=1000)


@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_seed_test(players):
    seed_test(lambda: helvetia_env(players=players), num_cycles=500)


def test_a_random_agent_plays_whole_games_and_the_winners_are_rewarded():
    env = helvetia_env(players=3)
    for seed in range(3):
        env.reset(seed=seed)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _ = env.last()
            totals[agent] += reward
            if termination or truncation:
                action = None
            else:
                mask = observation["action_mask"]
                assert mask.sum() > 0
                action = env.action_space(agent).sample(mask)
            env.step(action)
        assert env.agents == []
        assert env.game.is_over
        assert list(totals.values()) == env.game.returns()
        assert sum(totals.values()) >= 1.0


def test_the_same_seed_deals_the_same_game():
    first, second = helvetia_env(players=2), helvetia_env(players=2)
    first.reset(seed=7)
    second.reset(seed=7)
    assert first.game.position_json() == second.game.position_json()
    second.reset(seed=8)
    assert first.game.position_json() != second.game.position_json()


def test_truncation_after_max_decisions():
    env = helvetia_env(players=2, max_decisions=10)
    env.reset(seed=1)
    steps = 0
    for agent in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            assert truncation and not termination
            env.step(None)
            continue
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
        steps += 1
    assert steps == 10
