"""helvetia.online against a real Helvetia Online server (the workspace's release binary): a
person registers, another account becomes a bot account and makes an API token, the person
invites the bot to a two-player game against the built-in casual bot, and the bot plays it to
the end with a random policy and with OpenSpiel's ISMCTS. Nothing the bot receives may hold
the seed or the order of the face-down stacks.

The binary is `$HELVETIA_BIN`, else `release/helvetia` in `$CARGO_TARGET_DIR` (default
`target`); scripts/test-python.sh builds it."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import jsonpatch
import numpy as np
import pytest

import helvetia
from helvetia import online

ROOT = Path(__file__).resolve().parents[3]
# Whole games, as a person would set them up: no round limit, so a game ends when the rules
# end it (a player reaches the target, or the supply runs out).
OPTIONS = {"players": 2}


def server_binary() -> Path:
    explicit = os.environ.get("HELVETIA_BIN")
    if explicit:
        return Path(explicit)
    target = Path(os.environ.get("CARGO_TARGET_DIR") or "target")
    if not target.is_absolute():
        target = ROOT / target
    return target / "release" / "helvetia"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    binary = server_binary()
    if not os.access(binary, os.X_OK):
        pytest.fail(
            f"the server binary {binary} is missing: build it with "
            "`cargo build --release -p helvetia` (scripts/test-python.sh does)"
        )
    folder = tmp_path_factory.mktemp("server")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    errors = open(folder / "stderr.txt", "w+")
    process = subprocess.Popen(
        [str(binary), "serve", "--addr", f"127.0.0.1:{port}",
         "--database", f"sqlite://{folder}/online.db",
         "--auth-per-minute", "1000000", "--log-level", "warn"],
        stdout=subprocess.PIPE, stderr=errors, text=True,
    )
    listening = threading.Event()

    def read_stdout():
        for line in process.stdout:
            if "served on" in line:
                listening.set()

    threading.Thread(target=read_stdout, daemon=True).start()
    deadline = time.monotonic() + 60
    try:
        while not listening.is_set() and not healthy(url):
            if process.poll() is not None:
                errors.seek(0)
                pytest.fail(f"the server stopped at once ({process.returncode}): {errors.read()}")
            if time.monotonic() > deadline:
                pytest.fail("the server did not answer within a minute")
            time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        errors.close()


def healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(url + "/healthz", timeout=1) as answer:
            return answer.status == 200
    except OSError:
        return False


class Person:
    """A browser's session: cookies, and the CSRF token of the `helvetia_csrf` cookie sent with
    every POST."""

    def __init__(self, url: str):
        self.url = url
        self.cookies: dict = {}
        self.request("GET", "/api/me")  # sets the CSRF cookie

    def request(self, method: str, path: str, body=None):
        headers = {"Accept": "application/json"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = None
        if method != "GET":
            headers["x-csrf-token"] = self.cookies.get("helvetia_csrf", "")
            headers["Content-Type"] = "application/json"
            data = json.dumps({} if body is None else body).encode()
        request = urllib.request.Request(self.url + path, data=data, headers=headers, method=method)
        try:
            answer = urllib.request.urlopen(request, timeout=30)
        except urllib.error.HTTPError as refusal:
            answer = refusal
        with answer:
            for header in answer.headers.get_all("Set-Cookie") or []:
                name, _, rest = header.partition("=")
                value = rest.split(";", 1)[0]
                if value and "max-age=0" not in header.lower():
                    self.cookies[name.strip()] = value
                else:
                    self.cookies.pop(name.strip(), None)
            text = answer.read()
            return answer.status, (json.loads(text) if text.strip() else None)

    def post(self, path: str, body=None, expect: int = 200):
        status, answer = self.request("POST", path, body)
        assert status == expect, (path, status, answer)
        return answer

    def get(self, path: str):
        status, answer = self.request("GET", path)
        assert status == 200, (path, status, answer)
        return answer


def register(url: str, name: str) -> Person:
    person = Person(url)
    person.post("/api/register", {"username": name, "password": "correct horse battery"}, 201)
    return person


def bot_account(url: str, name: str) -> str:
    """A new bot account's API token. The server does not play its forced steps for it (it
    would after a pause, and the bot's own answer could then come too late): the bot plays
    every decision itself."""
    account = register(url, name)
    account.post("/api/account/bot", {"for_good": True})
    account.post("/api/settings/forced-steps", {"play_forced_steps": False})
    made = account.post("/api/bot/tokens", {"name": "tests"}, 201)
    assert made["token"].startswith("hvb_")
    return made["token"]


def nothing_hidden(payload, views: list) -> None:
    """No `seed` anywhere, and every stack 2 and 3 shown empty (views say only their sizes)."""
    if isinstance(payload, dict):
        assert "seed" not in payload, payload.keys()
        for stack in ("stack2", "stack3"):
            if stack in payload:
                assert payload[stack] == [], (stack, payload[stack])
        if "stack2_size" in payload:
            views.append(payload)
        for value in payload.values():
            nothing_hidden(value, views)
    elif isinstance(payload, list):
        for value in payload:
            nothing_hidden(value, views)


def whole_updates(messages: list) -> list:
    """The whole update at every `update` or `changes` message of a game stream, each change's
    patch applied to the view before it with the JSON Patch library (as any client would)."""
    updates = []
    for message in messages:
        if message["type"] == "update":
            updates.append(message)
            continue
        before = updates[-1]
        assert message["since"] == before["version"], (message["since"], before["version"])
        changed = {key: value for key, value in message.items()
                   if key not in ("type", "since", "patch")}
        view = jsonpatch.apply_patch(before["view"], message["patch"])
        updates.append(dict(before, **changed, view=view))
    return updates


def random_policy(seed):
    rng = np.random.RandomState(seed)

    def policy(observation, action_mask, legal_action_ids, game):
        assert np.array_equal(observation, helvetia.observation(game, game.to_move))
        assert np.flatnonzero(action_mask).tolist() == legal_action_ids
        return int(rng.choice(legal_action_ids))

    return policy


def ismcts_policy(seed):
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    import helvetia.openspiel_game  # noqa: F401  (registers python_helvetia)

    # The game played has no round limit; the search's rollouts stop at this game's (30), as
    # online.openspiel_policy does.
    game = pyspiel.load_game("python_helvetia(players=2)")
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0,
                           max_simulations=10, random_state=rng)
    return online.openspiel_policy(bot)


@pytest.mark.parametrize("kind", ["random", "ismcts"])
def test_a_bot_account_plays_a_whole_game_against_the_casual_bot(server, kind):
    host = register(server, f"host_{kind}")
    bot_name = f"robot_{kind}"
    token = bot_account(server, bot_name)
    policy = random_policy(1) if kind == "random" else ismcts_policy(1)
    received, outcome = [], {}

    def play():
        try:
            outcome["games"] = online.run(server, token, policy, max_games=1, seed=2,
                                          on_receive=received.append)
        except BaseException as error:
            outcome["error"] = error

    bot = threading.Thread(target=play, daemon=True)
    bot.start()
    started = time.monotonic()
    game_id = host.post("/api/games", {
        "options": OPTIONS,
        "seats": [{"kind": "bot_account", "name": bot_name}, {"kind": "bot", "level": "greedy"}],
    }, 201)["id"]
    # The game starts once the bot has accepted its seat.
    while True:
        status, answer = host.request("POST", f"/api/games/{game_id}/start")
        if status == 200:
            break
        assert status == 409 and answer["code"] == "seats-not-filled", (status, answer)
        assert "error" not in outcome, outcome["error"]
        assert time.monotonic() - started < 30, "the bot did not accept its invitation"
        time.sleep(0.2)
    bot.join(timeout=120)
    assert not bot.is_alive(), "the game did not end within two minutes"
    if "error" in outcome:
        raise outcome["error"]

    [result] = outcome["games"]
    assert result["game"] == game_id and result["seat"] == 0
    assert result["status"] == "finished"
    assert result["actions"] > 0 and result["refused"] == [], result["refused"]
    game = host.get(f"/api/games/{game_id}")
    assert game["status"] == "finished"
    # Rated on the bot ladder once over: the bot account's rating moves, the casual level's not.
    deadline = time.monotonic() + 20
    while not game["rating_changes"]:
        assert time.monotonic() < deadline, "the game was not rated on the bot ladder"
        time.sleep(0.2)
        game = host.get(f"/api/games/{game_id}")
    assert [change["seat"] for change in game["rating_changes"]] == [0]
    assert result["result"]["status"] == "finished"

    invitations = [m for m in received if m.get("type") == "invitation"]
    assert invitations and invitations[0]["game"] == game_id
    assert invitations[0]["from"] == f"host_{kind}" and invitations[0]["seat"] == 0
    # Only bots at the table: the game counts on the bot ladder.
    assert invitations[0]["options"].get("round_limit") is None and invitations[0]["rated"] is True
    assert any(m.get("type") == "game_start" and m["game"] == game_id for m in received)
    # The client asked for the changes: whole updates only at the start (and after a stream that
    # had to be followed again), each change applied to the view before it.
    streamed = [m for m in received if m.get("type") in ("update", "changes")]
    assert [m["type"] for m in streamed].count("changes") > len(streamed) // 2, len(streamed)
    updates = whole_updates(streamed)
    assert updates[-1]["view"] == result["update"]["view"] == game["view"]
    assert sum(m["your_turn"] for m in updates) >= result["actions"]
    assert updates[-1]["status"] == "finished"
    # A whole game: without a round limit, only a player reaching the target (20 points with
    # the character tiles, docs/rules.md) ends it.
    final = updates[-1]["view"]["position"]
    assert final["phase"] == "GameOver" and final["options"]["round_limit"] is None
    assert final["options"]["character_tiles"] is True
    assert max(player["score_track"] for player in final["players"]) >= 20, final["players"]
    nothing_hidden(received, [])
    views = []
    nothing_hidden(updates, views)
    assert len(views) >= len(updates) > 0
    for update in updates:
        position = update["view"]["position"]
        assert position["stack2"] == [] and position["stack3"] == []
        helvetia.Game.from_view(json.dumps(update["view"]))  # a view the engine reads
