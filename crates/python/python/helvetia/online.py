"""Playing on a Helvetia Online server as a bot account.

A bot account is an account of the site that a program plays: a person turns a fresh account
into one (on the settings page, or ``POST /api/account/bot``) and makes it an API token there.
With the token, :func:`run` connects any policy to the server::

    import numpy as np
    from helvetia import online

    def random_policy(observation, action_mask, legal_action_ids, game):
        return int(np.random.choice(legal_action_ids))

    online.run("https://helvetia.example", "hvb_...", random_policy)

``run`` follows the account's events, accepts the invitations ``accept`` approves, and plays every
game the bot sits in: at each of its decisions it calls the policy with

- ``observation``: the bot's observation vector, exactly ``helvetia.observation(game, seat)``
  (the vector of the PettingZoo environment and the OpenSpiel game);
- ``action_mask``: int8, 1 for each legal action id (``NUM_ACTIONS`` long);
- ``legal_action_ids``: the legal action ids, ascending;
- ``game``: a :class:`helvetia.Game` consistent with what the bot sees, made by
  ``Game.from_view`` with the unseen tiles of stacks 2 and 3 dealt at random, for policies that
  search (clone it or use its ``determinize``; its order of the stacks is a guess),

and sends the id it returns. The server sends the bot the engine's ``View`` of its seat and its
legal actions, never the order of the face-down stacks nor the seed.

:func:`openspiel_policy` makes a policy of an OpenSpiel bot, e.g. OpenSpiel's ``ISMCTSBot`` on
``python_helvetia``. Only the standard library, numpy and jsonpatch are used; the OpenSpiel
helper imports OpenSpiel when it is called.

A game's stream asks for what changed in the view after its first update (the server's
``?format=json-changes``: about a seventh of the bytes of the whole view); the client applies
each change to the view it holds, so callers of ``game_stream`` and policies see whole updates
all the same (``on_receive`` sees what the server sent).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import logging
import random
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Callable, Dict, Iterator, List, Optional, Protocol

import jsonpatch
import jsonpointer
import numpy as np

import helvetia

__all__ = [
    "ApiError",
    "Client",
    "IllegalActionError",
    "Policy",
    "StreamOutOfStep",
    "openspiel_policy",
    "play_game",
    "run",
]

log = logging.getLogger("helvetia.online")

# The server sends an empty line when nothing else was sent for 6 seconds; a stream silent for
# this long is taken for lost and followed again.
STREAM_TIMEOUT = 60.0
# Ordinary requests.
REQUEST_TIMEOUT = 30.0
# The longest wait between two attempts to reach the server again.
MAX_BACKOFF = 30.0
# Refusals of an action that only mean the bot looked at an older version of the game: it waits
# for the next update.
_OUTDATED = ("stale-version", "not-your-turn")
# A connection lost or cut short (timeouts and refused connections are OSErrors too).
_LOST = (OSError, http.client.HTTPException)


class ApiError(Exception):
    """A refusal of the server: ``status`` (HTTP), ``code`` (stable, e.g. ``stale-version``),
    ``message`` (words) and the whole answer ``body``."""

    def __init__(self, status: int, code: Optional[str], message: str, body: Any = None):
        super().__init__(f"{status} {code or ''}: {message}".replace(" :", ":"))
        self.status = status
        self.code = code
        self.message = message
        self.body = body


class IllegalActionError(ValueError):
    """A policy chose an action id that is not legal: it is never sent."""


class Policy(Protocol):
    """What plays: ``(observation, action_mask, legal_action_ids, game) -> action id``."""

    def __call__(
        self,
        observation: np.ndarray,
        action_mask: np.ndarray,
        legal_action_ids: List[int],
        game: helvetia.Game,
    ) -> int: ...


class Client:
    """The bot API of a Helvetia Online server, for the bot account whose API token is
    ``token`` (sent as ``Authorization: Bearer``; no cookie, no CSRF token).

    ``on_receive``, if given, is called with every JSON object the server sends (events, lines
    of game streams, answers), e.g. to log or check them.
    """

    def __init__(
        self,
        url: str,
        token: str,
        *,
        timeout: float = REQUEST_TIMEOUT,
        stream_timeout: float = STREAM_TIMEOUT,
        on_receive: Optional[Callable[[Any], None]] = None,
    ):
        if not token:
            raise ValueError("an API token is needed (a bot account makes them in its settings)")
        self.url = url.rstrip("/")
        self.token = token
        self.timeout = timeout
        self.stream_timeout = stream_timeout
        self.on_receive = on_receive

    # -- requests --------------------------------------------------------------------------

    def _open(self, method: str, path: str, body: Any = None, *, stream: bool = False):
        """The response to one request; a 429 is waited out as its Retry-After says."""
        data = None if body is None else json.dumps(body).encode()
        headers = {
            "Authorization": f"Bearer {self.token}",
            "Accept": "application/x-ndjson" if stream else "application/json",
            "User-Agent": "helvetia-python",
        }
        if data is not None:
            headers["Content-Type"] = "application/json"
        timeout = self.stream_timeout if stream else self.timeout
        for attempt in range(10):
            request = urllib.request.Request(
                self.url + path, data=data, headers=headers, method=method
            )
            try:
                return urllib.request.urlopen(request, timeout=timeout)
            except urllib.error.HTTPError as error:
                refusal = _api_error(error)
                error.close()
                if error.code == 429 and attempt < 9:
                    wait = _retry_after(error.headers.get("Retry-After"))
                    log.info("%s %s: too many requests, waiting %.1f s", method, path, wait)
                    time.sleep(wait)
                    continue
                raise refusal from None
        raise AssertionError("unreachable")

    def _json(self, method: str, path: str, body: Any = None) -> Any:
        with self._open(method, path, body) as response:
            text = response.read()
        answer = json.loads(text) if text.strip() else None
        self._received(answer)
        return answer

    def _lines(self, path: str, keep_alives: bool) -> Iterator[Optional[dict]]:
        """The objects of an NDJSON answer, one a line, until the server ends it; empty lines
        (keep-alives) are skipped, or given as ``None`` with ``keep_alives``."""
        response = self._open("GET", path, stream=True)
        try:
            while True:
                raw = response.readline()
                if not raw:
                    return
                line = raw.strip()
                if not line:
                    if keep_alives:
                        yield None
                    continue
                message = json.loads(line)
                self._received(message)
                yield message
        finally:
            response.close()

    def _received(self, payload: Any) -> None:
        if self.on_receive is not None and payload is not None:
            self.on_receive(payload)

    # -- the API ---------------------------------------------------------------------------

    def me(self) -> dict:
        """The bot account: ``{"id", "username", "bot": true, ...}``."""
        return self._json("GET", "/api/me")

    def events(self, *, keep_alives: bool = False) -> Iterator[Optional[dict]]:
        """The account's events as they happen (one connection; it ends when the server ends
        it): ``invitation``, ``game_start``, ``game_finish`` and any the server adds. With
        ``keep_alives`` each keep-alive line is given as ``None``, so a loop wakes regularly."""
        return self._lines("/api/bot/events", keep_alives)

    def accept(self, game: str) -> int:
        """Takes the seat kept for the bot in ``game``; the seat number."""
        return int(self._json("POST", f"/api/bot/games/{_quote(game)}/accept", {})["seat"])

    def decline(self, game: str) -> None:
        """Declines the seat kept for the bot in ``game`` (it opens to anyone)."""
        self._json("POST", f"/api/bot/games/{_quote(game)}/decline", {})

    def game_stream(
        self, game: str, *, keep_alives: bool = False, changes: bool = True
    ) -> Iterator[Optional[dict]]:
        """One game as the bot's seat sees it: a ``game`` line, then an ``update`` at once and
        after every change, until the update that shows the game over (one connection).

        With ``changes`` (the default) the server sends only what changed in the view after the
        first update, and this stream applies it to the view it holds: it yields whole updates
        either way. A change that does not follow from the view held raises
        :class:`StreamOutOfStep` (a ``ConnectionError``: follow the game again)."""
        path = f"/api/bot/games/{_quote(game)}/stream"
        if not changes:
            return self._lines(path, keep_alives)
        return _whole_updates(self._lines(path + "?format=json-changes", keep_alives))

    def game(self, game: str) -> dict:
        """The game's JSON (status, scores, standings, the view, the actions so far)."""
        return self._json("GET", f"/api/games/{_quote(game)}")

    def act(self, game: str, version: int, action: Any) -> dict:
        """Plays ``action`` at ``version``: the engine's action as an update's ``legal`` lists
        it (parsed JSON, e.g. ``{"Build": "Holzfaeller"}`` or ``"EndTurn"``), or an action id.
        A refusal raises :class:`ApiError`, e.g. code ``stale-version`` (409) when the game
        has moved on, ``not-your-turn`` (403)."""
        if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
            action = json.loads(helvetia.action_to_json(int(action)))
        body = {"version": int(version), "action": action}
        return self._json("POST", f"/api/games/{_quote(game)}/actions", body)

    def undo(self, game: str, version: int) -> dict:
        """Takes back the bot's last decision of the current turn, at ``version``."""
        return self._json("POST", f"/api/games/{_quote(game)}/undo", {"version": int(version)})


class StreamOutOfStep(ConnectionError):
    """A game stream's change that does not apply to the view held: the stream is given up and
    followed again, which starts with the whole update."""


# The fields of a ``changes`` message that replace the held update's; ``players`` and ``clock``
# come only when they changed.
_CHANGED_FIELDS = ("version", "legal", "your_turn", "can_undo", "status", "players", "clock")


def _whole_updates(messages: Iterator[Optional[dict]]) -> Iterator[Optional[dict]]:
    """The messages of a ``json-changes`` game stream with every ``changes`` turned into the
    whole ``update`` it leads to: the last update is held, and each change's JSON Patch
    (RFC 6902) is applied to a copy of its view."""
    held: Optional[dict] = None
    try:
        for message in messages:
            kind = None if message is None else message.get("type")
            if kind == "update":
                held = message
            elif kind == "changes":
                held = _apply_changes(held, message)
                message = held
            yield message
    finally:
        close = getattr(messages, "close", None)
        if close is not None:
            close()


def _apply_changes(held: Optional[dict], changes: dict) -> dict:
    """The update that ``changes`` makes of ``held``."""
    if held is None or changes.get("since") != held.get("version"):
        at = None if held is None else held.get("version")
        raise StreamOutOfStep(f"changes since version {changes.get('since')} to a view at {at}")
    try:
        view = jsonpatch.apply_patch(held["view"], changes["patch"])
    except (jsonpatch.JsonPatchException, jsonpointer.JsonPointerException) as error:
        raise StreamOutOfStep(f"changes to version {changes.get('version')}: {error}") from error
    update = dict(held, type="update", view=view)
    update.update((key, changes[key]) for key in _CHANGED_FIELDS if key in changes)
    return update


def _quote(game: str) -> str:
    return urllib.parse.quote(str(game), safe="")


def _api_error(error: urllib.error.HTTPError) -> ApiError:
    try:
        body = json.loads(error.read() or b"null")
    except ValueError:
        body = None
    if isinstance(body, dict):
        return ApiError(error.code, body.get("code"), str(body.get("error", error.reason)), body)
    return ApiError(error.code, None, str(error.reason), body)


def _retry_after(value: Optional[str]) -> float:
    try:
        return min(max(float(value), 0.1), 60.0)
    except (TypeError, ValueError):
        return 1.0


# -- playing -------------------------------------------------------------------------------


def _decide(policy: Policy, update: dict, seat: int, seed: int) -> dict:
    """The legal action (as the server listed it) that the policy picks for ``update``."""
    by_id: Dict[int, dict] = {}
    for action in update["legal"]:
        by_id[helvetia.action_id(json.dumps(action))] = action
    legal_ids = sorted(by_id)
    game = helvetia.Game.from_view(json.dumps(update["view"]), seed)
    if game.legal_action_ids() != legal_ids:
        log.warning(
            "the server's legal actions differ from this package's engine for the same view "
            "(are both the same version?); the server's are offered"
        )
    mask = np.zeros(helvetia.NUM_ACTIONS, dtype=np.int8)
    mask[legal_ids] = 1
    observation = helvetia.observation(game, seat)
    chosen = policy(observation, mask, list(legal_ids), game)
    if isinstance(chosen, bool) or not isinstance(chosen, (int, np.integer)):
        raise IllegalActionError(
            f"the policy returned {chosen!r}, not an action id; legal ids: {legal_ids}"
        )
    if int(chosen) not in by_id:
        raise IllegalActionError(
            f"the policy chose action id {int(chosen)}, which is not legal here; "
            f"legal ids: {legal_ids}"
        )
    return by_id[int(chosen)]


def play_game(
    client: Client,
    game_id: str,
    policy: Policy,
    *,
    seed: Optional[int] = None,
    policy_lock: Optional[threading.Lock] = None,
) -> dict:
    """Plays the bot's seat of ``game_id`` with ``policy`` until the game is over.

    Follows the game stream and answers every update where it is the bot's turn, once per
    version. A refusal because the game moved on (``stale-version``, ``not-your-turn``) is
    waited out: the next update brings the new position. A stream that ends while the game
    runs is followed again. A policy that chooses an illegal id raises
    :class:`IllegalActionError` (nothing is sent).

    ``seed`` seeds the deals of ``Game.from_view`` (random without it); ``policy_lock`` is held
    while the policy decides (:func:`run` shares one between the games it plays at once).

    Returns ``{"game", "seat", "status", "actions", "refused", "update", "result"}``:
    ``actions`` the number of actions the server accepted, ``refused`` the codes of those it
    refused, ``update`` the last update and ``result`` the game's JSON at the end (``None`` if
    it could not be read).
    """
    rng = random.Random(seed)
    seat: Optional[int] = None
    status: Optional[str] = None
    last_update: Optional[dict] = None
    answered: set = set()
    accepted = 0
    refused: List[str] = []
    failures = 0
    while True:
        progressed = False
        try:
            with contextlib.closing(client.game_stream(game_id)) as stream:
                for message in stream:
                    kind = message.get("type")
                    if kind == "game":
                        seat = int(message["seat"])
                        continue
                    if kind != "update":
                        continue
                    progressed = True
                    last_update = message
                    status = message.get("status")
                    if status != "running":
                        break
                    version = message["version"]
                    if not message.get("your_turn") or version in answered:
                        continue
                    answered.add(version)
                    if seat is None:
                        seat = _seat_to_move(message)
                    deal = rng.getrandbits(63)
                    if policy_lock is None:
                        action = _decide(policy, message, seat, deal)
                    else:
                        with policy_lock:
                            action = _decide(policy, message, seat, deal)
                    try:
                        client.act(game_id, version, action)
                        accepted += 1
                    except ApiError as error:
                        if error.code not in _OUTDATED:
                            raise
                        refused.append(error.code)
                        log.info("game %s: %s at version %s; waiting", game_id, error.code, version)
        except ApiError as error:
            if error.status < 500:
                raise
            log.warning("game %s: the stream was refused (%s); following it again", game_id, error)
        except _LOST as error:
            log.warning("game %s: the stream failed (%s); following it again", game_id, error)
        if status is not None and status != "running":
            break
        failures = 0 if progressed else failures + 1
        if failures >= 10:
            raise ConnectionError(f"game {game_id}: the stream keeps ending without an update")
        time.sleep(min(0.2 * 2**failures, MAX_BACKOFF))
    result = None
    try:
        result = client.game(game_id)
    except (ApiError, OSError) as error:
        log.warning("game %s: cannot read the result (%s)", game_id, error)
    return {
        "game": game_id,
        "seat": seat,
        "status": status,
        "actions": accepted,
        "refused": refused,
        "update": last_update,
        "result": result,
    }


def _seat_to_move(update: dict) -> int:
    seat = helvetia.Game.from_view(json.dumps(update["view"])).to_move
    if seat is None:
        raise ValueError("an update for the bot's turn shows nobody to move")
    return seat


def _accept_all(invitation: dict) -> bool:
    return True


def run(
    url: str,
    token: str,
    policy: Policy,
    accept: Callable[[dict], bool] = _accept_all,
    max_games: Optional[int] = None,
    *,
    seed: Optional[int] = None,
    on_receive: Optional[Callable[[Any], None]] = None,
    on_game_over: Optional[Callable[[dict], None]] = None,
) -> List[dict]:
    """Plays as the bot account of ``token`` on the server at ``url`` until ``max_games`` games
    are over (for ever without it).

    Follows the account's events: an invitation is accepted if ``accept(invitation)`` says so
    and declined otherwise (the invitation is the event's dict: ``game``, ``seat``, ``from``,
    ``options``, ``time_control``, ``rated``); each game that starts is played by
    :func:`play_game` in a thread of its own, so several games go on at once, while one lock
    keeps the policy to one decision at a time. A lost connection is made again, waiting
    longer each time. An error in a game (e.g. :class:`IllegalActionError`) stops the bot and
    is raised here. With ``max_games``, invitations beyond that many games are left
    unanswered. Returns the results of :func:`play_game` in the order the games ended;
    ``on_receive`` is given every object the server sends (see :class:`Client`) and
    ``on_game_over`` each result as it comes.
    """
    client = Client(url, token, on_receive=on_receive)
    return _Runner(client, policy, accept, max_games, seed, on_game_over).run()


class _Runner:
    """The state of :func:`run`: the games accepted, started and over."""

    def __init__(self, client, policy, accept, max_games, seed, on_game_over):
        self.client = client
        self.policy = policy
        self.accept = accept
        self.max_games = max_games
        self.seeds = random.Random(seed)
        self.on_game_over = on_game_over
        self.policy_lock = threading.Lock()
        self.accepted: set = set()
        self.threads: Dict[str, threading.Thread] = {}
        self.outcomes: Dict[str, Any] = {}
        self.reaped: set = set()
        self.results: List[dict] = []

    def run(self) -> List[dict]:
        backoff = 0.5
        while True:
            try:
                for event in self.client.events(keep_alives=True):
                    backoff = 0.5
                    if event is not None:
                        self.handle(event)
                    if self.reap():
                        return self.results
            except ApiError as error:
                if error.status < 500 and error.status not in (408, 429):
                    raise
                log.warning("the event stream was refused (%s); connecting again", error)
            except _LOST as error:
                log.warning("the event stream failed (%s); connecting again", error)
            if self.reap():
                return self.results
            time.sleep(backoff)
            backoff = min(backoff * 2, MAX_BACKOFF)

    def handle(self, event: dict) -> None:
        kind = event.get("type")
        game_id = event.get("game")
        if kind == "invitation":
            self.answer(event)
        elif kind == "game_start" and game_id not in self.threads:
            self.accepted.add(game_id)
            thread = threading.Thread(
                target=self.play,
                args=(game_id, self.seeds.getrandbits(63)),
                name=f"helvetia game {game_id}",
                daemon=True,
            )
            self.threads[game_id] = thread
            log.info("game %s started (seat %s)", game_id, event.get("seat"))
            thread.start()
        elif kind == "game_finish" and game_id in self.threads:
            # Its stream ends with the last update; give its thread a moment to return.
            self.threads[game_id].join(timeout=5.0)

    def answer(self, invitation: dict) -> None:
        game_id = invitation.get("game")
        if self.max_games is not None and len(self.accepted) >= self.max_games:
            log.info("game %s: invitation left unanswered (%s games taken)",
                     game_id, self.max_games)
            return
        try:
            if self.accept(invitation):
                seat = self.client.accept(game_id)
                self.accepted.add(game_id)
                log.info("accepted game %s from %s (seat %s)",
                         game_id, invitation.get("from"), seat)
            else:
                self.client.decline(game_id)
                log.info("declined game %s from %s", game_id, invitation.get("from"))
        except ApiError as error:
            # E.g. the invitation was withdrawn meanwhile.
            log.warning("game %s: the answer to the invitation was refused (%s)", game_id, error)

    def play(self, game_id: str, game_seed: int) -> None:
        try:
            self.outcomes[game_id] = play_game(
                self.client, game_id, self.policy, seed=game_seed, policy_lock=self.policy_lock
            )
        except BaseException as error:  # handed to the main loop, which raises it
            self.outcomes[game_id] = error

    def reap(self) -> bool:
        """Collects the games that are over; whether ``max_games`` are."""
        for game_id, thread in self.threads.items():
            if game_id in self.reaped or thread.is_alive():
                continue
            self.reaped.add(game_id)
            outcome = self.outcomes.get(game_id)
            if isinstance(outcome, BaseException):
                raise outcome
            self.results.append(outcome)
            log.info("game %s over: %s", game_id, outcome["status"])
            if self.on_game_over is not None:
                self.on_game_over(outcome)
        return self.max_games is not None and len(self.results) >= self.max_games


# -- OpenSpiel -----------------------------------------------------------------------------


def openspiel_policy(bot: Any, game: Any = None) -> Policy:
    """A policy of an OpenSpiel bot (e.g. ``open_spiel.python.algorithms.ismcts.ISMCTSBot``)
    built on the ``python_helvetia`` game of ``helvetia.openspiel_game``.

    At each decision the bot's ``step`` is given a state of ``game`` (by default the game the
    bot keeps, as OpenSpiel's ISMCTS and MCTS bots do, else ``python_helvetia`` for the
    players of the game played) whose engine is the policy's ``game``, made by
    :meth:`helvetia.openspiel_game.HelvetiaGame.state_from_engine`. ISMCTS redeals the unseen
    tiles for each simulation (``resample_from_infostate``), so it never relies on the order
    of the stacks. The searched game keeps the options of the game played, but for one: when
    the game played has no round limit, the search takes the OpenSpiel game's (``round_limit``,
    30 by default, or the round being played if later) as its horizon, since a random rollout
    of a game without one may go on for thousands of rounds (docs/python.md).
    """
    import pyspiel  # OpenSpiel is needed here only

    from helvetia import openspiel_game

    chosen_game = game if game is not None else getattr(bot, "_game", None)
    games: Dict[int, Any] = {}

    def spiel_game_for(players: int):
        if chosen_game is not None:
            if chosen_game.num_players() != players:
                raise ValueError(
                    f"the OpenSpiel game has {chosen_game.num_players()} players, "
                    f"the game played {players}"
                )
            return chosen_game
        if players not in games:
            games[players] = pyspiel.load_game(f"python_helvetia(players={players})")
        return games[players]

    def searched(engine: helvetia.Game, spiel_game: Any) -> helvetia.Game:
        view = json.loads(engine.view_json())
        options = view["position"]["options"]
        if options.get("round_limit") is not None:
            return engine
        horizon = json.loads(spiel_game.options_json)["round_limit"]
        options["round_limit"] = max(horizon, engine.round)
        return helvetia.Game.from_view(json.dumps(view))

    def policy(observation, action_mask, legal_action_ids, engine) -> int:
        spiel_game = spiel_game_for(engine.players)
        if not isinstance(spiel_game, openspiel_game.HelvetiaGame):
            raise TypeError("the bot must be built on python_helvetia (helvetia.openspiel_game)")
        state = spiel_game.state_from_engine(searched(engine, spiel_game))
        return int(bot.step(state))

    return policy
