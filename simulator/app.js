// The table page: draws what the server pushes (server-sent events) and posts player actions.
// Plain JavaScript, no build step; every rule lives on the server, the page only shows and asks.
"use strict";

const $ = (sel) => document.querySelector(sel);
const HOLD_MS = 600;
let board = null;      // the layout: spots with their LED index
let snap = null;       // the latest snapshot
const selected = new Set();  // cards picked to lay away
let selectedSeat = null;

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) {
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }
  return node;
}

function showError(message) {
  const box = $("#error");
  box.textContent = message;
  box.hidden = false;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { box.hidden = true; }, 5000);
}

// Points typed by a player: an empty field is named, never read as 0 (a claim of 0 is final).
function withPoints(input, emptyMessage, use) {
  if (input.value.trim() === "") showError(emptyMessage);
  else use(Number(input.value));
}

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const reply = await response.json().catch(() => ({ ok: false, error: response.statusText }));
  if (!reply.ok) showError(reply.error);
  // An old refusal no longer applies once something worked; a button press is only queued
  // here, so its own refusal (snap.notice) may already be on show and stays.
  else if (!(snap && snap.notice)) $("#error").hidden = true;
  return reply;
}

const act = (action) => post("/api/action", action);

// ---- cards ----------------------------------------------------------------------------------

const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };

function cardFace(code, attrs) {
  const box = el("span", { class: "card", "data-card": code, ...attrs });
  if (code === "??") {
    box.classList.add("back");
    return box;
  }
  const img = el("img", { src: `/cards/${code}.png`, alt: code, draggable: "false" });
  img.addEventListener("error", () => {
    img.remove();
    const rank = code[0] === "T" ? "10" : code[0];
    box.classList.add("drawn", "CDHS".indexOf(code[1]) % 3 ? "red" : "black");
    box.append(el("b", {}, rank), el("i", {}, SUITS[code[1]]));
  });
  box.append(img);
  return box;
}

// ---- the board ------------------------------------------------------------------------------

function drawBoard() {
  const svg = $("#board");
  const [w, h] = board.size_mm;
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.replaceChildren();
  charts.svgEl("rect", { x: 0, y: 0, width: w, height: h, rx: 8, class: "wood" }, svg);
  const r = board.hole_mm / 2 + 0.4;
  for (const spot of board.spots) {
    const c = charts.svgEl("circle", {
      cx: spot.x, cy: spot.y, r, class: `hole ${spot.kind}`, "data-led": spot.led,
      "data-player": spot.player, "data-kind": spot.kind, "data-hole": spot.number,
    }, svg);
    charts.svgEl("title", {}, c).textContent =
      `${spot.kind === "hole" ? "hole " + spot.number : spot.kind} · track ${spot.player + 1}`;
  }
}

function lightBoard(lit) {
  for (const c of document.querySelectorAll("#board circle")) {
    const colour = lit[c.dataset.led];
    c.classList.toggle("lit", Boolean(colour));
    c.style.fill = colour || "";
  }
}

// ---- the table ------------------------------------------------------------------------------

function playerColour(p) {
  return board && board.colours ? board.colours[p % board.colours.length] : "#ccc";
}

function renderScores() {
  const box = $("#scores");
  box.replaceChildren(...snap.names.map((name, p) => {
    const pegs = snap.pegs[snap.kind === "cards" ? sideOf(p) : p] || { front: 0 };
    return el("div", { class: "score", "data-player": p, style: `--c:${playerColour(p)}` },
      el("span", { class: "dot" }), el("span", { class: "name" }, name,
        p === snap.computer_seat ? " (computer)" : ""),
      el("span", { class: "points", "data-score": pegs.front }, pegs.front));
  }));
}

function sideOf(seat) {
  const sides = snap.state.sides || snap.names.map((_, i) => [i]);
  return sides.findIndex((seats) => seats.includes(seat));
}

// Card values in the count, for the page's own hint of what fits (the server decides).
const cardValue = (code) => Math.min(10, "A23456789TJQK".indexOf(code[0]) + 1);

function hiddenPrompt(s, name) {
  switch (s.phase) {
    case "deal_end": return s.deal === 0
      ? "Cut for deal, then say who deals (or press OK: the first seat deals)."
      : "The deal is over: deal the next hand at the table and press OK.";
    case "discard": return `${s.to_move.map(name).join(" and ")}: lay away face down ` +
      "(Laid away, or the seat's PEG button).";
    case "cut": return `${name(s.to_move[0])} cuts: name the starter turned up.`;
    case "play": return `${name(s.turn)} to play — the count is ${s.count}: ` +
      (snap.table_hands ? "lay a card for the camera, or GO." : "name the card laid, or GO.");
    case "show": return s.reveal
      ? `${name(s.reveal.player)} shows the ${s.reveal.kind}: name the ` +
        `${s.reveal.cards_needed} card(s) the play did not show.`
      : `${name(s.show_next[0])} claims the ${s.show_next[1]}.`;
    default: return s.phase;
  }
}

function promptText() {
  const s = snap.state;
  const name = (p) => snap.names[p];
  if (snap.winner !== null && snap.winner !== undefined) {
    return `${name(snap.winner)} wins! Press OK or New game to play again.`;
  }
  if (snap.kind === "scoreboard") return "Peg the points you count; OK starts the next game.";
  if (snap.pending) return "Check the count on display, then confirm it (or dispute).";
  if (snap.hidden_hands) return hiddenPrompt(s, name);
  switch (s.phase) {
    case "discard": {
      const who = s.to_move.filter((p) => p !== snap.computer_seat).map(name).join(" and ");
      return `${who}: lay away ${s.rules.discard === 1 ? "one card" : "two cards"} to ` +
        `${name(s.dealer)}'s crib.`;
    }
    case "play":
      if (s.turn !== snap.computer_seat && !(s.playable || []).length) {
        return `${name(s.turn)} cannot play on ${s.count}: press GO.`;
      }
      return `${name(s.turn)} to play — the count is ${s.count}.`;
    case "show": return `${name(s.show_next[0])} claims the ${s.show_next[1]}.`;
    case "deal_end": return "The deal is over: press OK for the next deal.";
    default: return s.phase;
  }
}

// At a real table the app sees no hand: the simulator's virtual table shows the cards the
// people hold (table_hands); without one, each seat's cards are backs, as many as are held.
function handOf(s, p) {
  if (!s.hidden) return s.hands[p] || [];
  if (snap.table_hands) return snap.table_hands[p] || [];
  return Array((s.held || [])[p] || 0).fill("??");
}

function fits(s, p, code) {
  if (!s.hidden) return (s.playable || []).includes(code);
  return code !== "??" && cardValue(code) <= 31 - s.count;
}

function seatBox(p) {
  const s = snap.state;
  const computer = p === snap.computer_seat;
  const hand = handOf(s, p);
  const myTurn = s.phase === "play" && s.turn === p;
  const discarding = s.phase === "discard" && (s.to_move || []).includes(p) && !computer &&
    !(s.hidden && !snap.table_hands);
  const cards = hand.map((code) => {
    const playable = myTurn && !computer && fits(s, p, code);
    const face = cardFace(code, { class: "card" + (playable ? " playable" : ""),
      role: discarding || playable ? "button" : null, tabindex: discarding || playable ? 0 : null });
    if (discarding) {
      if (selectedSeat === p && selected.has(code)) face.classList.add("selected");
      face.addEventListener("click", () => toggleDiscard(p, code));
    } else if (playable) {
      const type = snap.mode === "auto" ? "lay" : "play";  // auto: the camera reads it
      face.addEventListener("click", () => act({ type, player: p, card: code }));
    }
    return face;
  });
  const played = (s.played || []).filter(([seat]) => seat === p).map(([, code]) =>
    cardFace(code, { class: "card small" }));
  const tags = [
    s.dealer === p && s.deal > 0 ? el("span", { class: "tag" }, "dealer") : null,
    myTurn ? el("span", { class: "tag turn" }, "to play") : null,
    computer ? el("span", { class: "tag" }, "computer") : null,
  ];
  const buttons = [];
  const throwing = s.rules.discard;
  if (discarding) {
    buttons.push(el("button", { type: "button", id: `lay-away-${p}`,
      disabled: !(selectedSeat === p && selected.size === throwing) || null,
      onclick: () => layAway(p) }, "Lay away to the crib"));
  } else if (s.hidden && s.phase === "discard" && (s.to_move || []).includes(p)) {
    buttons.push(el("button", { type: "button", id: `laid-away-${p}`,
      onclick: () => act({ type: "discard", player: p }) }, "Laid away"));
  }
  if (snap.hidden_hands && s.phase === "deal_end" && s.deal === 0) {
    buttons.push(el("button", { type: "button", id: `deals-${p}`,
      onclick: () => act({ type: "next", player: p, dealer: p }) }, "Deals first"));
  }
  if (myTurn && !computer && (s.hidden || !(s.playable || []).length)) {
    buttons.push(el("button", { type: "button", id: `go-${p}`,
      onclick: () => act({ type: "go", player: p }) }, "Go"));
  }
  return el("div", { class: "seat" + (myTurn ? " active" : ""), "data-seat": p,
    style: `--c:${playerColour(p)}` },
    el("h3", {}, el("span", { class: "dot" }), snap.names[p], ...tags),
    el("div", { class: "cards hand", "data-seat": p }, cards),
    played.length ? el("div", { class: "cards played" }, el("small", {}, "played"), played) : null,
    el("div", { class: "row" }, buttons));
}

function toggleDiscard(p, code) {
  if (selectedSeat !== p) { selected.clear(); selectedSeat = p; }
  if (selected.has(code)) selected.delete(code);
  else if (selected.size < snap.state.rules.discard) selected.add(code);
  render();
}

async function layAway(p) {
  const cards = [...selected];
  selected.clear();
  selectedSeat = null;
  // At a real table the cards go face down: the app hears only that the seat laid away.
  await act({ type: snap.state.hidden ? "lay_away" : "discard", player: p, cards });
}

// At a real table cards are named as the table shows them: the starter, each card played, and
// at the show the cards a hand (or the crib) kept hidden. The camera or the encoder does the
// same; this is the page's way.
function namingZone(s) {
  if (!snap.hidden_hands || snap.pending) return null;
  if (s.phase === "cut") return "starter";
  if (s.phase === "play") return "play";
  if (s.phase === "show" && s.reveal) return "show";
  return null;
}

function renderNaming() {
  const zone = namingZone(snap.state);
  $("#naming").hidden = !zone;
  if (!zone) return;
  const labels = { starter: "Starter", play: "Play", show: "Show" };
  $("#name-go").textContent = labels[zone];
  $("#name-cards").placeholder = zone === "show"
    ? `${snap.state.reveal.cards_needed} card(s), e.g. 5H JD` : "a card, e.g. 5H";
}

// The points typed in a seat's field, kept while every update rebuilds the seats: another
// player's peg must not reset what someone is typing.
const pegPoints = {};

function scoreboardSeat(p) {
  const input = el("input", { type: "number", min: 1, max: 29, value: pegPoints[p] ?? 2,
    "aria-label": "points", id: `peg-points-${p}`, oninput: () => { pegPoints[p] = input.value; } });
  return el("div", { class: "seat", "data-seat": p, style: `--c:${playerColour(p)}` },
    el("h3", {}, el("span", { class: "dot" }), snap.names[p]),
    el("div", { class: "row" },
      el("button", { type: "button", id: `peg-one-${p}`,
        onclick: () => act({ type: "press", control: `peg${p}`, kind: "press" }) }, "PEG +1"),
      input,
      el("button", { type: "button", id: `peg-${p}`,
        onclick: () => withPoints(input, `peg: enter the points ${snap.names[p]} pegs, 1 to 29`,
          (points) => act({ type: "peg", player: p, points })) }, "Peg")));
}

function renderTable() {
  const s = snap.state;
  const seats = snap.names.map((_, p) => (snap.kind === "cards" ? seatBox(p) : scoreboardSeat(p)));
  const focused = document.activeElement && $("#seats").contains(document.activeElement)
    ? document.activeElement.id : "";
  $("#seats").replaceChildren(...seats);
  if (focused) document.getElementById(focused)?.focus();
  $("#middle").hidden = snap.kind !== "cards";
  if (snap.kind !== "cards") return;
  $("#starter").replaceChildren(s.starter ? cardFace(s.starter) : el("span", { class: "card back" }));
  $("#run").replaceChildren(...(s.run || []).map((code) => cardFace(code, { class: "card small" })));
  $("#count").textContent = s.phase === "play" ? s.count : "";
  $("#crib").replaceChildren(...(s.crib || []).map((code) => cardFace(code, { class: "card small" })));
}

function renderShow() {
  const box = $("#show");
  const show = snap.pending;
  box.hidden = !show;
  if (!show) return;
  $("#show-title").textContent =
    `${snap.names[show.player]}'s ${show.kind} — ${show.points} point${show.points === 1 ? "" : "s"}`;
  $("#show-cards").replaceChildren(...show.cards.map((c) => cardFace(c)),
    el("span", { class: "plus" }, "+"), cardFace(show.starter, { class: "card starter" }));
  let running = 0;
  $("#show-items").replaceChildren(
    el("tr", {}, el("th", {}, "what"), el("th", {}, "cards"), el("th", {}, "points"),
      el("th", {}, "total")),
    ...show.items.map((item) => {
      running += item.points;
      return el("tr", { class: "item" }, el("td", {}, item.kind), el("td", {}, item.cards.join(" ")),
        el("td", {}, item.points), el("td", {}, running));
    }));
  $("#show-spoken").textContent = `“${snap.pending_spoken}”`;
}

function renderMuggins() {
  const s = snap.state;
  const claiming = snap.muggins && s.phase === "show" && s.show_next;
  $("#muggins").hidden = !(claiming || s.muggins_open);
  $("#claim").disabled = !claiming;
  $("#call-muggins").disabled = !s.muggins_open;
}

function renderSide() {
  $("#said").replaceChildren(...snap.said.slice().reverse().map((t) => el("li", {}, t)));
  $("#log").replaceChildren(...snap.log.slice().reverse().map((t) => el("li", {}, t)));
  const hints = snap.coach.map((h) => el("p", {}, `${snap.names[h.player]}: lay away `,
    el("b", {}, h.discard.join(" ")), ` (hand ${h.hand_ev.toFixed(2)}, crib ${h.crib_ev.toFixed(2)},`
    + ` net ${h.net_ev.toFixed(2)})`));
  if (snap.coach_note) hints.push(el("p", { class: "note" }, snap.coach_note));
  $("#coach-box").hidden = !hints.length;
  $("#coach").replaceChildren(...hints);
  $("#redo").disabled = !snap.can_redo;
  $("#entry").textContent = snap.entry || (snap.kind === "cards" ? "encoder: name a card" : "");
  $("#encoder").hidden = snap.kind !== "cards";
  $("#btn-undo").disabled = !snap.can_undo;
  $("#btn-go").disabled = snap.kind !== "cards";
  $("#winner").hidden = snap.winner === null || snap.winner === undefined;
  if (!$("#winner").hidden) $("#winner").textContent = `${snap.names[snap.winner]} wins!`;
  if (snap.notice) showError(snap.notice);
}

function renderStats() {
  const st = snap.stats;
  const fmt = (v) => (v === null || v === undefined ? "–" : Number(v).toFixed(2));
  const rows = Object.entries(st.players).map(([name, p]) => el("tr", {},
    el("td", {}, name), el("td", {}, p.games), el("td", {}, p.wins),
    el("td", {}, fmt(p.hand_per_deal)), el("td", {}, fmt(p.crib_per_crib)),
    el("td", {}, fmt(p.play_per_deal)), el("td", {}, p.best_hand), el("td", {}, p.skunks_won)));
  $("#stats-summary").replaceChildren(  // (replaceChildren would print a null as "null")
    el("p", {}, rows.length ? `Games finished: ${st.games}`
      : "No finished games yet: the table below fills in once a game is won."),
    ...(rows.length ? [el("table", { class: "stats-table" },
      el("tr", {}, ...["player", "games", "wins", "hand avg", "crib avg", "pegging avg",
        "best hand", "skunks"].map((h) => el("th", {}, h))), ...rows)] : []));
  const colours = snap.names.map((_, p) => playerColour(p));
  charts.drawRace($("#race-chart"), st.race, snap.names, colours, snap.target);
  charts.drawHistogram($("#hand-chart"), st.hand_histogram, st.crib_histogram);
}

function renderCamera() {
  const auto = snap.mode === "auto";
  $("#camera-box").hidden = !auto;
  const problem = snap.camera_problem;  // the camera did not open: cards are named by hand
  $("#camera-problem").hidden = !problem;
  $("#camera-problem").textContent = problem
    ? `No camera: ${problem}. Name the cards with the encoder or here.` : "";
  $("#camera").hidden = Boolean(problem);
  $("#zones-edit").hidden = Boolean(problem) || zoneEditor.editing();
  if (problem) return;
  const zones = zoneEditor.editing() ? 0 : 1;  // the editor draws the zones itself
  if (auto) $("#camera").src = `/api/camera.jpg?zones=${zones}&v=${snap.version}-${Date.now()}`;
}

// "Learn my deck": the camera asks for each card in turn, then learns the deck.
function renderDeck() {
  const deck = snap.deck;
  const capturing = Boolean(deck) && deck.phase === "capturing";
  $("#deck-learn").hidden = !deck || capturing || deck.phase === "learning";
  $("#deck-stop").hidden = !capturing;
  $("#deck-status").hidden = !deck || !deck.message;
  if (deck) $("#deck-status").textContent = deck.message + (capturing ? ` (${deck.taken}/52)` : "");
}

function render() {
  if (!snap || !board) return;
  $("#mode").textContent = `${snap.mode} · ${snap.variant}${snap.muggins ? " · muggins" : ""}`;
  $("#prompt").textContent = promptText();
  $("#pairing").hidden = snap.can_act !== false;
  lightBoard(snap.lit);
  renderScores();
  renderTable();
  renderShow();
  renderNaming();
  renderMuggins();
  renderSide();
  renderStats();
  renderDeck();
  document.body.dataset.phase = snap.state.phase;
  document.body.dataset.version = snap.version;
}

// ---- wiring ---------------------------------------------------------------------------------

function wireButtons() {
  for (const button of document.querySelectorAll("#encoder [data-steps]")) {
    button.addEventListener("click", () => act({ type: "press", control: "encoder", kind: "turn",
      steps: Number(button.dataset.steps) }));
  }
  for (const button of document.querySelectorAll("[data-control]")) {
    let downAt = 0;
    const down = () => { downAt = performance.now(); };
    const up = () => {
      if (!downAt) return;
      const kind = performance.now() - downAt >= HOLD_MS ? "long_press" : "press";
      downAt = 0;
      act({ type: "press", control: button.dataset.control, kind });
    };
    button.addEventListener("pointerdown", down);
    button.addEventListener("pointerup", up);
    button.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") down(); });
    button.addEventListener("keyup", (e) => { if (e.key === "Enter" || e.key === " ") up(); });
  }
  $("#redo").addEventListener("click", () => act({ type: "redo" }));
  $("#naming").addEventListener("submit", async (e) => {
    e.preventDefault();
    const zone = namingZone(snap.state);
    const cards = $("#name-cards").value.toUpperCase().split(/[\s,]+/).filter(Boolean);
    if (!zone) return;
    if (!cards.length || (zone !== "show" && cards.length > 1)) {  // one card is laid at a time
      const what = zone === "show" ? `the ${snap.state.reveal.cards_needed} card(s) shown`
        : zone === "starter" ? "the one starter turned up" : "the one card laid";
      showError(`Name ${what}, e.g. 5H${cards.length ? `, not ${cards.join(" ")}` : ""}.`);
      return;
    }
    const reply = await act({ type: "observe", zone, cards });
    if (reply.ok) $("#name-cards").value = "";
  });
  $("#new-game").addEventListener("click", () => {
    const playing = snap.winner === null && snap.pegs.some((pegs) => pegs.front > 0);
    if (playing && !window.confirm("Abandon the game in play and start a new one? "
      + "The abandoned game cannot be resumed.")) return;
    act({ type: "new_game" });
  });
  $("#confirm").addEventListener("click", () => act({ type: "confirm" }));
  $("#deck-learn").addEventListener("click", () => act({ type: "learn_deck", do: "start" }));
  $("#deck-stop").addEventListener("click", () => act({ type: "learn_deck", do: "stop" }));
  $("#dispute").addEventListener("click", () => act({ type: "undo" }));
  $("#claim").addEventListener("click", () => {
    const [seat] = snap.state.show_next;
    withPoints($("#claim-points"), `claim: enter the count ${snap.names[seat]} claims (0 for none)`,
      (points) => act({ type: "claim", player: seat, points }));
  });
  $("#call-muggins").addEventListener("click", () => {
    const counted = snap.state.show_next ? snap.state.show_next[0] : snap.state.dealer;
    withPoints($("#muggins-points"), "muggins: enter the points the count missed",
      (points) => act({ type: "muggins", player: (counted + 1) % snap.names.length, points }));
  });
  $("#pairing").addEventListener("submit", async (e) => {
    e.preventDefault();
    const reply = await post("/api/pair", { code: $("#pair-code").value });
    if (reply.ok) refresh();
  });
}

async function refresh() {
  snap = await (await fetch("/api/state")).json();
  render();
}

function listen() {
  const source = new EventSource("/api/events");
  source.onopen = () => $("#link").classList.add("up");
  source.onerror = () => $("#link").classList.remove("up");
  source.onmessage = (message) => {
    const canAct = snap ? snap.can_act : true;
    const pushed = { ...JSON.parse(message.data), can_act: canAct };
    // The stream's first push repeats the state just loaded: drawing the seats again would
    // swap a button between its press and release, and lose the click.
    if (snap && JSON.stringify(pushed) === JSON.stringify(snap)) return;
    snap = pushed;
    render();
  };
}

async function start() {
  board = await (await fetch("/api/board")).json();
  drawBoard();
  wireButtons();
  zoneEditor.start();
  await refresh();
  listen();
  setInterval(() => { if (snap && snap.mode === "auto") renderCamera(); }, 800);
}

start();
