// The odds form: builds a POST /api/v1/odds request from the form, shows the answer,
// puts the request in the address (a shareable link) and shows the API's errors next to
// the field each one names (the error details carry a JSON path).
"use strict";

const API = "/api/v1";
const LEGION_LIMIT = 7; // 4.1
const OUTCOMES = [
  ["attacker_wins", "Attacker wins", "attacker"],
  ["defender_wins", "Defender wins", "defender"],
  ["mutual_elimination", "Both Legions eliminated", "both"],
  ["time_loss", "Time runs out: the attacker loses (7 rounds)", "time"],
];
const TACTICS = {
  default: "Both sides playing well: the mix of styles neither side gains by leaving, found for this Battle.",
  balanced: "Strong play tuned by self-play: presses as attacker, outlasts when it must as defender.",
  measured: "Halfway between balanced and hand-set: weighs the blows it would take, closes in steadily.",
  aggressive: "All-out attack: closes in and strikes whatever it can reach.",
  defensive: "Holds good ground, plays for the clock and the Tower's walls, backs away.",
  ranged: "Keeps rangestrikers out of reach and lets them shoot.",
  steadfast: "Holds good ground and the Tower's walls without backing away: the enemy must come.",
  "hand-set": "A careful player with hand-set weights, the default before any tuning.",
  patient: "Keeps away for the first round while the enemy comes on, then fights as balanced.",
  barrage: "Rangestrikers shoot in the first round while the rest come on, then all-out attack.",
  guarded: "Takes high ground and walls where it strikes more than it is struck, and holds them.",
  waiting: "Keeps away for three rounds (for its reinforcement, 14.0), then all-out attack.",
  hunting: "Closes in for three rounds, then its rangestrikers shoot down those that flee.",
  biding: "Keeps away for three rounds, then fights as balanced with every character at hand.",
  countering: "Keeps away for the first round while the enemy comes on, then all-out attack.",
  lookahead: "Searches every phase by playing the Battle out; slow, for few but better Battles.",
};
const TERRAIN_ORDER = [
  "Plains", "Woods", "Brush", "Jungle", "Hills", "Mountains",
  "Tundra", "Desert", "Marsh", "Swamp", "Tower",
];
const EXAMPLE = {
  land: 1,
  attacker: { score: 0, characters: ["Titan", "Gargoyle", "Centaur", "Centaur"] },
  defender: { score: 0, characters: ["Ogre", "Ogre", "Troll"] },
};

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

const state = {
  characters: {}, // name -> facts from GET /characters
  lands: {}, // number -> facts from GET /masterboard
  legions: { attacker: [], defender: [] },
  charts: {},
  retry: null, // the timer of an automatic retry after a 503
  entrySide: "1", // the side the player chose (the Tower forces 5 while it is picked)
};

// ---------- formatting ----------

const percent = (p, digits = 1) => `${(100 * p).toFixed(digits)}%`;
const number = (x, digits = 1) =>
  Number(x).toLocaleString("en", { maximumFractionDigits: digits });

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

// ---------- the form's choices, from the API ----------

async function getJSON(path) {
  const response = await fetch(API + path);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.json();
}

function characterLabel(name) {
  const c = state.characters[name];
  if (c.power === null) return `${name} (power by score, skill ${c.skill})`;
  const marks = [c.flies ? "flies" : "", c.rangestrikes ? "rangestrikes" : ""].filter(Boolean);
  return `${name} (${c.power}-${c.skill}${marks.length ? ", " + marks.join(", ") : ""})`;
}

function fillCharacterPicks() {
  const groups = [
    ["Lords", (c) => c.class === "lord"],
    ["Demi-Lords", (c) => c.class === "demilord"],
    ["Creatures", (c) => c.class === "creature"],
  ];
  for (const select of $$(".pick")) {
    select.replaceChildren();
    for (const [label, belongs] of groups) {
      const group = element("optgroup", { label });
      for (const name of Object.keys(state.characters).sort()) {
        if (belongs(state.characters[name])) {
          group.append(element("option", { value: name, text: characterLabel(name) }));
        }
      }
      if (group.children.length) select.append(group);
    }
  }
}

function fillPlaces() {
  const land = $("#land");
  const numbers = Object.keys(state.lands).map(Number).sort((a, b) => a - b);
  land.replaceChildren(
    ...numbers.map((n) =>
      element("option", { value: String(n), text: `${n} · ${state.lands[n].terrain}` })
    )
  );
  const present = new Set(Object.values(state.lands).map((l) => l.terrain));
  const terrains = TERRAIN_ORDER.filter((t) => present.has(t)).concat(
    [...present].filter((t) => !TERRAIN_ORDER.includes(t)).sort()
  );
  $("#terrain").replaceChildren(...terrains.map((t) => element("option", { value: t, text: t })));
}

function fillTactics() {
  for (const select of $$(".tactic")) {
    select.replaceChildren(
      ...Object.keys(TACTICS).map((t) => element("option", { value: t, text: t }))
    );
  }
}

// ---------- the form's state ----------

function whereMode() {
  return $("input[name=where]:checked").value;
}

function setWhereMode(mode) {
  $(`input[name=where][value=${mode}]`).checked = true;
  $("#by-land").hidden = mode !== "land";
  $("#by-terrain").hidden = mode !== "terrain";
  updatePlaceHints();
}

/** Whether the Battle is fought in the Tower (10.2: the attacker enters from side 5). */
function inTower() {
  return whereMode() === "land"
    ? state.lands[$("#land").value]?.terrain === "Tower"
    : $("#terrain").value === "Tower";
}

function updatePlaceHints() {
  const towerLand = state.lands[$("#land").value]?.terrain === "Tower";
  $("#land-hint").textContent = towerLand ? "The attacker enters the Tower from side 5 (10.2)." : "";
  const towerTerrain = $("#terrain").value === "Tower";
  $("#terrain-hint").textContent = towerTerrain
    ? "In the Tower the attacker enters from side 5 (10.2)." : "";
  const side = $("#entry-side");
  const tower = inTower();
  side.value = tower ? "5" : state.entrySide; // the player's own choice comes back
  side.disabled = tower;
}

function updateTacticHelp() {
  for (const who of ["attacker", "defender"]) {
    $(`#tactic-${who}-help`).textContent = TACTICS[$(`#tactic-${who}`).value] || "";
  }
}

function renderLegion(side) {
  const box = $(`#${side}`);
  const names = state.legions[side];
  const list = $(".characters", box);
  list.replaceChildren(
    ...names.map((name, index) => {
      const remove = element("button", {
        type: "button",
        class: "remove",
        "aria-label": `Remove ${name} (number ${index + 1})`,
        text: "×",
      });
      remove.addEventListener("click", () => {
        names.splice(index, 1);
        renderLegion(side);
        clearFieldError(`${side}.characters`);
        $(".add", box).focus();
      });
      return element("li", { "data-index": String(index) }, element("span", { text: name }), remove);
    })
  );
  $(".count", box).textContent = names.length
    ? `${names.length} of ${LEGION_LIMIT} characters`
    : "No characters yet: add at least one.";
  $(".add", box).disabled = names.length >= LEGION_LIMIT;
  updateTitanPower(side);
}

function updateTitanPower(side) {
  const box = $(`#${side}`);
  const score = Number($(`#${side}-score`).value);
  const hasTitan = state.legions[side].includes("Titan");
  $(".titan-power", box).textContent = hasTitan && Number.isInteger(score) && score >= 0
    ? `Titan's Power-factor ${6 + Math.floor(score / 100)} (19.1)` : "";
}

function integerOrNothing(input) {
  const raw = input.value.trim();
  if (raw === "") return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : raw; // the API names what is wrong with it
}

/** The POST /api/v1/odds body the form describes. */
function requestFromForm() {
  const request = {};
  if (whereMode() === "land") {
    request.land = Number($("#land").value);
    if (!inTower()) request.entry_side = Number($("#entry-side").value);
  } else {
    request.terrain = $("#terrain").value;
    request.entry_side = Number($("#entry-side").value);
  }
  for (const side of ["attacker", "defender"]) {
    const score = integerOrNothing($(`#${side}-score`));
    request[side] = { score: score === undefined ? 0 : score, characters: [...state.legions[side]] };
  }
  request.tactics = { attacker: $("#tactic-attacker").value, defender: $("#tactic-defender").value };
  request.summonable = $("#summonable").value || null;
  request.reinforce = $("#reinforce").checked;
  const trials = integerOrNothing($("#trials"));
  if (trials !== undefined) request.trials = trials;
  const precision = Number($("#precision").value);
  if ($("#precision").value && Number.isFinite(precision)) request.precision = precision;
  const seed = integerOrNothing($("#seed"));
  if (seed !== undefined) request.seed = seed;
  return request;
}

/** Put a request (from a shared link) back into the form. */
function fillForm(request) {
  state.entrySide = ["1", "3", "5"].includes(String(request.entry_side))
    ? String(request.entry_side) : "1";
  if (request.terrain != null && request.land == null) {
    setWhereMode("terrain");
    $("#terrain").value = request.terrain;
  } else {
    setWhereMode("land");
    if (request.land != null) $("#land").value = String(request.land);
  }
  for (const side of ["attacker", "defender"]) {
    const legion = request[side] || {};
    $(`#${side}-score`).value = legion.score ?? 0;
    state.legions[side] = Array.isArray(legion.characters)
      ? legion.characters.map(String).slice(0, LEGION_LIMIT * 2) : [];
    renderLegion(side);
  }
  const tactics = request.tactics || {};
  $("#tactic-attacker").value = tactics.attacker in TACTICS ? tactics.attacker : "default";
  $("#tactic-defender").value = tactics.defender in TACTICS ? tactics.defender : "default";
  $("#summonable").value = request.summonable || "";
  $("#reinforce").checked = request.reinforce !== false;
  $("#trials").value = request.trials ?? 10000;
  const precision = String(request.precision ?? "");
  $("#precision").value = [...$("#precision").options].some((o) => o.value === precision)
    ? precision : "";
  $("#seed").value = request.seed ?? "";
  updatePlaceHints();
  updateTacticHelp();
}

// ---------- the shareable link ----------

function linkFor(request) {
  const url = new URL(window.location.href);
  url.hash = new URLSearchParams({ q: JSON.stringify(request) }).toString();
  return url.toString();
}

/** The question a shared link holds; null without one. A link that holds something
 * unreadable is said so (beside the form) rather than ignored. */
function requestFromLink() {
  const q = new URLSearchParams(window.location.hash.slice(1)).get("q");
  if (q === null) return null;
  let request = null;
  try {
    request = JSON.parse(q);
  } catch {
    request = null;
  }
  if (request && typeof request === "object" && !Array.isArray(request)) {
    $("#link-error").hidden = true;
    return request;
  }
  const notice = $("#link-error");
  notice.textContent = "This link's question could not be read (it may have been cut short "
    + "when it was copied); the form shows an example instead.";
  notice.hidden = false;
  return null;
}

// ---------- errors next to their fields ----------

function clearErrors() {
  $("#form-error").hidden = true;
  $("#link-error").hidden = true;
  for (const p of $$("[data-error-for]")) {
    p.hidden = true;
    p.textContent = "";
  }
  for (const input of $$("[aria-invalid]")) input.removeAttribute("aria-invalid");
  for (const li of $$(".characters li.invalid")) li.classList.remove("invalid");
}

function clearFieldError(path) {
  const p = $(`[data-error-for="${path}"]`);
  if (p) p.hidden = true;
  const field = $(`[data-path="${path}"]`);
  if (field) field.removeAttribute("aria-invalid");
}

/** A JSON path in dotted form: "attacker.characters[1]" -> "attacker.characters.1". */
function dotted(path) {
  return (path || "").replace(/\[(\w+)\]/g, ".$1").replace(/^\$\.?/, "");
}

/** The error paragraph for a JSON path: the longest path prefix the form has a place for. */
function placeFor(path) {
  const parts = dotted(path).split(".");
  while (parts.length) {
    const place = $(`[data-error-for="${parts.join(".")}"]`);
    if (place && !place.parentElement.closest("[hidden]")) return place;
    parts.pop();
  }
  return null;
}

function showErrors(envelope, status) {
  const error = envelope?.error || { message: `The service answered ${status}.`, details: [] };
  const unplaced = [];
  let first = null;
  for (const detail of error.details || []) {
    const text = detail.rule ? `${detail.message} (rule ${detail.rule})` : detail.message;
    const place = placeFor(detail.path);
    if (!place) {
      unplaced.push(detail.path ? `${detail.path}: ${text}` : text);
      continue;
    }
    place.textContent = place.hidden ? text : `${place.textContent} ${text}`;
    place.hidden = false;
    const key = place.dataset.errorFor;
    const field = $(`[data-path="${key}"]`);
    if (field) {
      field.setAttribute("aria-invalid", "true");
      if (place.id === "") place.id = `error-${key.replace(/\W/g, "-")}`;
      field.setAttribute("aria-describedby", place.id);
    }
    const index = dotted(detail.path).match(/^(attacker|defender)\.characters\.(\d+)/);
    if (index) $(`#${index[1]} .characters li[data-index="${index[2]}"]`)?.classList.add("invalid");
    first = first || field || place;
  }
  const top = $("#form-error");
  top.textContent = [error.message, ...unplaced].join(" — ");
  top.hidden = false;
  if (first && typeof first.focus === "function" && first.tabIndex >= 0) first.focus();
}

// ---------- the answer ----------

function bar(p, ci, kind) {
  const track = element("div", { class: `bar ${kind}`, "aria-hidden": "true" });
  track.append(element("div", { class: "fill", style: `width:${(100 * p).toFixed(2)}%` }));
  if (ci) {
    const [lo, hi] = ci;
    track.append(element("div", {
      class: "interval",
      style: `left:${(100 * lo).toFixed(2)}%;width:${(100 * Math.max(hi - lo, 0.001)).toFixed(2)}%`,
    }));
  }
  return track;
}

function renderOutcomes(answer) {
  const box = $("#outcomes");
  box.replaceChildren();
  for (const [key, label, kind] of OUTCOMES) {
    const o = answer.outcomes[key];
    const [lo, hi] = o.ci95;
    box.append(element("div", { class: "outcome", "data-outcome": key },
      element("span", { class: "label", text: label }),
      bar(o.p, o.ci95, kind),
      element("span", { class: "value" },
        element("strong", { text: percent(o.p) }),
        element("span", { class: "ci", text: ` 95%: ${percent(lo)}–${percent(hi)}` })),
    ));
  }
  const best = OUTCOMES.map(([key, label]) => [answer.outcomes[key].p, label])
    .sort((a, b) => b[0] - a[0])[0];
  let summary = `Most likely: ${best[1].split(":")[0].toLowerCase()} (${percent(best[0], 0)} of ${
    number(answer.trials, 0)} Battles).`;
  if (answer.truncated) {
    summary += ` The time limit cut the run short: ${number(answer.trials, 0)} of ${
      number(answer.requested_trials ?? answer.trials, 0)} Battles played, so the intervals are wider.`;
  } else if (answer.stopped === "precision") {
    summary += ` Stopped once every interval was within ±${
      number(100 * answer.precision, 1)} points.`;
  }
  $("#summary").textContent = summary;
}

const HOW_MANY = ["none", "one", "two", "three", "four", "five", "six", "seven"];

/** Survival rows: one per name; identical characters together, e.g. "Ogre ×2" with
 * "both 5%, one 20%, none 75%" (how many of them survive, from the answer's
 * survivors_by_name), its bar the share of them expected to survive. */
function survivalRows(s) {
  const groups = s.survivors_by_name
    || s.survival.map((c) => ({ name: c.name, count: 1, distribution: { 1: c.p, 0: 1 - c.p } }));
  return groups.map((g) => {
    const p = (k) => g.distribution[String(k)] || 0;
    let expected = 0;
    for (let k = 1; k <= g.count; k += 1) expected += k * p(k);
    if (g.count === 1) return [g.name, p(1), percent(p(1), 0), false];
    const parts = [];
    for (let k = g.count; k >= 0; k -= 1) {
      const word = k === g.count ? (g.count === 2 ? "both" : `all ${HOW_MANY[k] || k}`) : HOW_MANY[k] || String(k);
      parts.push(`${word} ${percent(p(k), 0)}`);
    }
    return [`${g.name} ×${g.count}`, expected / g.count, parts.join(", "), true];
  });
}

function renderSide(side, answer) {
  const s = answer[side];
  const facts = $(`#${side}-facts`);
  const rows = [
    ["Expected survivors", number(s.expected_survivors, 2)],
    ["Expected points scored", number(s.expected_points, 1)],
  ];
  if (s.has_titan) { // no "Titan killed 0%" for a side without its Titan
    rows.push(["Titan killed", percent(s.titan_killed)]);
    // lost: killed, or eliminated with its Legion on a time loss (10.5)
    rows.push(["Titan lost", percent(s.titan_lost)]);
  }
  facts.replaceChildren(...rows.flatMap(([k, v]) => [
    element("dt", { text: k }), element("dd", { text: v }),
  ]));

  const body = $(`#${side}-survival tbody`);
  // a group's breakdown ("both 6%, one 31%, none 63%") goes under its bar, a single one's beside it
  body.replaceChildren(...survivalRows(s).map(([name, p, text, group]) => element("tr", {},
    element("th", { scope: "row", text: name }),
    element("td", group ? { class: "group" } : {},
      bar(p, null, side), element("span", { class: "value", text })),
  )));

  const points = Object.entries(s.points_distribution)
    .map(([k, v]) => [Number(k), v]).sort((a, b) => a[0] - b[0]);
  $(`#${side}-points-table tbody`).replaceChildren(...points.map(([k, v]) => element("tr", {},
    element("td", { text: String(k) }), element("td", { text: percent(v) }))));
  drawPoints(side, points);
}

function drawPoints(side, points) {
  const canvas = $(`#${side}-points`);
  canvas.setAttribute("aria-label", `Chart of points the ${side} scores; the table below holds the numbers.`);
  if (typeof Chart === "undefined") return; // the table alone
  state.charts[side]?.destroy();
  const color = side === "attacker" ? "#b03a2e" : "#2c5d8a";
  state.charts[side] = new Chart(canvas, {
    type: "bar",
    data: {
      labels: points.map(([k]) => String(k)),
      datasets: [{
        label: "Probability",
        data: points.map(([, v]) => 100 * v),
        backgroundColor: color,
        borderRadius: 2,
      }],
    },
    options: {
      animation: false,
      maintainAspectRatio: false,
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            title: (items) => `${items[0].label} points`,
            label: (item) => `${item.raw.toFixed(1)}% of Battles`,
          },
        },
      },
      scales: {
        x: { title: { display: true, text: "points" } },
        y: { beginAtZero: true, title: { display: true, text: "% of Battles" } },
      },
    },
  });
}

function renderAlternatives(answer) {
  const a = answer.alternatives;
  const section = $(".alternatives");
  if (!a) {
    section.hidden = true;
    return;
  }
  const items = [];
  if (a.flee) {
    items.push(a.flee.allowed
      ? `The defender flees: the attacker scores ${a.flee.attacker_points} points (9.2).`
      : `The defender may not flee: ${a.flee.reason || "9.2"}.`);
  }
  if (a.defender_concedes) {
    items.push(`The defender concedes: the attacker scores ${a.defender_concedes.attacker_points} points (9.4).`);
  }
  if (a.attacker_concedes) {
    items.push(`The attacker concedes: the defender scores ${a.attacker_concedes.defender_points} points (9.4).`);
  }
  $("#alternatives").replaceChildren(...items.map((t) => element("li", { text: t })));
  section.hidden = items.length === 0;
}

// "balanced 70%, measured 30%": a side's styles and the share of Battles it played each in.
function styleMix(mix) {
  const entries = Object.entries(mix);
  if (entries.length === 1) return entries[0][0];
  return entries.map(([name, share]) => `${name} ${number(100 * share, 0)}%`).join(", ");
}

function renderAnswer(answer, request) {
  state.lastRequest = request;
  state.lastAnswer = answer;
  resetPlayCheck();
  renderOutcomes(answer);
  renderSide("attacker", answer);
  renderSide("defender", answer);
  renderAlternatives(answer);
  const replay = { ...request, seed: answer.seed }; // the link shows these very dice again
  const link = linkFor(replay);
  $("#share-link").value = link;
  history.replaceState(null, "", link);
  $("#run-facts").textContent = `${number(answer.trials, 0)} Battles on ${answer.terrain}` +
    ` (attacker from side ${answer.entry_side}) in ${number(answer.seconds ?? 0, 2)} s,` +
    ` ${number(answer.battles_per_second, 0)} a second; seed ${answer.seed}.` +
    (answer.style_mix ? ` Styles played: attacker ${styleMix(answer.style_mix.attacker)},` +
      ` defender ${styleMix(answer.style_mix.defender)}.` : "");
  const results = $("#results");
  results.hidden = false;
  results.dataset.state = "done";
}

// ---------- would better play change this? ----------

// Battles the search tactic plays for each side: about 5 points of 95% interval, and a few
// seconds for 7v7 Legions (docs/tactics.md, lookahead).
const CHECK_TRIALS = 400;

// What a side counts as its good ending: the attacker its wins, the defender its wins and
// the time running out (10.5).
function goodEnding(side, outcomes) {
  return side === "attacker"
    ? outcomes.attacker_wins.p
    : outcomes.defender_wins.p + outcomes.time_loss.p;
}

function bothSearch() {
  const tactics = state.lastRequest?.tactics || {};
  return tactics.attacker === "lookahead" && tactics.defender === "lookahead";
}

function resetPlayCheck() {
  $("#play-check-results").replaceChildren();
  $("#play-check-status").textContent = "";
  $("#check-play").disabled = bothSearch(); // nothing left to check
}

// One side played by the search against the other side's tactic of the answer shown.
function checkLine(side, answer, base) {
  const mine = goodEnding(side, answer.outcomes);
  const here = goodEnding(side, base.outcomes);
  const n = answer.trials;
  const half = 1.96 * Math.sqrt(Math.max(mine * (1 - mine), 1 / n) / n);
  const gain = 100 * (mine - here);
  const verdict = Math.abs(gain) <= 100 * half
    ? "no clear difference (within the sampling error)"
    : `${gain > 0 ? "+" : "−"}${points(Math.abs(gain))}`;
  const [does, did] = side === "attacker"
    ? ["wins", ""] : ["holds out (wins, or the time runs out) in", " in"];
  return `A searching ${side} ${does} ${percent(mine, 0)} of ${number(n, 0)} Battles ` +
    `(±${points(100 * half)}), the ${side} here${did} ${percent(here, 0)}: ${verdict}.`;
}

// "30 points", "1 point", "0.5 points": whole points, or one decimal below one.
function points(x) {
  const shown = x >= 0.95 ? x.toFixed(0) : x.toFixed(1);
  return `${shown} point${shown === "1" ? "" : "s"}`;
}

async function checkPlay() {
  const base = state.lastAnswer;
  const request = state.lastRequest;
  if (!base || !request) return;
  const button = $("#check-play");
  const status = $("#play-check-status");
  const list = $("#play-check-results");
  button.disabled = true;
  list.replaceChildren();
  const tactics = { attacker: "default", defender: "default", ...(request.tactics || {}) };
  try {
    for (const side of ["attacker", "defender"]) {
      if (tactics[side] === "lookahead") continue;
      status.textContent = `The search plays the ${side}…`;
      const { precision, ...rest } = request; // a fixed number of Battles, on the same dice
      const asked = { ...rest, trials: CHECK_TRIALS, seed: base.seed,
        tactics: { ...tactics, [side]: "lookahead" } };
      const response = await fetch(`${API}/odds`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(asked),
      });
      const body = await response.json().catch(() => null);
      if (!response.ok || !body) {
        const message = body?.error?.message || `the service answered ${response.status}`;
        status.textContent = `Not checked: ${message}; try again in a moment.`;
        return;
      }
      list.append(element("li", { "data-side": side, text: checkLine(side, body, base) }));
    }
    status.textContent = "";
  } catch (error) {
    status.textContent = `Not checked: the service could not be reached (${error.message}).`;
  } finally {
    button.disabled = bothSearch();
  }
}

// ---------- running ----------

// A 503 while a worker prepares the battle kernel (after an install): ask again by itself.
const MAX_RETRY_SECONDS = 30;

function retryAfter(response) {
  const seconds = Number(response.headers.get("Retry-After"));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, MAX_RETRY_SECONDS) : null;
}

async function run(event) {
  event?.preventDefault();
  clearTimeout(state.retry);
  clearErrors();
  const request = requestFromForm();
  const button = $("#run");
  const status = $("#status");
  button.disabled = true;
  $("#results").setAttribute("aria-busy", "true");
  const trials = typeof request.trials === "number" ? number(request.trials, 0) : "the";
  status.textContent = `Playing ${trials} Battles…`;
  const started = performance.now();
  try {
    const response = await fetch(`${API}/odds`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request),
    });
    const body = await response.json().catch(() => null);
    const wait = response.status === 503 ? retryAfter(response) : null;
    if (wait !== null) {
      status.textContent = `The battle engine is still being prepared (about a minute after an` +
        ` install); asking again in ${wait} s…`;
      state.retry = setTimeout(run, wait * 1000);
      return;
    }
    if (!response.ok) {
      showErrors(body, response.status);
      status.textContent = "Not played: see the message above.";
      return;
    }
    renderAnswer(body, request);
    status.textContent = `Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`;
  } catch (error) {
    showErrors({ error: { message: `The service could not be reached (${error.message}).`, details: [] } });
    status.textContent = "";
  } finally {
    button.disabled = false;
    $("#results").removeAttribute("aria-busy");
  }
}

function wire() {
  for (const radio of $$("input[name=where]")) {
    radio.addEventListener("change", () => setWhereMode(whereMode()));
  }
  $("#land").addEventListener("change", updatePlaceHints);
  $("#terrain").addEventListener("change", updatePlaceHints);
  $("#entry-side").addEventListener("change", () => { state.entrySide = $("#entry-side").value; });
  for (const select of $$(".tactic")) select.addEventListener("change", updateTacticHelp);
  for (const side of ["attacker", "defender"]) {
    const box = $(`#${side}`);
    $(".add", box).addEventListener("click", () => {
      if (state.legions[side].length >= LEGION_LIMIT) return;
      state.legions[side].push($(".pick", box).value);
      renderLegion(side);
      clearFieldError(`${side}.characters`);
    });
    $(`#${side}-score`).addEventListener("input", () => updateTitanPower(side));
  }
  $("#copy-link").addEventListener("click", async () => {
    const input = $("#share-link");
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      $("#copy-link").textContent = "Copied";
    } catch {
      $("#copy-link").textContent = "Select and copy";
    }
    setTimeout(() => { $("#copy-link").textContent = "Copy"; }, 2000);
  });
  $("#odds-form").addEventListener("submit", run);
  $("#check-play").addEventListener("click", checkPlay);
  window.addEventListener("hashchange", () => {
    const shared = requestFromLink();
    if (shared && JSON.stringify(shared) !== JSON.stringify(state.lastRequest)) {
      fillForm(shared);
      run();
    }
  });
}

async function start() {
  try {
    const [characters, masterboard] = await Promise.all([
      getJSON("/characters"), getJSON("/masterboard"),
    ]);
    state.characters = characters.characters;
    state.lands = masterboard.lands;
  } catch (error) {
    showErrors({ error: { message: `The game's facts could not be loaded (${error.message}).`, details: [] } });
    return;
  }
  fillCharacterPicks();
  fillPlaces();
  fillTactics();
  wire();
  const shared = requestFromLink();
  fillForm(shared || EXAMPLE);
  document.body.dataset.ready = "true";
  if (shared) run();
}

start();
