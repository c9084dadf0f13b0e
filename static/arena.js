// The Arena page: the table drawn as it lies (docs/arena.md): the players with their bets as
// chips, the eight creatures as columns with their cards stacked round by round, my Hand as
// cards. Cards are added by clicking them in a picker; the odds are shown on the creatures
// and the players, the advice on the cards of my Hand; each refusal beside what it is about.
"use strict";

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

const CREATURES = ["Cyclops", "Dragon", "Hydra", "Ranger", "Titan", "Troll", "Unicorn", "Warlock"];
const STRENGTHS = 11; // 4: each creature's cards 0 to 10; the spectators too (9)
const REFEREES = { "Head Referee": 1, Referee: 2 }; // 2: one Head Referee, two Referees
const ROUNDS = 5; // 12
const CHIP_DUCATS = [4, 3, 2, 1]; // 7: a bet placed in round 1 is worth 4 ducats, ...

const EXAMPLE = {
  players: [
    { name: "Ann", hand_size: 8, bets: [{ creature: "Cyclops", round: 1 }] },
    { name: "Bob", hand_size: 8, bets: [], secret_bet: { revealed: false } },
    { name: "Cat", hand_size: 8, bets: [{ creature: "Ranger", round: 1 }] },
  ],
  me: "Ann",
  hand: ["Cyclops 10", "Hydra 2", "Troll 7", "Warlock 0", "Spectator 4", "Ranger 6",
    "Dragon 9", "Unicorn 5"],
  to_move: "Ann",
  round: 1,
  eliminated: [],
  columns: [{ Cyclops: ["Cyclops 8"], Troll: ["Troll 2"] }],
  discard: { cards: [], hidden: 0 },
  draw_pile: 75,
};
const DEFAULT_GAMES = 2000;

const table = structuredClone(EXAMPLE);
let picking = null; // where the card picker adds: {kind: "hand" | "discard" | "column", creature}
let betting = null; // the player index the bet picker adds a chip for
let found = { odds: null, advice: null }; // the answers shown on the table

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

const pct = (p) => `${(100 * p).toFixed(1)}%`;
const ducats = (x) => x.toFixed(2);

/** The table as POST /api/v1/arena/* takes it (docs/arena.md). */
function state() {
  const players = table.players.map((p) => {
    const player = { name: p.name.trim(), hand_size: p.name === table.me ? table.hand.length
      : Number(p.hand_size), bets: p.bets.map((b) => ({ ...b })) };
    if (p.secret_bet) player.secret_bet = { ...p.secret_bet };
    return player;
  });
  return {
    players, me: table.me, hand: [...table.hand], to_move: table.to_move,
    round: Number(table.round), eliminated: [...table.eliminated],
    columns: table.columns.map((c) => Object.fromEntries(
      Object.entries(c).filter(([, cards]) => cards.length).map(([k, v]) => [k, [...v]]))),
    discard: { cards: [...table.discard.cards], hidden: Number(table.discard.hidden) },
    draw_pile: Number(table.draw_pile),
  };
}

// ---------- the cards ----------

const creatureOf = (card) => CREATURES.find((c) => card.startsWith(`${c} `)) || null;

function cardClass(card) {
  const creature = creatureOf(card);
  if (creature) return `card creature-${creature.toLowerCase()}`;
  return card.includes("Referee") ? "card referee" : "card spectator";
}

/** Every card on the table that the page knows of, counted by name. */
function cardsInSight() {
  const seen = new Map();
  const count = (card) => seen.set(card, (seen.get(card) || 0) + 1);
  table.hand.forEach(count);
  table.discard.cards.forEach(count);
  for (const round of table.columns) for (const cards of Object.values(round)) cards.forEach(count);
  for (const p of table.players) if (p.secret_bet?.card) count(p.secret_bet.card);
  return seen;
}

function deck() {
  const groups = CREATURES.map((c) => [c, [...Array(STRENGTHS).keys()].map((s) => `${c} ${s}`)]);
  groups.push(["Spectators", [...Array(STRENGTHS).keys()].map((s) => `Spectator ${s}`)]);
  groups.push(["Referees", Object.keys(REFEREES)]);
  return groups;
}

function cardNode(card, path, onRemove, what) {
  const remove = element("button", { type: "button", class: "remove", text: "×",
    "aria-label": `Take ${card} off ${what}` });
  remove.addEventListener("click", onRemove);
  const face = element("span", { class: "face", text: card });
  return element("li", { class: cardClass(card), "data-path": path, "data-card": card },
    face, remove);
}

// ---------- drawing the table ----------

function render() {
  clearProblems();
  renderPlayers();
  renderCreatures();
  renderHand();
  renderGame();
}

function renderPlayers() {
  const box = $("#players");
  box.replaceChildren(...table.players.map((p, i) => {
    const path = `state.players[${i}]`;
    const name = element("input", { class: "player-name", value: p.name, "data-path": `${path}.name`,
      "aria-label": `Player ${i + 1}'s name`, spellcheck: "false" });
    name.addEventListener("change", () => renamePlayer(i, name.value));
    const mine = p.name === table.me;
    const size = element("input", { type: "number", min: "0", max: "8", step: "1",
      value: String(mine ? table.hand.length : p.hand_size), "data-path": `${path}.hand_size`,
      id: `hand-size-${i}`, inputmode: "numeric" });
    size.disabled = mine; // my Hand is counted from its cards
    size.addEventListener("change", () => { p.hand_size = Number(size.value); clearProblems(); });
    const chips = p.bets.map((bet, j) => {
      const worth = CHIP_DUCATS[bet.round - 1] ?? 1;
      const chip = element("li", { class: `chip creature-${bet.creature.toLowerCase()}`,
        "data-path": `${path}.bets[${j}]`, title: `${bet.creature}, placed in round ${bet.round}:` +
          ` worth ${worth} ducats (7)` },
      element("span", { text: `${bet.creature} · ${worth}` }));
      const remove = element("button", { type: "button", class: "remove", text: "×",
        "aria-label": `Take ${p.name}'s bet on the ${bet.creature} away` });
      remove.addEventListener("click", () => { p.bets.splice(j, 1); render(); });
      chip.append(remove);
      return chip;
    });
    if (p.secret_bet) {
      const shown = p.secret_bet.revealed ? `secret: ${p.secret_bet.card || "revealed"}`
        : p.secret_bet.card ? `secret: ${p.secret_bet.card}` : "secret bet";
      const chip = element("li", { class: "chip secret", "data-path": `${path}.secret_bet`,
        title: "A secret bet: worth 5 ducats on a survivor (7)" }, element("span", { text: shown }));
      const remove = element("button", { type: "button", class: "remove", text: "×",
        "aria-label": `Take ${p.name}'s secret bet away` });
      remove.addEventListener("click", () => { delete p.secret_bet; render(); });
      chip.append(remove);
      chips.push(chip);
    }
    const addBet = element("button", { type: "button", class: "add-bet", text: "+ Bet" });
    addBet.addEventListener("click", () => openBets(i, addBet));
    const drop = element("button", { type: "button", class: "remove-player", text: "×",
      "aria-label": `Remove ${p.name} from the table` });
    drop.addEventListener("click", () => removePlayer(i));
    const odds = found.odds?.players?.[p.name];
    const result = odds ? element("p", { class: "player-odds", text:
      `${ducats(odds.expected_ducats)} ducats expected · wins ${pct(odds.wins.p)}` }) : "";
    const panel = element("article", { class: `player${mine ? " me" : ""}` +
      `${p.name === table.to_move ? " to-move" : ""}`, "data-path": path, "data-player": p.name },
    element("div", { class: "player-head" }, name, drop),
    element("p", { class: "player-roles", text: [mine ? "me" : "", p.name === table.to_move
      ? "to move" : ""].filter(Boolean).join(" · ") || "\u00a0" }),
    element("div", { class: "field" }, element("label", { for: `hand-size-${i}`,
      text: "Cards in hand" }), size),
    element("ul", { class: "chips", "aria-label": `${p.name}'s bets` }, ...chips),
    addBet, result);
    return panel;
  }));
  $("#add-player").disabled = table.players.length >= 5; // 1: two to five players
}

function renderCreatures() {
  const box = $("#creatures");
  const odds = found.odds?.creatures || {};
  const best = bestPlay();
  box.replaceChildren(...CREATURES.map((creature) => {
    const dead = table.eliminated.indexOf(creature);
    const column = element("section", { class: `creature creature-${creature.toLowerCase()}` +
      `${dead >= 0 ? " dead" : ""}`, "data-creature": creature,
    "aria-label": `The ${creature}'s column` });
    if (dead >= 0) column.dataset.path = `state.eliminated[${dead}]`;
    const toggle = element("button", { type: "button", class: "eliminate",
      text: dead >= 0 ? `dead (${dead + 1})` : "alive",
      "aria-pressed": String(dead >= 0),
      "aria-label": `${creature}: ${dead >= 0 ? "eliminated; mark alive" : "mark eliminated"}` });
    toggle.addEventListener("click", () => toggleDead(creature));
    column.append(element("header", {}, element("h3", { text: creature }), toggle));
    const o = odds[creature];
    if (o) {
      const died = element("ol", { class: "dies", "aria-label": `${creature} dies in round 1 to 5` },
        ...o.dies_in_round.map((p, r) => element("li", { title: `dies in round ${r + 1}: ${pct(p)}`,
          style: `--p:${Math.min(1, p * 2).toFixed(3)}` }, element("span", { text: `${r + 1}` }))));
      column.append(element("div", { class: "creature-odds" },
        element("p", { class: "survives" }, element("strong", { text: pct(o.survives.p) }),
          element("span", { text: ` survives (95%: ${pct(o.survives.ci95[0])}–` +
            `${pct(o.survives.ci95[1])})` })),
        died));
    }
    if (best?.action?.wager?.creature === creature) {
      column.append(element("p", { class: "advice-mark", text: "★ best bet" }));
    }
    const stack = element("ol", { class: "stack" });
    table.columns.forEach((round, r) => {
      const cards = round[creature] || [];
      if (!cards.length) return;
      const path = `state.columns[${r}].${creature}`;
      stack.append(element("li", { class: "round", "data-path": path },
        element("span", { class: "round-name", text: `Round ${r + 1}` }),
        element("ol", { class: "cards" }, ...cards.map((card, k) => cardNode(card, `${path}[${k}]`,
          () => { cards.splice(k, 1); render(); }, `the ${creature}'s column`)))));
    });
    column.append(stack);
    const add = element("button", { type: "button", class: "add-card", text: "+ card",
      "aria-label": `Play a card on the ${creature} this round` });
    add.disabled = dead >= 0;
    add.addEventListener("click", () => openPicker({ kind: "column", creature }, add));
    column.append(add);
    return column;
  }));
}

function renderHand() {
  const best = bestPlay();
  const advice = adviceByCard();
  $("#hand").replaceChildren(...table.hand.map((card, i) => {
    const li = cardNode(card, `state.hand[${i}]`, () => { table.hand.splice(i, 1); render(); },
      "my Hand");
    const mine = advice.get(card);
    if (mine) {
      li.append(element("span", { class: "advice-badge", title: mine.description,
        text: `${ducats(mine.expected_ducats)} ducats` }));
      if (best && mine === best) li.classList.add("best");
    }
    return li;
  }));
}

function renderGame() {
  for (const [id, key] of [["#me", "me"], ["#to-move", "to_move"]]) {
    const select = $(id);
    select.replaceChildren(...table.players.map((p) => element("option",
      { value: p.name, text: p.name })));
    select.value = table[key];
  }
  $("#round").value = String(table.round);
  $("#draw-pile").value = String(table.draw_pile);
  $("#hidden").value = String(table.discard.hidden);
  $("#discards").replaceChildren(...table.discard.cards.map((card, i) => cardNode(card,
    `state.discard.cards[${i}]`, () => { table.discard.cards.splice(i, 1); render(); },
    "the discards")));
}

// ---------- changing the table ----------

function renamePlayer(i, name) {
  const old = table.players[i].name;
  const now = name.trim() || old;
  table.players[i].name = now;
  if (table.me === old) table.me = now;
  if (table.to_move === old) table.to_move = now;
  render();
}

function removePlayer(i) {
  if (table.players.length <= 2) return; // 1: at least two players
  const [gone] = table.players.splice(i, 1);
  if (table.me === gone.name) table.me = table.players[0].name;
  if (table.to_move === gone.name) table.to_move = table.players[0].name;
  render();
}

function toggleDead(creature) {
  const at = table.eliminated.indexOf(creature);
  if (at >= 0) table.eliminated.splice(at, 1);
  else {
    table.eliminated.push(creature);
    for (const round of table.columns) delete round[creature]; // its cards went to the tray
  }
  render();
}

function currentColumn() {
  const r = Math.max(1, Number(table.round) || 1);
  while (table.columns.length < r) table.columns.push({});
  return table.columns[r - 1];
}

function addCard(card) {
  if (!picking) return;
  if (picking.kind === "hand") table.hand.push(card);
  else if (picking.kind === "discard") table.discard.cards.push(card);
  else {
    const round = currentColumn();
    (round[picking.creature] ||= []).push(card);
  }
  found = { odds: null, advice: null }; // answers of another table
  render();
  fillPicker();
}

// ---------- the pickers ----------

function openPicker(target, from) {
  showDialog($("#card-picker"), from);
  picking = target;
  const where = target.kind === "hand" ? "my Hand" : target.kind === "discard"
    ? "the known discards" : `the ${target.creature}'s column, round ${table.round}`;
  $("#picker-title").textContent = `Add cards to ${where}`;
  fillPicker();
}

function fillPicker() {
  const seen = cardsInSight();
  $("#picker-cards").replaceChildren(...deck().map(([group, cards]) => element("div",
    { class: "picker-group" }, element("h3", { text: group }),
    ...cards.map((card) => {
      const b = element("button", { type: "button", class: cardClass(card), "data-card": card,
        text: group === "Referees" ? card : card.split(" ").pop() });
      b.setAttribute("aria-label", card);
      b.disabled = (seen.get(card) || 0) >= (REFEREES[card] || 1);
      b.addEventListener("click", () => addCard(card));
      return b;
    }))));
}

function openBets(i, from) {
  showDialog($("#bet-picker"), from);
  betting = i;
  $("#bet-title").textContent = `A bet for ${table.players[i].name}`;
  $("#bet-round").value = String(table.round);
  $("#bet-creatures").replaceChildren(...CREATURES.map((creature) => {
    const b = element("button", { type: "button", class: `chip creature-${creature.toLowerCase()}`,
      text: creature });
    b.disabled = table.eliminated.includes(creature);
    b.addEventListener("click", () => {
      table.players[betting].bets.push({ creature, round: Number($("#bet-round").value) || 1 });
      closeDialogs();
      render();
    });
    return b;
  }));
  $("#bet-secret").disabled = Boolean(table.players[i].secret_bet);
}

let opener = null;
function showDialog(dialog, from) {
  closeDialogs();
  opener = from;
  dialog.hidden = false;
  requestAnimationFrame(() => $("button", dialog)?.focus());
}

function closeDialogs() {
  $("#card-picker").hidden = true;
  $("#bet-picker").hidden = true;
  picking = null;
  opener?.focus?.();
  opener = null;
}

// ---------- asking the service ----------

// A 503 (the kernel still being prepared, or every simulation turn taken) is asked again
// after its Retry-After, a few times.
const RETRIES = 6;
const MAX_RETRY_SECONDS = 30;
const sleep = (seconds) => new Promise((done) => setTimeout(done, 1000 * seconds));

async function ask(path, body) {
  const buttons = $$(".arena-actions button");
  buttons.forEach((b) => { b.disabled = true; });
  clearProblems();
  $("#status").textContent = "Playing…";
  try {
    for (let attempt = 0; ; attempt += 1) {
      let response;
      try {
        response = await fetch(path, {
          method: "POST", headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
      } catch {
        $("#status").textContent = "The service did not answer: is it running? Try again.";
        return null;
      }
      const wait = Number(response.headers.get("Retry-After"));
      if (response.status === 503 && attempt < RETRIES && wait > 0) {
        $("#status").textContent = `The service is busy; asking again in ${wait} s…`;
        await sleep(Math.min(wait, MAX_RETRY_SECONDS));
        continue;
      }
      const answer = await response.json().catch(() => null);
      if (!response.ok || !answer) {
        const error = answer?.error || { message: `error ${response.status}`, details: [] };
        showProblems(error.details?.length ? error.details : [{ message: error.message }]);
        $("#status").textContent = "Not played: the table has a problem, marked where it is.";
        return null;
      }
      $("#status").textContent = "";
      return answer;
    }
  } finally {
    buttons.forEach((b) => { b.disabled = false; });
  }
}

function games() {
  const n = Number($("#games").value);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_GAMES;
}

async function odds() {
  const answer = await ask("/api/v1/arena/odds", { state: state(), games: games() });
  if (!answer) return;
  found = { odds: answer, advice: null };
  render();
  const out = $("#answer");
  out.replaceChildren(
    element("h2", { text: "The odds" }),
    element("p", { text: `${answer.games.toLocaleString("en")} games, seed ${answer.seed}. ` +
      "Each creature's chance to survive is on its column, each player's ducats on its panel." }),
    table_(["Creature", "Survives", "95%", "Dies in round 1–5"],
      Object.entries(answer.creatures).map(([name, c]) => [name, pct(c.survives.p),
        `${pct(c.survives.ci95[0])}–${pct(c.survives.ci95[1])}`, c.dies_in_round.map(pct).join(" · ")])),
    table_(["Player", "Expected ducats", "Wins", "95%"],
      Object.entries(answer.players).map(([name, p]) => [name, ducats(p.expected_ducats),
        pct(p.wins.p), `${pct(p.wins.ci95[0])}–${pct(p.wins.ci95[1])}`])),
  );
}

async function advice() {
  const answer = await ask("/api/v1/arena/advice", { state: state(), games: games() * 4 });
  if (!answer) return;
  found = { odds: found.odds, advice: answer };
  render();
  const best = answer.plays[0];
  $("#answer").replaceChildren(
    element("h2", { text: "Your best plays" }),
    element("p", { class: "best-play", text: best ? `Best: ${best.description}, ` +
      `${ducats(best.expected_ducats)} ducats expected, wins ${pct(best.wins.p)}.` : "No play." }),
    element("p", { class: "hint", text: `${answer.considered} plays tried, ` +
      `${answer.games.toLocaleString("en")} games each on the same dice; each card of your Hand ` +
      "shows the ducats of its best play." }),
    table_(["Play", "Expected ducats", "95%", "Wins"],
      answer.plays.map((p) => [p.description, ducats(p.expected_ducats),
        `${ducats(p.ducats_ci95[0])}–${ducats(p.ducats_ci95[1])}`, pct(p.wins.p)])),
  );
}

async function check() {
  const answer = await ask("/api/v1/arena/validate", { state: state() });
  if (!answer) return;
  if (answer.valid) {
    $("#answer").replaceChildren(element("p", { class: "valid", text: "The table is legal." }));
    return;
  }
  $("#answer").replaceChildren();
  showProblems(answer.violations);
  $("#status").textContent = "The table has a problem, marked where it is.";
}

/** The best play of the advice shown, and the best play of each card of my Hand. */
function bestPlay() {
  return found.advice?.plays?.[0] || null;
}

function adviceByCard() {
  const byCard = new Map();
  for (const play of found.advice?.plays || []) { // best first
    const card = play.action?.play?.card || play.action?.wager?.card;
    if (card && !byCard.has(card)) byCard.set(card, play);
  }
  return byCard;
}

function table_(head, rows) {
  const t = element("table");
  t.append(element("thead", {}, element("tr", {}, ...head.map((h) => element("th",
    { scope: "col", text: h })))));
  t.append(element("tbody", {}, ...rows.map((row) => element("tr", {}, ...row.map((cell) =>
    element("td", { text: String(cell) }))))));
  return t;
}

// ---------- problems beside what they are about ----------

/** A path in the page's words: "state.hand[1]" is "your Hand, card 2". */
function placeWords(path) {
  let m = path.match(/^state\.hand\[(\d+)\]/);
  if (m) return `your Hand (card ${Number(m[1]) + 1})`;
  m = path.match(/^state\.players\[(\d+)\]/);
  if (m) return `${table.players[Number(m[1])]?.name || "a player"}'s place`;
  m = path.match(/^state\.columns\[(\d+)\]\.(\w+)/);
  if (m) return `the ${m[2]}'s column in round ${Number(m[1]) + 1}`;
  m = path.match(/^state\.discard/);
  if (m) return "the discards";
  return null;
}

const FIELD_WORDS = {
  "state.me": "I am", "state.to_move": "To move", "state.round": "Round",
  "state.draw_pile": "Cards in the Draw pile", "state.discard.hidden": "Face-down discards",
  games: "Games to play",
};

function inWords(message) {
  return message.replace(/state\.[\w.[\]]+/g, (path) => placeWords(path) || FIELD_WORDS[path]
    || path);
}

/** The element a problem's path is about: the longest prefix with a place on the page. */
function placeOf(path) {
  let p = path || "";
  while (p) {
    const found_ = $(`[data-path="${CSS.escape(p)}"]`);
    if (found_) return found_;
    p = p.replace(/(\[\d+\]|\.[^.[]+)$/, "");
    if (p === "state") break;
  }
  return null;
}

function showProblems(problems) {
  const loose = [];
  for (const problem of problems) {
    const text = inWords(problem.message) + (problem.rule ? ` (section ${problem.rule})` : "");
    const place = placeOf(problem.path);
    if (!place) {
      loose.push(text);
      continue;
    }
    place.classList.add("invalid");
    const note = element("p", { class: "field-error problem", role: "alert", text });
    const container = place.closest(".cards, .chips") ? place.parentElement : null;
    if (container) container.after(note); else place.append(note);
    note.id = `problem-${$$(".problem").length}`;
    place.setAttribute("aria-describedby", note.id);
  }
  const top = $("#table-error");
  top.textContent = loose.join(" — ");
  top.hidden = loose.length === 0;
  ($(".invalid") || top).scrollIntoView({ block: "center" });
}

function clearProblems() {
  $("#table-error").hidden = true;
  for (const p of $$(".problem")) p.remove();
  for (const el of $$(".invalid")) {
    el.classList.remove("invalid");
    el.removeAttribute("aria-describedby");
  }
}

// ---------- wiring ----------

function wire() {
  $("#add-player").addEventListener("click", () => {
    const taken = new Set(table.players.map((p) => p.name));
    const name = ["Dan", "Eve", "Fay", "Gus", "Hal"].find((n) => !taken.has(n)) || "Player";
    table.players.push({ name, hand_size: 8, bets: [] });
    render();
  });
  $("#add-hand").addEventListener("click", () => openPicker({ kind: "hand" }, $("#add-hand")));
  $("#add-discard").addEventListener("click",
    () => openPicker({ kind: "discard" }, $("#add-discard")));
  $("#picker-done").addEventListener("click", closeDialogs);
  $("#bet-cancel").addEventListener("click", closeDialogs);
  $("#bet-secret").addEventListener("click", () => {
    table.players[betting].secret_bet = { revealed: false };
    closeDialogs();
    render();
  });
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") closeDialogs(); });
  $("#me").addEventListener("change", () => { table.me = $("#me").value; render(); });
  $("#to-move").addEventListener("change", () => { table.to_move = $("#to-move").value; render(); });
  $("#round").addEventListener("change", () => { table.round = Number($("#round").value); });
  $("#draw-pile").addEventListener("change", () => { table.draw_pile = Number($("#draw-pile").value); });
  $("#hidden").addEventListener("change", () => {
    table.discard.hidden = Number($("#hidden").value);
  });
  $("#odds").addEventListener("click", odds);
  $("#advice").addEventListener("click", advice);
  $("#validate").addEventListener("click", check);
}

$("#games").value = String(DEFAULT_GAMES);
wire();
render();
document.body.dataset.ready = "true";
