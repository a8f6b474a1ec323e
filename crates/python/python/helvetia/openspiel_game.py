"""Helvetia as an OpenSpiel game, registered as ``python_helvetia`` when this module is imported.

A general-sum, sequential game of imperfect information with explicit chance: the first
``DEAL_NODES`` nodes are chance, each choosing one of ``DEAL_OUTCOMES`` equally likely values,
which together are the engine's seed (it orders stacks 2 and 3, picks the start player and, in
the letters setup, the letters): 2**32 deals. Every later node is a player's decision; all decisions are public, so the players share one information state, which
differs from the true state only in the order of the face-down stacks.

Parameters: ``players`` (2-4), ``round_limit`` (the game stops after that round; the engine
scores it as usual), ``character_tiles`` and ``letters`` (the beginner setup). Returns are 1 for
each winner after the tie-break and 0 for the others.
"""

from __future__ import annotations

import hashlib
import json

import numpy as np
import pyspiel

import helvetia

# The deal is a 32-bit seed chosen a byte at a time: four chance nodes of 256 outcomes are far
# cheaper to list than one of 2**32.
DEAL_NODES = 4
DEAL_OUTCOMES = 256

# Decisions per player and round: at most 31 were seen in 4,500 random games of 2-4 players
# (the first round with the setup included); three times that bounds OpenSpiel's max_game_length.
_DECISIONS_PER_PLAYER_AND_ROUND = 100

_DEFAULTS = {"players": 2, "round_limit": 30, "character_tiles": True, "letters": False}

_GAME_TYPE = pyspiel.GameType(
    short_name="python_helvetia",
    long_name="Python Helvetia",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=dict(_DEFAULTS),
)


class HelvetiaGame(pyspiel.Game):
    """Helvetia for 2-4 players (``pyspiel.load_game("python_helvetia(players=3)")``)."""

    def __init__(self, params=None):
        settings = dict(_DEFAULTS, **(params or {}))
        players, round_limit = int(settings["players"]), int(settings["round_limit"])
        if not 2 <= players <= 4:
            raise ValueError(f"players must be 2, 3 or 4, not {players}")
        if round_limit < 1:
            raise ValueError("round_limit must be at least 1")
        info = pyspiel.GameInfo(
            num_distinct_actions=helvetia.NUM_ACTIONS,
            max_chance_outcomes=DEAL_OUTCOMES,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=DEAL_NODES + round_limit * players * _DECISIONS_PER_PLAYER_AND_ROUND,
        )
        super().__init__(_GAME_TYPE, info, params or {})
        self.options_json = json.dumps(
            {
                "players": players,
                "round_limit": round_limit,
                "character_tiles": bool(settings["character_tiles"]),
                "setup": "Letters" if settings["letters"] else "Draft",
            }
        )

    def new_initial_state(self):
        return HelvetiaState(self)

    def state_from_engine(self, engine: helvetia.Game) -> HelvetiaState:
        """A state past the deal whose engine is a copy of ``engine``: a game played elsewhere,
        e.g. ``helvetia.Game.from_view(...)`` of a game on a server, for a bot to search.

        Its history is empty (the decisions that led there are not known), and its
        ``public_digest`` starts from the view, so states made from one view share their
        information state and the digest still grows with every decision and draw after it.
        ``engine`` keeps its own options; only its number of players must be this game's.
        """
        if engine.players != self.num_players():
            raise ValueError(
                f"a game of {engine.players} players is not one of {self.num_players()}"
            )
        state = HelvetiaState(self)
        state.engine = engine.clone()
        state._remember(("view", state.engine.view_json()))
        return state

    def make_py_observer(self, iig_obs_type=None, params=None):
        return HelvetiaObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class HelvetiaState(pyspiel.State):
    """A game in progress: until the deal is complete, ``engine`` is None."""

    def __init__(self, game):
        super().__init__(game)
        self._options_json = game.options_json
        self._deal_bytes: list[int] = []
        self.engine: helvetia.Game | None = None
        # A digest of everything the players have seen: each decision and each tile drawn.
        # Players share it; a determinized state keeps it (the deal itself is not in it).
        self.public_digest = ""

    def current_player(self):
        if self.engine is None:
            return pyspiel.PlayerId.CHANCE
        if self.engine.is_over:
            return pyspiel.PlayerId.TERMINAL
        return self.engine.to_move

    def _legal_actions(self, player):
        return self.engine.legal_action_ids()

    def chance_outcomes(self):
        probability = 1.0 / DEAL_OUTCOMES
        return [(value, probability) for value in range(DEAL_OUTCOMES)]

    def _apply_action(self, action):
        if self.engine is None:
            self._deal_bytes.append(int(action))
            if len(self._deal_bytes) == DEAL_NODES:
                seed = sum(byte << (8 * i) for i, byte in enumerate(self._deal_bytes))
                self.engine = helvetia.Game(seed=seed, options=self._options_json)
                self._remember(("deal", self.engine.view_json()))
        else:
            self.engine.play(int(action))
            self._remember((action, self.engine.display_and_stacks()))

    def _remember(self, seen):
        text = f"{self.public_digest}|{seen}".encode()
        self.public_digest = hashlib.blake2b(text, digest_size=16).hexdigest()

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal byte {action}"
        return helvetia.action_label(action)

    def is_terminal(self):
        return self.engine is not None and self.engine.is_over

    def returns(self):
        if self.engine is None:
            return [0.0] * self.num_players()
        return self.engine.returns()

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state the players cannot tell from this one: the same decisions, the unseen tiles
        of stacks 2 and 3 dealt anew (the engine's determinization)."""
        resampled = self.clone()
        if self.engine is not None:
            seed = int(probability_sampler() * 2**63)
            resampled.engine = self.engine.determinize(seed)
        return resampled

    def __str__(self):
        if self.engine is None:
            return "before the deal"
        return repr(self.engine)


class HelvetiaObserver:
    """OpenSpiel's observer: the observation vector and the view's JSON, or with perfect recall
    the digest of the public history. Nothing hidden is in either."""

    def __init__(self, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self._public = iig_obs_type.public_info
        self._perfect_recall = iig_obs_type.perfect_recall
        size = helvetia.OBSERVATION_LENGTH if self._public else 0
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        if not self._public or state.engine is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = helvetia.observation(state.engine, player)

    def string_from(self, state, player):
        if not self._public:
            return ""
        if state.engine is None:
            return "before the deal"
        if self._perfect_recall:
            return f"player {player}, public history {state.public_digest}"
        return state.engine.view_json()


pyspiel.register_game(_GAME_TYPE, HelvetiaGame)
