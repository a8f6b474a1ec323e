"""helvetia.online against a small stand-in server in this process: the NDJSON streams (keep-alive
lines, chunked answers, a game's changes applied to the view held), refusals, waiting out a full
request budget and a stale version, a policy's illegal choice, and `run` answering invitations
and playing a game to its end. The stand-in plays the engine's game itself, with random moves for
the other seat."""

from __future__ import annotations

import json
import random
import threading
import time
from contextlib import closing
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import jsonpatch
import numpy as np
import pytest

import helvetia
from helvetia import online

TOKEN = "hvb_stand_in"
BOT_SEAT = 0


class StandIn:
    """The server's bot API over one game of two players: the bot in seat 0, random moves in
    seat 1. Invited games are started as soon as the bot accepts."""

    def __init__(self, seed=1, round_limit=2, invitations=(), stale_posts=(), busy_paths=(),
                 out_of_step_once=False):
        self.game = helvetia.Game(players=2, seed=seed, options={"round_limit": round_limit})
        self.game_id = "g1"
        self.version = 1
        self.status = "running" if not invitations else "open"
        self.rng = random.Random(seed)
        self.lock = threading.Condition()
        start = {"type": "game_start", "game": self.game_id, "seat": BOT_SEAT}
        self.events = [] if invitations else [start]
        self.events += list(invitations)
        self.end_events = False
        # The action requests (counted from 0) answered as if the game had changed meanwhile.
        self.stale_posts = set(stale_posts)
        self.action_requests = 0
        self.play_other_seat()
        self.busy_paths = set(busy_paths)
        # Sends one change whose `since` is not the version the stream sent before.
        self.out_of_step_once = out_of_step_once
        # The kind of every update or change a game stream sent, in order.
        self.sent_kinds = []
        self.requests = []
        self.posted = []
        self.answers = {}
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self.handler())
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        with self.lock:
            self.end_events = True
            self.lock.notify_all()
        self.server.shutdown()
        self.server.server_close()

    # -- the game ------------------------------------------------------------------------

    def update(self):
        your_turn = self.status == "running" and self.game.to_move == BOT_SEAT
        legal = [json.loads(j) for _, j, _ in self.game.legal_actions()] if your_turn else []
        return {
            "type": "update", "version": self.version, "view": json.loads(self.game.view_json()),
            "legal": legal, "your_turn": your_turn, "can_undo": False, "status": self.status,
            "players": [], "clock": None,
        }

    def act(self, body):
        """The answer to POST /api/games/g1/actions: (status, JSON)."""
        with self.lock:
            if body["version"] != self.version:
                return 409, self.stale()
            self.action_requests += 1
            if self.action_requests - 1 in self.stale_posts:
                # Something else changed the game meanwhile (a clock, a seat): a new version.
                self.version += 1
                self.lock.notify_all()
                return 409, self.stale()
            if self.status != "running" or self.game.to_move != BOT_SEAT:
                return 403, {"error": "not your turn", "code": "not-your-turn"}
            legal_before = [json.loads(j) for _, j, _ in self.game.legal_actions()]
            try:
                self.game.play_json(json.dumps(body["action"]))
            except ValueError as error:
                return 422, {"error": str(error), "code": "illegal"}
            self.posted.append((body["action"], legal_before))
            self.version += 1
            self.play_other_seat()
            self.lock.notify_all()
            return 200, {"version": self.version}

    def play_other_seat(self):
        while not self.game.is_over and self.game.to_move != BOT_SEAT:
            self.game.play(self.rng.choice(self.game.legal_action_ids()))
            self.version += 1
        if self.game.is_over:
            self.status = "finished"
            self.events.append({"type": "game_finish", "game": self.game_id, "status": "finished"})

    def stale(self):
        return {"error": "stale version", "code": "stale-version", "current": self.version}

    def answer_invitation(self, game_id, accept):
        with self.lock:
            invited = [e for e in self.events if e["type"] == "invitation" and e["game"] == game_id]
            if not invited or game_id in self.answers:
                return 404, {"error": "no such invitation", "code": "no-invitation"}
            self.answers[game_id] = "accept" if accept else "decline"
            if not accept:
                return 200, {"declined": True}
            if game_id == self.game_id:
                self.status = "running"
                self.events.append({"type": "game_start", "game": game_id, "seat": BOT_SEAT})
                self.lock.notify_all()
            return 200, {"seat": BOT_SEAT}

    # -- HTTP ----------------------------------------------------------------------------

    def handler(self):
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def send_json(self, status, value, headers=()):
                data = json.dumps(value).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for name, header in headers:
                    self.send_header(name, header)
                self.end_headers()
                self.wfile.write(data)

            def start_lines(self):
                self.send_response(200)
                self.send_header("Content-Type", "application/x-ndjson")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()

            def line(self, value):
                data = b"\n" if value is None else json.dumps(value).encode() + b"\n"
                self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
                self.wfile.flush()

            def end_lines(self):
                self.wfile.write(b"0\r\n\r\n")
                self.wfile.flush()

            def allowed(self, body=None):
                stand_in.requests.append((self.command, self.path, dict(self.headers), body))
                if self.headers.get("Authorization") != f"Bearer {TOKEN}":
                    self.send_json(401, {"error": "unknown API token", "code": "unknown-api-token"})
                    return False
                if self.path in stand_in.busy_paths:
                    stand_in.busy_paths.discard(self.path)
                    busy = {"error": "too many requests", "code": "too-many-api-requests"}
                    self.send_json(429, busy, [("Retry-After", "0")])
                    return False
                return True

            def do_GET(self):
                if not self.allowed():
                    return
                path, _, query = self.path.partition("?")
                if path == f"/api/bot/games/{stand_in.game_id}/stream":
                    if query not in ("", "format=json", "format=json-changes"):
                        self.send_json(400, {"error": "bad format", "code": "bad-address"})
                    else:
                        self.stream(changes=query == "format=json-changes")
                elif self.path == "/api/me":
                    self.send_json(200, {"id": "b1", "username": "robo", "bot": True})
                elif self.path == "/api/bot/events":
                    self.events()
                elif self.path == f"/api/games/{stand_in.game_id}":
                    with stand_in.lock:
                        self.send_json(200, {"id": stand_in.game_id, "status": stand_in.status,
                                             "scores": stand_in.game.scores()})
                else:
                    self.send_json(404, {"error": "no such game", "code": "no-game"})

            def do_POST(self):
                length = int(self.headers.get("Content-Length", 0))
                body = json.loads(self.rfile.read(length) or b"null")
                if not self.allowed(body):
                    return
                parts = self.path.strip("/").split("/")
                if parts[:3] == ["api", "bot", "games"] and parts[4] in ("accept", "decline"):
                    self.send_json(*stand_in.answer_invitation(parts[3], parts[4] == "accept"))
                elif self.path == f"/api/games/{stand_in.game_id}/actions":
                    self.send_json(*stand_in.act(body))
                else:
                    self.send_json(404, {"error": "no such game", "code": "no-game"})

            def events(self):
                self.start_lines()
                sent = 0
                try:
                    self.line(None)
                    while True:
                        with stand_in.lock:
                            if sent == len(stand_in.events) and not stand_in.end_events:
                                stand_in.lock.wait(0.2)
                            if stand_in.end_events and sent == len(stand_in.events):
                                break
                            fresh = stand_in.events[sent:]
                            sent = len(stand_in.events)
                        for event in fresh:
                            self.line(event)
                            self.line(None)
                        if not fresh:
                            self.line(None)
                    self.end_lines()
                except OSError:
                    pass  # the client went away

            def stream(self, changes):
                self.start_lines()
                try:
                    self.line({"type": "game", "id": stand_in.game_id, "seat": BOT_SEAT,
                               "options": {"players": 2}})
                    sent = None
                    before = None
                    while True:
                        with stand_in.lock:
                            if sent == stand_in.version:
                                stand_in.lock.wait(0.2)
                            update = stand_in.update() if sent != stand_in.version else None
                        if update is None:
                            self.line(None)
                            continue
                        sent = update["version"]
                        # With changes, every third message is the whole update all the same,
                        # as the server sends it to a stream that fell behind.
                        if changes and before is not None and len(stand_in.sent_kinds) % 3:
                            self.line(changes_between(before, update, stand_in))
                        else:
                            stand_in.sent_kinds.append("update")
                            self.line(update)
                        before = update
                        if update["status"] != "running":
                            break
                    self.end_lines()
                except OSError:
                    pass

        return Handler


def changes_between(before, update, stand_in):
    """The server's `changes` message from the update `before` to `update`."""
    stand_in.sent_kinds.append("changes")
    since = before["version"]
    if stand_in.out_of_step_once:
        stand_in.out_of_step_once = False
        since -= 1
    message = {"type": "changes", "version": update["version"], "since": since,
               "patch": jsonpatch.make_patch(before["view"], update["view"]).patch}
    for key in ("legal", "your_turn", "can_undo", "status"):
        message[key] = update[key]
    for key in ("players", "clock"):
        if update[key] != before[key]:
            message[key] = update[key]
    return message


@pytest.fixture
def stand_in(request):
    servers = []

    def make(**kwargs):
        servers.append(StandIn(**kwargs))
        return servers[-1]

    yield make
    for server in servers:
        server.close()


def checking_random_policy(seed, seen):
    """A random policy that checks what it is given against the package's own functions."""
    rng = random.Random(seed)

    def policy(observation, action_mask, legal_action_ids, game):
        seat = game.to_move
        assert seat == BOT_SEAT
        assert observation.dtype == np.float32
        assert np.array_equal(observation, helvetia.observation(game, seat))
        assert action_mask.dtype == np.int8 and action_mask.shape == (helvetia.NUM_ACTIONS,)
        assert np.flatnonzero(action_mask).tolist() == legal_action_ids
        assert game.legal_action_ids() == legal_action_ids
        seen.append(game.view_json())
        return rng.choice(legal_action_ids)

    return policy


def test_events_are_read_a_line_at_a_time_and_keep_alives_skipped(stand_in):
    invitation = {"type": "invitation", "game": "g1", "seat": 0, "from": "anna",
                  "options": {"players": 2}, "time_control": None, "rated": False}
    server = stand_in(invitations=[invitation])
    server.events.append({"type": "invitation_gone", "game": "g9"})
    server.end_events = True
    received = []
    client = online.Client(server.url, TOKEN, on_receive=received.append)
    assert list(client.events()) == [invitation, {"type": "invitation_gone", "game": "g9"}]
    assert received == [invitation, {"type": "invitation_gone", "game": "g9"}]
    with_keep_alives = list(client.events(keep_alives=True))
    assert [e for e in with_keep_alives if e is not None] == [invitation, server.events[1]]
    assert None in with_keep_alives
    for _, _, headers, _ in server.requests:
        assert headers["Authorization"] == f"Bearer {TOKEN}"
        assert "Cookie" not in headers and "x-csrf-token" not in {h.lower() for h in headers}


def test_refusals_are_api_errors_with_the_server_code(stand_in):
    server = stand_in()
    client = online.Client(server.url, TOKEN)
    with pytest.raises(online.ApiError) as refused:
        client.accept("nope")
    assert refused.value.status == 404 and refused.value.code == "no-invitation"
    with pytest.raises(online.ApiError) as refused:
        online.Client(server.url, "hvb_wrong").me()
    assert refused.value.status == 401 and refused.value.code == "unknown-api-token"
    with pytest.raises(ValueError, match="token"):
        online.Client(server.url, "")


def test_a_full_request_budget_is_waited_out(stand_in):
    server = stand_in(busy_paths={"/api/me"})
    assert online.Client(server.url, TOKEN).me()["bot"] is True
    assert [path for _, path, _, _ in server.requests] == ["/api/me", "/api/me"]


def test_play_game_plays_to_the_end_and_waits_out_a_stale_version(stand_in):
    server = stand_in(seed=3, stale_posts={0, 4})
    seen = []
    client = online.Client(server.url, TOKEN)
    result = online.play_game(client, "g1", checking_random_policy(3, seen), seed=7)
    assert server.game.is_over and server.status == "finished"
    assert result["status"] == "finished" and result["seat"] == BOT_SEAT
    assert result["refused"] == ["stale-version"] * 2
    assert result["actions"] == len(server.posted) == len(seen) - 2
    assert result["result"]["status"] == "finished"
    assert all(action in legal for action, legal in server.posted)
    # Every version was answered once: the stale ones again at their next version.
    versions = [body["version"] for method, path, _, body in server.requests if method == "POST"]
    assert len(versions) == len(set(versions))


def test_a_stream_of_changes_gives_the_whole_view_at_every_version(stand_in):
    server = stand_in(seed=5)
    client = online.Client(server.url, TOKEN)
    rng = random.Random(5)
    updates = 0
    with closing(client.game_stream("g1")) as stream:
        for message in stream:
            if message["type"] != "update":
                continue
            updates += 1
            with server.lock:
                assert message["version"] == server.version
                assert message["view"] == json.loads(server.game.view_json())
            if message["status"] != "running":
                break
            client.act("g1", message["version"], rng.choice(message["legal"]))
    assert server.status == "finished"
    # Changes between whole updates, and every one of them asked for.
    assert server.sent_kinds.count("changes") >= updates // 2 > 0
    assert "update" in server.sent_kinds[1:]
    assert all(path.endswith("?format=json-changes") for method, path, _, _ in server.requests
               if method == "GET" and "/stream" in path)
    # Whole views only, when asked so.
    with closing(client.game_stream("g1", changes=False)) as stream:
        assert [message["type"] for _, message in zip(range(2), stream)] == ["game", "update"]
    assert server.requests[-1][1] == "/api/bot/games/g1/stream"


def test_changes_that_do_not_follow_the_view_held_are_refused():
    view = {"position": {"round": 1, "players": [{"score_track": 0}]}}
    first = {"type": "update", "version": 4, "view": view, "legal": [], "your_turn": False,
             "can_undo": False, "status": "running", "players": [], "clock": None}
    step = {"type": "changes", "version": 5, "since": 4, "legal": ["EndTurn"], "your_turn": True,
            "can_undo": False, "status": "running",
            "patch": [{"op": "replace", "path": "/position/round", "value": 2}]}
    [_, whole] = online._whole_updates(iter([first, step]))
    assert whole["type"] == "update" and whole["version"] == 5 and whole["your_turn"] is True
    assert whole["view"]["position"]["round"] == 2 and whole["players"] == []
    assert view["position"]["round"] == 1, "the update held before is left as it was"
    for wrong in (dict(step, since=3),
                  dict(step, patch=[{"op": "remove", "path": "/position/missing"}])):
        with pytest.raises(online.StreamOutOfStep):
            list(online._whole_updates(iter([first, wrong])))
    with pytest.raises(online.StreamOutOfStep, match="to a view at None"):
        list(online._whole_updates(iter([step])))


def test_play_game_follows_the_game_again_after_changes_out_of_step(stand_in):
    server = stand_in(seed=6, out_of_step_once=True)
    result = online.play_game(online.Client(server.url, TOKEN), "g1", checking_random_policy(6, []))
    assert result["status"] == "finished" and server.game.is_over
    streams = [path for method, path, _, _ in server.requests if "/stream" in path]
    assert len(streams) == 2, streams


def test_an_illegal_choice_is_raised_and_never_sent(stand_in):
    server = stand_in(seed=4)
    client = online.Client(server.url, TOKEN)

    def illegal(observation, action_mask, legal_action_ids, game):
        return next(i for i in range(helvetia.NUM_ACTIONS) if i not in legal_action_ids)

    with pytest.raises(online.IllegalActionError, match="not legal"):
        online.play_game(client, "g1", illegal)
    with pytest.raises(online.IllegalActionError, match="not an action id"):
        online.play_game(client, "g1", lambda *args: "EndTurn")
    assert not [r for r in server.requests if r[0] == "POST"]


def test_run_answers_invitations_and_plays_until_its_games_are_over(stand_in):
    invitations = [
        {"type": "invitation", "game": "g2", "seat": 1, "from": "eve", "options": {"players": 3},
         "time_control": None, "rated": False},
        {"type": "invitation", "game": "g1", "seat": 0, "from": "anna", "options": {"players": 2},
         "time_control": None, "rated": False},
    ]
    server = stand_in(seed=5, invitations=invitations)
    seen, received, over = [], [], []
    results = online.run(
        server.url, TOKEN, checking_random_policy(5, seen),
        accept=lambda invitation: invitation["options"]["players"] == 2,
        max_games=1, seed=1, on_receive=received.append, on_game_over=over.append,
    )
    assert server.answers == {"g2": "decline", "g1": "accept"}
    assert [r["game"] for r in results] == ["g1"] and results == over
    assert results[0]["status"] == "finished" and results[0]["refused"] == []
    assert results[0]["actions"] == len(server.posted) == len(seen) > 0
    assert any(m.get("type") == "game_start" for m in received)


def test_run_stops_at_an_illegal_choice(stand_in):
    server = stand_in(seed=6)
    with pytest.raises(online.IllegalActionError):
        online.run(server.url, TOKEN, lambda *args: helvetia.NUM_ACTIONS, max_games=1)
    assert not [r for r in server.requests if r[0] == "POST"]


def test_openspiel_ismcts_plays_through_the_client(stand_in):
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import ismcts, mcts

    import helvetia.openspiel_game  # noqa: F401  (registers python_helvetia)

    server = stand_in(seed=8, round_limit=1)
    rng = np.random.RandomState(8)
    game = pyspiel.load_game("python_helvetia(players=2,round_limit=1)")
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0,
                           max_simulations=8, random_state=rng)
    started = time.monotonic()
    result = online.play_game(online.Client(server.url, TOKEN), "g1", online.openspiel_policy(bot))
    assert result["status"] == "finished" and result["refused"] == []
    assert result["actions"] == len(server.posted) > 0
    assert time.monotonic() - started < 60


def test_an_openspiel_bot_searches_a_game_without_a_round_limit_to_its_own():
    pyspiel = pytest.importorskip("pyspiel")
    import helvetia.openspiel_game  # noqa: F401

    limits = []

    class Recorder:
        """An OpenSpiel bot that notes the round limit of the state it is asked about."""

        def __init__(self, game):
            self._game = game

        def step(self, state):
            options = json.loads(state.engine.view_json())["position"]["options"]
            limits.append(options["round_limit"])
            return state.legal_actions()[0]

    policy = online.openspiel_policy(
        Recorder(pyspiel.load_game("python_helvetia(players=2,round_limit=7)")))
    # A game as people play it, without a round limit: the search stops at the bot's game's.
    unlimited = helvetia.Game(players=2, seed=3)
    assert policy(None, None, unlimited.legal_action_ids(), unlimited) in unlimited.legal_action_ids()
    # A game with a round limit keeps its own.
    limited = helvetia.Game(players=2, seed=3, options={"round_limit": 4})
    policy(None, None, limited.legal_action_ids(), limited)
    assert limits == [7, 4]


def test_a_state_from_an_engine_is_past_the_deal_and_keeps_its_view():
    pyspiel = pytest.importorskip("pyspiel")
    import helvetia.openspiel_game  # noqa: F401

    game = pyspiel.load_game("python_helvetia(players=3)")
    engine = helvetia.Game(players=3, seed=9, options={"round_limit": 5})
    rng = random.Random(9)
    for _ in range(40):
        engine.play(rng.choice(engine.legal_action_ids()))
    view = helvetia.Game.from_view(engine.view_json(), 1)
    state = game.state_from_engine(view)
    other = game.state_from_engine(helvetia.Game.from_view(engine.view_json(), 2))
    assert not state.is_chance_node() and state.current_player() == engine.to_move
    assert state.legal_actions() == engine.legal_action_ids()
    assert state.information_state_string(0) == other.information_state_string(0)
    assert state.observation_tensor(1) == list(helvetia.observation(engine, 1))
    state.apply_action(state.legal_actions()[0])
    assert state.information_state_string(0) != other.information_state_string(0)
    assert view.view_json() == engine.view_json()  # the state played a copy
    with pytest.raises(ValueError, match="players"):
        pyspiel.load_game("python_helvetia(players=2)").state_from_engine(view)
