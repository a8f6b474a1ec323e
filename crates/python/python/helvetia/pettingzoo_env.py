"""Helvetia as a PettingZoo AEC environment with action masks.

Each agent ``player_<seat>`` observes ``{"observation": float32 vector, "action_mask": int8
vector}``; actions are ids in ``Discrete(NUM_ACTIONS)``. A player may decide several times in a
row (a turn is several decisions), so ``agent_selection`` follows the game, not a fixed cycle.
Rewards come at the end only: 1 to each winner, 0 to the others.
"""

from __future__ import annotations

import functools
import json

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import helvetia

# Counts in the vector stay far below this (the largest is the round number).
_OBSERVATION_HIGH = 65535.0


def helvetia_env(
    players: int = 2,
    round_limit: int | None = 30,
    options: dict | None = None,
    max_decisions: int | None = None,
    render_mode: str | None = None,
) -> HelvetiaEnv:
    """A Helvetia environment for 2-4 players.

    The game ends at the target or after round ``round_limit`` (``None``: no limit, but then
    random play may never end). ``options`` are further engine options (docs/notation.md), e.g.
    ``{"character_tiles": False}``; ``max_decisions`` truncates a game after that many decisions.
    """
    return HelvetiaEnv(players, round_limit, options, max_decisions, render_mode)


class HelvetiaEnv(AECEnv):
    metadata = {"render_modes": ["ansi", "human"], "name": "helvetia_v0", "is_parallelizable": False}

    def __init__(self, players=2, round_limit=30, options=None, max_decisions=None, render_mode=None):
        super().__init__()
        if not 2 <= players <= 4:
            raise ValueError(f"players must be 2, 3 or 4, not {players}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self._options = json.dumps(dict(options or {}, players=players, round_limit=round_limit))
        self._max_decisions = max_decisions
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seeds = np.random.default_rng()
        self.game: helvetia.Game | None = None

    @functools.lru_cache(maxsize=None)
    def observation_space(self, agent):
        return spaces.Dict(
            {
                "observation": spaces.Box(
                    0.0, _OBSERVATION_HIGH, (helvetia.OBSERVATION_LENGTH,), np.float32
                ),
                "action_mask": spaces.Box(0, 1, (helvetia.NUM_ACTIONS,), np.int8),
            }
        )

    @functools.lru_cache(maxsize=None)
    def action_space(self, agent):
        return spaces.Discrete(helvetia.NUM_ACTIONS)

    def reset(self, seed=None, options=None):
        """A new game. The same ``seed`` deals the same game; without one, the next seed
        comes from the generator of the last seed given (or from the system)."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        game_seed = int(self._seeds.integers(0, 2**63))
        self.game = helvetia.Game(seed=game_seed, options=self._options)
        self._decisions = 0
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent_to_move()

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        mask = helvetia.action_mask(self.game)
        if agent != self.agent_selection or self.game.is_over:
            mask[:] = 0
        return {"observation": helvetia.observation(self.game, seat), "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        self.game.play(int(action))
        self._decisions += 1
        if self.game.is_over:
            for agent_name, value in zip(self.possible_agents, self.game.returns()):
                self.rewards[agent_name] = value
                self.terminations[agent_name] = True
        elif self._max_decisions is not None and self._decisions >= self._max_decisions:
            self.truncations = {a: True for a in self.agents}
        self._accumulate_rewards()
        if self.game.is_over or any(self.truncations.values()):
            # Every agent steps once more with None to leave, in seat order.
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self._agent_to_move()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = _describe(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        self.game = None

    def _agent_to_move(self):
        return self.possible_agents[self.game.to_move]


def _describe(game: helvetia.Game) -> str:
    scores = ", ".join(f"P{seat + 1} {points}" for seat, points in enumerate(game.scores()))
    state = "over" if game.is_over else f"P{game.to_move + 1} to move"
    return f"round {game.round}, {state}; points: {scores}"
