// Helvetia Online: the text mode's script. The server renders the text table (the decision,
// the numbered choices and the answer to every ask-command); this script swaps in the new one
// the WebSocket brings, reads out what the others did, and runs the command field: a number or
// words of a choice play it, one letter asks (h lists them), u takes back. On a replay's page
// it steps through the finished game instead: n, p and g N fetch a step's text table. On a
// puzzle's page the first choice is the attempt, what came of it read out (in a puzzle of
// several decisions the next decision's table comes after a right one); n goes on.
"use strict";

(function () {
  const root = document.getElementById("text-table");
  if (!root) return;
  const form = document.getElementById("text-command-form");
  const input = document.getElementById("text-command");
  const answer = document.getElementById("text-answer");
  const news = document.getElementById("text-news");
  const history = document.getElementById("text-history");
  const banner = document.querySelector(".error-banner");
  const mySeat = root.dataset.seat;
  const ASK = /^([hwavmcbstlr])(?:\s+(.+))?$/i;

  function table() { return root.querySelector(".text-table"); }
  function storyLength() { const t = table(); return t ? Number(t.dataset.storyLength) : 0; }
  function yourTurn() { const t = table(); return !!t && t.dataset.yourTurn === "true"; }
  function version() { const t = table(); return t ? Number(t.dataset.version) : 0; }
  function choices() { return Array.from(root.querySelectorAll(".text-actions button[data-action]")); }
  function words(key, value) { return (news.dataset[key] || "").replace("{}", value); }

  // Lines of the story already there when the page opened are not read out again.
  let storyRead = storyLength();
  let wasYourTurn = false;

  // The history keeps the last texts said: enough to read back a round, and a page that
  // stays light for the screen reader through a whole game.
  const HISTORY_KEPT = 100;
  function remember(command, text) {
    const item = document.createElement("li");
    if (command) {
      const said = document.createElement("strong");
      said.textContent = command + ": ";
      item.append(said);
    }
    item.append(text);
    history.append(item);
    while (history.children.length > HISTORY_KEPT) history.firstElementChild.remove();
  }

  // A live region is read when its text changes: it is emptied first, so that the same
  // answer twice is read twice. What is said to a region within that moment (the others'
  // decisions arriving one after another) is read as one text, none replaced before it was
  // read. `text` is one text or a list of them (the others' lines, one by one): the history
  // keeps each as an entry of its own.
  const pending = new Map();
  function say(region, text, command) {
    const parts = Array.isArray(text) ? text : [text];
    parts.forEach(function (part, i) { remember(i === 0 ? command : null, part); });
    text = parts.join(" ");
    if (pending.has(region)) { pending.get(region).push(text); return; }
    pending.set(region, [text]);
    region.textContent = "";
    window.setTimeout(function () {
      region.textContent = pending.get(region).join(" ");
      pending.delete(region);
    }, 50);
  }

  function asked(letter, name) {
    const t = table();
    if (!t) return null;
    if (letter === "v" && name) {
      const wanted = name.toLowerCase();
      const found = Array.from(t.querySelectorAll('template[data-ask="v"][data-name]'))
        .find(function (tpl) { return tpl.dataset.name.toLowerCase().includes(wanted); });
      return found ? found.content.textContent : null;
    }
    const tpl = t.querySelector('template[data-ask="' + letter + '"]:not([data-name])');
    return tpl ? tpl.content.textContent : null;
  }

  function matching(line) {
    const wanted = line.toLowerCase().split(/\s+/).filter(Boolean);
    return choices().filter(function (button) {
      const text = button.textContent.toLowerCase().replace(/^\d+:\s*/, "");
      return wanted.every(function (word) { return text.includes(word); });
    });
  }

  // Type-ahead: the list shows only the choices the typed words match.
  function narrow() {
    const line = input.value.trim();
    const all = choices();
    const shown = line === "" || /^\d+$/.test(line) || ASK.test(line) || /^u$/i.test(line)
      ? all : matching(line);
    all.forEach(function (button) { button.parentElement.hidden = !shown.includes(button); });
  }

  let socket = null;
  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  // A puzzle: the first choice is sent as the attempt (in a streak with the run's length),
  // the server's words on it are read out as its answer, and the way on opens: the link, or n.
  // In a puzzle of several decisions of one turn a right answer brings the next decision's
  // table instead, answered the same way and sent with the answers before it (`line`).
  const puzzle = root.dataset.puzzle;
  const puzzleNext = document.querySelector(".puzzle-next");
  const puzzleLine = [];
  let attempted = false;
  async function attempt(button, command) {
    if (attempted) { say(answer, news.dataset.notYours, command); return; }
    attempted = true;
    const body = { action: Number(button.dataset.action), line: puzzleLine, text: true };
    if (root.dataset.streak !== undefined) body.streak = Number(root.dataset.streak);
    const token = document.cookie.match(/(?:^|;\s*)helvetia_csrf=([^;]*)/);
    const meta = document.querySelector('meta[name="csrf-token"]');
    try {
      const response = await fetch("/api/puzzles/" + puzzle + "/attempt", {
        method: "POST",
        credentials: "same-origin",
        headers: {
          "content-type": "application/json",
          "x-csrf-token": token ? decodeURIComponent(token[1]) : (meta ? meta.content : ""),
        },
        body: JSON.stringify(body),
      });
      const data = await response.json();
      if (!response.ok) throw new Error(data.error || String(response.status));
      const chosen = (root.dataset.sentence || "{}").replace("{}", button.textContent);
      if (data.next) {
        puzzleLine.push(body.action);
        attempted = false;
        say(answer, chosen + " " + data.said, command);
        swap(data.next.table);
        return;
      }
      if (data.streak) {
        puzzleNext.href = data.streak.next;
        puzzleNext.textContent = data.streak.label;
      }
      puzzleNext.hidden = false;
      say(answer, chosen + " " + data.said + " " + root.dataset.goOn, command);
    } catch (error) {
      attempted = false;
      say(answer, error.message, command);
    }
  }

  function choose(button, command) {
    if (puzzle) { attempt(button, command); return; }
    if (!yourTurn()) { say(answer, news.dataset.notYours, command); return; }
    say(answer, button.textContent, command);
    send({ type: "action", version: version(), index: Number(button.dataset.action) });
  }

  function undo(command) {
    const button = root.querySelector("button[data-undo]");
    if (!button) { say(answer, news.dataset.notYours, command); return; }
    say(answer, button.textContent, command);
    send({ type: "undo", version: version() });
  }

  // A replay: each step says where it is and the story's lines it adds (a step back, or a
  // jump, the line that led to it), as the answer to the command that asked for it.
  const replayPath = root.dataset.replay;
  function replayAt() {
    const p = root.querySelector(".text-replay-step");
    return p ? { step: Number(p.dataset.step), total: Number(p.dataset.total), said: p.textContent } : null;
  }
  function stepLinks(at) {
    root.parentElement.querySelectorAll(".text-replay-steps a[data-step]").forEach(function (link) {
      const to = link.dataset.step === "next" ? Math.min(at.step + 1, at.total) : Math.max(at.step - 1, 0);
      link.setAttribute("href", "?step=" + to);
    });
  }
  async function stepTo(step, command) {
    const at = replayAt();
    if (!at) return;
    if (!(step >= 0 && step <= at.total)) {
      say(answer, (root.dataset.noStep || "").replace("{}", String(step)), command);
      return;
    }
    let frame;
    try {
      const response = await fetch(replayPath + step + "?format=text", { headers: { accept: "application/json" } });
      frame = await response.json();
      if (!response.ok) { say(answer, frame.error || String(response.status), command); return; }
    } catch (_) {
      if (banner) { banner.hidden = false; banner.textContent = String(_); }
      return;
    }
    const before = storyLength();
    const hadFocus = root.contains(document.activeElement);
    root.innerHTML = frame.html;
    storyRead = storyLength();
    const now = replayAt();
    const from = step === at.step + 1 ? before : storyRead - 1;
    const lines = Array.from(table().querySelectorAll(".text-story li"))
      .filter(function (li) { return Number(li.dataset.index) >= from; })
      .map(function (li) { return li.textContent; });
    say(answer, [now.said].concat(lines).join(" "), command);
    stepLinks(now);
    if (hadFocus || document.activeElement === document.body) input.focus();
  }
  function replayCommand(line) {
    const at = replayAt();
    if (!replayPath || !at) return false;
    const go = line.match(/^g\s*(\d+)$/i);
    if (/^n$/i.test(line)) stepTo(at.step + 1, line);
    else if (/^p$/i.test(line)) stepTo(at.step - 1, line);
    else if (go) stepTo(Number(go[1]), line);
    else return false;
    return true;
  }
  document.querySelectorAll(".text-replay-steps a[data-step]").forEach(function (link) {
    link.addEventListener("click", function (event) {
      const at = replayAt();
      if (!at) return;
      event.preventDefault();
      stepTo(link.dataset.step === "next" ? at.step + 1 : at.step - 1, null);
    });
  });

  function run(line) {
    if (replayCommand(line)) return;
    if (puzzle && attempted && /^n$/i.test(line) && !puzzleNext.hidden) { window.location.assign(puzzleNext.href); return; }
    const ask = line.match(ASK);
    if (ask && (ask[2] === undefined || ask[1].toLowerCase() === "v")) {
      const letter = ask[1].toLowerCase();
      const text = asked(letter, ask[2]);
      say(answer, text || words("noVillage", ask[2] || ""), line);
      return;
    }
    if (/^u$/i.test(line)) { undo(line); return; }
    const all = choices();
    if (/^\d+$/.test(line)) {
      const button = all[Number(line) - 1];
      if (button) choose(button, line); else say(answer, words("noMatch", line), line);
      return;
    }
    const found = matching(line);
    if (found.length === 1) { choose(found[0], line); return; }
    if (found.length === 0) {
      say(answer, words(all.length ? "noMatch" : "unknown", line), line);
      return;
    }
    say(answer, words("several", found.map(function (b) { return b.textContent; }).join("; ")), line);
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    const line = input.value.trim();
    if (!line) return;
    input.value = "";
    run(line);
    narrow();
  });
  input.addEventListener("input", narrow);

  // Arrow keys walk the shown choices; Escape comes back to the field.
  function visible() { return choices().filter(function (b) { return !b.parentElement.hidden; }); }
  input.addEventListener("keydown", function (event) {
    if (event.key === "ArrowDown" && visible().length) { event.preventDefault(); visible()[0].focus(); }
  });
  root.addEventListener("keydown", function (event) {
    const shown = visible();
    const at = shown.indexOf(document.activeElement);
    if (event.key === "Escape") { event.preventDefault(); input.focus(); return; }
    if (at < 0) return;
    if (event.key === "ArrowDown" && at + 1 < shown.length) { event.preventDefault(); shown[at + 1].focus(); }
    if (event.key === "ArrowUp") { event.preventDefault(); (at > 0 ? shown[at - 1] : input).focus(); }
  });
  root.addEventListener("click", function (event) {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.action !== undefined) choose(button, null);
    else if (button.dataset.undo !== undefined) undo(null);
  });

  // What the others did, once each, a summary when the viewer's turn begins, and in a
  // tutorial the coach's words when its moment changes.
  let coachMoment = null;
  function announce() {
    const t = table();
    if (!t) return;
    const parts = Array.from(t.querySelectorAll(".text-story li"))
      .filter(function (li) {
        return Number(li.dataset.index) >= storyRead && (mySeat === undefined || li.dataset.seat !== mySeat);
      })
      .map(function (li) { return li.textContent; });
    storyRead = storyLength();
    const turnNow = yourTurn();
    if (turnNow && !wasYourTurn) parts.push((asked("w") || "") + " " + words("summary", String(choices().length)));
    wasYourTurn = turnNow;
    const coach = t.querySelector(".text-coach");
    if (coach && coach.dataset.moment !== coachMoment) {
      coachMoment = coach.dataset.moment;
      const said = coach.querySelector("h2").textContent;
      const text = coach.querySelector(".text-coach-words");
      parts.push(text ? said + ". " + text.textContent : said + ".");
    }
    if (parts.length) say(news, parts, null);
  }

  function swap(html) {
    const hadFocus = root.contains(document.activeElement);
    root.innerHTML = html;
    narrow();
    announce();
    // The focus never falls to the page's top: it was in the list that was replaced.
    if (hadFocus || document.activeElement === document.body) input.focus();
  }

  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + window.location.host + root.dataset.ws);
    socket.addEventListener("message", function (event) {
      let message;
      try { message = JSON.parse(event.data); } catch (_) { return; }
      if (message.type === "text") {
        if (banner) banner.hidden = true;
        swap(message.html);
      } else if (message.type === "error") {
        say(answer, message.message, null);
      }
    });
    socket.addEventListener("close", function () { window.setTimeout(connect, 1000); });
  }

  announce();
  if (!replayPath && !puzzle) connect();
})();
