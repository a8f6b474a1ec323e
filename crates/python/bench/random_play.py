"""Random-play decisions per second through the Python APIs, beside OpenSpiel's backgammon.

    python crates/python/bench/random_play.py [--runs 5] [--seconds 2] [--players 2]

Each loop plays uniformly random legal actions from the start to the end of games (ended by the
target or after round 30, as in the environments' defaults), again and again, for about `--seconds`; it counts decisions (player nodes, not chance nodes). Each loop runs
`--runs` times and the median is printed. The loops:

- helvetia Game: `legal_action_ids()` and `play()` on the engine's game, nothing else;
- PettingZoo: `env.last()` (observation vector and action mask of the agent to move), a random
  id from the mask, `env.step()`;
- OpenSpiel: `state.legal_actions()` and `state.apply_action()`, chance nodes sampled from
  `chance_outcomes()`, over python_helvetia and over OpenSpiel's built-in (C++) backgammon.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
import pyspiel

import helvetia
import helvetia.openspiel_game
from helvetia.pettingzoo_env import helvetia_env


def engine_loop(seconds, players, rng):
    decisions, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        game = helvetia.Game(players=players, seed=seed, options={"round_limit": 30})
        seed += 1
        while not game.is_over:
            legal = game.legal_action_ids()
            game.play(legal[rng.integers(len(legal))])
            decisions += 1
    return decisions / (time.perf_counter() - start)


def pettingzoo_loop(seconds, players, rng):
    env = helvetia_env(players=players)
    decisions, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        for _ in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            decisions += 1
    return decisions / (time.perf_counter() - start)


def openspiel_loop(game_string):
    game = pyspiel.load_game(game_string)

    def loop(seconds, _players, rng):
        decisions, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probabilities = zip(*state.chance_outcomes())
                    state.apply_action(outcomes[rng.choice(len(outcomes), p=probabilities)])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.integers(len(legal))])
                    decisions += 1
        return decisions / (time.perf_counter() - start)

    return loop


def median_rate(loop, runs, seconds, players):
    rates = [loop(seconds, players, np.random.default_rng(run)) for run in range(runs)]
    return statistics.median(rates), rates


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()

    loops = {
        "helvetia Game": engine_loop,
        "helvetia PettingZoo": pettingzoo_loop,
        "helvetia OpenSpiel": openspiel_loop(f"python_helvetia(players={args.players})"),
        "backgammon OpenSpiel (C++)": openspiel_loop("backgammon"),
    }
    results = {}
    for name, loop in loops.items():
        median, rates = median_rate(loop, args.runs, args.seconds, args.players)
        results[name] = median
        runs = ", ".join(f"{rate:,.0f}" for rate in rates)
        print(f"{name:28} {median:>10,.0f} decisions/s (median; runs {runs})")
    reference = results["backgammon OpenSpiel (C++)"]
    for name in ("helvetia PettingZoo", "helvetia OpenSpiel"):
        print(f"{name} / backgammon OpenSpiel: {results[name] / reference:.2f}")


if __name__ == "__main__":
    main()
