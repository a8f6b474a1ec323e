"""OpenSpiel's ISMCTS against one of the engine's bots at equal time per decision.

    python crates/python/bench/ismcts_vs_builtin.py --games 100 --simulations 40 \\
        [--level mcts] [--seed 1] [--workers 1] [--uct-c 1.4] [--out result.json]

Two-player games of the OpenSpiel game ``python_helvetia`` (round limit 30, the draft setup)
between OpenSpiel's own ``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``: a fixed
``--simulations`` per decision, ``RandomRolloutEvaluator`` with one random rollout to the end of
the game, ``--uct-c``, the most visited action, a new determinization for every simulation) and
the engine's bot ``--level``, a ``helvetia.Bot`` kept for the whole game and asked
``bot.choose(state.engine, time_ms=...)``, which sees only the view.

- **Levels.** A ladder key (``random``, ``greedy``, ``good``, ``mcts`` the strong level,
  ``expert``) or any bot name (docs/ai.md). The MCTS levels differ only in their iterations; here
  a time replaces them, so ``good``, ``mcts`` and ``expert`` all play ``mcts`` with the time,
  planning its turns as on the server: the first decision of a turn runs a planning search of
  1.5 times the time given, and the turn's later decisions are played from its plan, at once,
  while the opponent has not moved in between (docs/ai.md, "Turn planning").
- **Equal time.** Each of the engine bot's decisions gets, as its time budget, the wall-clock
  time the ISMCTS bot took on its own latest decision in the same game. Before the ISMCTS bot
  has decided in a game, it is the time an ISMCTS search of that same position takes (the search
  runs for its time alone; its action is thrown away). Bots that do not search ignore the time.
- **Forced decisions** (one legal action) are played at once for either side and not timed:
  "decisions" below are those with a choice.
- **Deals and seats.** Games come in pairs on one deal (drawn from ``--seed`` and the pair's
  number and applied as the four chance outcomes), the ISMCTS bot in seat 0 in the first game
  of the pair and in seat 1 in the second, so each side starts half the games.
- **Results.** Returns are 1 for each winner after the tie-break; a game both sides win (tied
  after the tie-break too) is a draw and counts half to each. The win rate's 95% interval is
  Wilson's. Scores are the final victory points (``engine.scores()``).

Prints the summary as JSON and a line for people; ``--out`` also writes every game.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import helvetia
import helvetia.openspiel_game  # noqa: F401  (registers python_helvetia)

GAME = "python_helvetia(players=2)"

# The ladder's levels (crates/ai/src/ladder.rs): key → bot.
LADDER = {
    "random": "random",
    "greedy": "greedy",
    "good": "mcts:iterations=150",
    "mcts": "mcts:iterations=2000",
    "expert": "mcts:iterations=8000",
}


def builtin_spec(level: str) -> str:
    """The bot name to play: a ladder key's bot, with a time in place of an MCTS level's
    iterations (the search's defaults: turn planning on), or the name given."""
    spec = LADDER.get(level, level)
    if level in LADDER and spec.split(":")[0] == "mcts":
        return "mcts"
    return spec


def deal_seed(seed: int, pair: int) -> int:
    return int(np.random.default_rng([seed, pair]).integers(2**32))


def play_game(job):
    """One game; returns its record as a dict."""
    number, args = job
    game = pyspiel.load_game(GAME)
    ismcts_seat = number % 2
    rng = np.random.RandomState([args.seed, number])
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, rng),
        uct_c=args.uct_c,
        max_simulations=args.simulations,
        random_state=rng,
    )
    builtin_seed = int(np.random.default_rng([args.seed, number, 1]).integers(2**63))
    builtin = helvetia.Bot(builtin_spec(args.level), seed=builtin_seed)
    deal = deal_seed(args.seed, number // 2)

    state = game.new_initial_state()
    for node in range(helvetia.openspiel_game.DEAL_NODES):
        state.apply_action((deal >> (8 * node)) & 0xFF)
    starter = state.current_player()
    seconds = {"ismcts": [], "builtin": []}
    cpu = {"ismcts": 0.0, "builtin": 0.0}
    forced = 0
    probes = 0
    latest = None  # the ISMCTS bot's latest time per decision in this game, seconds
    started = time.perf_counter()
    while not state.is_terminal():
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            forced += 1
            continue
        if state.current_player() == ismcts_seat:
            wall, processor = time.perf_counter(), time.process_time()
            action = bot.step(state)
            latest = time.perf_counter() - wall
            cpu["ismcts"] += time.process_time() - processor
            seconds["ismcts"].append(latest)
        else:
            if latest is None:
                wall = time.perf_counter()
                bot.step(state)
                latest = time.perf_counter() - wall
                probes += 1
            wall, processor = time.perf_counter(), time.process_time()
            action = builtin.choose(state.engine, time_ms=latest * 1000.0)
            cpu["builtin"] += time.process_time() - processor
            seconds["builtin"].append(time.perf_counter() - wall)
        state.apply_action(int(action))
    returns = state.returns()
    scores = state.engine.scores()
    builtin_seat = 1 - ismcts_seat
    return {
        "game": number,
        "deal": deal,
        "ismcts_seat": ismcts_seat,
        "starter": "ismcts" if starter == ismcts_seat else "builtin",
        "returns": {"ismcts": returns[ismcts_seat], "builtin": returns[builtin_seat]},
        "scores": {"ismcts": scores[ismcts_seat], "builtin": scores[builtin_seat]},
        "rounds": state.engine.round,
        "decisions": {side: len(times) for side, times in seconds.items()},
        "forced": forced,
        "probes": probes,
        "builtin_searches": builtin.searches,
        "seconds": {side: sum(times) for side, times in seconds.items()},
        "cpu_seconds": cpu,
        "game_seconds": time.perf_counter() - started,
    }


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = p + z * z / (2 * n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denominator = 1 + z * z / n
    return ((centre - margin) / denominator, (centre + margin) / denominator)


def summarise(games, args, wall_seconds):
    n = len(games)
    draws = sum(1 for g in games if g["returns"]["ismcts"] == g["returns"]["builtin"] == 1.0)
    wins = {
        side: sum(1 for g in games if g["returns"][side] == 1.0 and g["returns"][other] == 0.0)
        for side, other in (("ismcts", "builtin"), ("builtin", "ismcts"))
    }
    low, high = wilson(wins["ismcts"] + 0.5 * draws, n)
    per_side = {}
    for side in ("ismcts", "builtin"):
        decisions = sum(g["decisions"][side] for g in games)
        total = sum(g["seconds"][side] for g in games)
        per_side[side] = {
            "wins": wins[side],
            "mean_score": sum(g["scores"][side] for g in games) / n,
            "games_started": sum(1 for g in games if g["starter"] == side),
            "decisions": decisions,
            "mean_seconds_per_decision": total / decisions if decisions else 0.0,
            "mean_cpu_seconds_per_decision": (
                sum(g["cpu_seconds"][side] for g in games) / decisions if decisions else 0.0
            ),
        }
    return {
        "game": GAME,
        "games": n,
        "ismcts": {"simulations": args.simulations, "uct_c": args.uct_c,
                   "evaluator": "RandomRolloutEvaluator(n_rollouts=1)"},
        "builtin": {"level": args.level, "spec": builtin_spec(args.level),
                    "time": "the ISMCTS bot's latest decision time in the game"},
        "seed": args.seed,
        "workers": args.workers,
        "draws": draws,
        "ismcts_win_rate": (wins["ismcts"] + 0.5 * draws) / n,
        "ismcts_win_rate_wilson95": [low, high],
        "sides": per_side,
        "mean_rounds": sum(g["rounds"] for g in games) / n,
        "forced_decisions": sum(g["forced"] for g in games),
        "probes": sum(g["probes"] for g in games),
        "builtin_searches": sum(g["builtin_searches"] for g in games),
        "game_seconds": sum(g["game_seconds"] for g in games),
        "wall_seconds": wall_seconds,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--simulations", type=int, default=40,
                        help="ISMCTS simulations per decision")
    parser.add_argument("--level", default="mcts",
                        help="a ladder key (random, greedy, good, mcts, expert) or a bot name")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="games played at once")
    parser.add_argument("--uct-c", type=float, default=1.4,
                        help="ISMCTS's UCT exploration constant (rewards are 0 or 1)")
    parser.add_argument("--out", help="also write the summary and every game as JSON here")
    args = parser.parse_args()
    if args.games < 1 or args.simulations < 1 or args.workers < 1:
        parser.error("--games, --simulations and --workers must be positive")
    helvetia.Bot(builtin_spec(args.level))  # refuses a bad name early

    jobs = [(number, args) for number in range(args.games)]
    games = []
    start = time.perf_counter()
    with multiprocessing.Pool(args.workers) if args.workers > 1 else _Serial() as pool:
        for record in pool.imap_unordered(play_game, jobs):
            games.append(record)
            print(
                f"game {record['game']}: ismcts {record['scores']['ismcts']} vp "
                f"(return {record['returns']['ismcts']:.0f}), builtin "
                f"{record['scores']['builtin']} vp (return {record['returns']['builtin']:.0f}), "
                f"{record['game_seconds']:.0f} s; {len(games)}/{args.games} done",
                file=sys.stderr,
                flush=True,
            )
    games.sort(key=lambda g: g["game"])
    summary = summarise(games, args, time.perf_counter() - start)
    print(json.dumps(summary, indent=2))
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            json.dump({"summary": summary, "games": games}, out, indent=1)
    ism, builtin = summary["sides"]["ismcts"], summary["sides"]["builtin"]
    low, high = summary["ismcts_win_rate_wilson95"]
    print(
        f"ISMCTS ({args.simulations} simulations) vs {summary['builtin']['spec']} at equal time: "
        f"{ism['wins']}-{builtin['wins']}-{summary['draws']} (wins-losses-draws) in "
        f"{summary['games']} games; ISMCTS win rate {summary['ismcts_win_rate']:.1%} "
        f"(95% {low:.1%}-{high:.1%}); mean VP {ism['mean_score']:.2f} - "
        f"{builtin['mean_score']:.2f}; s per decision {ism['mean_seconds_per_decision']:.3f} - "
        f"{builtin['mean_seconds_per_decision']:.3f}; {summary['wall_seconds']:.0f} s wall"
    )


class _Serial:
    """`multiprocessing.Pool`'s `imap_unordered` in this process."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    @staticmethod
    def imap_unordered(function, jobs):
        return map(function, jobs)


if __name__ == "__main__":
    main()
