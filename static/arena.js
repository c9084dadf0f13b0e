// The Arena page: the form as a table state (docs/arena.md), the answers as tables.
"use strict";

const $ = (id) => document.getElementById(id);
const list = (text) => text.split(",").map((s) => s.trim()).filter(Boolean);

const EXAMPLE = {
  players: "Ann: Cyclops/1\nBob: secret\nCat: Ranger/1",
  me: "Ann", to_move: "Ann", round: 1, eliminated: "",
  hand: "Cyclops 10, Hydra 2, Troll 7, Warlock 0, Spectator 4, Ranger 6, Dragon 9, Unicorn 5",
  columns: "Cyclops: Cyclops 8; Troll: Troll 2", draw_pile: 75, discards: "", hidden: 0,
};

function fill() {
  for (const [key, value] of Object.entries(EXAMPLE)) $(key).value = value;
}

function state() {
  const me = $("me").value.trim();
  const hand = list($("hand").value);
  const players = $("players").value.split("\n").filter((l) => l.trim()).map((line) => {
    const [name, rest = ""] = line.split(":");
    const player = { name: name.trim(), bets: [] };
    for (const item of list(rest)) {
      if (item.startsWith("secret")) {
        const card = item.slice(6).trim();
        player.secret_bet = card ? { card, revealed: false } : { revealed: false };
      } else if (/^cards\s+\d+$/.test(item)) {
        player.hand_size = Number(item.slice(5));
      } else if (item.startsWith("revealed")) {
        const card = item.slice(8).trim();
        player.secret_bet = { card, revealed: true };
      } else {
        const [creature, round] = item.split("/");
        player.bets.push({ creature: creature.trim(), round: Number(round) });
      }
    }
    if (player.name === me) player.hand_size = hand.length;
    else if (player.hand_size === undefined) player.hand_size = 8;
    return player;
  });
  const columns = $("columns").value.split("\n").filter((l) => l.trim()).map((line) => {
    const column = {};
    for (const row of line.split(";")) {
      const [creature, cards = ""] = row.split(":");
      if (creature.trim()) column[creature.trim()] = list(cards);
    }
    return column;
  });
  return {
    players, me, hand, to_move: $("to_move").value.trim(), round: Number($("round").value),
    eliminated: list($("eliminated").value), columns,
    discard: { cards: list($("discards").value), hidden: Number($("hidden").value) },
    draw_pile: Number($("draw_pile").value),
  };
}

// A 503 (the kernel still being prepared, or every simulation turn taken) is asked again
// after its Retry-After, a few times.
const RETRIES = 6;
const MAX_RETRY_SECONDS = 30;
const sleep = (seconds) => new Promise((done) => setTimeout(done, 1000 * seconds));

async function ask(path, body) {
  const buttons = document.querySelectorAll("button");
  buttons.forEach((b) => { b.disabled = true; });
  $("status").textContent = "Playing…";
  try {
    for (let attempt = 0; ; attempt++) {
      let response;
      try {
        response = await fetch(path, {
          method: "POST", headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
      } catch (error) {
        $("status").textContent = "The service did not answer: is it running? Try again.";
        return null;
      }
      const wait = Number(response.headers.get("Retry-After"));
      if (response.status === 503 && attempt < RETRIES && wait > 0) {
        $("status").textContent = `The service is busy; asking again in ${wait} s…`;
        await sleep(Math.min(wait, MAX_RETRY_SECONDS));
        continue;
      }
      let answer = null;
      try {
        answer = await response.json();
      } catch (error) {
        answer = null;
      }
      if (!response.ok || !answer) {
        const error = (answer && answer.error) || { message: `error ${response.status}` };
        const details = (error.details || []).map((d) => `${d.path || "the table"}: ` +
          `${d.message}` + (d.rule ? ` (section ${d.rule})` : "")).join("\n");
        $("status").textContent = details ? `${error.message}\n${details}` : error.message;
        return null;
      }
      $("status").textContent = "";
      return answer;
    }
  } finally {
    buttons.forEach((b) => { b.disabled = false; });
  }
}

const pct = (p) => `${(100 * p).toFixed(1)}%`;
const interval = (ci) => `${pct(ci[0])}–${pct(ci[1])}`;

function table(head, rows) {
  const t = document.createElement("table");
  t.innerHTML = `<thead><tr>${head.map((h) => `<th>${h}</th>`).join("")}</tr></thead>`;
  const body = document.createElement("tbody");
  for (const row of rows) {
    const tr = document.createElement("tr");
    for (const cell of row) {
      const td = document.createElement("td");
      td.textContent = cell;
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
  t.appendChild(body);
  return t;
}

async function odds() {
  const answer = await ask("/api/v1/arena/odds", { state: state(), games: Number($("games").value) });
  if (!answer) return;
  const out = $("answer");
  out.replaceChildren();
  out.append(table(["Creature", "Survives", "95%", "Dies in round 1–5"],
    Object.entries(answer.creatures).map(([name, c]) => [name, pct(c.survives.p),
      interval(c.survives.ci95), c.dies_in_round.map(pct).join(" · ")])));
  out.append(table(["Player", "Expected ducats", "Wins", "95%"],
    Object.entries(answer.players).map(([name, p]) => [name, p.expected_ducats.toFixed(2),
      pct(p.wins.p), interval(p.wins.ci95)])));
  const note = document.createElement("p");
  note.textContent = `${answer.games} games, seed ${answer.seed}.`;
  out.append(note);
}

async function advice() {
  const answer = await ask("/api/v1/arena/advice", { state: state(), games: Number($("games").value) * 4 });
  if (!answer) return;
  const out = $("answer");
  out.replaceChildren(table(["Play", "Expected ducats", "95%", "Wins"],
    answer.plays.map((p) => [p.description, p.expected_ducats.toFixed(2),
      `${p.ducats_ci95[0].toFixed(2)}–${p.ducats_ci95[1].toFixed(2)}`, pct(p.wins.p)])));
}

async function check() {
  const answer = await ask("/api/v1/arena/validate", { state: state() });
  if (!answer) return;
  $("answer").replaceChildren(answer.valid ? "The table is legal." : table(
    ["Problem", "Where", "Section"], answer.violations.map((v) => [v.message, v.path, v.rule])));
}

fill();
$("odds").addEventListener("click", odds);
$("advice").addEventListener("click", advice);
$("validate").addEventListener("click", check);
