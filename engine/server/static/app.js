// regola web table: the lobby (make a game, list games) and the table (one seat's view
// over a WebSocket). Everything shown comes from the server, which builds each client's
// view from what its seat may see; this page only draws it and sends the seat's actions.
"use strict";

const PAGE = JSON.parse(document.getElementById("page-data").textContent);
const W = PAGE.words;
const $ = (id) => document.getElementById(id);

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") node.textContent = v;
    else if (k === "class") node.className = v;
    else node.setAttribute(k, v);
  }
  for (const child of children) node.append(child);
  return node;
}

function withLang(url) {
  const u = new URL(url, location.href);
  u.searchParams.set("lang", PAGE.lang);
  return u.pathname + u.search + u.hash;
}

async function getJSON(url, options) {
  const answer = await fetch(withLang(url), options);
  const body = await answer.json();
  if (!answer.ok) throw new Error(body.message || answer.statusText);
  return body;
}

function setUpLanguage() {
  $("lang-word").textContent = W.language;
  const select = $("lang");
  for (const code of PAGE.languages) {
    select.append(el("option", { value: code, text: code }));
  }
  select.value = PAGE.lang;
  select.addEventListener("change", () => {
    const u = new URL(location.href);
    u.searchParams.set("lang", select.value);
    location.replace(u.toString());
  });
}

// ---- the lobby ------------------------------------------------------------------------

let RULES = null;

function lobby() {
  $("lobby").hidden = false;
  document.title = W.title;
  $("heading").textContent = W.title;
  $("new-game-title").textContent = W.new_game;
  $("game-word").textContent = W.game;
  $("variant-word").textContent = W.variant;
  $("players-word").textContent = W.players;
  $("options-word").textContent = W.options;
  $("create").textContent = W.create;
  $("games-title").textContent = W.games;
  getJSON("/api/rules").then((rules) => {
    RULES = rules;
    for (const game of rules.games) $("game").append(el("option", { value: game.id, text: game.name }));
    $("game").addEventListener("change", chooseGame);
    $("players").addEventListener("change", drawSeats);
    chooseGame();
  });
  $("new-game").addEventListener("submit", createGame);
  listGames();
}

function currentGame() {
  return RULES.games.find((g) => g.id === $("game").value);
}

function chooseGame() {
  const game = currentGame();
  const variant = $("variant");
  variant.replaceChildren(el("option", { value: "", text: W.no_variant }));
  for (const v of game.variants) variant.append(el("option", { value: v.id, text: v.name }));
  const players = $("players");
  players.replaceChildren();
  for (const n of game.players) players.append(el("option", { value: n, text: n }));
  players.value = String(game.players[game.players.length - 1]);
  const options = $("options");
  options.replaceChildren();
  for (const option of game.options) {
    const id = "option-" + option.name;
    let input;
    if (option.choices) {
      input = el("select", { id, "data-option": option.name });
      option.choices.forEach((c, i) => {
        const o = el("option", { value: String(i), text: c.label });
        if (JSON.stringify(c.value) === JSON.stringify(option.default)) o.selected = true;
        input.append(o);
      });
    } else {
      input = el("input", { id, "data-option": option.name, value: JSON.stringify(option.default) });
    }
    input.addEventListener("change", () => { input.dataset.changed = "1"; });
    options.append(el("div", { class: "row" }, el("label", { for: id, text: option.summary }), input));
  }
  drawSeats();
}

function drawSeats() {
  const game = currentGame();
  const n = Number($("players").value);
  const rows = $("seat-rows");
  rows.replaceChildren();
  for (let p = 0; p < n; p++) {
    const select = el("select", { id: "seat-" + p, class: "seat-kind" });
    for (const kind of RULES.kinds) select.append(el("option", { value: kind.id, text: kind.name }));
    select.value = p === 0 ? "person" : RULES.kinds.find((k) => k.id !== "person").id;
    rows.append(el("div", { class: "row" }, el("label", { for: "seat-" + p, text: game.seats[p] }), select));
  }
}

function chosenOptions() {
  // Only the options the person changed: a variant's own settings stay as it has them.
  const game = currentGame();
  const out = {};
  for (const option of game.options) {
    const input = document.querySelector(`[data-option="${option.name}"]`);
    if (!input.dataset.changed) continue;
    if (option.choices) out[option.name] = option.choices[Number(input.value)].value;
    else {
      try { out[option.name] = JSON.parse(input.value); } catch (e) { out[option.name] = input.value; }
    }
  }
  return out;
}

async function createGame(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const seats = [...document.querySelectorAll(".seat-kind")].map((s) => s.value);
  const body = { game: $("game").value, variant: $("variant").value || null,
                 options: chosenOptions(), seats };
  let made;
  try {
    made = await getJSON("/api/games", { method: "POST", body: JSON.stringify(body),
                                         headers: { "Content-Type": "application/json" } });
  } catch (error) {
    $("create-error").textContent = error.message;
    return;
  }
  const game = currentGame();
  const list = el("ul", { class: "links" });
  const saved = JSON.parse(localStorage.getItem("regola.links") || "[]");
  for (const seat of made.seats) {
    if (!seat.link) continue;
    const url = new URL(withLang(seat.link), location.href).toString();
    saved.push({ game: made.id, title: game.name, seat: game.seats[seat.seat], url });
    const open = el("a", { href: url, class: "open-seat", "data-seat": seat.seat, text: W.open_seat });
    const copy = el("button", { type: "button", text: W.copy });
    copy.addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText(url));
    list.append(el("li", {}, el("strong", { text: fill(W.link_for, { seat: game.seats[seat.seat] }) + ": " }),
                   el("code", { text: url }), " ", copy, " ", open));
  }
  localStorage.setItem("regola.links", JSON.stringify(saved.slice(-50)));
  const watch = new URL(withLang(made.watch), location.href).toString();
  list.append(el("li", {}, el("strong", { text: W.watch_link + ": " }),
                 el("a", { href: watch, class: "watch", text: watch })));
  const box = $("created");
  box.replaceChildren(el("p", { text: W.created }), list);
  box.hidden = false;
  listGames();
}

async function listGames() {
  const { games } = await getJSON("/api/games");
  const box = $("games");
  if (!games.length) { box.replaceChildren(el("p", { text: W.no_games })); return; }
  const table = el("table", { class: "games" });
  for (const game of games) {
    const seats = game.seats.map((s) => `${s.name} (${s.kind})`).join(", ");
    table.append(el("tr", {}, el("td", { text: game.title }), el("td", { text: seats }),
                    el("td", { text: game.over ? W.over : W.running }),
                    el("td", {}, el("a", { href: withLang("/g/" + game.id), text: W.watch }))));
  }
  const mine = JSON.parse(localStorage.getItem("regola.links") || "[]");
  const links = el("ul", { class: "links" });
  for (const link of mine.slice().reverse()) {
    links.append(el("li", {}, el("a", { href: link.url, text: `${link.title}: ${link.seat}` })));
  }
  box.replaceChildren(table, links);
}

// ---- the table -----------------------------------------------------------------------

const TABLE = { socket: null, token: null, game: null, state: null, ref: 0, retry: 500, closed: false };

function table(gameId) {
  $("table").hidden = false;
  $("lobby-link").setAttribute("href", withLang("/"));
  const match = location.hash.match(/t=([A-Za-z0-9_-]+)/);
  TABLE.token = match ? match[1] : null;
  TABLE.game = gameId;
  $("status").textContent = W.connecting;
  $("board").addEventListener("click", pickOnBoard);
  $("hand").addEventListener("click", pickOnBoard);
  connect();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${scheme}//${location.host}/ws/games/${TABLE.game}?lang=${PAGE.lang}`);
  TABLE.socket = socket;
  socket.addEventListener("open", () => {
    TABLE.retry = 500;
    socket.send(JSON.stringify({ type: "hello", token: TABLE.token }));
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    if (event.code >= 4000 || TABLE.closed) return;   // refused: the message says why
    $("status").textContent = W.reconnecting;
    setTimeout(connect, TABLE.retry);
    TABLE.retry = Math.min(TABLE.retry * 2, 8000);
  });
}

function receive(message) {
  if (message.type === "state") draw(message);
  else if (message.type === "error") showError(message);
}

function showError(message) {
  const box = $("prompt");
  let line = box.querySelector(".error");
  if (!line) { line = el("p", { class: "error", role: "alert" }); box.append(line); }
  line.textContent = message.message;
  box.querySelectorAll("button").forEach((b) => { b.disabled = false; });
  if (!TABLE.state) $("status").textContent = message.message;
}

function draw(state) {
  TABLE.state = state;
  document.body.dataset.version = state.version;
  document.body.dataset.over = state.over ? "1" : "0";
  document.title = state.title;
  $("heading").textContent = state.title;
  const me = state.seat === null ? null : state.seats[state.seat];
  $("status").textContent = me ? fill(W.you_are, { seat: me.name }) : W.watching;
  $("board").innerHTML = state.board;
  $("hand").innerHTML = state.hand || "";
  $("hand-title").hidden = !state.hand;
  $("hand-title").textContent = W.your_hand;
  drawPrompt(state);
  drawSeatsTable(state);
  $("log-title").textContent = state.seat === null ? W.log_watch : W.log;
  const log = $("log");
  log.replaceChildren(...state.log.map(storyEntry));
  log.scrollTop = log.scrollHeight;
  const result = $("result");
  result.hidden = !state.result;
  if (state.result) {
    const told = state.result.scores ? scoreTable(state.result.scores)
                                     : state.result.lines.map((line) => el("p", { text: line }));
    result.replaceChildren(el("h3", { text: W.result }), ...told,
                           el("p", { class: "facts", text: fill(W.seed, { seed: state.result.seed }) }));
  }
}

// One entry of the story: its line, and its raw moves folded under it.
function storyEntry(entry) {
  if (!entry.details.length) return el("li", { text: entry.text });
  return el("li", {}, el("details", {}, el("summary", { text: entry.text }),
                          el("ul", { class: "moves" }, ...entry.details.map((d) => el("li", { text: d })))));
}

// The score table at the end: place, player, each scoring category, and what decided it.
function scoreTable(scores) {
  const head = el("tr", {}, el("th", { text: W.place }), el("th", { text: W.player }),
                  ...scores.columns.map((c) => el("th", { text: c })),
                  ...(scores.conditions ? [el("th", { text: W.condition_met })] : []));
  const rows = scores.rows.map((r) => el("tr", { class: r.winner ? "winner" : "" },
    el("td", { text: String(r.place) }),
    el("td", {}, el("span", { class: "dot", style: `background:${TABLE.state.seats[r.seat].colour}` }),
       r.name + (r.winner ? " ★" : "")),
    ...r.values.map((v) => el("td", { class: "num", text: v })),
    ...(scores.conditions ? [el("td", { text: r.conditions || "–" })] : [])));
  return [el("table", { class: "scores" }, el("thead", {}, head), el("tbody", {}, ...rows)),
          el("p", { class: "decided", text: scores.verdict })];
}

function drawPrompt(state) {
  const box = $("prompt");
  box.classList.toggle("mine", !!state.prompt);
  // The same question as shown: keep its buttons (a click must not land on a redrawn one).
  const key = state.prompt ? JSON.stringify([state.prompt.ask, state.prompt.step, state.prompt.actions])
                           : JSON.stringify([state.over, state.waiting]);
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  if (state.prompt) {
    const buttons = state.prompt.actions.map((a) => {
      const b = el("button", { type: "button", class: "action", "data-id": a.id, text: a.label });
      if (a.effect) {
        b.title = a.effect;
        b.append(el("small", { class: "effect", text: a.effect }));
      }
      b.addEventListener("click", () => send(a));
      return b;
    });
    box.replaceChildren(el("h3", { text: W.your_turn }), el("div", { class: "ask", text: state.prompt.text }),
                        el("div", { class: "actions" }, ...buttons));
  } else {
    const text = state.over ? W.result : (state.waiting ? fill(W.waiting_for, { seats: state.waiting }) : "");
    box.replaceChildren(el("div", { class: "ask", text }));
  }
}

function drawSeatsTable(state) {
  const rows = state.seats.map((s) => {
    const facts = s.facts.map(([k, v]) => `${k}: ${v}`).join(" · ");
    return el("tr", { class: s.to_move ? "tomove" : "" },
              el("td", {}, el("span", { class: "dot", style: `background:${s.colour}` }), s.name),
              el("td", {}, el("div", { text: s.kind_name }), el("div", { class: "facts", text: facts })));
  });
  $("seats").replaceChildren(...rows);
  $("facts").replaceChildren(...state.facts.map(([k, v]) => el("div", { class: "facts", text: `${k}: ${v}` })));
}

function send(action) {
  if (!TABLE.socket || TABLE.socket.readyState !== WebSocket.OPEN) return;
  TABLE.ref += 1;
  $("prompt").querySelectorAll("button").forEach((b) => { b.disabled = true; });
  TABLE.socket.send(JSON.stringify({ type: "act", ref: TABLE.ref,
                                     action: { id: action.id, ask: action.ask, step: action.step } }));
}

function pickOnBoard(event) {
  const shape = event.target.closest("[data-action]");
  if (!shape || !TABLE.state || !TABLE.state.prompt) return;
  const action = TABLE.state.prompt.actions.find((a) => a.id === shape.getAttribute("data-action"));
  if (action) send(action);
}

// ---- which page ----------------------------------------------------------------------

setUpLanguage();
const path = location.pathname.match(/^\/g\/([A-Za-z0-9_-]+)$/);
if (path) table(path[1]); else lobby();
