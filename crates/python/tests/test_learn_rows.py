"""The rows helvetia.learn fits to, without PyTorch: the first position of every round, in
made-up rows and in positions the command line records."""

from __future__ import annotations

import subprocess

import numpy as np

from helvetia import learn
from test_online import server_binary


def positions_at_rounds(rounds: list[int]) -> learn.Positions:
    """Rows whose only feature of note is the round (the table's last feature, round / 10)."""
    features = np.zeros((len(rounds), 60), dtype=np.float32)
    features[:, -1] = np.array(rounds, dtype=np.float32) / 10
    points = np.arange(len(rounds) * 4, dtype=np.float32).reshape(-1, 4)
    ranks = np.tile(np.array([1, 2, 0, 0], dtype=np.float32), (len(rounds), 1))
    return learn.Positions(features, points, ranks)


def test_a_round_starts_where_the_round_differs_from_the_row_before():
    # Two games: rounds 1, 1, 2, 2, 2, 3 and then 1, 1, 2.
    positions = positions_at_rounds([1, 1, 2, 2, 2, 3, 1, 1, 2])
    starts = learn.round_starts(positions)
    assert np.allclose(starts.features[:, -1] * 10, [1, 2, 3, 1, 2])
    # The labels travel with their rows.
    assert starts.points[:, 0].tolist() == [0, 8, 20, 24, 32]


def test_recorded_games_give_each_round_one_start(tmp_path):
    path = tmp_path / "2p.bin"
    games, round_limit = 4, 6
    subprocess.run(
        [str(server_binary()), "selfplay", "--record", str(path), "--bots", "greedy,random",
         "--games", str(games), "--players", "2", "--seed", "5",
         "--round-limit", str(round_limit), "--threads", "1", "--quiet"],
        check=True, capture_output=True, timeout=120,
    )
    positions = learn.load_positions(path)
    rounds = np.rint(learn.round_starts(positions).features[:, -1] * 10).astype(int)
    # Each game's rounds in order from 1, one row each: a new game is where 1 comes again.
    assert (rounds == 1).sum() == games
    for before, after in zip(rounds, rounds[1:]):
        assert after == before + 1 or after == 1
    assert len(rounds) <= games * round_limit
    assert len(rounds) < len(positions) / 10
    train, test = learn.split([path], only_round_starts=True)
    assert len(train) + len(test) == len(rounds)
