// The odds form: builds a POST /api/v1/odds request from the form, shows the answer,
// puts the request in the address (a shareable link) and shows the API's errors next to
// the field each one names (the error details carry a JSON path). Under Tactical Titan's
// rules ("variant": "tactical") the Legions may hold its new characters, each side plays one
// of its plans, and TITAN's own choices (tactics, summoning, reinforcement) are left out of
// the request.
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
// Tactical Titan's plans, PLANS, come from plans.js (the map page offers them too).
const TERRAIN_ORDER = [
  "Plains", "Woods", "Brush", "Jungle", "Hills", "Mountains",
  "Tundra", "Desert", "Marsh", "Swamp", "Tower",
];
const TACTICAL = "tactical";
// Tactical Titan's characters no Battleland has a hex for (9.2: Water only)
const WATER_ONLY = new Set(["Kraken", "Sea King"]);
// Under Tactical Titan's rules a fight that runs its seven rounds eliminates nobody.
const TACTICAL_TIME = "Time runs out: both still stand (7 rounds)";
const EXAMPLE = {
  land: 1,
  attacker: { score: 0, characters: ["Titan", "Gargoyle", "Centaur", "Centaur"] },
  defender: { score: 0, characters: ["Ogre", "Ogre", "Troll"] },
};

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

const state = {
  characters: {}, // name -> facts from GET /characters
  tactical: {}, // name -> facts from GET /tactical/characters (Tactical Titan's rules)
  newNames: new Set(), // the characters only Tactical Titan has
  lands: {}, // number -> facts from GET /masterboard
  legions: { attacker: [], defender: [] },
  charts: {},
  retry: null, // the timer of an automatic retry after a 503
  entrySide: "1", // the side the player chose (the Tower forces 5 while it is picked)
  battlelands: {}, // terrain -> GET /battlelands/{terrain}, fetched once
  story: null, // the Battle shown (POST /odds/trace), its step and its player's timer
  step: -1,
  playing: null,
  battleAsked: null, // a link's Battle to show once its odds are in
};

// What each field of the request is called on the page: an error names the label the player
// reads, not the request's field.
const FIELD_LABELS = {
  variant: "Rules",
  land: "Land",
  terrain: "Terrain",
  entry_side: "Attacker enters from side",
  "attacker.score": "Attacker's score",
  "defender.score": "Defender's score",
  "attacker.characters": "Attacker's characters",
  "defender.characters": "Defender's characters",
  attacker: "Attacker",
  defender: "Defender",
  "tactics.attacker": "Attacker's tactic",
  "tactics.defender": "Defender's tactic",
  summonable: "Lord the attacker may summon",
  reinforce: "Defender musters its reinforcement",
  trials: "Battles to play",
  precision: "Stop at a precision",
  seed: "Seed",
  battle: "Battle number",
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

/** A character in the pick under Tactical Titan's rules: its factors and what it does there
 * (a Unicorn heals, 5.2). */
function tacticalLabel(name) {
  const c = state.tactical[name];
  if (!c || c.power === null) return characterLabel(name); // the Titan: power by score
  const a = c.abilities || {};
  const marks = [
    c.flies ? "flies" : "", c.rangestrikes ? "rangestrikes" : "",
    a.heal === "restore" ? "restores" : a.heal ? "heals" : "", a.regenerates ? "regenerates" : "",
    a.poison ? "poisons" : "",
  ].filter(Boolean);
  const where = WATER_ONLY.has(name) ? ": Water only, no Battleland has it (9.2)" : "";
  return `${name} (${c.power}-${c.skill}${marks.length ? ", " + marks.join(", ") : ""})${where}`;
}

function fillCharacterPicks() {
  const groups = [
    ["Lords", (c) => c.class === "lord"],
    ["Demi-Lords", (c) => c.class === "demilord"],
    ["Creatures", (c) => c.class === "creature"],
  ];
  for (const select of $$(".pick")) {
    const chosen = select.value;
    select.replaceChildren();
    for (const [label, belongs] of groups) {
      const group = element("optgroup", { label });
      for (const name of Object.keys(state.characters).sort()) {
        if (belongs(state.characters[name])) {
          const text = isTactical() ? tacticalLabel(name) : characterLabel(name);
          group.append(element("option", { value: name, text }));
        }
      }
      if (group.children.length) select.append(group);
    }
    if (isTactical()) {
      // beside TITAN's, in a group of their own: the player sees which are new
      const group = element("optgroup", { label: "Tactical Titan's characters" });
      for (const name of [...state.newNames].sort()) {
        const option = element("option", { value: name, class: "tactical-new", text: tacticalLabel(name) });
        option.disabled = WATER_ONLY.has(name);
        group.append(option);
      }
      select.append(group);
    }
    if ([...select.options].some((o) => o.value === chosen && !o.disabled)) select.value = chosen;
  }
}

// ---------- the rules: TITAN's or Tactical Titan's ----------

function isTactical() {
  return $("input[name=variant]:checked")?.value === TACTICAL;
}

/** Show the form for the rules chosen. Back to TITAN's rules, ``strip`` takes Tactical
 * Titan's characters out of the Legions (and says so); a shared link keeps them, and the
 * service's refusal is shown at each of them. */
function setVariant(tactical, strip = true) {
  $(`input[name=variant][value=${tactical ? TACTICAL : "titan"}]`).checked = true;
  $("#odds-form").dataset.variant = tactical ? TACTICAL : "titan";
  fillCharacterPicks();
  const note = $("#variant-note");
  note.hidden = true;
  if (!tactical && strip) {
    const removed = [];
    for (const side of ["attacker", "defender"]) {
      const kept = state.legions[side].filter((n) => !state.newNames.has(n));
      const gone = state.legions[side].filter((n) => state.newNames.has(n));
      if (gone.length) removed.push(`${gone.join(", ")} from the ${side}`);
      state.legions[side] = kept;
    }
    if (removed.length) {
      note.textContent = `Taken out: ${removed.join("; ")}. Tactical Titan's characters ` +
        "fight only under its rules.";
      note.hidden = false;
    }
  }
  for (const side of ["attacker", "defender"]) renderLegion(side);
  clearFieldError("variant");
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
  // Tactical Titan's plans have selects of their own, so TITAN's choices stay as they were
  for (const select of $$(".plan")) {
    select.replaceChildren(
      ...Object.entries(PLANS).map(([p, [label]]) => element("option", { value: p, text: label }))
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
  updateLandView();
}

// ---------- the Battleland beside the form ----------

/** The terrain the form's Engagement is fought on, and the attacker's side. */
function placeOfBattle() {
  const terrain = whereMode() === "land"
    ? state.lands[$("#land").value]?.terrain : $("#terrain").value;
  return { terrain, side: inTower() ? 5 : Number($("#entry-side").value) };
}

async function battlelandOf(terrain) {
  if (!state.battlelands[terrain]) {
    state.battlelands[terrain] = getJSON(`/battlelands/${encodeURIComponent(terrain)}`);
  }
  return state.battlelands[terrain];
}

function fillLegend(list, land) {
  list.replaceChildren(...Battleland.legend(land).map((item) => {
    const swatch = element("span", {
      class: `swatch ${item.kind}`,
      style: item.kind === "hex" ? `background:${item.fill}` : `border-color:${item.stroke}`,
      "aria-hidden": "true",
    });
    return element("li", {}, swatch, element("span", { text: item.text }));
  }));
  const walls = land.defender_deploy_hexes ? [
    element("li", {}, element("span", { class: "swatch walls", "aria-hidden": "true" }),
      element("span", { text: "The defender is placed within the walls (10.2)" }))] : [];
  list.append(
    element("li", {}, element("span", { class: "swatch attacker-edge", "aria-hidden": "true" }),
      element("span", { text: "Where the attacker enters; other sides numbered (10.1)" })),
    ...walls,
  );
}

async function updateLandView() {
  const { terrain, side } = placeOfBattle();
  if (!terrain) return;
  try {
    const land = await battlelandOf(terrain);
    const now = placeOfBattle(); // another choice may have come while it loaded
    if (now.terrain !== terrain || now.side !== side) return;
    const svg = $("#land-drawing");
    Battleland.draw(svg, land, side);
    const defender = land.defender_deploy_hexes
      ? "the defender within the Tower's walls (10.2)"
      : `the defender from the edge opposite (${
        land.edges[land.entry_sides[side].defender].join(", ")})`;
    const caption = `${terrain}: the attacker enters from side ${side} ` +
      `(${land.edges[land.entry_sides[side].attacker].join(", ")}), ${defender}.`;
    $("#land-caption").textContent = caption;
    svg.setAttribute("aria-label", `Drawing of the ${terrain} Battleland. ${caption}`);
    fillLegend($("#land-legend"), land);
  } catch (error) {
    $("#land-caption").textContent = `The Battleland could not be drawn (${error.message}).`;
  }
}

function updateTacticHelp() {
  for (const who of ["attacker", "defender"]) {
    $(`#tactic-${who}-help`).textContent = TACTICS[$(`#tactic-${who}`).value] || "";
    $(`#plan-${who}-help`).textContent = PLANS[$(`#plan-${who}`).value]?.[1] || "";
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
      const attributes = { "data-index": String(index) };
      if (state.newNames.has(name)) { // marked: it fights only under Tactical Titan's rules
        attributes.class = "tactical-new";
        attributes.title = "A Tactical Titan character";
      }
      return element("li", attributes, element("span", { text: name }), remove);
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
    ? `Titan's Power-factor ${6 + Math.floor(score / 100)} (${isTactical() ? "8.2" : "19.1"})` : "";
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
  if (isTactical()) {
    // each side plays one of its plans; nobody is summoned or reinforces: not asked
    request.variant = TACTICAL;
    request.tactics = { attacker: $("#plan-attacker").value, defender: $("#plan-defender").value };
  } else {
    request.tactics = { attacker: $("#tactic-attacker").value, defender: $("#tactic-defender").value };
    request.summonable = $("#summonable").value || null;
    request.reinforce = $("#reinforce").checked;
  }
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
  setVariant(request.variant === TACTICAL, false);
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
  // the tactics of the request's rules; the other rules' choices back to their default
  const tactical = request.variant === TACTICAL;
  const tactics = request.tactics || {};
  for (const side of ["attacker", "defender"]) {
    const [mine, other, names] = tactical ? ["plan", "tactic", PLANS] : ["tactic", "plan", TACTICS];
    $(`#${mine}-${side}`).value = Object.hasOwn(names, tactics[side]) ? tactics[side] : "default";
    $(`#${other}-${side}`).value = "default";
  }
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

function linkFor(request, battle = null) {
  const url = new URL(window.location.href);
  const params = { q: JSON.stringify(request) };
  if (battle !== null) params.battle = String(battle);
  url.hash = new URLSearchParams(params).toString();
  return url.toString();
}

/** The Battle a shared link asks to show (its index among the Battles), or null. */
function battleFromLink() {
  const raw = new URLSearchParams(window.location.hash.slice(1)).get("battle");
  const index = Number(raw);
  return raw !== null && Number.isInteger(index) && index >= 0 ? index : null;
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
  for (const p of $$(`[data-error-for="${path}"]`)) p.hidden = true;
  for (const field of $$(`[data-path="${path}"]`)) field.removeAttribute("aria-invalid");
}

/** The first element of ``selector`` the rules chosen show: a field both rules have
 * (tactics.attacker) has a control and an error place under each. */
function forRules(selector) {
  const away = isTactical() ? "titan-only" : "tactical-only";
  return $$(selector).find((e) => !e.classList.contains(away)) || null;
}

/** A JSON path in dotted form: "attacker.characters[1]" -> "attacker.characters.1". */
function dotted(path) {
  return (path || "").replace(/\[(\w+)\]/g, ".$1").replace(/^\$\.?/, "");
}

/** The error paragraph for a JSON path: the longest path prefix the form has a place for. */
function placeFor(path) {
  const parts = dotted(path).split(".");
  while (parts.length) {
    const place = forRules(`[data-error-for="${parts.join(".")}"]`);
    if (place && !place.parentElement.closest("[hidden]")) return place;
    parts.pop();
  }
  return null;
}

/** The label the page gives the field of a JSON path (its longest labelled prefix). */
function labelOf(path) {
  const parts = dotted(path).split(".");
  while (parts.length) {
    const key = parts.join(".");
    if (FIELD_LABELS[key]) return [key, FIELD_LABELS[key]];
    parts.pop();
  }
  return [null, null];
}

/** An error detail in the page's words: a message that starts with the request's field
 * ("trials must be at least 1") starts with the field's label instead ("Battles to play:
 * must be at least 1"); a bare one about the field's shape ("must be a whole number, not
 * \"x\"") is given the label first. */
function inWords(detail) {
  const [key, label] = labelOf(detail.path);
  let text = detail.message || "";
  if (label) {
    const name = key.split(".").pop();
    if (text.startsWith(`${key} `) || text.startsWith(`${name} `)) {
      const rest = text.slice(text.startsWith(`${key} `) ? key.length + 1 : name.length + 1);
      text = `${label}: ${rest.replace(/^is /, "")}`;
    } else if ((!detail.rule || /^[A-Z]/.test(text)) && !text.startsWith(label)) {
      text = `${label}: ${text[0].toLowerCase()}${text.slice(1)}`;
    }
  }
  return detail.rule ? `${text} (rule ${detail.rule})` : text;
}

function showErrors(envelope, status) {
  const error = envelope?.error || { message: `The service answered ${status}.`, details: [] };
  const unplaced = [];
  let first = null;
  for (const detail of error.details || []) {
    const text = inWords(detail);
    const place = placeFor(detail.path);
    if (!place) {
      const [, label] = labelOf(detail.path);
      unplaced.push(detail.path && !label ? `${detail.path}: ${text}` : text);
      continue;
    }
    place.textContent = place.hidden ? text : `${place.textContent} ${text}`;
    place.hidden = false;
    const key = place.dataset.errorFor;
    const field = forRules(`[data-path="${key}"]`);
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
  const placed = (error.details || []).length - unplaced.length;
  const lead = placed ? `Not played: ${placed === 1 ? "a field needs" : `${placed} fields need`} ` +
    "a change (marked below)." : error.message;
  top.textContent = [lead, ...unplaced].join(" — ");
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

/** The four endings as the answer's rules name them. */
function outcomesOf(answer) {
  if (answer.variant !== TACTICAL) return OUTCOMES;
  return OUTCOMES.map(([key, label, kind]) =>
    [key, key === "time_loss" ? TACTICAL_TIME : label, kind]);
}

function renderOutcomes(answer) {
  const box = $("#outcomes");
  box.replaceChildren();
  const outcomes = outcomesOf(answer);
  for (const [key, label, kind] of outcomes) {
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
  const best = outcomes.map(([key, label]) => [answer.outcomes[key].p, label])
    .sort((a, b) => b[0] - a[0])[0];
  let summary = `Most likely: ${best[1].split(":")[0].toLowerCase()} (${percent(best[0], 0)} of ${
    number(answer.trials, 0)} Battles).`;
  if (answer.variant === TACTICAL) summary += " Played under Tactical Titan's rules.";
  if (answer.truncated) {
    summary += ` The time limit cut the run short: ${number(answer.trials, 0)} of ${
      number(answer.requested_trials ?? answer.trials, 0)} Battles played, so the intervals are wider.`;
  } else if (answer.stopped === "precision") {
    summary += ` Stopped once every interval was within ±${
      number(100 * answer.precision, 1)} percentage points.`;
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

// ---------- the characters who join during the Battle, and the points ----------

/** The Lord summoned (15.0) or the reinforcement mustered (14.0) that may join a side:
 * [{name, p (it joins), survives (it joins and is in the Legion after)}]. */
function joiners(side, answer) {
  const s = answer[side];
  if (side === "attacker") {
    const lord = s.summoned;
    return lord?.name && lord.p > 0 ? [{ name: lord.name, p: lord.p, survives: lord.survives,
      how: "summoned", names: [[lord.name, lord.p]] }] : [];
  }
  const r = s.reinforcement;
  if (!r || !r.p) return [];
  // the recruit may differ from Battle to Battle (by name: how often each); its survival is
  // the reinforcement's as a whole
  const names = Object.entries(r.by_name).sort((a, b) => b[1] - a[1]);
  return [{ name: names.map(([n]) => n).join(" or "), p: r.p, survives: r.survives,
    how: "reinforcement", names }];
}

/** Points a character is worth to the side that slays it: Power × Skill (16.0), a Titan's
 * Power by its player's score (19.1). */
function worth(name, score, tactical = false) {
  if (tactical) { // 11.0's table; a Titan 10 per Power-factor (8.2)
    const t = state.tactical[name];
    if (!t) return 0;
    return t.points ?? t.points_per_power * (6 + Math.floor(Math.max(score, 0) / 100));
  }
  const c = state.characters[name];
  if (!c) return 0;
  return c.value ?? (6 + Math.floor(Math.max(score, 0) / 100)) * c.skill;
}

/** Where a side's points come from: the enemy Legion's worth and what may join it. */
function pointsSources(side, answer, request) {
  const enemy = side === "attacker" ? "defender" : "attacker";
  const legion = request[enemy] || { score: 0, characters: [] };
  const tactical = answer.variant === TACTICAL;
  const values = legion.characters.map((n) => [n, worth(n, legion.score, tactical)]);
  const whole = values.reduce((t, [, v]) => t + v, 0);
  const extra = joiners(enemy, answer).flatMap((j) => j.names.map(([name, p]) => ({
    name, p, how: j.how, value: worth(name, legion.score),
  })));
  return { enemy, values, whole, extra, tactical };
}

/** "an Ogre", "a Troll". */
const article = (name) => `${/^[AEIOU]/.test(name) ? "an" : "a"} ${name}`;

/** A share of the Battles in words: "under 1%" rather than a bare "0%". */
const share = (p) => (p > 0 && p < 0.005 ? "under 1%" : percent(p, 0));

/** What a bar of ``points`` is made of, in words. */
function pointsMeaning(points, sources) {
  if (sources.tactical) { // scored as each is slain (8.2), whoever holds the field
    if (points === 0) return `nothing: none of the ${sources.enemy}'s characters slain`;
    if (points === sources.whole) return `the whole ${sources.enemy}'s Legion`;
    if (points > sources.whole) {
      return `the whole ${sources.enemy}'s Legion and Lords that came to it by score (8.3)`;
    }
    return `part of the ${sources.enemy}'s Legion: the characters slain`;
  }
  if (points === 0) return "nothing: a defeat, a time-loss (10.5) or both Legions eliminated";
  if (points === sources.whole) return `the whole ${sources.enemy}'s Legion`;
  const joined = sources.extra.find((j) => points === sources.whole + j.value);
  if (joined) {
    return `the whole ${sources.enemy}'s Legion and its ${joined.how === "summoned"
      ? `summoned ${joined.name}` : `reinforcement, ${article(joined.name)}`} (${joined.value})`;
  }
  return `part of the ${sources.enemy}'s Legion: those slain before its Titan fell (19.3)`;
}

function pointsNote(side, sources) {
  const parts = sources.values.map(([n, v]) => `${n} ${v}`).join(", ");
  if (sources.tactical) {
    return `Each bar is the points of the ${sources.enemy}'s characters this side slays ` +
      `(11.0's table), scored as each is slain, win or lose (8.2). The ${sources.enemy}'s ` +
      `Legion is worth ${sources.whole} (${parts}).`;
  }
  let note = `Each bar is the points of the ${sources.enemy}'s characters this side slays ` +
    `(Power × Skill, 16.0), scored only when it wins. The ${sources.enemy}'s Legion is worth ` +
    `${sources.whole} (${parts})`;
  for (const j of sources.extra) {
    note += `; its ${j.how === "summoned" ? `summoned ${j.name}` : `reinforcement, ${article(j.name)},`}` +
      ` adds ${j.value} when it joins (${share(j.p)} of Battles) and is slain, ` +
      `${sources.whole + j.value} in all`;
  }
  return `${note}.`;
}

function renderSide(side, answer, request) {
  const s = answer[side];
  const facts = $(`#${side}-facts`);
  const rows = [
    ["Expected survivors", number(s.expected_survivors, 2)],
    ["Expected points scored", number(s.expected_points, 1)],
  ];
  for (const j of joiners(side, answer)) {
    const what = j.how === "summoned" ? `${j.name} summoned (15.0)` : `${j.name} mustered (14.0)`;
    rows.push([what, `${percent(j.p)} of Battles`]);
    rows.push([`… and survives it`, `${percent(j.survives)} of Battles`]);
  }
  if (answer.variant === TACTICAL) {
    // healing: each turn's Healing Phase (Tactical Titan 5.0-5.3)
    const [lo, hi] = s.healing.ci95;
    rows.push(["Damage healed (5.0)", `${number(s.healing.mean, 1)} (95%: ${number(lo, 1)}–${number(hi, 1)})`]);
    const angels = s.angels_gained?.any || 0;
    if (angels > 0) rows.push(["An Angel comes by score (8.3)", `${percent(angels)} of Battles`]);
    if (s.has_titan) rows.push(["Titan falls", percent(s.titan_killed)]); // nothing lost by time here
  } else if (s.has_titan) { // no "Titan killed 0%" for a side without its Titan
    rows.push(["Titan killed", percent(s.titan_killed)]);
    // lost: killed, or eliminated with its Legion on a time loss (10.5)
    rows.push(["Titan lost", percent(s.titan_lost)]);
  }
  facts.replaceChildren(...rows.flatMap(([k, v]) => [
    element("dt", { text: k }), element("dd", { text: v }),
  ]));

  const body = $(`#${side}-survival tbody`);
  // a group's breakdown ("both 6%, one 31%, none 63%") goes under its bar, a single one's beside it
  const late = joiners(side, answer).map((j) => [
    `${j.name} (${j.how})`, j.survives,
    `joins ${share(j.p)}, survives ${share(j.survives)}`, true,
  ]);
  body.replaceChildren(...[...survivalRows(s), ...late].map(([name, p, text, group]) =>
    element("tr", {},
      element("th", { scope: "row", text: name }),
      element("td", group ? { class: "group" } : {},
        bar(p, null, side), element("span", { class: "value", text })),
    )));

  const points = Object.entries(s.points_distribution)
    .map(([k, v]) => [Number(k), v]).sort((a, b) => a[0] - b[0]);
  const sources = pointsSources(side, answer, request);
  $(`#${side}-points-note`).textContent = pointsNote(side, sources);
  $(`#${side}-points-table tbody`).replaceChildren(...points.map(([k, v]) => element("tr", {},
    element("td", { text: String(k) }), element("td", { text: percent(v) }),
    element("td", { text: pointsMeaning(k, sources) }))));
  drawPoints(side, points, sources);
}

function drawPoints(side, points, sources) {
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
            afterLabel: (item) => pointsMeaning(Number(item.label), sources),
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

/** How each side played: the answer's sentence for it (the default's styles and their
 * shares, a search's phases; under Tactical Titan's rules the plan chosen, and for a search
 * its pilot fights' good endings against the default's). */
function renderPlay(answer) {
  const play = answer.play;
  $("#play-summaries").replaceChildren(...["attacker", "defender"]
    .filter((side) => play?.[side]?.summary)
    .map((side) => element("li", { "data-side": side, text: play[side].summary })));
}

function renderAnswer(answer, request) {
  state.lastRequest = request;
  state.lastAnswer = answer;
  resetPlayCheck();
  renderOutcomes(answer);
  renderSide("attacker", answer, request);
  renderSide("defender", answer, request);
  renderAlternatives(answer);
  renderPlay(answer);
  const replay = { ...request, seed: answer.seed }; // the link shows these very dice again
  const link = linkFor(replay);
  $("#share-link").value = link;
  history.replaceState(null, "", link);
  // the variant's fights start from a state the map page shows (POST /tactical/engagement)
  const onMap = new URLSearchParams({ engagement: JSON.stringify(replay) });
  $("#see-on-map").href = `/tactical#${onMap}`;
  $("#see-on-map-plans").hidden = answer.variant !== TACTICAL ||
    Object.values(answer.tactics ?? {}).every((t) => t === "default");
  const rules = answer.variant === TACTICAL ? " under Tactical Titan's rules" : "";
  $("#run-facts").textContent = `${number(answer.trials, 0)} Battles on ${answer.terrain}${rules}` +
    ` (attacker from side ${answer.entry_side}) in ${number(answer.seconds ?? 0, 2)} s,` +
    ` ${number(answer.battles_per_second, 0)} a second; seed ${answer.seed}.`;
  const results = $("#results");
  results.hidden = false;
  results.dataset.state = "done";
  // TITAN's sections (a Battle's trace, the search, the recruits) are for TITAN's answers
  results.dataset.variant = answer.variant === TACTICAL ? TACTICAL : "titan";
  $("#stale-notice").hidden = true;
  hideBattle();
  $("#compare-table").hidden = true;
  $("#compare-status").textContent = "";
  $("#battle-number").max = String(answer.trials);
  $("#battle-of").textContent = `of ${number(answer.trials, 0)}`;
  if (Number($("#battle-number").value) > answer.trials) $("#battle-number").value = "1";
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

// A contested Battle: each side comes out well in at least this share of the Battles. The
// search gains most over the default there, little where one side nearly always wins
// (docs/tactics.md, how good is the default).
const CONTESTED = 0.1;

function contested(outcomes) {
  return ["attacker", "defender"].every((side) => goodEnding(side, outcomes) >= CONTESTED);
}

function bothSearch() {
  const tactics = state.lastRequest?.tactics || {};
  return tactics.attacker === "lookahead" && tactics.defender === "lookahead";
}

function resetPlayCheck() {
  $("#play-check-results").replaceChildren();
  $("#play-check-status").textContent = "";
  $("#check-play").disabled = bothSearch(); // nothing left to check
  const answer = state.lastAnswer;
  $("#play-check-contested").hidden = bothSearch() || !answer || !contested(answer.outcomes);
}

// One side played by the search against the other side's tactic of the answer shown: the
// difference of the two shares of good endings in percentage points, with the 95% interval of
// a difference of two independent shares (the sampling error of both runs).
function checkLine(side, answer, base) {
  const mine = goodEnding(side, answer.outcomes);
  const here = goodEnding(side, base.outcomes);
  const [n, m] = [answer.trials, base.trials];
  const spread = (p, k) => Math.max(p * (1 - p), 1 / k) / k;
  const half = 1.96 * Math.sqrt(spread(mine, n) + spread(here, m));
  const gain = 100 * (mine - here);
  const [lo, hi] = [gain - 100 * half, gain + 100 * half];
  const interval = `${signed(gain)} percentage points (95% interval ${signed(lo)} to ${signed(hi)})`;
  let verdict;
  if (lo > 0) verdict = `better play gains the ${side} ${interval}`;
  else if (hi < 0) verdict = `no better play found: the search did worse, ${interval}`;
  else verdict = `no better play found: ${interval}, within the sampling error`;
  const [does, did] = side === "attacker"
    ? ["wins", " wins"] : ["holds out (wins, or the time runs out) in", " holds out in"];
  return `A searching ${side} ${does} ${percent(mine, 0)} of ${number(n, 0)} Battles; ` +
    `the ${side} here${did} ${percent(here, 0)} of ${number(m, 0)}: ${verdict}.`;
}

// "+4.2", "−0.6": percentage points with their sign, one decimal.
function signed(x) {
  const shown = Math.abs(x).toFixed(1);
  return shown === "0.0" ? "0.0" : `${x > 0 ? "+" : "−"}${shown}`;
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

// ---------- one Battle, phase by phase ----------

const STEP_MS = 1400; // a phase on screen while playing

/** Ask for Battle ``index`` of the answer shown (POST /odds/trace) and show it. */
async function showBattle(index) {
  const request = state.lastRequest;
  const answer = state.lastAnswer;
  if (!request || !answer) return;
  stopPlaying();
  const status = $("#show-status");
  const { precision, ...rest } = request; // the very Battles the answer counts
  const asked = { ...rest, seed: answer.seed, trials: answer.trials, battle: index };
  status.textContent = `Playing Battle ${number(index + 1, 0)} again…`;
  $("#show-battle").disabled = true;
  $("#another-battle").disabled = true;
  try {
    const response = await fetch(`${API}/odds/trace`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(asked),
    });
    const body = await response.json().catch(() => null);
    if (!response.ok || !body) {
      const detail = body?.error?.details?.[0];
      const message = detail ? inWords(detail) : body?.error?.message || `error ${response.status}`;
      status.textContent = `Not shown: ${message}.`;
      return;
    }
    status.textContent = "";
    $("#battle-number").value = String(index + 1);
    renderStory(body);
    const link = linkFor({ ...request, seed: answer.seed }, index);
    $("#battle-link").value = link;
    history.replaceState(null, "", link);
  } catch (error) {
    status.textContent = `Not shown: the service could not be reached (${error.message}).`;
  } finally {
    $("#show-battle").disabled = false;
    $("#another-battle").disabled = false;
  }
}

function hideBattle() {
  stopPlaying();
  state.story = null;
  $("#battle-view").hidden = true;
  $("#show-status").textContent = "";
}

const OUTCOME_WORDS = {
  attacker_wins: "The attacker wins", defender_wins: "The defender wins",
  mutual_elimination: "Both Legions eliminated", time_loss: "Time-loss",
};

function renderStory(story) {
  state.story = story;
  state.about = Object.fromEntries(story.characters.map((c) => [c.id, c]));
  const svg = $("#battle-drawing");
  state.view = Battleland.draw(svg, story.battleland, story.entry_side);
  Battleland.arrows(svg);
  const log = $("#battle-log");
  log.replaceChildren(...story.phases.map((phase, k) => {
    const items = phase.events.length
      ? phase.events.map((e) => element("li", { class: `event ${e.kind}`, text: e.text }))
      : [element("li", { class: "event quiet", text: phase.phase === "maneuver"
        ? "Nobody moves." : "Nobody is in contact or in range: no strikes." })];
    const entry = element("li", { class: "phase", "data-step": String(k) },
      element("button", { type: "button", class: "phase-name", text: phase.title }),
      element("ul", {}, ...items));
    $(".phase-name", entry).addEventListener("click", () => {
      stopPlaying();
      goTo(k);
    });
    return entry;
  }));
  $("#battle-ending").textContent = story.ending;
  $("#battle-styles").textContent = `Battle ${number(story.battle + 1, 0)} of seed ${story.seed}: ` +
    `the attacker played ${story.styles.attacker}, the defender ${story.styles.defender}. ` +
    `${OUTCOME_WORDS[story.outcome]} in Battle-Round ${story.rounds}.`;
  const slider = $("#step-slider");
  slider.max = String(story.phases.length);
  $("#battle-view").hidden = false;
  goTo(-1);
}

/** Show the Battle after phase ``k`` (-1: before its first phase). */
function goTo(k) {
  const story = state.story;
  if (!story) return;
  const last = story.phases.length - 1;
  state.step = Math.max(-1, Math.min(k, last));
  const phase = story.phases[state.step];
  const placed = phase ? phase.pieces : startPieces(story);
  const slain = new Map();
  if (phase) {
    const where = piecesOfPosition(phase);
    for (const e of phase.events) {
      if (e.kind === "slain" && where[e.piece]) slain.set(e.piece, where[e.piece]);
    }
  }
  Battleland.place(state.view, placed, state.about, slain);
  Battleland.mark(state.view, phase ? phase.events : [], state.about);
  $("#battle-drawing").dataset.step = String(state.step);
  $("#phase-title").textContent = phase
    ? `${phase.title} (phase ${state.step + 1} of ${last + 1})`
    : "Before the Battle: the Legions wait beside the Battleland.";
  $("#step-slider").value = String(state.step + 1);
  $("#step-back").disabled = state.step < 0;
  $("#step-first").disabled = state.step < 0;
  $("#step-next").disabled = state.step >= last;
  const log = $("#battle-log");
  for (const li of $$(".phase", log)) {
    const current = Number(li.dataset.step) === state.step;
    li.classList.toggle("current", current);
    li.classList.toggle("past", Number(li.dataset.step) < state.step);
    if (current) log.scrollTop = li.offsetTop - 8; // the log alone scrolls, not the page
  }
  if (state.step < 0) log.scrollTop = 0;
}

/** Where each character stands in the position a phase began in: {id: {hex, hits}}. */
function piecesOfPosition(phase) {
  const where = {};
  for (const side of ["attacker", "defender"]) {
    phase.position[side].characters.forEach((c, i) => {
      where[phase.ids[side][i]] = { hex: c.hex, hits: c.hits };
    });
  }
  // hits taken in the phase: a slain character is drawn with its Power in hits
  for (const e of phase.events) {
    if (e.kind === "slain" && where[e.piece]) where[e.piece].hits = state.about[e.piece].power;
  }
  return where;
}

function startPieces(story) {
  const ids = story.phases[0]?.ids || { attacker: [], defender: [] };
  const found = [];
  for (const side of ["attacker", "defender"]) {
    story.start[side].characters.forEach((c, i) => {
      if (ids[side][i]) found.push({ id: ids[side][i], hex: c.hex, hits: c.hits });
    });
  }
  return found;
}

function stopPlaying() {
  clearInterval(state.playing);
  state.playing = null;
  $("#play-pause").textContent = "▶ Play";
  $("#play-pause").setAttribute("aria-pressed", "false");
}

function togglePlaying() {
  if (state.playing) {
    stopPlaying();
    return;
  }
  const story = state.story;
  if (!story) return;
  if (state.step >= story.phases.length - 1) goTo(-1);
  $("#play-pause").textContent = "⏸ Pause";
  $("#play-pause").setAttribute("aria-pressed", "true");
  state.playing = setInterval(() => {
    if (state.step >= story.phases.length - 1) {
      stopPlaying();
      return;
    }
    goTo(state.step + 1);
  }, STEP_MS);
}

function wireBattle() {
  $("#show-battle").addEventListener("click", () => {
    const n = Number($("#battle-number").value);
    const trials = state.lastAnswer?.trials || 1;
    const index = Number.isInteger(n) && n >= 1 && n <= trials ? n - 1 : 0;
    showBattle(index);
  });
  $("#another-battle").addEventListener("click", () => {
    const trials = state.lastAnswer?.trials || 1;
    showBattle(Math.floor(Math.random() * trials));
  });
  $("#step-first").addEventListener("click", () => { stopPlaying(); goTo(-1); });
  $("#step-back").addEventListener("click", () => { stopPlaying(); goTo(state.step - 1); });
  $("#step-next").addEventListener("click", () => { stopPlaying(); goTo(state.step + 1); });
  $("#play-pause").addEventListener("click", togglePlaying);
  $("#step-slider").addEventListener("input", () => {
    stopPlaying();
    goTo(Number($("#step-slider").value) - 1);
  });
}

// ---------- which recruit? (POST /compare) ----------

const COMPARE_TRIALS = 2000; // Battles per candidate: about ±2 percentage points

async function compareRecruits(side) {
  const request = state.lastRequest;
  const answer = state.lastAnswer;
  if (!request || !answer) return;
  const other = side === "attacker" ? "defender" : "attacker";
  const { attacker, defender, precision, trials, ...fought } = request;
  const asked = {
    ...fought, side, legion: request[side], opponent: request[other],
    trials: Math.min(answer.trials, COMPARE_TRIALS), seed: answer.seed,
  };
  const status = $("#compare-status");
  const shown = $("#compare-table");
  shown.hidden = true;
  status.textContent = `Playing the ${side}'s recruits…`;
  for (const b of $$(".musters button")) b.disabled = true;
  try {
    const response = await fetch(`${API}/compare`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(asked),
    });
    const body = await response.json().catch(() => null);
    if (!response.ok || !body) {
      const detail = body?.error?.details?.[0];
      status.textContent = `Not compared: ${detail ? detail.message : body?.error?.message
        || `error ${response.status}`}.`;
      return;
    }
    $("#compare-wins").textContent = side === "attacker" ? "Wins" : "Holds (wins or time-loss)";
    $("tbody", shown).replaceChildren(...body.candidates.map((c) => {
      const [lo, hi] = c.win.ci95;
      const legion = c.characters.join(", ") + (c.recruit ? ` (musters ${article(c.recruit)})`
        : " (as it stands)");
      return element("tr", { "data-rank": String(c.rank) },
        element("td", { text: String(c.rank) }),
        element("th", { scope: "row", text: legion }),
        element("td", { text: `${percent(c.win.p)} (95%: ${percent(lo)}–${percent(hi)})` }),
        element("td", { class: "time-loss", text: percent(c.outcomes.time_loss.p) }),
        element("td", { text: c.rank === 1 ? "—"
          : `${number(100 * c.vs_best.difference, 1)} percentage points` }));
    }));
    shown.hidden = false;
    status.textContent = `${number(body.trials, 0)} Battles each, seed ${body.seed}.`;
  } catch (error) {
    status.textContent = `Not compared: the service could not be reached (${error.message}).`;
  } finally {
    for (const b of $$(".musters button")) b.disabled = false;
  }
}

// ---------- running ----------

// A 503 while a worker prepares the battle kernel (after an install): ask again by itself.
const MAX_RETRY_SECONDS = 30;

function retryAfter(response) {
  const seconds = Number(response.headers.get("Retry-After"));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, MAX_RETRY_SECONDS) : null;
}

/** Results on screen while a new question is asked: marked as the previous question's. */
function markStale(text) {
  const results = $("#results");
  if (results.hidden) return;
  results.dataset.state = "stale";
  const notice = $("#stale-notice");
  notice.textContent = text;
  notice.hidden = false;
  stopPlaying();
}

/** No results: a question refused or unanswered leaves nothing that looks like its answer. */
function clearResults() {
  const results = $("#results");
  results.hidden = true;
  results.dataset.state = "cleared";
  $("#stale-notice").hidden = true;
  hideBattle();
}

/** Bring the answer into view when it starts below the screen's fold (a phone, mostly). */
function revealResults() {
  const top = $("#results").getBoundingClientRect().top;
  if (top > window.innerHeight * 0.5 || top < 0) $("#results").scrollIntoView({ block: "start" });
}

async function run(event) {
  event?.preventDefault();
  clearTimeout(state.retry);
  clearErrors();
  const request = requestFromForm();
  const button = $("#run");
  const status = $("#status");
  button.disabled = true;
  markStale("These results answer the previous question; the new one is being played…");
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
      clearResults();
      showErrors(body, response.status);
      status.textContent = "Not played: see the messages in the form.";
      return;
    }
    renderAnswer(body, request);
    status.textContent = `Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`;
    revealResults();
    const asked = state.battleAsked;
    state.battleAsked = null;
    if (asked !== null) showBattle(asked);
  } catch (error) {
    clearResults();
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
  for (const radio of $$("input[name=variant]")) {
    radio.addEventListener("change", () => setVariant(isTactical()));
  }
  $("#land").addEventListener("change", updatePlaceHints);
  $("#terrain").addEventListener("change", updatePlaceHints);
  $("#entry-side").addEventListener("change", () => {
    state.entrySide = $("#entry-side").value;
    updateLandView();
  });
  for (const select of $$(".tactic, .plan")) select.addEventListener("change", updateTacticHelp);
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
  wireBattle();
  $("#compare-attacker").addEventListener("click", () => compareRecruits("attacker"));
  $("#compare-defender").addEventListener("click", () => compareRecruits("defender"));
  window.addEventListener("hashchange", () => {
    const shared = requestFromLink();
    if (shared && JSON.stringify(shared) !== JSON.stringify(state.lastRequest)) {
      fillForm(shared);
      state.battleAsked = battleFromLink();
      run();
    }
  });
}

/** Tactical Titan's characters: without them the page offers TITAN's rules alone. */
async function loadTactical() {
  try {
    const answer = await getJSON("/tactical/characters");
    state.tactical = answer.characters;
    state.newNames = new Set(Object.keys(answer.characters).filter((n) => !(n in state.characters)));
  } catch (error) {
    const radio = $(`input[name=variant][value=${TACTICAL}]`);
    radio.disabled = true;
    radio.parentElement.title = `Tactical Titan's characters could not be loaded (${error.message}).`;
  }
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
  await loadTactical();
  fillCharacterPicks();
  fillPlaces();
  fillTactics();
  wire();
  const shared = requestFromLink();
  fillForm(shared || EXAMPLE);
  document.body.dataset.ready = "true";
  state.battleAsked = shared ? battleFromLink() : null;
  if (shared) run();
}

start();
