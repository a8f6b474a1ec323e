"""Plays on a Helvetia Online server as a bot account.

    python online_bot.py --url https://helvetia.example --token hvb_... --policy ismcts

The token is one of the bot account's API tokens (settings page, "API tokens"; or the
environment variable HELVETIA_TOKEN). The bot accepts every invitation (or only those for
--players) and plays every game it sits in, until interrupted or --games games are over.

Policies: `random` (a uniformly random legal action) and `ismcts` (OpenSpiel's ISMCTSBot on the
`python_helvetia` game, random rollouts, --simulations per decision; needs open_spiel).
"""

from __future__ import annotations

import argparse
import logging
import os

import numpy as np

from helvetia import online


def random_policy(seed):
    rng = np.random.RandomState(seed)

    def policy(observation, action_mask, legal_action_ids, game):
        return int(rng.choice(legal_action_ids))

    return policy


def ismcts_policy(players, simulations, seed):
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    import helvetia.openspiel_game  # noqa: F401  (registers python_helvetia)

    rng = np.random.RandomState(seed)
    game = pyspiel.load_game(f"python_helvetia(players={players})")
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, rng),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=rng,
    )
    return online.openspiel_policy(bot)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True, help="the server, e.g. https://helvetia.example")
    parser.add_argument("--token", default=os.environ.get("HELVETIA_TOKEN"),
                        help="the bot account's API token (default: $HELVETIA_TOKEN)")
    parser.add_argument("--policy", choices=["random", "ismcts"], default="random")
    parser.add_argument("--simulations", type=int, default=100,
                        help="ISMCTS simulations per decision (default 100)")
    parser.add_argument("--players", type=int, choices=[2, 3, 4],
                        help="accept only invitations to games of this many players")
    parser.add_argument("--games", type=int, help="stop after this many games")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--verbose", action="store_true", help="log every game and refusal")
    args = parser.parse_args()
    if not args.token:
        parser.error("--token (or HELVETIA_TOKEN) is needed")
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        format="%(asctime)s %(message)s",
    )

    if args.policy == "random":
        policies = {players: random_policy(args.seed) for players in (2, 3, 4)}
    else:
        # ISMCTS searches an OpenSpiel game of the table's player count: one bot for each.
        policies = {
            players: ismcts_policy(players, args.simulations, args.seed + players)
            for players in (2, 3, 4)
        }

    def policy(observation, action_mask, legal_action_ids, game):
        return policies[game.players](observation, action_mask, legal_action_ids, game)

    def accept(invitation):
        players = invitation["options"].get("players")
        return args.players is None or players == args.players

    def game_over(result):
        final = result["result"] or {}
        print(f"game {result['game']}: {result['status']}, seat {result['seat']}, "
              f"scores {final.get('scores')}, {result['actions']} actions", flush=True)

    try:
        online.run(args.url, args.token, policy, accept=accept, max_games=args.games,
                   seed=args.seed, on_game_over=game_over)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
