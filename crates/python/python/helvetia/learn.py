"""A learned evaluation for Helvetia's bots: each player's share of victory from a position.

Reads the positions that ``helvetia selfplay --record`` writes (docs/ai.md gives the layout),
fits a model with PyTorch on the CPU and writes its weights as the JSON that the ai crate
reads (``crates/ai/src/learn/network.rs``). Three models, each predicting one logit per
player and a softmax over the players at the table:

- ``hand``: today's hand-set evaluation (``Weights``), only its temperature fitted;
- ``linear``: one weight per evaluation term, shared by the players, all fitted;
- ``network``: the 60 features, one hidden layer, one logit per player (the one exported).

Held out: the last tenth of every file. Rows are written game by game, so the held-out rows are
whole games (but the one that straddles the cut) that training never saw.

Run ``python -m helvetia.learn --help``; torch is needed (``requirements-learn.txt``).
"""

import argparse
import json
import math
import random
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

FORMAT = "helvetia-positions"
NETWORK_FORMAT = "helvetia-value-network"
PLAYERS = 4
#: Numbers per player in the features: 13 evaluation terms and "passed".
PER_PLAYER = 14
TERMS = 13
#: Today's ``Weights::default()`` in the order of the terms, after the score's 1.
HAND_WEIGHTS = [1.0, 0.45, 0.3, 0.15, 0.35, 0.6, 0.12, 0.12, 0.05, 0.1, 0.08, 0.5, 0.08]


@dataclass
class Positions:
    """Recorded positions: features, and per player (the viewer first) points, ranks, shares."""

    features: np.ndarray
    points: np.ndarray
    ranks: np.ndarray

    @property
    def players(self) -> np.ndarray:
        """How many players each position's game has."""
        return (self.ranks > 0).sum(axis=1)

    @property
    def shares(self) -> np.ndarray:
        """Each player's share of the victory: 1/k for each of k winners, else 0."""
        winners = (self.ranks == 1).astype(np.float32)
        return winners / winners.sum(axis=1, keepdims=True)

    def __len__(self) -> int:
        return len(self.features)

    def rows(self, index) -> "Positions":
        """The positions at ``index`` (a slice or an index array)."""
        return Positions(self.features[index], self.points[index], self.ranks[index])

    @staticmethod
    def concat(parts: list["Positions"]) -> "Positions":
        return Positions(
            np.concatenate([p.features for p in parts]),
            np.concatenate([p.points for p in parts]),
            np.concatenate([p.ranks for p in parts]),
        )


def load_positions(path) -> Positions:
    """Reads a file of ``helvetia selfplay --record``."""
    with open(path, "rb") as file:
        header = json.loads(file.readline())
        if header.get("format") != FORMAT or header.get("version") != 1:
            raise ValueError(f"{path}: not a {FORMAT} file of version 1")
        row, features = header["row"], header["features"]
        data = np.frombuffer(file.read(), dtype="<f4")
    if data.size % row:
        raise ValueError(f"{path}: the rows are cut short")
    data = data.reshape(-1, row).astype(np.float32)
    return Positions(
        data[:, :features],
        data[:, features : features + PLAYERS],
        data[:, features + PLAYERS : features + 2 * PLAYERS],
    )


def round_starts(positions: Positions) -> Positions:
    """The first position of every round: the only positions the search asks its evaluation
    about, since a rollout stops where a round begins. Rows are written game by game and the
    table's last feature is the round, so a round begins where it differs from the row before
    (a new game's first round included, unless the game before ended in its first round, as
    only a round limit of 1 makes it)."""
    rounds = positions.features[:, -1]
    first = np.ones(len(positions), dtype=bool)
    first[1:] = rounds[1:] != rounds[:-1]
    return positions.rows(np.flatnonzero(first))


def split(
    paths, held_out: float = 0.1, only_round_starts: bool = False
) -> tuple[Positions, Positions]:
    """Training and held-out positions: the last ``held_out`` of each file is held out; with
    ``only_round_starts``, of the first positions of its rounds."""
    train, test = [], []
    for path in paths:
        positions = load_positions(path)
        if only_round_starts:
            positions = round_starts(positions)
        cut = len(positions) - int(round(len(positions) * held_out))
        train.append(positions.rows(slice(0, cut)))
        test.append(positions.rows(slice(cut, None)))
    return Positions.concat(train), Positions.concat(test)


def seed_everything(seed: int) -> None:
    """One seed for Python's, NumPy's and torch's generators, and one thread for torch."""
    import torch

    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)


def _modules():
    """The models, built when torch is imported (it is only needed for training)."""
    import torch
    from torch import nn

    def masked_log_softmax(logits, features):
        present = _present(features)
        logits = logits.masked_fill(~present, -1e9)
        return torch.log_softmax(logits, dim=1)

    def _present(features):
        tables = features[:, PLAYERS * PER_PLAYER : PLAYERS * PER_PLAYER + 3]
        players = 2 + torch.argmax(tables, dim=1)
        seats = torch.arange(PLAYERS).unsqueeze(0)
        return seats < players.unsqueeze(1)

    def terms(features):
        blocks = features[:, : PLAYERS * PER_PLAYER].reshape(-1, PLAYERS, PER_PLAYER)
        return blocks[:, :, :TERMS]

    class Hand(nn.Module):
        """Today's weights; only how many points make a lead e times likelier is fitted."""

        def __init__(self):
            super().__init__()
            self.register_buffer("weights", torch.tensor(HAND_WEIGHTS))
            self.log_temperature = nn.Parameter(torch.tensor(math.log(4.0)))

        def forward(self, features):
            logits = terms(features) @ self.weights / torch.exp(self.log_temperature)
            return masked_log_softmax(logits, features)

    class Linear(nn.Module):
        """One weight per term, shared by the players."""

        def __init__(self):
            super().__init__()
            self.weights = nn.Parameter(torch.tensor(HAND_WEIGHTS) / 4.0)

        def forward(self, features):
            return masked_log_softmax(terms(features) @ self.weights, features)

    class Network(nn.Module):
        """Features → hidden (ReLU) → one logit per player, the inputs standardised."""

        def __init__(self, features: int, hidden: int, mean, std):
            super().__init__()
            self.register_buffer("mean", torch.tensor(mean))
            self.register_buffer("std", torch.tensor(std))
            self.hidden = nn.Linear(features, hidden)
            self.out = nn.Linear(hidden, PLAYERS)

        def forward(self, features):
            x = (features - self.mean) / self.std
            logits = self.out(torch.relu(self.hidden(x)))
            return masked_log_softmax(logits, features)

    return Hand, Linear, Network


def build(kind: str, train: Positions, hidden: int):
    """A new model of ``kind`` (``hand``, ``linear`` or ``network``)."""
    hand, linear, network = _modules()
    if kind == "hand":
        return hand()
    if kind == "linear":
        return linear()
    mean = train.features.mean(axis=0)
    std = train.features.std(axis=0)
    std[std < 1e-6] = 1.0
    return network(train.features.shape[1], hidden, mean, std)


def loss(model, positions: Positions) -> float:
    """Cross-entropy of the actual shares of victory under the model's (nats per position)."""
    import torch

    with torch.no_grad():
        log_p = model(torch.from_numpy(positions.features))
        return float(-(torch.from_numpy(positions.shares) * log_p).sum(dim=1).mean())


def fit(model, train: Positions, epochs: int, batch: int, rate: float, seed: int, log=print):
    """Adam on mini-batches of the training positions, in an order fixed by ``seed``."""
    import torch

    if not list(model.parameters()):
        return model
    optimiser = torch.optim.Adam(model.parameters(), lr=rate, weight_decay=1e-5)
    x = torch.from_numpy(train.features)
    y = torch.from_numpy(train.shares)
    order = torch.Generator().manual_seed(seed)
    for epoch in range(epochs):
        permutation = torch.randperm(len(x), generator=order)
        total = 0.0
        for start in range(0, len(x), batch):
            index = permutation[start : start + batch]
            optimiser.zero_grad()
            batch_loss = -(y[index] * model(x[index])).sum(dim=1).mean()
            batch_loss.backward()
            optimiser.step()
            total += float(batch_loss.detach()) * len(index)
        log(f"epoch {epoch + 1}: training loss {total / len(x):.4f}")
    return model


def export(model, path, command: str) -> dict:
    """Writes the network's weights as JSON, the standardisation folded into the first layer."""
    mean = model.mean.numpy().astype(np.float64)
    std = model.std.numpy().astype(np.float64)
    w1 = model.hidden.weight.detach().numpy().astype(np.float64) / std
    b1 = model.hidden.bias.detach().numpy().astype(np.float64) - w1 @ mean
    document = {
        "format": NETWORK_FORMAT,
        "version": 1,
        "features": int(w1.shape[1]),
        "hidden": int(w1.shape[0]),
        "players": PLAYERS,
        "command": command,
        "hidden_weights": [[float(np.float32(v)) for v in row] for row in w1],
        "hidden_bias": [float(np.float32(v)) for v in b1],
        "output_weights": [
            [float(np.float32(v)) for v in row] for row in model.out.weight.detach().numpy()
        ],
        "output_bias": [float(np.float32(v)) for v in model.out.bias.detach().numpy()],
    }
    Path(path).write_text(json.dumps(document, separators=(",", ":")) + "\n")
    return document


def shares_of(document: dict, features: np.ndarray) -> np.ndarray:
    """Each player's share of victory by an exported network, in float32 as the ai crate computes."""
    w1 = np.array(document["hidden_weights"], dtype=np.float32)
    b1 = np.array(document["hidden_bias"], dtype=np.float32)
    w2 = np.array(document["output_weights"], dtype=np.float32)
    b2 = np.array(document["output_bias"], dtype=np.float32)
    hidden = np.maximum(features.astype(np.float32) @ w1.T + b1, 0.0)
    logits = hidden @ w2.T + b2
    tables = features[:, PLAYERS * PER_PLAYER : PLAYERS * PER_PLAYER + 3]
    players = 2 + np.argmax(tables, axis=1)
    present = np.arange(PLAYERS)[None, :] < players[:, None]
    logits = np.where(present, logits, -np.inf)
    logits = logits - logits.max(axis=1, keepdims=True)
    exp = np.exp(logits)
    return (exp / exp.sum(axis=1, keepdims=True)).astype(np.float32)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m helvetia.learn",
        description="Fit a model of each player's share of victory to recorded positions.",
    )
    parser.add_argument("files", nargs="+", help="files of `helvetia selfplay --record`")
    parser.add_argument("--model", choices=["hand", "linear", "network"], default="network")
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--batch", type=int, default=512)
    parser.add_argument("--rate", type=float, default=3e-3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--held-out", type=float, default=0.1)
    parser.add_argument(
        "--round-starts",
        action="store_true",
        help="fit to the first position of every round only (where the search asks)",
    )
    parser.add_argument("--out", help="write the network's weights to this JSON file")
    args = parser.parse_args(argv)
    seed_everything(args.seed)
    train, test = split(args.files, args.held_out, args.round_starts)
    print(f"{len(train)} training positions, {len(test)} held out")
    model = build(args.model, train, args.hidden)
    print(f"held-out loss before fitting: {loss(model, test):.4f}")
    fit(model, train, args.epochs, args.batch, args.rate, args.seed)
    print(f"training loss: {loss(model, train):.4f}")
    print(f"held-out loss: {loss(model, test):.4f}")
    for players in (2, 3, 4):
        rows = np.flatnonzero(test.players == players)
        if len(rows):
            print(f"  {players} players: {loss(model, test.rows(rows)):.4f} ({len(rows)} positions)")
    if args.model == "hand":
        print(f"temperature: {math.exp(float(model.log_temperature.detach())):.3f}")
    if args.model == "linear":
        print("weights:", " ".join(f"{w:.4f}" for w in model.weights.detach().tolist()))
    if args.out:
        if args.model != "network":
            parser.error("--out writes a network's weights: use --model network")
        command = "python -m helvetia.learn " + " ".join(argv if argv is not None else sys.argv[1:])
        export(model, args.out, command)
        print(f"weights written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
