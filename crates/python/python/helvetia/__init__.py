"""Helvetia for research: the rules engine with fixed action ids and observation vectors.

``Game`` is the engine's game, ``Bot`` one of its bots. The PettingZoo environment is in ``helvetia.pettingzoo_env``
(``helvetia_env``), the OpenSpiel game in ``helvetia.openspiel_game`` (registered as
``python_helvetia`` on import), and ``helvetia.online`` plays any policy on a Helvetia Online
server as a bot account; ``helvetia.learn`` trains the bots' learned evaluation (it needs torch,
``requirements-learn.txt``). docs/python.md describes the action ids and the vector layout.
"""

import numpy as np

from helvetia._engine import (
    NUM_ACTIONS,
    OBSERVATION_LENGTH,
    Bot,
    Game,
    action_blocks,
    action_id,
    action_label,
    action_to_json,
    builtin_value_network,
    observation_layout,
    value_shares,
)

__all__ = [
    "NUM_ACTIONS",
    "OBSERVATION_LENGTH",
    "Bot",
    "Game",
    "action_blocks",
    "action_id",
    "action_label",
    "action_mask",
    "action_to_json",
    "builtin_value_network",
    "observation",
    "observation_layout",
    "value_shares",
]


def observation(game: Game, seat: int) -> np.ndarray:
    """``seat``'s observation of ``game`` as a float32 vector of ``OBSERVATION_LENGTH``."""
    return np.frombuffer(game.observation(seat), dtype="<f4").astype(np.float32)


def action_mask(game: Game) -> np.ndarray:
    """An int8 vector of ``NUM_ACTIONS``: 1 for each legal action id (all 0 once over)."""
    return np.frombuffer(game.action_mask(), dtype=np.int8).copy()
