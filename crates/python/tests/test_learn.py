"""helvetia.learn end to end on a few hundred positions: the command line records bots' games,
a network is trained and exported in seconds, and the ai crate's network (the one the bots
run) gives the same shares of victory as Python on 1,000 recorded positions, for the network
just trained and for the one built into the bots.

The binary is found as in test_online.py; scripts/test-python.sh builds it."""

from __future__ import annotations

import json
import subprocess

import numpy as np
import pytest

# PyTorch is installed for this test only when asked (HELVETIA_TEST_TORCH=1, docs/python.md).
torch = pytest.importorskip("torch", reason="PyTorch not installed: HELVETIA_TEST_TORCH=1")

import helvetia
from helvetia import learn
from test_online import server_binary

#: Shares within this of each other agree (float32 sums in another order).
TOLERANCE = 2e-5


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    """Positions of greedy and random bots: two- and four-player games, a few rounds each."""
    folder = tmp_path_factory.mktemp("positions")
    files = []
    for players, games in [(2, 6), (4, 3)]:
        path = folder / f"{players}p.bin"
        subprocess.run(
            [str(server_binary()), "selfplay", "--record", str(path), "--bots", "greedy,random",
             "--games", str(games), "--players", str(players), "--seed", "3",
             "--round-limit", "12", "--threads", "1", "--quiet"],
            check=True, capture_output=True, timeout=120,
        )
        files.append(path)
    return files


def test_training_a_tiny_network_lowers_its_loss_and_exports_it(recorded, tmp_path):
    learn.seed_everything(1)
    train, test = learn.split(recorded)
    assert len(train) > 300 and len(test) > 30
    assert np.allclose(train.shares.sum(axis=1), 1.0)
    model = learn.build("network", train, hidden=16)
    before = learn.loss(model, train)
    learn.fit(model, train, epochs=15, batch=128, rate=1e-2, seed=1, log=lambda _: None)
    assert learn.loss(model, train) < before
    assert np.isfinite(learn.loss(model, test))
    out = tmp_path / "net.json"
    document = learn.export(model, out, "test")
    with torch.no_grad():
        expected = torch.exp(model(torch.from_numpy(test.features))).numpy()
    assert np.allclose(learn.shares_of(document, test.features), expected, atol=1e-5)
    assert json.loads(out.read_text())["hidden"] == 16


def test_the_bots_network_agrees_with_python_on_1000_positions(recorded, tmp_path):
    learn.seed_everything(2)
    positions = learn.Positions.concat([learn.load_positions(p) for p in recorded])
    assert len(positions) >= 1000
    rows = positions.features[:1000]
    model = learn.build("network", positions, hidden=8)
    learn.fit(model, positions, epochs=2, batch=256, rate=1e-2, seed=2, log=lambda _: None)
    trained = learn.export(model, tmp_path / "net.json", "test")
    builtin = json.loads(helvetia.builtin_value_network())
    for document, text in [(trained, json.dumps(trained)), (builtin, None)]:
        rust = np.array(helvetia.value_shares(rows.tolist(), text), dtype=np.float32)
        python = learn.shares_of(document, rows)
        assert rust.shape == (1000, 4)
        assert np.abs(rust - python).max() < TOLERANCE
        assert np.allclose(rust.sum(axis=1), 1.0, atol=1e-5)
    with pytest.raises(ValueError):
        helvetia.value_shares([[0.0] * 3])
