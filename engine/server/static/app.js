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
        const o = el("option", { value: String(i), text: inWords(c.label) });
        if (JSON.stringify(c.value) === JSON.stringify(option.default)) o.selected = true;
        input.append(o);
      });
    } else if (typeof option.default === "number") {
      input = el("input", { id, "data-option": option.name, type: "number", inputmode: "numeric",
                            value: String(option.default) });
    } else {
      // Shown in words ("3, 4", "no limit"), read back by the default's type (optionValue).
      input = el("input", { id, "data-option": option.name, value: shownValue(option.default) });
      if (option.default === null) input.placeholder = W.no_limit;
    }
    input.addEventListener("change", () => { input.dataset.changed = "1"; });
    options.append(el("div", { class: "row option" }, el("label", { for: id, text: option.summary }), input));
  }
  drawSeats();
}

function inWords(text) {
  // An identifier the game's texts do not name, as words: top_tile -> top tile.
  return /^[a-z0-9]+(_[a-z0-9]+)+$/.test(text) ? text.replace(/_/g, " ") : text;
}

function shownValue(value) {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map((v) => inWords(String(v))).join(", ");
  return inWords(String(value));
}

function optionValue(option, text) {
  // What a person typed, as a value of the type of the option's default.
  const one = (word, like) => {
    const w = word.trim();
    if (typeof like === "number" || (like === null && w !== "" && !isNaN(Number(w)))) return Number(w);
    return w.replace(/\s+/g, "_");
  };
  const d = option.default;
  if (Array.isArray(d)) {
    return text.trim() === "" ? [] : text.split(",").map((w) => one(w, d.length ? d[0] : null));
  }
  if (d === null) return text.trim() === "" ? null : one(text, null);
  return one(text, d);
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
    else out[option.name] = optionValue(option, input.value);
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
  // The links lie under the options (thousands of px down on a phone): brought into view.
  box.scrollIntoView({ block: "start", behavior: "smooth" });
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
  lightButtonsFromBoard();
  explainPieces();
  connect();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${scheme}//${location.host}/ws/games/${TABLE.game}?lang=${PAGE.lang}`);
  TABLE.socket = socket;
  socket.addEventListener("open", () => {
    TABLE.retry = 500;
    socket.send(JSON.stringify(helloMessage()));
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
  if (message.type === "state") { if (!designerHolds(message)) draw(message); }
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

// The story box shows whole lines only, never a line cut through the middle: when the story
// is longer than the box, its earliest lines fold under a first line that says how many
// there are and opens them (the box then grows to hold the whole story, until it is folded
// again). Each line keeps its number in the whole story.
function showLatest(list) {
  const items = [...list.children];
  items.forEach((item, i) => { if (!item.classList.contains("nothing-new")) item.value = i + 1; });
  list.classList.remove("whole");
  list.scrollTop = 0;
  if (list.scrollHeight <= list.clientHeight + 1) return;
  if (TABLE.storyWhole) {
    list.classList.add("whole");
    list.prepend(storyFold(W.story_fold, false));
    return;
  }
  const fold = storyFold("", true);
  list.prepend(fold);
  let hidden = 0;
  while (hidden < items.length - 1 && list.scrollHeight > list.clientHeight + 1) {
    items[hidden].hidden = true;
    hidden += 1;
    fold.firstChild.textContent = fill(W.story_earlier, { n: hidden });
  }
}

// The story box: the latest lines the view holds or, once the person asked for it, the whole
// game from its first line (asked of the server again when the game has moved on).
function drawStory(state) {
  const log = $("log");
  const button = $("story-whole");
  const whole = TABLE.storyAll;
  button.hidden = Boolean(whole);
  button.textContent = W.story_whole;
  button.onclick = () => readWholeStory();
  if (whole) {
    $("log-title").textContent = W.story_whole_title;
    log.replaceChildren(...whole.log.map((entry) => storyEntry({ ...entry, earlier: false })));
    [...log.children].forEach((item, i) => { item.value = i + 1; });
    log.classList.add("whole");
    const back = el("button", { type: "button", class: "story-fold", text: W.story_latest });
    back.addEventListener("click", () => { TABLE.storyAll = null; if (TABLE.state) draw(TABLE.state); });
    log.prepend(el("li", { class: "fold" }, back));
    if (whole.version !== state.version) readWholeStory();
    return;
  }
  $("log-title").textContent = state.seat === null ? W.log_watch : W.log;
  log.replaceChildren(...state.log.map(storyEntry), ...nothingNew(state));
  // At the end, the story from its first line (what came of the seat's last move, the
  // move that won); during the game, its latest lines.
  if (state.over) { log.classList.remove("whole"); log.scrollTop = 0; } else showLatest(log);
}

// Ask the server for the whole story as this seat may read it, and show it.
async function readWholeStory() {
  const version = TABLE.state ? TABLE.state.version : null;
  if (TABLE.storyAsked === version) return;
  TABLE.storyAsked = version;
  const headers = TABLE.token ? { Authorization: `Bearer ${TABLE.token}` } : {};
  try {
    const body = await getJSON(`/api/games/${TABLE.game}/story`, { headers });
    TABLE.storyAll = { log: body.log, version };
  } catch (error) {
    TABLE.storyAsked = null;
    showError({ message: error.message });
    return;
  }
  if (TABLE.state) draw(TABLE.state);
}

// The first line of a folded (or opened) story: a button that opens (or folds) it.
function storyFold(text, open) {
  const button = el("button", { type: "button", class: "story-fold", text });
  button.addEventListener("click", () => {
    TABLE.storyWhole = open;
    if (TABLE.state) draw(TABLE.state);
  });
  return el("li", { class: "fold" }, button);
}

function draw(state) {
  TABLE.state = state;
  document.body.dataset.version = state.version;
  document.body.dataset.over = state.over ? "1" : "0";
  document.title = state.title;
  $("heading").textContent = state.status ? `${state.title} · ${state.status}` : state.title;
  const me = state.seat === null ? null : state.seats[state.seat];
  $("status").textContent = me ? fill(W.you_are, { seat: me.name }) : W.watching;
  if (state.failure) $("status").textContent = state.failure;   // the game cannot go on
  drawBoard(state);
  $("hand-title").hidden = !(state.hand || state.hand_narrow);
  $("hand-title").textContent = W.your_hand;
  drawPrompt(state);
  drawSeatsTable(state);
  drawStory(state);
  const result = $("result");
  result.hidden = !state.result;
  if (state.result) {
    const told = state.result.scores ? scoreTable(state.result.scores)
                                     : state.result.lines.map((line) => el("p", { text: line }));
    result.replaceChildren(el("h3", { text: W.result }), ...told,
                           el("p", { class: "facts", text: fill(W.seed, { seed: state.result.seed }) }));
    turnIfTooWide(result);
  }
}

// A line saying that nothing happened since the seat's last move (the earlier entries stay
// above it), so that the story box is never an empty box.
function nothingNew(state) {
  if (state.seat === null || state.over || state.log.some((e) => !e.earlier)) return [];
  return [el("li", { class: "nothing-new", text: W.nothing_new })];
}

// One entry of the story: its line, and its raw moves folded under it.
function storyEntry(entry) {
  const seen = entry.earlier ? { class: "earlier" } : {};   // told before the seat's last move
  if (!entry.details.length) return el("li", { ...seen, text: entry.text });
  return el("li", seen, el("details", {}, el("summary", { text: entry.text }),
                          el("ul", { class: "moves" }, ...entry.details.map((d) => el("li", { text: d })))));
}

// The score table at the end, and what decided it. Wide (a row per player: place, player,
// where the points came from, each scoring category) on a wide screen; turned on a phone (a
// column per player, a row per part), so that it fits the card without sideways scrolling.
// The columns that break ties say so.
function scoreTable(scores) {
  const parts = scores.parts || [];
  const tieFrom = scores.ties_from === undefined ? scores.columns.length : scores.ties_from;
  const title = (c, i) => i >= tieFrom && scores.tiebreak
    ? [c, el("small", { class: "tiebreak", text: scores.tiebreak })] : [c];
  const player = (r) => [el("span", { class: "dot", style: `background:${TABLE.state.seats[r.seat].colour}` }),
                         r.name + (r.winner ? " ★" : "")];
  const head = el("tr", {}, el("th", { text: W.place }), el("th", { text: W.player }),
                  ...parts.map((c) => el("th", { class: "part", text: c })),
                  ...scores.columns.map((c, i) => el("th", { class: i === 0 && tieFrom > 0 ? "total" : "" }, ...title(c, i))),
                  ...(scores.conditions ? [el("th", { text: W.condition_met })] : []));
  const rows = scores.rows.map((r) => el("tr", { class: r.winner ? "winner" : "" },
    el("td", { text: String(r.place) }),
    el("td", {}, ...player(r)),
    ...(r.parts || []).map((v) => el("td", { class: "num part", text: v })),
    ...r.values.map((v, i) => el("td", { class: i === 0 && tieFrom > 0 ? "num total" : "num", text: v })),
    ...(scores.conditions ? [el("td", { text: r.conditions || "–" })] : [])));
  const wide = el("table", { class: "scores wide" }, el("thead", {}, head), el("tbody", {}, ...rows));
  const line = (label, cells, cls) => el("tr", { class: cls || "" }, el("th", { scope: "row" }, ...label),
                                         ...cells.map((v) => el("td", { class: "num", text: v })));
  const turned = el("table", { class: "scores turned" },
    el("thead", {}, el("tr", {}, el("th", {}),
                       ...scores.rows.map((r) => el("th", { class: r.winner ? "winner" : "" }, ...player(r))))),
    el("tbody", {},
       line([W.place], scores.rows.map((r) => String(r.place))),
       ...parts.map((c, i) => line([c], scores.rows.map((r) => r.parts[i]), "part")),
       ...scores.columns.map((c, i) => line(title(c, i), scores.rows.map((r) => r.values[i]),
                                            i === 0 && tieFrom > 0 ? "total" : "")),
       ...(scores.conditions ? [line([W.condition_met], scores.rows.map((r) => r.conditions || "–"))] : [])));
  const cards = el("div", { class: "scores cards" }, ...scores.rows.map((r) =>
    el("section", { class: r.winner ? "score-card winner" : "score-card" },
       el("h4", {}, `${r.place}. `, ...player(r)),
       el("table", {}, el("tbody", {},
          ...parts.map((c, i) => line([c], [r.parts[i]], "part")),
          ...scores.columns.map((c, i) => line(title(c, i), [r.values[i]], i === 0 && tieFrom > 0 ? "total" : "")),
          ...(scores.conditions ? [line([W.condition_met], [r.conditions || "–"])] : []))))));
  return [wide, turned, cards, el("p", { class: "decided", text: scores.verdict }),
          ...(scores.ties ? [el("p", { class: "ties", text: scores.ties })] : [])];
}

// The score table in the first of its forms that fits its card without sideways
// scrolling: wide (a row per player), turned (a column per player), a card per player.
function turnIfTooWide(result) {
  for (const form of ["wide", "turned", "cards"]) {
    result.dataset.scores = form;
    if (result.scrollWidth <= result.clientWidth && !squeezed(result, form)) return;
  }
}

// Whether a form of the score table squeezes a cell's words into a column over four
// lines tall (an end condition one word a line).
function squeezed(result, form) {
  const table = result.querySelector(`.scores.${form}`);
  if (!table || form === "cards") return false;
  return [...table.querySelectorAll("td, th")].some((cell) => {
    const style = getComputedStyle(cell);
    const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.3;
    return cell.clientHeight > line * 4 + 12;
  });
}

function narrowTable() {
  // A phone: the board laid out for a narrow column (the server draws the one the page
  // said it shows, in its hello and layout messages).
  return document.querySelector(".board-column").clientWidth < 700;
}

function drawBoard(state) {
  // The layout that fits, or the one drawn while the server draws the other.
  const narrow = !!state.board_narrow && (narrowTable() || !state.board);
  $("board").innerHTML = narrow ? state.board_narrow : state.board;
  $("hand").innerHTML = (narrow ? state.hand_narrow : state.hand) || "";
  TABLE.narrow = !!narrow;
  // The hand above the board once a question has picked from it (a discard): below the
  // board it would be out of sight on a desktop screen. It stays there, so that the page
  // does not jump from one question to the next.
  if ($("hand").querySelector("[data-action]")) TABLE.handAbove = true;
  if (TABLE.handAbove) $("board").before($("hand-title"), $("hand"));
  else $("board").after($("hand-title"), $("hand"));
  // Never smaller than drawn (its text would shrink under 11 px): the box scrolls instead.
  for (const svg of document.querySelectorAll(".board-box svg")) {
    svg.style.minWidth = svg.getAttribute("width") + "px";
  }
}

window.addEventListener("resize", () => {
  const narrow = narrowTable();
  const socket = TABLE.socket;
  if (socket && socket.readyState === WebSocket.OPEN && narrow !== TABLE.askedNarrow) {
    TABLE.askedNarrow = narrow;       // the other layout: the server sends a view drawn so
    socket.send(JSON.stringify({ type: "layout", narrow }));
  }
  if (TABLE.state && narrow !== TABLE.narrow) drawBoard(TABLE.state);
});

const SUBJECT = ".subject, [data-subject], [data-subject-cell]";

// Pinned at the bottom of a phone's screen while the person's question is out of sight.
function backToQuestion() {
  let back = $("back-to-question");
  if (!back) {
    back = el("button", { type: "button", id: "back-to-question", text: W.back_to_question });
    back.hidden = true;
    back.addEventListener("click", () => $("prompt").scrollIntoView({ block: "start" }));
    document.body.append(back);
    new IntersectionObserver(([seen]) => {
      back.hidden = seen.isIntersecting || !$("prompt").classList.contains("mine")
        || !narrowTable();
    }).observe($("prompt"));
  }
  return back;
}

function drawPrompt(state) {
  const box = $("prompt");
  box.classList.toggle("mine", !!state.prompt);
  const back = backToQuestion();
  if (!state.prompt || !narrowTable()) back.hidden = true;
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
      if (a.picture) pictureButton(b, a);
      b.addEventListener("click", () => send(a));
      return b;
    });
    const steps = state.prompt.steps || [];
    const where = steps.length ? [el("div", { class: "steps", text: steps.join(" › ") })] : [];
    box.hidden = false;
    const ask = el("div", { class: "ask", text: state.prompt.text });
    if (state.prompt.picture) {     // the piece the question is about, drawn beside it
      const picture = el("span", { class: "subject-picture" });
      picture.innerHTML = state.prompt.picture;
      ask.prepend(picture);
    }
    const map = [];
    if (state.prompt.map) {         // a phone: the spaces offered, right under the question
      const spaces = el("div", { class: "prompt-map" });
      spaces.innerHTML = state.prompt.map;
      spaces.addEventListener("click", pickOnBoard);
      map.push(spaces);
    }
    // A phone: the board lies far below the question; a button shows what the question is
    // about on it (its subject, marked), and another one, pinned, brings the question back.
    const look = [];
    if (narrowTable() && !state.prompt.map && $("board").querySelector(SUBJECT)) {
      const show = el("button", { type: "button", class: "to-board", text: W.show_on_board });
      show.addEventListener("click", () => {
        const target = $("board").querySelector(SUBJECT) || $("board");
        target.scrollIntoView({ block: "center", inline: "center" });
      });
      look.push(show);
    }
    box.replaceChildren(el("h3", { text: W.your_turn }), ...where, ask, ...map, ...look,
                        el("div", { class: "actions" }, ...buttons));
    // A new question whose start is out of sight (on a phone, after a tap far down the
    // board or low in a long list): bring it into view, so the person never hunts for
    // what is asked.
    const seen = box.getBoundingClientRect();
    if (seen.top < 0 || seen.top > window.innerHeight) box.scrollIntoView({ block: "start" });
  } else {
    // Over: the result card says it all (no second "Result" here).
    const text = state.over ? "" : (state.waiting ? fill(W.waiting_for, { seats: state.waiting }) : "");
    box.replaceChildren(el("div", { class: "ask", text }));
    box.hidden = state.over;
  }
}

// A seat's facts, each on a line of its own in a grid of short columns (not one long run).
function seatFacts(facts) {
  return el("div", { class: "facts seat-facts" },
            ...facts.map(([k, v]) => el("span", { class: "fact", text: v === "" ? k : `${k}: ${v}` })));
}

function drawSeatsTable(state) {
  const rows = state.seats.map((s) => {
    return el("tr", { class: s.to_move ? "tomove" : "" },
              el("td", {}, el("span", { class: "dot", style: `background:${s.colour}` }), s.name),
              el("td", {}, el("div", { text: s.kind_name }), seatFacts(s.facts)));
  });
  $("seats").replaceChildren(...rows);
  const pieces = (state.pieces_help || []).length
    ? [el("details", { class: "facts pieces-help" }, el("summary", { text: W.what_pieces_do }),
          ...state.pieces_help.map(([name, effect]) => el("p", { text: `${name} — ${effect}` })))]
    : [];
  $("facts").replaceChildren(...state.facts.map(([k, v]) => el("div", { class: "facts", text: `${k}: ${v}` })),
                             ...pieces);
}

function send(action) {
  if (!TABLE.socket || TABLE.socket.readyState !== WebSocket.OPEN) return;
  TABLE.ref += 1;
  $("prompt").querySelectorAll("button").forEach((b) => { b.disabled = true; });
  TABLE.socket.send(JSON.stringify({ type: "act", ref: TABLE.ref,
                                     action: { id: action.id, ask: action.ask, step: action.step } }));
}

function lightButtonsFromBoard() {
  // Pointing at a shape of the board that is an option lights the question's button for
  // it (the same action), so a ring on the map says which connection it is.
  const light = (event, on) => {
    const shape = event.target.closest && event.target.closest("[data-action]");
    if (!shape) return;
    const id = shape.getAttribute("data-action");
    $("prompt").querySelectorAll("button.action").forEach((b) => {
      if (b.getAttribute("data-id") === id) b.classList.toggle("lit", on);
    });
  };
  $("board").addEventListener("pointerover", (event) => light(event, true));
  $("board").addEventListener("pointerout", (event) => light(event, false));
}

function pickOnBoard(event) {
  const shape = event.target.closest("[data-action]");
  if (!shape || !TABLE.state || !TABLE.state.prompt) return;
  const action = TABLE.state.prompt.actions.find((a) => a.id === shape.getAttribute("data-action"));
  if (action) send(action);
}

// ---- what a piece does, and a tile seen before it is turned ----------------------------
// A piece on the board or in the hand whose effect the game writes carries it in
// data-effect (and a <title>, the hover's tooltip). A tap on a piece that is not an option
// shows it in a small popover by the piece; a long press shows it for any piece (then the
// tap does not choose it). A rotation's options are pictures of the tile so turned.

const EXPLAIN = { timer: null, swallow: false, shownAt: 0, PRESS_MS: 450, touch: false };

function explainPieces() {
  for (const box of [$("board"), $("hand")]) {
    box.addEventListener("pointerdown", (event) => {
      const shape = event.target.closest("[data-effect]");
      EXPLAIN.touch = event.pointerType === "touch";
      clearTimeout(EXPLAIN.timer);
      EXPLAIN.swallow = false;
      if (!shape) return;
      EXPLAIN.timer = setTimeout(() => { EXPLAIN.swallow = true; showEffect(shape); }, EXPLAIN.PRESS_MS);
    });
    for (const end of ["pointerup", "pointercancel", "pointerleave"]) {
      box.addEventListener(end, () => clearTimeout(EXPLAIN.timer));
    }
    box.addEventListener("contextmenu", (event) => {
      if (event.target.closest("[data-effect]")) event.preventDefault();
    });
    // Capture: runs before the board's own click (which would choose an option).
    box.addEventListener("click", (event) => {
      if (EXPLAIN.swallow) {
        EXPLAIN.swallow = false;
        event.stopImmediatePropagation();
        return;
      }
      const shape = event.target.closest("[data-effect]");
      const option = event.target.closest("[data-action]");
      // A finger on a piece lying inside an option (a marker in a district, a card on a
      // street space, a tile on a space) asks what it is: the card says it, with a button
      // that chooses the option (testers' taps laid a card, bought red cards and built
      // over a tile they only meant to read). A tap on the option's free space chooses it.
      if (shape && option && EXPLAIN.touch && option.contains(shape) && option !== shape) {
        event.stopImmediatePropagation();
        showEffect(shape, option);
        return;
      }
      // A small button among others close by (a connection's ring): a finger's tap names
      // it and lights its line first (phone testers could not tell the rings apart).
      if (option && EXPLAIN.touch && option.hasAttribute("data-confirm")) {
        event.stopImmediatePropagation();
        showEffect(option, option);
        return;
      }
      if (shape && !option) showEffect(shape);
      else hideEffect();
    }, true);
  }
  document.addEventListener("click", (event) => {
    if (!event.target.closest("#board, #hand, #effect-pop")) hideEffect();
  });
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") hideEffect(); });
  // Scrolling away closes it (not the scroll that brought the piece into view).
  window.addEventListener("scroll", () => {
    if (performance.now() - EXPLAIN.shownAt > 400) hideEffect();
  }, { passive: true });
}

function pieceLines(shape) {
  // The words drawn on the piece (its name, then its colour, price...), without the lines
  // of its effect (drawn in italics: the popup gives the effect whole, as a paragraph);
  // none for a piece whose text already names it (data-named).
  if (shape.hasAttribute("data-named")) return [];
  // A label wrapped over lines is given whole: its first part the name, then the others.
  if (shape.hasAttribute("data-name")) return shape.getAttribute("data-name").split(" · ");
  // A line of the effect's own words (wrapped on a narrow board, not in italics) is left
  // out too: the popup says the effect once, whole.
  const effect = (shape.getAttribute("data-effect") || "").replace(/\s+/g, " ");
  return [...shape.querySelectorAll("text")]
    .filter((t) => t.getAttribute("font-style") !== "italic")
    .map((t) => t.textContent.trim()).filter(Boolean).join(" · ").split(" · ").filter(Boolean)
    .filter((line, i) => i === 0 || !effect.includes(line.replace(/…$/, "")));
}

function showEffect(shape, option = null) {
  let pop = $("effect-pop");
  if (!pop) {
    pop = el("div", { id: "effect-pop", role: "status" });
    pop.addEventListener("click", hideEffect);
    document.body.append(pop);
  }
  const [name, ...facts] = pieceLines(shape);
  // A piece inside an option (tapped on a touch screen): a button chooses the option.
  const action = option && TABLE.state && TABLE.state.prompt
    ? TABLE.state.prompt.actions.find((a) => a.id === option.getAttribute("data-action")) : null;
  const choose = action ? [el("button", { type: "button", class: "choose-it", text: W.choose_it })] : [];
  if (action) choose[0].addEventListener("click", () => { hideEffect(); send(action); });
  const effect = shape.getAttribute("data-effect");
  pop.replaceChildren(...(name ? [el("strong", { text: name })] : []),
                      ...(facts.length ? [el("span", { class: "facts", text: facts.join(" · ") })] : []),
                      ...(effect ? [el("span", { class: "effect", text: effect })] : []),
                      ...choose);
  lightRoute(option && option.getAttribute("data-conn"));
  pop.hidden = false;
  EXPLAIN.shownAt = performance.now();
  const r = shape.getBoundingClientRect();
  const w = pop.offsetWidth, h = pop.offsetHeight;
  const left = Math.max(8, Math.min(r.left + r.width / 2 - w / 2, window.innerWidth - w - 8));
  const below = r.bottom + 6 + h < window.innerHeight;
  pop.style.left = `${left}px`;
  pop.style.top = `${below ? r.bottom + 6 : Math.max(8, r.top - h - 6)}px`;
}

function hideEffect() {
  const pop = $("effect-pop");
  if (pop) pop.hidden = true;
  lightRoute(null);
}

function lightRoute(conn) {
  // The line of the connection a popup names, lit on the board (none: every line unlit).
  for (const lit of document.querySelectorAll("#board .lit")) lit.classList.remove("lit");
  if (!conn) return;
  for (const route of document.querySelectorAll("#board [data-route]")) {
    if (route.getAttribute("data-route") === conn) route.classList.add("lit");
  }
}

function pictureButton(button, action) {
  // The option drawn: the tile turned so, on its cell among its neighbours; the label under.
  button.classList.add("picture");
  const label = button.firstChild;
  const picture = el("span", { class: "picture-svg" });
  picture.innerHTML = action.picture;
  button.prepend(picture);
  if (label && label.nodeType === Node.TEXT_NODE) {
    button.replaceChild(el("span", { class: "picture-label", text: label.textContent }), label);
  }
}

// ---- which page ----------------------------------------------------------------------

setUpLanguage();
const path = location.pathname.match(/^\/g\/([A-Za-z0-9_-]+)$/);
if (path) table(path[1]); else lobby();

// ---- designer mode (regola serve --designer) ------------------------------------------
// A panel on every table: play any seat (no link needed), the whole state as JSON, step
// through the stored decisions (read-only), continue a new game from one; in the lobby,
// start a game at a scenario file's position. The server offers the routes only in
// designer mode; its texts are English (a designer's tool).

var DESIGN = { game: null, live: null, at: null, seat: null, timer: null, json: null, text: null, log: null };

// A whole number past 2^53 (a seed), kept as its digits: a JavaScript number would round it.
class BigWhole { constructor(digits) { this.digits = digits; } }

function exactJSON(text) {
  return JSON.parse(text, (key, value, context) =>
    (typeof value === "number" && !Number.isSafeInteger(value) && Number.isInteger(value) &&
     context && context.source ? new BigWhole(context.source) : value));
}

function designerSeat() {
  const m = location.hash.match(/^#as=(\d+)$/);   // not t=: that is a seat's secret link
  return PAGE.designer && m && !TABLE.token ? Number(m[1]) : null;
}

function helloMessage() {
  const seat = designerSeat();
  TABLE.askedNarrow = narrowTable();     // only the board this page shows is drawn
  const hello = seat === null ? { type: "hello", token: TABLE.token } : { type: "hello", seat };
  hello.narrow = TABLE.askedNarrow;
  return hello;
}

// A live view from the socket: false lets the table draw it; true while the designer looks
// at the past (the latest live view is kept for "back to now").
function designerHolds(state) {
  if (!PAGE.designer) return false;
  DESIGN.live = state;
  if (DESIGN.at !== null) { designerControls(); return true; }
  setTimeout(() => { designerSeats(); designerControls(); designerStale(); }, 0);
  return false;
}

function designerStart(gameId) {
  if (!PAGE.designer) return;
  document.body.classList.add("designing");
  const note = el("p", { class: "designer-warning", text: PAGE.designer.warning });
  if (!gameId) { designerLobby(note); return; }
  DESIGN.game = gameId;
  DESIGN.seat = designerSeat();
  const slider = el("input", { type: "range", id: "designer-slider", min: "0", max: "0", value: "0",
                               "aria-label": "decision" });
  slider.addEventListener("input", () => designerTravel(Number(slider.value)));
  const button = (id, text, title, act) => {
    const b = el("button", { type: "button", id, text, title });
    b.addEventListener("click", act);
    return b;
  };
  const at = () => (DESIGN.at === null ? DESIGN.live.version : DESIGN.at);
  const steps = el("div", { class: "designer-row designer-travel" },
    el("span", { class: "designer-label", text: "Decision" }),
    button("designer-first", "◀◀", "the start", () => designerTravel(0)),
    button("designer-back", "◀", "one decision back", () => designerTravel(at() - 1)),
    slider,
    button("designer-forward", "▶", "one decision forward", () => designerTravel(at() + 1)),
    el("span", { id: "designer-at", class: "designer-at" }),
    button("designer-now", "Back to now", "the game as it is", () => designerTravel(null)),
    button("designer-continue", "Continue from here", "a new game whose first decisions are these",
           designerContinue));
  const copy = button("designer-copy", "Copy JSON", "copy the whole state", async (event) => {
    event.preventDefault();               // a button in a summary: do not fold
    if (!DESIGN.text) await designerLoad();
    if (DESIGN.text && navigator.clipboard) navigator.clipboard.writeText(DESIGN.text);
  });
  const stateBox = el("details", { id: "designer-state", class: "designer-json" },
    el("summary", {}, el("span", { id: "designer-state-title", text: "State as JSON" }), " ", copy),
    el("div", { id: "designer-tree", class: "json-tree" }));
  const logBox = el("details", { id: "designer-log", class: "designer-json" },
    el("summary", { id: "designer-log-title", text: "Event log (raw)" }),
    el("div", { id: "designer-log-tree", class: "json-tree" }));
  const opened = () => (DESIGN.json ? designerShowJson() : designerLoad());
  stateBox.addEventListener("toggle", opened);
  logBox.addEventListener("toggle", opened);
  const panel = el("section", { id: "designer", class: "card designer" },
    el("h3", {}, "Designer ", note),
    el("div", { class: "designer-row" }, el("span", { class: "designer-label", text: "Play as" }),
       el("span", { id: "designer-seats", class: "designer-seats" })),
    steps, el("p", { id: "designer-error", class: "error", role: "alert" }), stateBox, logBox);
  $("table").prepend(panel);
}

function designerSeats() {
  const box = $("designer-seats");
  if (!box || !DESIGN.live) return;
  const choices = [{ seat: null, name: "Watch", colour: null }, ...DESIGN.live.seats];
  box.replaceChildren(...choices.map((s) => {
    const label = s.seat === null ? "Watch" : `${s.name}${s.to_move ? " •" : ""}`;
    const b = el("button", { type: "button", class: "designer-seat", "data-seat": s.seat === null ? "" : s.seat,
                             title: s.seat === null ? "public information only" : `play ${s.name} (${s.kind_name})` });
    if (s.colour) b.append(el("span", { class: "dot", style: `background:${s.colour}` }));
    b.append(label);
    if (s.seat === DESIGN.seat) b.classList.add("current");
    b.addEventListener("click", () => {
      location.hash = s.seat === null ? "" : "as=" + s.seat;
      location.reload();
    });
    return b;
  }));
}

function designerControls() {
  if (!$("designer") || !DESIGN.live) return;
  const now = DESIGN.live.version;
  const at = DESIGN.at === null ? now : DESIGN.at;
  const slider = $("designer-slider");
  slider.max = String(now);
  slider.value = String(at);
  $("designer-at").textContent = `${at} / ${now}`;
  $("designer-back").disabled = at <= 0;
  $("designer-first").disabled = at <= 0;
  $("designer-forward").disabled = at >= now;
  $("designer-now").disabled = DESIGN.at === null;
  $("designer").classList.toggle("past", DESIGN.at !== null);
  $("designer-state-title").textContent = DESIGN.at === null ? `State as JSON (now, after ${now} decisions)`
                                                             : `State as JSON (after decision ${at})`;
}

// Go to the game after decision k (null: now); the slider waits for the hand to rest.
function designerTravel(k) {
  const now = DESIGN.live ? DESIGN.live.version : 0;
  if (k !== null && (k < 0 || k > now)) return;
  DESIGN.at = k === null || k === now ? null : k;
  designerControls();
  clearTimeout(DESIGN.timer);
  if (DESIGN.at === null) { draw(DESIGN.live); designerStale(); return; }
  DESIGN.timer = setTimeout(designerLoad, 120);
}

async function designerLoad() {
  if (!DESIGN.game) return;
  const asked = DESIGN.at;
  const query = new URLSearchParams();
  if (asked !== null) query.set("at", asked);
  if (DESIGN.seat !== null) query.set("seat", DESIGN.seat);
  let body;
  try {
    body = await getJSON(`/api/designer/games/${DESIGN.game}?${query}`);
  } catch (error) {
    $("designer-error").textContent = error.message;
    return;
  }
  if (asked !== DESIGN.at) return;          // the designer moved on meanwhile
  $("designer-error").textContent = "";
  DESIGN.text = body.state_text;
  DESIGN.json = exactJSON(body.state_text);
  DESIGN.log = body.log;
  if (asked !== null) {
    draw(body.view);
    $("status").textContent = `The game after decision ${body.at} of ${body.now} (read-only)`;
    const box = $("prompt");
    box.querySelectorAll(".designer-note").forEach((n) => n.remove());
    box.append(el("p", { class: "designer-note", text: "Read-only: the game as it was then. “Back to now” " +
                         "plays on; “Continue from here” makes a new game from this point." }));
  }
  designerShowJson();
}

// The game moved on: the JSON shown is old; fetch it now only if it is open.
function designerStale() {
  DESIGN.json = DESIGN.text = DESIGN.log = null;
  if ($("designer-state").open || $("designer-log").open) designerLoad();
}

function designerShowJson() {
  if ($("designer-state").open && DESIGN.json) $("designer-tree").replaceChildren(jsonTree(null, DESIGN.json, 0));
  if ($("designer-log").open && DESIGN.log) {
    $("designer-log-title").textContent = `Event log (raw, ${DESIGN.log.length} events)`;
    $("designer-log-tree").replaceChildren(jsonTree(null, DESIGN.log, 1));
  }
}

// A value as a tree: objects and arrays fold (the top levels open), the rest as JSON.
function jsonTree(key, value, depth) {
  const name = key === null ? [] : [el("span", { class: "json-key", text: key + ": " })];
  if (value instanceof BigWhole) {
    return el("div", { class: "json-leaf" }, ...name, el("span", { class: "json-number", text: value.digits }));
  }
  if (value === null || typeof value !== "object") {
    return el("div", { class: "json-leaf" }, ...name,
              el("span", { class: "json-" + (value === null ? "null" : typeof value), text: JSON.stringify(value) }));
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  const brief = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
  const node = el("details", { class: "json-node" }, el("summary", {}, ...name, el("span", { class: "json-brief", text: brief })));
  if (depth < 1) node.open = true;
  let filled = false;
  const fill = () => {
    if (filled) return;
    filled = true;
    node.append(...entries.map(([k, v]) => jsonTree(k, v, depth + 1)));
  };
  if (node.open) fill(); else node.addEventListener("toggle", fill);
  return node;
}

async function designerContinue() {
  const now = DESIGN.live ? DESIGN.live.version : 0;
  const at = DESIGN.at === null ? now : DESIGN.at;
  try {
    const made = await getJSON(`/api/designer/games/${DESIGN.game}/continue`, {
      method: "POST", body: JSON.stringify({ at }), headers: { "Content-Type": "application/json" } });
    const seat = DESIGN.seat === null ? "" : `#as=${DESIGN.seat}`;
    location.href = withLang(`/g/${made.id}${seat}`);
  } catch (error) {
    $("designer-error").textContent = error.message;
  }
}

// The lobby: start a game at a scenario's position, a person in every seat.
async function designerLobby(note) {
  const game = el("select", { id: "scenario-game" });
  const file = el("select", { id: "scenario-file" });
  const start = el("button", { type: "submit", id: "scenario-start", text: "Start here" });
  const error = el("p", { class: "error", id: "scenario-error", role: "alert" });
  const made = el("div", { id: "scenario-made" });
  const form = el("form", { id: "scenario-form" },
    el("div", { class: "row" }, el("label", { for: "scenario-game", text: "Game" }), game),
    el("div", { class: "row" }, el("label", { for: "scenario-file", text: "Scenario" }), file),
    start, error);
  $("lobby").append(el("section", { id: "designer", class: "card designer" },
    el("h2", { text: "Designer: start from a scenario's position" }), note, form, made));
  const { scenarios } = await getJSON("/api/designer/scenarios");
  const games = [...new Set(scenarios.map((s) => s.game))];
  const named = (g) => (RULES && RULES.games.find((r) => r.id === g)) || null;
  game.replaceChildren(...games.map((g) => el("option", { value: g, text: named(g) ? named(g).name : g })));
  const pick = () => file.replaceChildren(...scenarios.filter((s) => s.game === game.value)
    .map((s) => el("option", { value: s.file, text: s.name, title: s.rule })));
  game.addEventListener("change", pick);
  pick();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    let answer;
    try {
      answer = await getJSON("/api/designer/scenario-games", {
        method: "POST", body: JSON.stringify({ game: game.value, scenario: file.value }),
        headers: { "Content-Type": "application/json" } });
    } catch (e) {
      error.textContent = e.message;
      return;
    }
    made.replaceChildren(el("p", { text: "Started. Open a seat:" }),
      el("ul", { class: "links" }, ...answer.seats.map((s) => el("li", {},
        el("a", { href: withLang(s.link), class: "open-seat",
                  text: named(game.value) ? named(game.value).seats[s.seat] : `Seat ${s.seat + 1}` })))));
    listGames();
  });
}

designerStart(path ? path[1] : null);
