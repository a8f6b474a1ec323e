// Helvetia Online: the browser side. Small and hand-written on purpose: the server renders
// every page and the game table; this script only sends forms, clicks and keys, and swaps in
// the table the server pushes over the WebSocket.
"use strict";

(function () {
  // ---- Requests -------------------------------------------------------------------------

  // A phone's table draws each village three cells wide (the server's `layout=narrow`), so that
  // it fits the screen with its text readable; the same width as the style sheet's phones.
  const phone = window.matchMedia("(max-width: 700px)");
  function withLayout(url) {
    return phone.matches ? url + (url.includes("?") ? "&" : "?") + "layout=narrow" : url;
  }

  function csrfToken() {
    const match = document.cookie.match(/(?:^|;\s*)helvetia_csrf=([^;]*)/);
    if (match) return decodeURIComponent(match[1]);
    const meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.content : "";
  }

  // POSTs JSON with the CSRF header; resolves to the JSON answer or rejects with its message.
  async function post(url, body) {
    const response = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", "x-csrf-token": csrfToken() },
      body: JSON.stringify(body === undefined ? {} : body),
    });
    let data = null;
    try { data = await response.json(); } catch (_) { data = null; }
    if (!response.ok) {
      throw new Error((data && data.error) || response.status + " " + response.statusText);
    }
    return data;
  }

  function showError(element, message) {
    if (!element) { window.alert(message); return; }
    element.textContent = message;
    element.hidden = false;
  }

  // Runs `work` with the submit button disabled and errors shown in the form.
  function handleForm(form, work) {
    form.addEventListener("submit", async function (event) {
      event.preventDefault();
      const button = form.querySelector('button[type="submit"]');
      const error = form.querySelector(".form-error");
      const label = button ? button.textContent : "";
      if (error) error.hidden = true;
      if (button) { button.disabled = true; button.textContent = button.dataset.working || label; }
      try {
        await work(new FormData(form));
      } catch (e) {
        showError(error, e.message);
      } finally {
        if (button) { button.disabled = false; button.textContent = label; }
      }
    });
  }

  // ---- The tutorial ------------------------------------------------------------------------

  // "Start the tutorial" creates the tutorial game, started at once, and opens it.
  function setUpTutorial() {
    const form = document.getElementById("tutorial-form");
    if (!form) return;
    handleForm(form, async function () {
      const game = await post(form.dataset.api, {});
      location.href = "/games/" + encodeURIComponent(game.id);
    });
  }

  // ---- Mail settings ----------------------------------------------------------------------

  // The whole form is sent as JSON; "Saved." shows until the next change.
  function setUpMailSettings() {
    const form = document.getElementById("settings-form");
    if (!form) return;
    const saved = form.querySelector(".form-done");
    form.addEventListener("input", function () { saved.hidden = true; });
    handleForm(form, async function () {
      const checked = function (name) { return form.elements[name].checked; };
      await post(form.dataset.api, {
        email: form.elements.email.value,
        language: form.elements.language.value,
        your_turn: checked("your_turn"),
        game_started: checked("game_started"),
        game_ended: checked("game_ended"),
        clock_low: checked("clock_low"),
        rematch: checked("rematch"),
      });
      saved.hidden = false;
    });
  }

  // ---- Forced steps ----------------------------------------------------------------------

  // The switch (settings page, game bar) is stored as soon as it changes; on a refusal it goes
  // back and says why.
  function setUpForcedStepsToggle() {
    document.querySelectorAll("input[data-forced-steps]").forEach(function (box) {
      box.addEventListener("change", async function () {
        box.disabled = true;
        try {
          await post(box.dataset.forcedSteps, { play_forced_steps: box.checked });
        } catch (e) {
          box.checked = !box.checked;
          showError(document.querySelector(".error-banner"), e.message);
        } finally {
          box.disabled = false;
        }
      });
    });
  }

  // A settings switch with data-setting-api and data-setting-field is stored as soon as it
  // changes, as {field: checked}; on a refusal it goes back and says why.
  function setUpSettingSwitches() {
    document.querySelectorAll("input[data-setting-api]").forEach(function (box) {
      box.addEventListener("change", async function () {
        box.disabled = true;
        try {
          const body = {};
          body[box.dataset.settingField] = box.checked;
          await post(box.dataset.settingApi, body);
        } catch (e) {
          box.checked = !box.checked;
          showError(document.querySelector(".error-banner"), e.message);
        } finally {
          box.disabled = false;
        }
      });
    });
  }

  // ---- Vacations ---------------------------------------------------------------------------

  // Taking a vacation, and ending or cancelling one, are stored at once; the page is read again
  // for the days left and the list.
  function setUpVacation() {
    const form = document.getElementById("vacation-form");
    if (form) {
      handleForm(form, async function () {
        await post(form.dataset.api, {
          from: form.elements.from.value,
          days: Number(form.elements.days.value),
        });
        location.reload();
      });
    }
    document.querySelectorAll("button[data-end-vacation]").forEach(function (button) {
      button.addEventListener("click", async function () {
        button.disabled = true;
        try {
          await post(button.dataset.api, { id: button.dataset.endVacation });
          location.reload();
        } catch (e) {
          button.disabled = false;
          showError(document.querySelector(".error-banner"), e.message);
        }
      });
    });
  }

  // ---- Bot accounts ------------------------------------------------------------------------

  // Turning the account into a bot asks first (it is for good); a new token's secret is shown
  // once, in its own box, and the list of tokens is read again from the page (the secret is
  // not in it); revoking a token reloads the page.
  function setUpBotAccount() {
    const become = document.querySelector("button[data-become-bot]");
    if (become) {
      become.addEventListener("click", async function () {
        if (!window.confirm(become.dataset.confirm)) return;
        become.disabled = true;
        try {
          await post(become.dataset.becomeBot, { for_good: true });
          location.reload();
        } catch (e) {
          become.disabled = false;
          showError(document.querySelector(".error-banner"), e.message);
        }
      });
    }
    const form = document.getElementById("token-form");
    if (form) {
      handleForm(form, async function () {
        const made = await post(form.dataset.api, { name: form.elements.name.value });
        const shown = document.getElementById("new-token");
        shown.querySelector(".secret").textContent = made.token;
        shown.hidden = false;
        form.reset();
        await refreshTokenList();
      });
    }
    setUpRevokeButtons();
  }

  async function refreshTokenList() {
    await refreshPart("token-list");
    setUpRevokeButtons();
  }

  function setUpRevokeButtons() {
    document.querySelectorAll("button[data-revoke-token]").forEach(function (button) {
      button.addEventListener("click", async function () {
        button.disabled = true;
        try {
          await post(button.dataset.revokeToken, {});
          location.reload();
        } catch (e) {
          button.disabled = false;
          showError(document.querySelector(".error-banner"), e.message);
        }
      });
    });
  }

  // ---- Web Push: notifications on this device ---------------------------------------------

  // The device the page is open on is told of the person's games: the site's service worker is
  // registered, the browser's push service gives a subscription made for the server's key, and
  // the server keeps it. Offered where the browser can do it; the header's notification switch
  // does the same once permission is given.
  const pushSupported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

  function keyBytes(base64url) {
    const padded = base64url.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((base64url.length + 3) % 4);
    const raw = window.atob(padded);
    return Uint8Array.from(raw, function (c) { return c.charCodeAt(0); });
  }

  function deviceLabel() {
    const ua = navigator.userAgent;
    const browser = /Firefox\//.test(ua) ? "Firefox" : /Edg\//.test(ua) ? "Edge"
      : /Chrom(e|ium)\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : "Browser";
    const system = /Android/.test(ua) ? "Android" : /iPhone|iPad/.test(ua) ? "iOS"
      : /Windows/.test(ua) ? "Windows" : /Mac OS/.test(ua) ? "macOS" : /Linux/.test(ua) ? "Linux" : "";
    return system ? browser + " · " + system : browser;
  }

  async function subscribeThisDevice() {
    if (!pushSupported) return false;
    if (Notification.permission === "default") await Notification.requestPermission();
    if (Notification.permission !== "granted") return false;
    const registration = await navigator.serviceWorker.register("/sw.js");
    await navigator.serviceWorker.ready;
    const keyAnswer = await fetch("/api/push/key", { credentials: "same-origin" });
    const key = (await keyAnswer.json()).public_key;
    let subscription = await registration.pushManager.getSubscription();
    if (!subscription) {
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(key),
      });
    }
    const body = subscription.toJSON();
    body.label = deviceLabel();
    await post("/api/push/devices", body);
    return true;
  }

  // Tells the server, at most twice a day, that the person uses this device, so that what is
  // pushed to it is not mailed as well. It never adds a device removed in the settings.
  async function markThisDeviceSeen() {
    if (!pushSupported || Notification.permission !== "granted") return;
    const last = Number(window.localStorage.getItem("helvetia-device-seen") || 0);
    if (Date.now() - last < 12 * 3600 * 1000) return;
    const registration = await navigator.serviceWorker.getRegistration("/");
    const subscription = registration && (await registration.pushManager.getSubscription());
    if (!subscription) return;
    try {
      await post("/api/push/devices/seen", { endpoint: subscription.endpoint });
      window.localStorage.setItem("helvetia-device-seen", String(Date.now()));
    } catch (_) { /* not one of the person's devices: nothing to tell */ }
  }

  function setUpPushDevices() {
    const button = document.getElementById("push-subscribe");
    if (!button) return;
    if (!pushSupported) {
      document.getElementById("push-unsupported").hidden = false;
    } else if (Notification.permission === "denied") {
      document.getElementById("push-denied").hidden = false;
    } else {
      button.hidden = false;
    }
    const error = document.querySelector(".push-error");
    button.addEventListener("click", async function () {
      button.disabled = true;
      error.hidden = true;
      try {
        if (!(await subscribeThisDevice())) {
          document.getElementById("push-denied").hidden = Notification.permission !== "denied";
        }
        await refreshPart("device-list");
        setUpRemoveDevice();
      } catch (e) {
        showError(error, e.message);
      } finally {
        button.disabled = false;
      }
    });
    setUpRemoveDevice();
  }

  function setUpRemoveDevice() {
    document.querySelectorAll("button[data-remove-device]").forEach(function (button) {
      button.addEventListener("click", async function () {
        button.disabled = true;
        try {
          await post(button.dataset.removeDevice, {});
          await refreshPart("device-list");
          setUpRemoveDevice();
        } catch (e) {
          button.disabled = false;
          showError(document.querySelector(".push-error"), e.message);
        }
      });
    });
  }

  // ---- Webhooks ---------------------------------------------------------------------------

  // A new hook's secret is shown once, in its own box, and the list is read again from the
  // page (the secret is not in it); deleting or resuming a hook reloads the page.
  function setUpWebhooks() {
    const form = document.getElementById("webhook-form");
    if (!form) return;
    handleForm(form, async function () {
      const made = await post(form.dataset.api, {
        url: form.elements.url.value,
        format: form.elements.format.value,
      });
      const shown = document.getElementById("new-webhook");
      shown.querySelector(".secret").textContent = made.secret;
      shown.hidden = false;
      form.reset();
      await refreshWebhookList();
    });
    setUpWebhookButtons();
  }

  async function refreshWebhookList() {
    const list = document.getElementById("webhook-list");
    const response = await fetch(location.href, { credentials: "same-origin" });
    if (!list || !response.ok) return;
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = page.getElementById("webhook-list");
    if (!fresh) return;
    list.replaceWith(document.importNode(fresh, true));
    setUpWebhookButtons();
  }

  function setUpWebhookButtons() {
    document.querySelectorAll("button[data-webhook-post]").forEach(function (button) {
      button.addEventListener("click", async function () {
        button.disabled = true;
        try {
          await post(button.dataset.webhookPost, {});
          location.reload();
        } catch (e) {
          button.disabled = false;
          showError(document.querySelector(".error-banner"), e.message);
        }
      });
    });
  }

  // Reads the part of id `id` again from the page as the server renders it now.
  async function refreshPart(id) {
    const part = document.getElementById(id);
    const response = await fetch(location.href, { credentials: "same-origin" });
    if (!part || !response.ok) return;
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = page.getElementById(id);
    if (fresh) part.replaceWith(document.importNode(fresh, true));
  }

  // ---- The others' last turns -----------------------------------------------------------

  // Marks the legends of the turns this viewer sees (by the seat on #table, or as a spectator)
  // and their pieces. A piece that stays marked keeps its class, so its fade-in plays once.
  function showRecentTurns(table) {
    const viewer = table.dataset.seat === undefined ? "spectators" : table.dataset.seat;
    const off = table.classList.contains("recent-off");
    const pieces = new Set();
    table.querySelectorAll(".recent-legend").forEach(function (legend) {
      const shown = !off && legend.dataset.for.split(" ").includes(viewer);
      legend.classList.toggle("shown", shown);
      if (shown && legend.dataset.pieces) {
        table.querySelectorAll(legend.dataset.pieces).forEach(function (p) { pieces.add(p); });
      }
    });
    table.querySelectorAll(".recent").forEach(function (p) {
      if (!pieces.has(p)) p.classList.remove("recent");
    });
    pieces.forEach(function (p) { p.classList.add("recent"); });
  }

  // ---- The coach of a tutorial game --------------------------------------------------------

  // Marks the pieces the coach's lesson is about (its data-focus, a selector drawn on the
  // server from the view) with .coach-focus; without a coach, nothing is marked.
  function showCoachFocus(table) {
    const coach = table.querySelector("#t-coach");
    const pieces = new Set();
    if (coach && coach.dataset.focus) {
      try {
        table.querySelectorAll(coach.dataset.focus).forEach(function (p) { pieces.add(p); });
      } catch (_) { /* a selector this browser does not know marks nothing */ }
    }
    table.querySelectorAll(".coach-focus").forEach(function (p) {
      if (!pieces.has(p)) p.classList.remove("coach-focus");
    });
    pieces.forEach(function (p) { p.classList.add("coach-focus"); });
  }

  // A legend's button hides the highlight of the others' last turns for the rest of the visit.
  function setUpRecentTurns() {
    const table = document.getElementById("table");
    if (!table) return;
    showRecentTurns(table);
    showCoachFocus(table);
    table.addEventListener("click", function (event) {
      if (!event.target.closest("[data-recent-hide]")) return;
      table.classList.add("recent-off");
      showRecentTurns(table);
    });
  }

  // ---- Tournaments ---------------------------------------------------------------------------

  // Start times come in UTC; each is shown in the reader's own time zone, in the page's language.
  function showLocalTimes(root) {
    root.querySelectorAll("time[data-local-time]").forEach(function (element) {
      const when = new Date(element.getAttribute("datetime"));
      if (isNaN(when.getTime())) return;
      element.textContent = when.toLocaleString(document.documentElement.lang || undefined,
        { dateStyle: "medium", timeStyle: "short" });
    });
  }

  // `date` as a datetime-local field writes it (the reader's time zone, to the minute).
  function localFieldValue(date) {
    const two = function (n) { return String(n).padStart(2, "0"); };
    return date.getFullYear() + "-" + two(date.getMonth() + 1) + "-" + two(date.getDate()) +
      "T" + two(date.getHours()) + ":" + two(date.getMinutes());
  }

  // The tournaments page: its form creates a tournament (starting in an hour unless the person
  // chooses) and opens the tournament's page.
  function setUpTournaments() {
    showLocalTimes(document);
    const form = document.getElementById("tournament-form");
    if (!form) return;
    const start = form.querySelector("#tournament-start");
    if (!start.value) start.value = localFieldValue(new Date(Date.now() + 3600 * 1000));
    handleForm(form, async function (data) {
      const number = function (name) {
        const value = data.get(name);
        return value === null || value === "" ? null : Number(value);
      };
      const startsAt = new Date(String(data.get("starts_at")));
      if (isNaN(startsAt.getTime())) throw new Error(start.validationMessage || start.name);
      const body = {
        name: data.get("name"),
        players: number("players"),
        pace: data.get("pace"),
        rounds: number("rounds"),
        starts_at: startsAt.toISOString(),
        rated: data.get("rated") !== null,
        min_games: number("min_games") || 0,
      };
      if (number("min_rating") !== null) body.min_rating = number("min_rating");
      if (number("round_minutes") !== null && String(body.pace).startsWith("live")) {
        body.round_minutes = number("round_minutes");
      }
      const answer = await post(form.dataset.api, body);
      window.location.href = "/tournaments/" + encodeURIComponent(answer.id);
    });
  }

  // A tournament's page: enter and withdraw; its live part is asked for every 10 seconds while
  // the tournament is not over and redrawn when anything changed (a table ended, a round
  // started). With their permission the browser tells the person when a round gives them a
  // table and when the tournament is over.
  function setUpTournament() {
    const root = document.getElementById("tournament");
    if (!root) return;
    const api = root.dataset.api;
    let live = document.getElementById("tournament-live");
    showLocalTimes(live);
    const redraw = async function () {
      const response = await fetch(window.location.pathname, { credentials: "same-origin" });
      if (!response.ok) return;
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = page.getElementById("tournament-live");
      if (!fresh) return;
      live.replaceWith(fresh);
      live = fresh;
      showLocalTimes(live);
    };
    root.addEventListener("click", async function (event) {
      const button = event.target.closest("[data-tournament-action]");
      if (!button) return;
      if (button.dataset.confirm && !window.confirm(button.dataset.confirm)) return;
      const error = live.querySelector(".form-error");
      if (error) error.hidden = true;
      button.disabled = true;
      try {
        await post(api + "/" + button.dataset.tournamentAction);
        await redraw();
      } catch (e) {
        showError(error, e.message);
        button.disabled = false;
      }
    });
    const notify = function (text, tag, href) {
      if (!("Notification" in window) || Notification.permission !== "granted") return;
      const note = new Notification(text, { tag: tag });
      note.onclick = function () { window.focus(); window.location.href = href; };
    };
    let known = null;
    const ask = async function () {
      let view;
      try {
        const response = await fetch(api, { credentials: "same-origin" });
        if (!response.ok) return;
        view = await response.json();
      } catch (_) { return; /* offline: try again later */ }
      const game = view.you && view.you.game;
      if (known !== null && view.stamp !== live.dataset.stamp) await redraw();
      if (known !== null && game && game !== known.game && view.status === "running") {
        notify(root.dataset.roundStarted, "tableReady" + game, "/games/" + game);
      }
      if (known !== null && known.status === "running" && view.status === "finished" && view.you) {
        const me = document.body.dataset.user;
        const line = view.standings.find(function (s) { return s.name === me; });
        if (line) notify(root.dataset.over.replace("{place}", line.rank), "tournament-over" + view.id, window.location.pathname);
      }
      known = { game: game, status: view.status };
      if (view.status === "finished" || view.status === "cancelled") window.clearInterval(timer);
    };
    const timer = window.setInterval(ask, 10000);
    ask();
  }

  // ---- Every page ------------------------------------------------------------------------

  // ---- Page title -----------------------------------------------------------------------

  // Every page's title: the page's own mark (the game page's "your turn"), then "(games waiting
  // for you) ", then its title.
  const pageTitle = { base: document.title, waiting: 0, mark: "" };
  // Asks for the person's games again at once (the game page does when its turn changes).
  let refreshMyGames = function () {};
  function showTitle() {
    const waiting = pageTitle.waiting > 0 ? "(" + pageTitle.waiting + ") " : "";
    document.title = pageTitle.mark + waiting + pageTitle.base;
  }

  // The header's count of the games awaiting the person, and the table's "next game" while
  // another game than this one awaits them.
  function showAwaiting(games) {
    const waiting = games.filter(function (g) { return g.your_turn; });
    const header = document.querySelector(".awaiting");
    if (header) {
      header.hidden = waiting.length === 0;
      header.querySelector(".awaiting-count").textContent = String(waiting.length);
    }
    const next = document.querySelector(".next-game");
    const table = document.getElementById("table");
    if (next && table) {
      next.hidden = !waiting.some(function (g) { return g.id !== table.dataset.gameId; });
    }
  }

  // "n" opens the next game awaiting the person, unless they are typing.
  function setUpNextGameKey() {
    document.addEventListener("keydown", function (event) {
      if (event.key !== "n" || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target;
      if (target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
      const next = document.querySelector(".next-game");
      if (next && !next.hidden) { event.preventDefault(); next.click(); }
    });
  }

  // With the person's permission, the browser tells them of game `id` in the words of the
  // notification switch's data-`key`; a click opens the game.
  function tellPerson(key, id) {
    const toggle = document.querySelector(".notify-toggle");
    if (!("Notification" in window) || Notification.permission !== "granted" || !toggle) return;
    const note = new Notification(toggle.dataset[key].replace("{id}", id), { tag: key + id });
    note.onclick = function () { window.focus(); window.location.href = "/games/" + id; };
  }

  // Watches the signed-in person's games (now and every 30 seconds): the page title counts those
  // waiting for their decision, and with their permission the browser tells them when it is
  // their turn, a game starts or ends, or their clock runs out within the hour.
  function watchMyGames() {
    if (!document.body.dataset.user) return;
    const toggle = document.querySelector(".notify-toggle");
    const canNotify = "Notification" in window;
    if (toggle && canNotify && Notification.permission === "default") {
      toggle.hidden = false;
      toggle.addEventListener("click", async function () {
        await Notification.requestPermission();
        toggle.hidden = Notification.permission !== "default";
        // Told on this device also while no page of the site is open.
        try { await subscribeThisDevice(); } catch (_) { /* the settings page says why */ }
      });
    }
    const tell = tellPerson;
    let known = null;
    const warned = new Set();
    const ask = async function () {
      let games;
      try {
        const response = await fetch("/api/games?list=mine", { credentials: "same-origin" });
        if (!response.ok) return;
        games = await response.json();
      } catch (_) { return; /* offline: try again later */ }
      pageTitle.waiting = games.filter(function (g) { return g.your_turn; }).length;
      showTitle();
      showAwaiting(games);
      const now = {};
      games.forEach(function (g) { now[g.id] = g; });
      if (known !== null) {
        games.forEach(function (g) {
          const before = known[g.id];
          if (before && before.status === "open" && g.status === "running") tell("started", g.id);
          // A game that appears running was made by "play now" while the person was away.
          if (!before && g.status === "running") tell("tableReady", g.id);
          if (g.your_turn && !(before && before.your_turn)) tell("yourTurn", g.id);
        });
        Object.keys(known).forEach(function (id) {
          if (known[id].status === "running" && !now[id]) tell("ended", id);
        });
      }
      games.forEach(function (g) {
        const soon = g.your_deadline_ms && g.your_deadline_ms - Date.now() < 3600 * 1000;
        if (soon && !warned.has(g.id)) { warned.add(g.id); if (known !== null) tell("soon", g.id); }
      });
      known = now;
    };
    refreshMyGames = ask;
    ask();
    markThisDeviceSeen().catch(function () { /* offline: the next page tells */ });
    window.setInterval(ask, 30000);
  }

  function setUpChrome() {
    const logout = document.querySelector(".logout");
    if (logout) {
      logout.addEventListener("click", async function () {
        try { await post("/api/logout"); } catch (_) { /* logged out anyway */ }
        window.location.href = "/";
      });
    }
    // Keep the rest of the address when switching language.
    document.querySelectorAll(".lang-switch a[data-lang]").forEach(function (link) {
      const url = new URL(window.location.href);
      url.searchParams.set("lang", link.dataset.lang);
      link.href = url.pathname + url.search + url.hash;
    });
    // The list of languages closes on a click elsewhere and on Escape.
    const languages = document.querySelector("details.lang-switch");
    if (languages) {
      document.addEventListener("click", function (event) {
        if (languages.open && !languages.contains(event.target)) languages.open = false;
      });
      languages.addEventListener("keydown", function (event) {
        if (event.key === "Escape" && languages.open) {
          languages.open = false;
          languages.querySelector("summary").focus();
        }
      });
    }
  }

  function setUpAccountForm() {
    const form = document.getElementById("account-form");
    if (!form) return;
    handleForm(form, async function (data) {
      await post(form.dataset.api, {
        username: String(data.get("username") || "").trim(),
        password: String(data.get("password") || ""),
      });
      window.location.href = form.dataset.next || "/lobby";
    });
  }

  // ---- Play now ----------------------------------------------------------------------------

  // The "play now" panel (home page, lobby): waits in the pools chosen, asks where the person
  // stands every second while they wait (a live pool keeps them only while their page asks),
  // and opens their table once it is ready. A wait begun earlier (another page) goes on here.
  function setUpPlayNow() {
    const panel = document.getElementById("play-now");
    if (!panel) return;
    const form = panel.querySelector("#play-now-form");
    const waitingPart = panel.querySelector(".play-now-waiting");
    const status = panel.querySelector(".play-now-status");
    const pools = panel.querySelector(".play-now-pools");
    const api = panel.dataset.api;
    let timer = null;
    const stop = function () {
      if (timer !== null) window.clearInterval(timer);
      timer = null;
    };
    // Kept for the visit while the person waits (a page of the site may reload meanwhile):
    // only then does a table found open by itself.
    const follow = function (on) {
      if (on) window.sessionStorage.setItem("play-now", "1");
      else window.sessionStorage.removeItem("play-now");
    };
    const following = function () { return window.sessionStorage.getItem("play-now") === "1"; };
    const paceWords = function (pace) {
      const option = form.querySelector('#play-now-pace option[value="' + pace + '"]');
      return option ? option.textContent : pace;
    };
    const clock = function (ms) {
      const secs = Math.max(0, Math.floor(ms / 1000));
      return Math.floor(secs / 60) + ":" + String(secs % 60).padStart(2, "0");
    };
    const show = function (answer) {
      if (answer.state === "seated" && answer.game && following()) {
        stop();
        follow(false);
        tellPerson("tableReady", answer.game);
        window.location.href = "/games/" + encodeURIComponent(answer.game);
        return;
      }
      const waiting = answer.state === "waiting" || answer.state === "seating";
      form.hidden = waiting;
      waitingPart.hidden = !waiting;
      if (!waiting) { stop(); follow(false); return; }
      follow(true);
      if (answer.state === "seating") {
        status.textContent = panel.dataset.seating;
      } else {
        const since = Math.min.apply(null, answer.pools.map(function (p) { return p.since_ms; }));
        status.textContent = panel.dataset.waiting.replace("{time}", clock(Date.now() - since));
      }
      pools.replaceChildren.apply(pools, answer.pools.map(function (p) {
        const item = document.createElement("li");
        item.textContent = panel.dataset.pool.replace("{players}", p.players).replace("{pace}", paceWords(p.pace));
        return item;
      }));
      if (timer === null) timer = window.setInterval(ask, 1000);
    };
    const ask = async function () {
      try {
        const response = await fetch(api, { credentials: "same-origin" });
        if (response.ok) show(await response.json());
      } catch (_) { /* offline: try again at the next tick */ }
    };
    handleForm(form, async function (data) {
      const players = String(data.get("players"));
      const bot = String(data.get("bot") || "");
      const answer = await post(api, {
        players: players === "any" ? [2, 3, 4] : [Number(players)],
        pace: String(data.get("pace")),
        bot_after_secs: bot === "" ? null : Number(bot),
      });
      follow(true);
      if (timer === null) timer = window.setInterval(ask, 1000);
      show(answer);
    });
    panel.querySelector(".play-now-cancel").addEventListener("click", async function () {
      stop();
      follow(false);
      try {
        show(await post(api + "/cancel"));
      } catch (e) {
        showError(status, e.message);
      }
    });
    ask();
  }

  // ---- Lobby -------------------------------------------------------------------------------

  function seatRequest(value, botName) {
    if (value.startsWith("bot:")) return { kind: "bot", level: value.slice(4) };
    if (value === "bot_account") return { kind: "bot_account", name: botName.trim() };
    return { kind: value };
  }

  // The lobby's time control choice "bank:per-turn:increment" (seconds), or none.
  function timeControl(value, standIn) {
    if (value === "") return null;
    const parts = value.split(":").map(Number);
    return { bank_secs: parts[0], per_turn_secs: parts[1], increment_secs: parts[2], stand_in: standIn };
  }

  // Hides the lobby's games that do not match the filters.
  function setUpLobbyFilters() {
    const filters = document.querySelector(".lobby-filters");
    if (!filters) return;
    const apply = function () {
      const wanted = {
        players: filters.elements.players.value,
        pace: filters.elements.pace.value,
        rated: filters.elements.rated.value,
      };
      document.querySelectorAll(".lists li[data-game-id], #my-games li[data-game-id]").forEach(function (item) {
        item.hidden = Object.keys(wanted).some(function (key) {
          return wanted[key] !== "" && item.dataset[key] !== wanted[key];
        });
      });
    };
    // The lobby reloads itself when games change: keep the choice for the visit.
    ["players", "pace", "rated"].forEach(function (key) {
      const kept = window.sessionStorage.getItem("lobby-filter-" + key);
      if (kept !== null) filters.elements[key].value = kept;
    });
    filters.addEventListener("change", function () {
      ["players", "pace", "rated"].forEach(function (key) {
        window.sessionStorage.setItem("lobby-filter-" + key, filters.elements[key].value);
      });
      apply();
    });
    apply();
  }

  function setUpLobby() {
    const form = document.getElementById("create-game");
    if (form) {
      const players = form.querySelector("#players");
      // A seat kept for a bot account asks for its name.
      const showSeats = function () {
        const n = Number(players.value);
        form.querySelectorAll(".seat").forEach(function (seat) {
          seat.hidden = Number(seat.dataset.seat) >= n;
        });
        form.querySelectorAll(".seat-bot-name").forEach(function (name) {
          const i = Number(name.dataset.seat);
          name.hidden = i >= n || form.elements["seat" + i].value !== "bot_account";
          name.querySelector("input").required = !name.hidden;
        });
      };
      // Hints are offered only while every other seat shown is a bot (the server checks too).
      const hints = form.querySelector("#hints");
      const hintsChoice = hints.closest("label");
      const showHints = function () {
        const n = Number(players.value);
        const kinds = [];
        for (let i = 0; i < n; i++) kinds.push(String(form.elements["seat" + i].value));
        const mine = kinds.filter(function (kind) { return kind === "me"; }).length;
        const bots = kinds.filter(function (kind) { return kind.startsWith("bot:"); }).length;
        const botAccounts = kinds.filter(function (kind) { return kind === "bot_account"; }).length;
        hintsChoice.hidden = !(mine === 1 && bots === n - 1);
        if (hintsChoice.hidden) hints.checked = false;
        // A game with a bot, built in or a bot account, is never rated (the server ignores the
        // box): not ticked then.
        const rated = form.querySelector("#rated");
        const withBots = bots + botAccounts > 0;
        if (withBots && !rated.disabled) rated.dataset.wanted = String(rated.checked);
        if (!withBots && rated.disabled) rated.checked = rated.dataset.wanted !== "false";
        if (withBots) rated.checked = false;
        rated.disabled = withBots;
      };
      players.addEventListener("change", showSeats);
      players.addEventListener("change", showHints);
      form.querySelectorAll(".seat select").forEach(function (select) {
        select.addEventListener("change", showHints);
        select.addEventListener("change", showSeats);
      });
      showSeats();
      showHints();
      // An empty target follows the tiles option (20 with character tiles, 18 without).
      const tiles = form.querySelector("#character_tiles");
      const target = form.querySelector("#target_vp");
      const showTarget = function () {
        target.placeholder = tiles.checked ? target.dataset.withTiles : target.dataset.withoutTiles;
      };
      tiles.addEventListener("change", showTarget);
      showTarget();
      handleForm(form, async function (data) {
        const n = Number(data.get("players"));
        const limit = String(data.get("round_limit") || "").trim();
        const seats = [];
        for (let i = 0; i < n; i++) {
          seats.push(seatRequest(String(data.get("seat" + i)), String(data.get("seat" + i + "_bot") || "")));
        }
        const body = {
          options: {
            players: n,
            setup: data.get("setup") || "Draft",
            character_tiles: form.querySelector("#character_tiles").checked,
            target_vp: target.value.trim() === "" ? null : Number(target.value),
            direction: data.get("direction") || "CounterClockwise",
            round_limit: limit === "" ? null : Number(limit),
          },
          seats: seats,
          rated: form.querySelector("#rated").checked,
          spectators_apart: form.querySelector("#spectators_apart").checked,
          on_resign: String(data.get("on_resign") || "bot"),
          hints: hints.checked && !hintsChoice.hidden,
          time_control: timeControl(String(data.get("time_control") || ""), String(data.get("stand_in") || "greedy")),
        };
        const created = await post(form.dataset.api, body);
        const waiting = seats.some(function (s) {
          return s.kind === "open" || s.kind === "invite" || s.kind === "bot_account";
        });
        if (!waiting) {
          // Only the creator and bots: nothing to wait for.
          await post("/api/games/" + created.id + "/start");
          window.location.href = "/games/" + created.id;
          return;
        }
        // The game's page is its waiting room: the invitation links stay there for the host.
        window.location.href = "/games/" + created.id;
      });
    }
  }

  // Join, start and leave buttons, in the lobby and in a game's waiting room.
  function setUpSeatButtons() {
    document.addEventListener("click", async function (event) {
      const button = event.target.closest("[data-join], [data-start], [data-leave], [data-invite-join]");
      if (!button) return;
      button.disabled = true;
      try {
        if (button.dataset.join) {
          await post("/api/games/" + button.dataset.join + "/join", { seat: Number(button.dataset.seat) });
          window.location.href = "/games/" + button.dataset.join;
        } else if (button.dataset.start) {
          await post("/api/games/" + button.dataset.start + "/start");
          window.location.href = "/games/" + button.dataset.start;
        } else if (button.dataset.leave) {
          const left = await post("/api/games/" + button.dataset.leave + "/leave");
          if (left && left.cancelled) window.location.href = "/lobby";
          else window.location.reload();
        } else {
          const game = button.dataset.inviteJoin;
          await post("/api/games/" + game + "/join", { invite: button.dataset.invite });
          window.location.href = "/games/" + game;
        }
      } catch (e) {
        button.disabled = false;
        window.alert(e.message);
      }
    });
  }

  function setUpLobbyLists() {
    const form = document.getElementById("create-game");

    // Keep "My games" current: when a game starts, fills up or waits for you, reload the
    // page, unless you are filling in the create form.
    const mine = document.getElementById("my-games");
    let touched = false;
    if (form) form.addEventListener("input", function () { touched = true; });
    if (mine) {
      const shown = function () {
        return Array.from(mine.querySelectorAll("[data-signature]"))
          .map(function (item) { return item.dataset.signature; }).sort().join("|");
      };
      window.setInterval(async function () {
        // Not while you type.
        if (document.hidden || touched) return;
        try {
          const response = await fetch("/api/games?list=mine", { credentials: "same-origin" });
          if (!response.ok) return;
          const games = await response.json();
          const now = games.map(function (g) {
            return g.id + ":" + g.status + ":" + g.your_turn + ":" + g.players.length;
          }).sort().join("|");
          // Reload once per change, even if the page and the list disagree for good.
          if (now !== shown() && window.sessionStorage.getItem("helvetia-lobby") !== now) {
            window.sessionStorage.setItem("helvetia-lobby", now);
            window.location.reload();
          }
        } catch (_) { /* try again later */ }
      }, 8000);
    }
  }

  // ---- The waiting room of a game that has not started -------------------------------------

  function setUpWaitingRoom() {
    const room = document.querySelector(".waiting-room");
    if (!room) return;
    // Links are drawn as paths; copy them whole.
    room.querySelectorAll("[data-copy]").forEach(function (button) {
      const link = new URL(button.dataset.copy, window.location.href).href;
      const field = button.parentElement.querySelector("input");
      if (field) field.value = link;
      const label = button.textContent;
      button.addEventListener("click", async function () {
        try {
          await navigator.clipboard.writeText(link);
        } catch (_) {
          // Without clipboard access (no secure context): select the text to copy by hand.
          if (field) { field.focus(); field.select(); }
          return;
        }
        button.textContent = button.dataset.copied;
        window.setTimeout(function () { button.textContent = label; }, 2000);
      });
    });
    // Follow the game: when someone takes or leaves a seat, or the game starts or is cancelled.
    const id = room.dataset.gameId;
    const taken = Number(room.dataset.taken);
    window.setInterval(async function () {
      if (document.hidden) return;
      try {
        const response = await fetch("/api/games/" + id, { credentials: "same-origin" });
        if (response.status === 404) { window.location.href = "/lobby"; return; }  // cancelled
        if (!response.ok) return;
        const game = await response.json();
        const seated = game.players.filter(function (s) {
          return s.kind === "human" || s.kind === "bot";
        }).length;
        if (game.status !== "open" || seated !== taken) window.location.reload();
      } catch (_) { /* try again later */ }
    }, 3000);
  }

  // ---- The game table ------------------------------------------------------------------------

  let audio = null;

  function soundOn() {
    return window.localStorage.getItem("helvetia-sound") !== "off";
  }

  // Browsers only let a page make sound after a click or key press: open the audio context
  // on the first one, so that the chime can play later when the turn comes.
  function unlockAudio() {
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      if (audio.state === "suspended") audio.resume();
    } catch (_) { /* no audio here */ }
  }

  // Two short notes: "your turn". Only once a click or key press opened the audio context:
  // before that the browser refuses it (and complains in the console every time).
  function chime() {
    if (!soundOn() || !audio || audio.state !== "running") return;
    try {
      [660, 880].forEach(function (frequency, i) {
        const start = audio.currentTime + i * 0.16;
        const osc = audio.createOscillator();
        const gain = audio.createGain();
        osc.frequency.value = frequency;
        gain.gain.setValueAtTime(0.0001, start);
        gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.15);
        osc.connect(gain).connect(audio.destination);
        osc.start(start);
        osc.stop(start + 0.16);
      });
    } catch (_) { /* no audio here */ }
  }

  function setUpSoundToggle() {
    const toggle = document.querySelector(".sound-toggle");
    if (!toggle) return;
    const show = function () {
      const on = soundOn();
      toggle.textContent = on ? toggle.dataset.on : toggle.dataset.off;
      toggle.setAttribute("aria-pressed", on ? "true" : "false");
    };
    toggle.addEventListener("click", function () {
      window.localStorage.setItem("helvetia-sound", soundOn() ? "off" : "on");
      show();
    });
    show();
  }

  function closeChoosers(table) {
    table.querySelectorAll(".chooser, .confirm").forEach(function (c) { c.hidden = true; });
  }

  // Pieces that look clickable. When one is not a legal action now, the prompt's line says why
  // (the server wrote the reason into `data-refusal`); nothing is sent.
  const PIECES = "g.cell, g.character, g.offer, g.market-good, g.start-building, g.dowry-coin, " +
    "g.centre-target, g.character-tile-target, g.cost-material, g.quarter";

  function showRefusal(table) {
    const prompt = table.querySelector("#t-prompt");
    const line = prompt && prompt.querySelector(".refusal");
    if (!line || !prompt.dataset.refusal) return false;
    line.textContent = prompt.dataset.refusal;
    line.hidden = false;
    return true;
  }

  // Clicks and keys on the table: `onAction(i)` for a legal action, `onUndo()` for undo.
  function wireTable(table, onAction, onUndo) {
    let opener = null;
    const activate = function (target) {
      const confirmed = target.closest("[data-confirmed]");
      if (confirmed) {
        closeChoosers(table);
        onAction(Number(confirmed.dataset.confirmed));
        return true;
      }
      const action = target.closest("[data-action]");
      if (action) {
        closeChoosers(table);
        // A decision that leaves coins unused asks first, in the line the server drew for it.
        const confirm = table.querySelector('.confirm[data-confirm-for="' + action.dataset.action + '"]');
        if (confirm) {
          opener = action;
          confirm.hidden = false;
          confirm.querySelector("[data-confirmed]").focus();
          return true;
        }
        onAction(Number(action.dataset.action));
        return true;
      }
      const chooserTarget = target.closest("[data-chooser]");
      if (chooserTarget) {
        closeChoosers(table);
        const chooser = document.getElementById(chooserTarget.dataset.chooser);
        if (chooser) {
          opener = chooserTarget;
          chooser.hidden = false;
          const first = chooser.querySelector("button");
          if (first) first.focus();
        }
        return true;
      }
      if (target.closest(".chooser-cancel, .confirm-cancel")) {
        closeChoosers(table);
        if (opener && document.body.contains(opener)) opener.focus();
        return true;
      }
      if (target.closest("[data-undo]")) {
        onUndo();
        return true;
      }
      if (target.closest(PIECES)) return showRefusal(table);
      return false;
    };
    table.addEventListener("click", function (event) {
      if (activate(event.target)) event.preventDefault();
    });
    table.addEventListener("keydown", function (event) {
      const dialog = table.querySelector(".chooser:not([hidden])");
      if (event.key === "Escape") {
        closeChoosers(table);
        if (dialog && opener && document.body.contains(opener)) opener.focus();
        return;
      }
      // An open chooser is a modal dialog: Tab goes round its buttons.
      if (event.key === "Tab" && dialog) {
        const buttons = Array.from(dialog.querySelectorAll("button"));
        const at = buttons.indexOf(document.activeElement);
        const next = at < 0 ? 0 : (at + (event.shiftKey ? buttons.length - 1 : 1)) % buttons.length;
        buttons[next].focus();
        event.preventDefault();
        return;
      }
      if (event.key !== "Enter" && event.key !== " ") return;
      // Buttons handle their own keys; SVG targets need Enter and Space.
      if (event.target.tagName === "BUTTON") return;
      if (event.target.matches("[data-action], [data-chooser]") && activate(event.target)) {
        event.preventDefault();
      }
    });
  }

  // Whether the person last used the keyboard (rather than a pointer): then focus moves are
  // shown and scrolled to.
  let keyboardUser = false;
  document.addEventListener("keydown", function () { keyboardUser = true; }, true);
  document.addEventListener("pointerdown", function () { keyboardUser = false; }, true);

  // After a move, when the focus fell with the piece it was on: to the next thing to decide,
  // a highlighted piece of the board or else the prompt's first button.
  function focusNextDecision(table) {
    const root = table.querySelector(".table-root");
    if (!root || root.dataset.yourTurn !== "true") return;
    const shown = function (el) { return el.getBoundingClientRect().width > 0; };
    // The village shown (large on a desk, alone on a phone) first, then the rest of the board.
    const village = table.querySelector('.panel.village[data-village="' + table.dataset.villageShown + '"]');
    const next = (village && Array.from(village.querySelectorAll("[data-action], [data-chooser]")).find(shown)) ||
      Array.from(table.querySelectorAll(".panels [data-action], .panels [data-chooser]")).find(shown) ||
      Array.from(table.querySelectorAll("#t-prompt button")).find(shown);
    if (next) next.focus({ preventScroll: !keyboardUser });
  }

  // Reads out what the others did: their new lines of the log, as sentences, in the page's
  // live region (the viewer's own decisions they made themselves).
  function announce(table, linesBefore) {
    const region = document.getElementById("announcer");
    if (!region) return;
    const seat = table.dataset.seat;
    const said = Array.from(table.querySelectorAll("#log .log-lines p")).slice(linesBefore)
      .map(function (line) {
        const group = line.closest("li");
        const who = group && group.querySelector(":scope > b");
        if (seat !== undefined && group && group.classList.contains("s" + seat)) return null;
        const text = line.textContent.trim().replace(/[.!?]?$/, ".");
        return who ? who.textContent + ": " + text : text;
      })
      .filter(function (text) { return text; });
    if (said.length) region.textContent = said.join(" ");
  }

  // Time left as the clocks show it: 4:07, 1:04:07, or "2 d 03:10" from a day on.
  function formatLeft(ms, daysPattern) {
    const secs = Math.ceil(ms / 1000);
    const days = Math.floor(secs / 86400);
    const hours = Math.floor((secs % 86400) / 3600);
    const minutes = Math.floor((secs % 3600) / 60);
    const two = function (n) { return String(n).padStart(2, "0"); };
    if (days > 0) return (daysPattern || "{d} d").replace("{d}", days) + " " + two(hours) + ":" + two(minutes);
    if (hours > 0) return hours + ":" + two(minutes) + ":" + two(secs % 60);
    return minutes + ":" + two(secs % 60);
  }

  // ---- Puzzles ---------------------------------------------------------------------------

  // A puzzle is answered on its table with the table's own clicks and keys: the first action
  // chosen is sent as the attempt (in a streak with the run's count), the status line says
  // what came of it (in the reader's language, from the server), and the way to the next
  // puzzle opens (in a streak where the server says: the run's next puzzle or a new run).
  // A puzzle of several decisions of one turn goes on after a right answer: the server puts
  // the next decision's table in place of this one and the next click answers it, sent with
  // the answers before it (`line`).
  function setUpPuzzle() {
    const table = document.getElementById("table");
    if (!table || !table.dataset.puzzle) return;
    const banner = document.querySelector(".error-banner");
    const result = document.querySelector(".puzzle-result");
    const next = document.querySelector(".puzzle-next");
    const line = [];
    let answered = false;
    wireTable(
      table,
      async function (index) {
        if (answered) return;
        answered = true;
        try {
          const body = { action: index, line: line };
          if (table.dataset.streak !== undefined) body.streak = Number(table.dataset.streak);
          const answer = await post("/api/puzzles/" + table.dataset.puzzle + "/attempt", body);
          result.textContent = answer.said;
          if (answer.next) {
            line.push(index);
            table.innerHTML = answer.next.table;
            table.dataset.step = String(answer.next.step);
            result.dataset.solved = "going";
            answered = false;
            return;
          }
          result.dataset.solved = answer.solved ? "true" : "false";
          if (answer.streak) {
            next.href = answer.streak.next;
            next.textContent = answer.streak.label;
          }
          next.hidden = false;
          next.focus();
        } catch (error) {
          answered = false;
          showError(banner, error.message);
        }
      },
      function () {}
    );
  }

  // ---- Chat ------------------------------------------------------------------------------

  // Adds a chat line (as text, never markup) unless it is there already or its author is muted;
  // says whether it added it.
  function addChatLine(chat, line, muted) {
    const list = chat.querySelector(".chat-lines");
    if (muted.has(line.name) || list.querySelector('[data-idx="' + line.idx + '"]')) return false;
    const item = document.createElement("li");
    item.dataset.idx = String(line.idx);
    item.dataset.step = String(line.step);
    item.dataset.name = line.name;
    const name = document.createElement("span");
    name.className = "chat-name";
    name.textContent = line.name;
    item.appendChild(name);
    if (line.seat === null) {
      const role = document.createElement("span");
      role.className = "chat-role muted small";
      role.textContent = " (" + chat.dataset.spectator + ")";
      item.appendChild(role);
    }
    item.appendChild(document.createTextNode(": "));
    const text = document.createElement("span");
    text.className = "chat-text";
    text.textContent = line.text;
    item.appendChild(text);
    const me = document.body.dataset.user;
    if (line.name !== me) {
      const mute = document.createElement("button");
      mute.type = "button";
      mute.className = "link chat-mute";
      mute.dataset.mute = line.name;
      mute.textContent = chat.dataset.muteLabel;
      item.appendChild(document.createTextNode(" "));
      item.appendChild(mute);
    }
    list.appendChild(item);
    list.scrollTop = list.scrollHeight;
    return true;
  }

  // The count of others' lines that came while the chat was out of view: on the chat button
  // (.chat-jump), said politely, and cleared once the chat is seen (in view on a visible page,
  // or the button followed). Returns the function that counts a line added.
  function unreadChat(chat) {
    const jump = document.querySelector(".chat-jump");
    const badge = jump && jump.querySelector(".chat-unread");
    const status = document.querySelector(".chat-unread-status");
    if (!badge || !status) return function () {};
    let unread = 0;
    let inView = false;
    const show = function () {
      badge.textContent = unread > 0 ? String(unread) : "";
      badge.hidden = unread === 0;
      jump.classList.toggle("has-unread", unread > 0);
      status.textContent = unread > 0 ? jump.dataset.unread.replace("{n}", String(unread)) : "";
    };
    const seen = function () {
      return inView && document.visibilityState === "visible";
    };
    const clear = function () {
      if (unread === 0) return;
      unread = 0;
      show();
    };
    if ("IntersectionObserver" in window) {
      new IntersectionObserver(function (entries) {
        inView = entries.some(function (entry) { return entry.isIntersecting; });
        if (seen()) clear();
      }, { threshold: 0.25 }).observe(chat);
    }
    document.addEventListener("visibilitychange", function () { if (seen()) clear(); });
    jump.addEventListener("click", function () {
      clear();
      const field = chat.querySelector('.chat-form input[name="text"]');
      if (field) field.focus({ preventScroll: true });
    });
    return function (line) {
      if (line.name === document.body.dataset.user || seen()) return;
      unread += 1;
      show();
    };
  }

  function setUpChat(gameId) {
    const chat = document.querySelector(".chat");
    const form = chat && chat.querySelector(".chat-form");
    if (!form) return null;
    const error = chat.querySelector(".chat-error");
    const muted = new Set();
    const say = async function (body) {
      try {
        const line = await post("/api/games/" + gameId + "/chat", body);
        error.hidden = true;
        addChatLine(chat, line, muted);
        return true;
      } catch (e) {
        showError(error, e.message);
        return false;
      }
    };
    form.addEventListener("submit", async function (event) {
      event.preventDefault();
      const field = form.querySelector('input[name="text"]');
      if (await say({ text: field.value })) field.value = "";
    });
    chat.addEventListener("click", async function (event) {
      const phrase = event.target.closest("[data-phrase]");
      if (phrase) { say({ phrase: phrase.dataset.phrase }); return; }
      const mute = event.target.closest("[data-mute]");
      if (!mute) return;
      const name = mute.dataset.mute;
      try {
        await post("/api/players/" + encodeURIComponent(name) + "/mute", {});
        muted.add(name);
        chat.querySelectorAll(".chat-lines li").forEach(function (item) {
          if (item.dataset.name === name) item.remove();
        });
      } catch (e) {
        showError(error, e.message);
      }
    });
    const reload = async function () {
      const response = await fetch("/api/games/" + gameId + "/chat", { credentials: "same-origin" });
      if (!response.ok) return;
      (await response.json()).forEach(function (line) { addChatLine(chat, line, muted); });
    };
    const countUnread = unreadChat(chat);
    return function (message) {
      if (message.type === "chat" && addChatLine(chat, message.line, muted)) countUnread(message.line);
      if (message.type === "chat-reload") reload();
    };
  }

  function setUpGame() {
    const table = document.getElementById("table");
    if (!table || !table.dataset.ws) return;
    const banner = document.querySelector(".error-banner");
    const connection = document.querySelector(".connection");
    const onChat = setUpChat(table.dataset.gameId);
    let socket = null;
    let retry = 500;
    let yourTurn = false;
    let version = 0;

    const readRoot = function () {
      const root = table.querySelector(".table-root");
      if (!root) return;
      version = Number(root.dataset.version || 0);
      const nowYourTurn = root.dataset.yourTurn === "true";
      if (nowYourTurn && !yourTurn) chime();
      if (nowYourTurn !== yourTurn) refreshMyGames();
      yourTurn = nowYourTurn;
      pageTitle.mark = yourTurn ? "● " + table.dataset.yourTurnTitle + " – " : "";
      showTitle();
      document.body.classList.toggle("your-turn", yourTurn);
    };

    const send = function (message) {
      if (!socket || socket.readyState !== WebSocket.OPEN) {
        showError(banner, connection.dataset.lost);
        return;
      }
      banner.hidden = true;
      table.classList.add("pending");
      socket.send(JSON.stringify(message));
    };

    const connect = function () {
      connection.textContent = connection.dataset.connecting;
      const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
      socket = new WebSocket(scheme + window.location.host + withLayout(table.dataset.ws));
      socket.addEventListener("open", function () {
        retry = 500;
        connection.textContent = "";
        table.dataset.connected = "true";
      });
      socket.addEventListener("message", function (event) {
        // The socket is opened with ?format=html: the first table is the table's HTML itself
        // (it carries its version), later ones are "table" messages with what changed;
        // anything else is a JSON message, such as an error.
        const whole = event.data.startsWith("<");
        let message = null;
        if (!whole) {
          try { message = JSON.parse(event.data); } catch (_) { return; }
        }
        if (whole || message.type === "table") {
          const focused = document.activeElement && document.activeElement.getAttribute("aria-label");
          const reading = logReadingPlace(table);
          const linesBefore = whole ? null : table.querySelectorAll("#log .log-lines p").length;
          if (whole) {
            table.innerHTML = event.data;
          } else if (!applyChanges(table, message)) {
            // This table is not the one the changes were made for: start again with a whole one.
            socket.close();
            return;
          }
          table.classList.remove("pending");
          readRoot();
          showClocks();
          showRecentTurns(table);
          showCoachFocus(table);
          keepLogPlace(table, reading);
          showDecidingVillage(table);
          // Keep keyboard users where they were when the same target is still there.
          if (focused && !table.contains(document.activeElement)) {
            const again = Array.from(table.querySelectorAll("[aria-label]"))
              .find(function (el) { return el.getAttribute("aria-label") === focused; });
            if (again) again.focus();
          }
          if (!document.activeElement || document.activeElement === document.body) focusNextDecision(table);
          if (linesBefore !== null) announce(table, linesBefore);
          return;
        }
        if (onChat) onChat(message);
        if (message.type === "error") {
          table.classList.remove("pending");
          showError(banner, message.message);
        }
      });
      socket.addEventListener("close", function () {
        table.dataset.connected = "false";
        connection.textContent = connection.dataset.lost;
        window.setTimeout(connect, retry);
        retry = Math.min(retry * 2, 10000);
      });
    };

    // Clocks count down to their deadline by the server's time (the page says what it was).
    const skew = Number(table.dataset.serverNow || Date.now()) - Date.now();
    const showClocks = function () {
      showResign();
      const strip = table.querySelector(".clocks");
      if (!strip) return;
      strip.querySelectorAll(".clock.running[data-deadline]").forEach(function (clock) {
        const left = Math.max(0, Number(clock.dataset.deadline) - (Date.now() + skew));
        const shown = clock.querySelector(".clock-left");
        if (shown) shown.textContent = formatLeft(left, strip.dataset.days);
      });
      table.querySelectorAll(".stand-in-notice").forEach(function (notice) {
        notice.hidden = notice.dataset.forSeat !== table.dataset.seat;
      });
      // The vote to end is offered to the seats that may still vote.
      table.querySelectorAll(".end-vote").forEach(function (offer) {
        const button = offer.querySelector("[data-end-vote]");
        if (button) button.hidden = !offer.dataset.voters.split(" ").includes(table.dataset.seat);
      });
      // Only the players can ask to play again.
      table.querySelectorAll("[data-rematch]").forEach(function (button) {
        button.hidden = table.dataset.seat === undefined;
      });
    };
    // A player may resign while the game runs, once, after saying yes to the question.
    const resign = document.querySelector("[data-resign]");
    const showResign = function () {
      const root = table.querySelector(".table-root");
      if (!resign || !root) return;
      const resigned = (root.dataset.resigned || "").split(" ");
      resign.hidden = root.dataset.status !== "running" || resigned.includes(table.dataset.seat);
      if (resign.hidden) resign.querySelector(".resign-confirm").hidden = true;
    };
    if (resign) {
      resign.addEventListener("click", async function (event) {
        const ask = resign.querySelector(".resign-confirm");
        if (event.target.closest("[data-resign-open]")) {
          ask.hidden = false;
        } else if (event.target.closest("[data-resign-no]")) {
          ask.hidden = true;
        } else if (event.target.closest("[data-resign-yes]")) {
          const yes = event.target.closest("[data-resign-yes]");
          yes.disabled = true;
          try {
            await post("/api/games/" + resign.dataset.resign + "/resign", {});
            ask.hidden = true;
          } catch (error) {
            showError(banner, error.message);
          }
          yes.disabled = false;
        }
      });
    }
    window.setInterval(showClocks, 500);
    table.addEventListener("click", async function (event) {
      const vote = event.target.closest("[data-end-vote]");
      if (vote) {
        vote.disabled = true;
        try {
          await post("/api/games/" + vote.dataset.endVote + "/end-vote", {});
        } catch (error) {
          showError(banner, error.message);
          vote.disabled = false;
        }
        return;
      }
      const again = event.target.closest("[data-rematch]");
      if (!again) return;
      again.disabled = true;
      try {
        const next = await post("/api/games/" + again.dataset.rematch + "/rematch", {});
        if (next.invite || next.full) {
          await post("/api/games/" + next.id + (next.full ? "/start" : "/join"),
            next.full ? {} : { invite: next.invite });
          window.location.href = "/games/" + next.id;
        } else {
          // The new game's waiting room, until the others have joined.
          window.location.href = "/games/" + next.id;
        }
      } catch (error) {
        showError(banner, error.message);
        again.disabled = false;
      }
    });
    // A hint for the person's decision in a game against bots only: the search's answer in
    // words below the prompt's buttons (the prompt is replaced, answer and all, on any change).
    table.addEventListener("click", async function (event) {
      const button = event.target.closest("[data-hint]");
      if (!button) return;
      const box = table.querySelector(".hint-answer");
      const label = button.textContent;
      button.disabled = true;
      button.textContent = button.dataset.working || label;
      try {
        const hint = await post("/api/games/" + table.dataset.gameId + "/hint",
          { version: Number(button.dataset.hint) });
        if (box) {
          box.replaceChildren.apply(box, hint.words.map(function (words) {
            const line = document.createElement("p");
            line.textContent = words;
            return line;
          }));
          box.hidden = false;
        }
      } catch (error) {
        showError(box, error.message);
      } finally {
        button.disabled = false;
        button.textContent = label;
      }
    });
    table.addEventListener("click", async function (event) {
      const button = event.target.closest("[data-take-back]");
      if (!button) return;
      button.disabled = true;
      try {
        await post("/api/games/" + table.dataset.gameId + "/return", {});
      } catch (error) {
        showError(banner, error.message);
        button.disabled = false;
      }
    });

    wireTable(
      table,
      function (index) { send({ type: "action", version: version, index: index }); },
      function () { send({ type: "undo", version: version }); }
    );
    setUpSoundToggle();
    document.addEventListener("pointerdown", unlockAudio, { once: true });
    document.addEventListener("keydown", unlockAudio, { once: true });
    readRoot();
    showClocks();
    keepLogPlace(table, null);
    connect();
    // A window that becomes a phone's width, or stops being one, wants its villages arranged
    // anew: the server sends the whole table again in the other layout (and a connection made
    // later asks for it in its address).
    phone.addEventListener("change", function () {
      if (socket && socket.readyState === WebSocket.OPEN)
        socket.send(JSON.stringify({ type: "layout", layout: phone.matches ? "narrow" : "wide" }));
    });
  }

  // Elements made from the server's markup.
  function parse(html) {
    const holder = document.createElement("template");
    holder.innerHTML = html;
    return holder.content;
  }

  // Markup to replace `target` with: inside an SVG it is parsed inside an <svg>, so that its
  // elements are SVG elements and not unknown HTML ones.
  function parseFor(target, html) {
    if (target.namespaceURI !== "http://www.w3.org/2000/svg") return parse(html);
    const svg = parse("<svg xmlns=\"http://www.w3.org/2000/svg\">" + html + "</svg>").firstElementChild;
    const fragment = document.createDocumentFragment();
    fragment.append.apply(fragment, Array.from(svg.childNodes));
    return fragment;
  }

  // Pieces that move between parts glide from where they were to where they are now (coins to
  // characters and centres, buildings from the display into a village), villagers who lie down
  // or stand up turn where they are, and pieces that appear (cubes on the market, villagers
  // moving in) fade in. Each lasts a moment, any click or key ends it, and nothing moves for a
  // reader who prefers reduced motion. The table says how many pieces moved, turned and
  // appeared in its last change (`data-moved`, `data-turned`, `data-appeared`), for tools and
  // tests.
  const MOTION_MS = 450;
  const motions = [];

  function pieceKey(el) {
    // By kind and colour, not by class: the highlight of a recent turn adds classes.
    if (el.matches(".coin, .cube")) {
      return (el.classList.contains("coin") ? "coin " : "cube ") + el.getAttribute("fill");
    }
    if (el.matches(".villager")) {
      const body = el.querySelector("path");
      return "villager " + (body && body.getAttribute("fill")) + " " + el.dataset.sex + " " + el.dataset.state;
    }
    return "building " + el.dataset.kind;
  }

  // Where each piece inside `elements` is in its panel (pieces not shown are left out): by
  // panel, so that a panel pushed down by a longer prompt moves none of its pieces.
  function piecesIn(elements) {
    const pieces = [];
    elements.forEach(function (root) {
      if (!root.querySelectorAll) return;
      root.querySelectorAll(".coin, .cube, .villager, [data-kind]").forEach(function (el) {
        const panel = el.closest(".panel[id]");
        const r = el.getBoundingClientRect();
        if (!panel || (r.width === 0 && r.height === 0)) return;
        const p = panel.getBoundingClientRect();
        pieces.push({ el: el, key: pieceKey(el), panel: panel.id,
                      x: r.left + r.width / 2 - p.left, y: r.top + r.height / 2 - p.top,
                      pose: el.matches(".villager") ? pose(el) : null });
      });
    });
    return pieces;
  }

  // A villager's whole placement (where it stands, its size, whether it lies) as one CSS
  // transform, so that a turn from one pose to the other can be drawn between the two.
  function pose(el) {
    const placed = el.transform && el.transform.baseVal.consolidate();
    if (!placed) return null;
    const m = placed.matrix;
    return "matrix(" + [m.a, m.b, m.c, m.d, m.e, m.f].join(", ") + ")";
  }

  // The same villager in its other pose (standing or lying) close to where `now` is: its key
  // without the state, in the same panel, less than a figure's height away.
  function otherPose(gone, now) {
    if (!now.pose) return -1;
    const kin = now.key.slice(0, now.key.lastIndexOf(" "));
    return gone.findIndex(function (old) {
      return old.pose && old.key !== now.key && old.key.slice(0, old.key.lastIndexOf(" ")) === kin
        && old.panel === now.panel && Math.hypot(old.x - now.x, old.y - now.y) < 40;
    });
  }

  // Where `piece` was, on the screen now.
  function onScreen(piece) {
    const panel = document.getElementById(piece.panel);
    if (!panel) return null;
    const p = panel.getBoundingClientRect();
    return { x: p.left + piece.x, y: p.top + piece.y };
  }

  function showMoves(table, before, after) {
    let moved = 0;
    let turned = 0;
    let appeared = 0;
    const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const same = function (a, b) {
      return a.key === b.key && a.panel === b.panel && Math.abs(a.x - b.x) < 2 && Math.abs(a.y - b.y) < 2;
    };
    // A piece drawn again where it was has not moved.
    const gone = before.filter(function (old) { return !after.some(function (now) { return same(old, now); }); });
    const came = after.filter(function (now) { return !before.some(function (old) { return same(old, now); }); });
    came.forEach(function (now) {
      const j = otherPose(gone, now);
      if (j >= 0) {
        const from = gone.splice(j, 1)[0];
        if (!still && turn(now.el, from.pose)) turned += 1;
        return;
      }
      const i = gone.findIndex(function (old) { return old.key === now.key; });
      // A building leaves a stack on offer that is still there: it comes from that stack.
      const from = i >= 0 ? gone.splice(i, 1)[0] : before.find(function (old) {
        return now.key.startsWith("building ") && old.key === now.key && !old.panel.startsWith("t-village-");
      });
      if (still) return;
      if (from && glide(now.el, onScreen(from))) moved += 1;
      else if (!now.key.startsWith("building ")) { fadeIn(now.el); appeared += 1; }
    });
    table.dataset.moved = String(moved);
    table.dataset.turned = String(turned);
    table.dataset.appeared = String(appeared);
  }

  // Moves `el` from the screen point `from` to its place. The offset is in the user units of
  // its parent (the `translate` property composes with the element's own transform).
  function glide(el, from) {
    const parent = el.parentNode;
    const matrix = parent && parent.getScreenCTM && parent.getScreenCTM();
    if (!from || !matrix || !el.animate) return false;
    const inverse = matrix.inverse();
    const r = el.getBoundingClientRect();
    const there = new DOMPoint(from.x, from.y).matrixTransform(inverse);
    const here = new DOMPoint(r.left + r.width / 2, r.top + r.height / 2).matrixTransform(inverse);
    keep(el.animate(
      [{ translate: (there.x - here.x) + "px " + (there.y - here.y) + "px" }, { translate: "0px 0px" }],
      { duration: MOTION_MS, easing: "ease-in-out" }));
    return true;
  }

  // Turns a villager from the pose `from` into its own (lying down or standing up): the
  // browser draws the placements between the two, a quarter turn.
  function turn(el, from) {
    const to = pose(el);
    if (!from || !to || !el.animate) return false;
    keep(el.animate([{ transform: from }, { transform: to }], { duration: MOTION_MS, easing: "ease-in-out" }));
    return true;
  }

  function fadeIn(el) {
    if (el.animate) keep(el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: MOTION_MS, easing: "ease-out" }));
  }

  // Remembers a running motion until it ends, so that a click or a new change can end it.
  function keep(motion) {
    motions.push(motion);
    motion.addEventListener("finish", function () {
      const i = motions.indexOf(motion);
      if (i >= 0) motions.splice(i, 1);
    });
  }

  function endMotions() {
    motions.splice(0).forEach(function (motion) { motion.finish(); });
  }

  // A click ends the motions, but not that of the piece clicked: it would leave the pointer
  // and the click would miss it.
  function endMotionsBut(event) {
    const clicked = motions.filter(function (motion) {
      return motion.effect && motion.effect.target && motion.effect.target.contains(event.target);
    });
    motions.filter(function (motion) { return clicked.indexOf(motion) < 0; })
      .forEach(function (motion) { motion.finish(); });
  }

  // Applies a "table" message: the root's attributes, the parts that changed (each replaces the
  // element with its id) and the log's new lines, appended to its last group, its last chapter
  // and its lines. Answers false if the table on the page is not one it applies to. The rules
  // are the server's too (`apply_update` in the web crate), so that its tests check them.
  function applyChanges(table, message) {
    const root = table.querySelector(".table-root");
    const parts = (message.parts || []).map(function (part) {
      return [document.getElementById(part[0]), part[1]];
    });
    if (!root || parts.some(function (part) { return !part[0] || !table.contains(part[0]); })) return false;
    // Everything is found before anything changes, so a table it does not apply to stays whole.
    const log = message.log;
    const lines = log && table.querySelector("#log .log-lines");
    const chapter = lines && lines.lastElementChild;
    const group = chapter && chapter.lastElementChild;
    if (log && !group) return false;
    const fresh = parse(message.root + "</div>").firstElementChild;
    if (!fresh) return false;
    Array.from(root.attributes).forEach(function (attribute) {
      if (!fresh.hasAttribute(attribute.name)) root.removeAttribute(attribute.name);
    });
    Array.from(fresh.attributes).forEach(function (attribute) {
      root.setAttribute(attribute.name, attribute.value);
    });
    // Pieces still moving from the last change are put in place first, so that they are
    // measured where they are.
    endMotions();
    const before = piecesIn(parts.map(function (part) { return part[0]; }));
    const replaced = parts.map(function (part) {
      const fresh = parseFor(part[0], part[1]);
      const elements = Array.from(fresh.children);
      part[0].replaceWith(fresh);
      return elements;
    });
    showMoves(table, before, piecesIn([].concat.apply([], replaced)));
    if (log) {
      if (log.lines) group.append(parse(log.lines));
      if (log.groups) chapter.append(parse(log.groups));
      if (log.chapters) lines.append(parse(log.chapters));
    }
    return true;
  }

  // The game log: where the reader is in it, so that a new table keeps them there, or at the
  // newest line if they were reading it (or had not scrolled yet).
  function logReadingPlace(table) {
    const log = table.querySelector(".log-lines");
    if (!log || log.scrollHeight - log.scrollTop - log.clientHeight < 8) return null;
    return log.scrollTop;
  }

  function keepLogPlace(table, reading) {
    const log = table.querySelector(".log-lines");
    if (log) log.scrollTop = reading === null ? log.scrollHeight : reading;
    const toggle = table.querySelector("[data-log-toggle]");
    if (toggle) toggle.setAttribute("aria-expanded", String(table.dataset.log === "open"));
    markShownVillage(table);
  }

  // On a phone the log opens over the table and closes again with the same button; the state
  // lives on #table, which every new table is swapped into.
  function setUpLogToggle() {
    document.addEventListener("click", function (event) {
      const toggle = event.target.closest("[data-log-toggle]");
      const table = toggle && toggle.closest("#table");
      if (!table) return;
      table.dataset.log = table.dataset.log === "open" ? "closed" : "open";
      keepLogPlace(table, null);
    });
  }

  // On a phone one village is shown at a time, the viewer's own first; a tab shows another.
  // On a desk that village is drawn large and the others small beside it: a click on a small
  // one (not on one of its targets), or the keyboard's focus reaching one of its targets, shows
  // it large. The choice lives on #table, which every new table is swapped into.
  const desk = window.matchMedia("(min-width: 60rem)");
  function setUpVillageTabs() {
    const table = document.getElementById("table");
    if (!table) return;
    if (!table.dataset.villageShown) table.dataset.villageShown = table.dataset.seat || "0";
    markShownVillage(table);
    const show = function (village) {
      table.dataset.villageShown = village;
      markShownVillage(table);
    };
    document.addEventListener("click", function (event) {
      const tab = event.target.closest("[data-village-tab]");
      if (tab && table.contains(tab)) show(tab.dataset.villageTab);
      const village = desk.matches && event.target.closest(".panel.village");
      if (village && table.contains(village) && !event.target.closest("[data-action], [data-chooser]")) {
        show(village.dataset.village);
      }
    });
    table.addEventListener("focusin", function (event) {
      const village = keyboardUser && desk.matches && event.target.closest(".panel.village");
      if (village && event.target.matches("[data-action], [data-chooser]")) show(village.dataset.village);
    });
  }

  // At each decision of the viewer, on a desk the village drawn large, and on a phone the village
  // its tabs show, is their own when it holds a target of the decision or no village does (on
  // a phone: when the village shown holds none); otherwise one that holds a target (the one
  // already shown if it does). A phone then brings the decision's first target on screen.
  function showDecidingVillage(table) {
    const root = table.querySelector(".table-root");
    if (!(desk.matches || phone.matches) || !root || root.dataset.yourTurn !== "true") return;
    const holders = Array.from(table.querySelectorAll(".panel.village"))
      .filter(function (village) { return village.querySelector("[data-action], [data-chooser]"); })
      .map(function (village) { return village.dataset.village; });
    const own = table.dataset.seat || "0";
    const shown = table.dataset.villageShown;
    if (phone.matches) {
      if (holders.length && !holders.includes(shown)) table.dataset.villageShown = holders.includes(own) ? own : holders[0];
    } else if (!holders.length || holders.includes(own)) {
      table.dataset.villageShown = own;
    } else if (!holders.includes(shown)) {
      table.dataset.villageShown = holders[0];
    }
    markShownVillage(table);
    if (phone.matches) scrollToFirstTarget(table);
  }

  // On a phone, when no target of the viewer's decision on the board or in the village shown is
  // on screen (between the top and the prompt fixed at the bottom), the first is scrolled to the
  // middle of that space. Choices that are only the prompt's buttons are in view already.
  function scrollToFirstTarget(table) {
    const prompt = table.querySelector(".prompt");
    const bottom = prompt ? prompt.getBoundingClientRect().top : window.innerHeight;
    const targets = Array.from(table.querySelectorAll(
      ".panels [data-action]:not(.chooser [data-action]), .panels [data-chooser]"
    )).filter(function (el) { return el.getBoundingClientRect().width > 0; });
    const onScreen = function (el) {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= bottom;
    };
    if (!targets.length || targets.some(onScreen)) return;
    const r = targets[0].getBoundingClientRect();
    window.scrollBy({ top: r.top + r.height / 2 - bottom / 2, behavior: "instant" });
  }

  // On a desk the table fits the screen below the page's header and game bar: the style sheet
  // sizes it from where it starts on the page (--table-top), which follows their size.
  function fitTableToScreen() {
    const table = document.getElementById("table");
    if (!table) return;
    const fit = function () {
      const top = Math.round(table.getBoundingClientRect().top + window.scrollY);
      if (table.style.getPropertyValue("--table-top") !== top + "px") table.style.setProperty("--table-top", top + "px");
    };
    fit();
    window.addEventListener("resize", fit);
    const above = new ResizeObserver(fit);
    for (let el = table.previousElementSibling; el; el = el.previousElementSibling) above.observe(el);
    document.querySelectorAll(".site-header").forEach(function (header) { above.observe(header); });
  }

  // On a desk the words on a stack of buildings on offer are drawn smaller than the rest of the
  // table, and a village drawn whole words its buildings by their products alone: while the
  // keyboard's focus is on such a piece, its words (its title: name, product and a stack's
  // cost) stand whole under it in the page's type. A pointer shows the title by itself; a
  // reader hears it in the piece's name.
  function setUpPieceDetail() {
    const table = document.getElementById("table");
    if (!table) return;
    const detail = document.createElement("div");
    detail.className = "piece-detail";
    detail.hidden = true;
    detail.setAttribute("aria-hidden", "true");
    document.body.appendChild(detail);
    const hide = function () { detail.hidden = true; };
    const show = function (focused) {
      const stack = keyboardUser && desk.matches && focused instanceof Element &&
        focused.closest("#t-display [data-action], #t-display [data-chooser], .panel.village [data-action]");
      const title = stack && table.contains(stack) &&
        stack.querySelector("#t-display g[data-kind] > title, g[data-kind][data-words=product] > title");
      if (!title) { hide(); return; }
      detail.textContent = title.textContent;
      detail.hidden = false;
      const r = stack.getBoundingClientRect();
      detail.style.left = Math.max(4, Math.min(r.left, window.innerWidth - detail.offsetWidth - 4)) + "px";
      detail.style.top = Math.min(r.bottom + 4, window.innerHeight - detail.offsetHeight - 4) + "px";
    };
    table.addEventListener("focusin", function (event) { show(event.target); });
    document.addEventListener("keyup", function () { show(document.activeElement); });
    table.addEventListener("focusout", hide);
    // A key or a click may take the stack away with the next table.
    document.addEventListener("keydown", hide, true);
    document.addEventListener("pointerdown", hide, true);
  }

  // Tells assistive technology which tab is on: the tabs are redrawn with each table.
  function markShownVillage(table) {
    table.querySelectorAll("[data-village-tab]").forEach(function (tab) {
      tab.setAttribute("aria-pressed", String(tab.dataset.villageTab === table.dataset.villageShown));
    });
  }

  // On a phone the header's links fold into a menu; the button opens and closes it.
  function setUpMenu() {
    const toggle = document.querySelector("[data-menu-toggle]");
    if (!toggle) return;
    toggle.addEventListener("click", function () {
      const header = toggle.closest(".site-header");
      const open = header.dataset.menu !== "open";
      header.dataset.menu = open ? "open" : "closed";
      toggle.setAttribute("aria-expanded", String(open));
    });
  }

  function setUpReplay() {
    const controls = document.querySelector(".replay-controls");
    const table = document.getElementById("table");
    if (!controls || !table) return;
    const total = Number(controls.dataset.total);
    const slider = controls.querySelector('input[type="range"]');
    const position = controls.querySelector(".replay-position");
    const banner = document.querySelector(".error-banner");
    const root = table.querySelector(".table-root");
    let step = root && root.dataset.replayStep ? Number(root.dataset.replayStep) : total;
    let loading = 0;
    slider.value = String(step);
    position.textContent = step + " / " + total;
    // The chat as it stood at the step on view.
    const showChatUpTo = function (shown) {
      document.querySelectorAll(".chat-lines li").forEach(function (item) {
        item.hidden = Number(item.dataset.step) > shown;
      });
    };

    const go = async function (next) {
      step = Math.max(0, Math.min(total, next));
      slider.value = String(step);
      position.textContent = step + " / " + total;
      const ticket = ++loading;
      try {
        const response = await fetch(withLayout("/api/games/" + controls.dataset.gameId + "/replay/" + step),
          { credentials: "same-origin" });
        const data = await response.json();
        if (!response.ok) throw new Error(data.error || String(response.status));
        if (ticket === loading) {
          table.innerHTML = data.html;
          keepLogPlace(table, null);
          banner.hidden = true;
          showChatUpTo(step);
        }
      } catch (e) {
        showError(banner, e.message);
      }
    };
    controls.addEventListener("click", function (event) {
      const button = event.target.closest("[data-step]");
      if (!button) return;
      const moves = { first: -total, prev: -1, next: 1, last: total };
      go(step + moves[button.dataset.step]);
    });
    slider.addEventListener("input", function () { go(Number(slider.value)); });
    // The page comes with its frame drawn wide: a phone (or a window turned into one) asks again.
    if (phone.matches) go(step);
    phone.addEventListener("change", function () { go(step); });
    setUpAnalysis(controls.dataset.gameId, function (jumpTo) {
      go(jumpTo);
      // The step buttons and the table under them, on one screen.
      controls.scrollIntoView({ block: "start" });
    });
    document.addEventListener("keydown", function (event) {
      if (event.target.tagName === "INPUT") return;
      if (event.key === "ArrowLeft") go(step - 1);
      if (event.key === "ArrowRight") go(step + 1);
    });
  }

  // The analysis beside a replay: asking for it, following its progress until it is done
  // (then the page shows the chart), and jumping to the position of a costly turn.
  function setUpAnalysis(gameId, jump) {
    const section = document.querySelector(".analysis");
    if (!section) return;
    const url = "/api/games/" + gameId + "/analysis";
    const banner = document.querySelector(".error-banner");
    section.addEventListener("click", async function (event) {
      if (event.target.closest("[data-analysis-ask]")) {
        try { await post(url, {}); location.reload(); } catch (e) { showError(banner, e.message); }
        return;
      }
      const turn = event.target.closest("[data-jump-step]");
      if (turn) jump(Number(turn.dataset.jumpStep));
    });
    if (section.dataset.state !== "pending") return;
    const progress = section.querySelector("progress");
    const count = section.querySelector(".analysis-progress output");
    const follow = async function () {
      try {
        const response = await fetch(url, { credentials: "same-origin" });
        const data = await response.json();
        if (data.state === "done" || data.state === "failed") { location.reload(); return; }
        if (progress && data.total) { progress.max = data.total; progress.value = data.done; }
        if (count) count.textContent = data.done + " / " + data.total;
      } catch (e) { /* the next look tries again */ }
      setTimeout(follow, 2000);
    };
    setTimeout(follow, 2000);
  }

  document.addEventListener("DOMContentLoaded", function () {
    setUpChrome();
    watchMyGames();
    setUpNextGameKey();
    setUpLogToggle();
    document.addEventListener("pointerdown", endMotionsBut, true);
    document.addEventListener("keydown", endMotions, true);
    setUpForcedStepsToggle();
    setUpSettingSwitches();
    setUpBotAccount();
    setUpPushDevices();
    setUpVacation();
    setUpWebhooks();
    setUpVillageTabs();
    fitTableToScreen();
    setUpMenu();
    const page = document.body.dataset.page;
    if (page === "home" || page === "lobby") setUpPlayNow();
    if (page === "login" || page === "register") setUpAccountForm();
    if (page === "lobby") { setUpLobby(); setUpLobbyLists(); setUpLobbyFilters(); setUpSeatButtons(); }
    if (page === "game") { setUpWaitingRoom(); setUpSeatButtons(); setUpGame(); setUpRecentTurns(); setUpPieceDetail(); }
    if (page === "replay") setUpReplay();
    if (page === "puzzles") setUpPuzzle();
    if (page === "settings") setUpMailSettings();
    if (page === "tutorial") setUpTutorial();
    if (page === "tournaments") setUpTournaments();
    if (page === "tournament") setUpTournament();
  });
})();
