// The Tactical Titan page: a map drawn as SVG from the API's data (GET
// /api/v1/tactical/maps/{name}, or a map file checked by POST /api/v1/tactical/maps/validate),
// a game state's characters on it, and a character's legal moves, strikes, heals and musters
// (POST /api/v1/tactical/rules/legal) highlighted on the map and listed; and the odds of the
// fight a state shows (POST /api/v1/tactical/odds). ``#engagement=<odds request>`` shows the
// state an Engagement's fight under the variant starts from (POST /api/v1/tactical/engagement).
"use strict";

const TacticalPage = (() => {
  const API = "/api/v1/tactical";
  const { node, round } = HexDrawing;
  const S = 20; // a hex's side, in the drawing's units
  const H = (S * Math.sqrt(3)) / 2; // half a flat-topped hex's height
  const MARGIN = 8;
  // Regions coloured by terrain (3.1: "use color to distinguish the regions (e.g. make marsh
  // purple and swamp blue)"), the rest as TITAN's board has them.
  const TERRAINS = {
    Plains: "#f1dc8a", Woods: "#9bbf6a", Brush: "#c9d98f", Jungle: "#5f9b57",
    Hills: "#c9a072", Mountains: "#d7826c", Tundra: "#dfeef3", Desert: "#f0b85a",
    Marsh: "#b79ac8", Swamp: "#7f9fc9", Tower: "#c4bdb0", Sea: "#2e64a8",
  };
  const HAZARDS = {
    Bramble: { fill: "#6f9a3c", text: "Bramble" },
    Bog: { fill: "#5b6b45", text: "Bog" },
    Drift: { fill: "#ffffff", text: "Drift" },
    Sand: { fill: "#e6cf86", text: "Sand" },
    Tree: { fill: "#2f6b2a", text: "Tree" },
    Volcano: { fill: "#b8322a", text: "Volcano" },
    Water: { fill: "#4a86c5", text: "Water" },
  };
  const HEXSIDES = {
    Slope: { stroke: "#8a6d3b", text: "Slope (ticks point downhill)" },
    Cliff: { stroke: "#2b2b2b", text: "Cliff" },
    Dune: { stroke: "#c29a1f", text: "Dune" },
    Wall: { stroke: "#5d5750", text: "Wall of a tower" },
    River: { stroke: "#1f5fa8", text: "River (12.1.1)" },
  };
  const PLAYER_COLOURS = ["#b03a2e", "#2c5d8a", "#3c7a3a", "#7a4fa0", "#b8860b", "#444444"];
  // the six neighbours of (x, doubled row y)
  const STEPS = [[0, -2], [1, -1], [1, 1], [0, 2], [-1, 1], [-1, -1]];
  const KINDS = ["moves", "strikes", "heals", "musters"];

  const $ = (selector) => document.querySelector(selector);
  const view = { map: null, layout: null, state: null, centre: {}, at: {}, chosen: null, zoom: 1 };
  // the odds asked: the state they are of (a newer one drops them), a retry's timer, and the
  // Muster Phase box as it was before an Engagement's preset cleared it
  const odds = { asked: 0, retry: null, preset: false, mustersBefore: false };
  // An Engagement's fights as the odds form plays them (docs/tactical.md, "An Engagement under
  // Tactical Titan's rules"): seven rounds of two player turns, until one player is left, no
  // Muster Phase.
  const ENGAGEMENT_ODDS = { turns: "14", until: "one_player", musters: false };
  const MAX_RETRY_SECONDS = 30;

  function element(tag, attributes = {}, ...children) {
    const n = document.createElement(tag);
    for (const [k, v] of Object.entries(attributes)) {
      if (k === "text") n.textContent = v;
      else n.setAttribute(k, String(v));
    }
    n.append(...children);
    return n;
  }

  const corners = (centre, scale = 1) => HexDrawing.corners(centre, S, scale);

  // ---------- requests ----------

  async function call(method, path, body) {
    const response = await fetch(API + path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) {
      const error = new Error(answer.error ? answer.error.message : `HTTP ${response.status}`);
      error.envelope = answer.error;
      throw error;
    }
    return answer;
  }

  function say(text, bad = false) {
    const status = $("#status");
    status.textContent = text;
    status.classList.toggle("bad", bad);
  }

  function showProblems(problems) {
    const list = $("#problem-list");
    list.replaceChildren();
    for (const p of problems) {
      const where = [p.rule ? `${p.rule}` : null, p.path].filter(Boolean).join(" · ");
      const item = element("li", {}, element("span", { text: p.message }));
      if (where) item.append(" ", element("code", { text: where }));
      if (p.hex) item.dataset.hex = p.hex;
      list.append(item);
    }
    $("#problems").hidden = problems.length === 0;
    for (const g of document.querySelectorAll("#map .hex.problem")) g.classList.remove("problem");
    for (const p of problems) {
      const g = p.hex && document.querySelector(`#map .hex[data-hex="${p.hex}"]`);
      if (g) g.classList.add("problem");
    }
  }

  function refusal(error) {
    const details = error.envelope ? error.envelope.details || [] : [];
    showProblems(details.map((d) => ({ message: d.message, rule: d.rule, path: d.path })));
    say(error.message, true);
  }

  // ---------- the map ----------

  function draw(map, layout) {
    const svg = $("#map");
    svg.replaceChildren();
    view.map = map;
    view.layout = layout;
    view.centre = {};
    view.at = {};
    const labels = Object.keys(layout);
    for (const label of labels) {
      const { x, y } = layout[label];
      view.centre[label] = HexDrawing.centre({ x, y }, S);
      view.at[`${x},${y}`] = label;
    }
    const xs = labels.map((l) => view.centre[l][0]);
    const ys = labels.map((l) => view.centre[l][1]);
    const [left, top] = [Math.min(...xs) - S - MARGIN, Math.min(...ys) - H - MARGIN];
    const width = Math.max(...xs) + S + MARGIN - left;
    const height = Math.max(...ys) + H + MARGIN - top;
    svg.setAttribute("viewBox", `${round(left)} ${round(top)} ${round(width)} ${round(height)}`);
    svg.dataset.map = map.name;
    svg.dataset.hexes = String(labels.length);
    svg.style.setProperty("--ratio", String(height / width));

    const terrainOf = {};
    for (const r of map.regions) terrainOf[r.name] = r.terrain;
    const hexes = node("g", { class: "hexes" });
    for (const label of labels) {
      const facts = map.hexes[label] || { region: "?", hazard: "Plain", elevation: 0 };
      const terrain = terrainOf[facts.region] || "Plains";
      const g = node("g", {
        class: `hex terrain-${terrain.toLowerCase()} hazard-${(facts.hazard || "Plain").toLowerCase()}`,
        "data-hex": label, "data-region": facts.region, "data-terrain": terrain,
      });
      const title = `${label}: ${facts.region} (${terrain})` +
        (facts.hazard && facts.hazard !== "Plain" ? `, ${facts.hazard}` : "") +
        (facts.elevation ? `, elevation ${facts.elevation}` : "");
      g.append(node("title", {}, title));
      g.append(node("polygon", {
        points: corners(view.centre[label]), fill: TERRAINS[terrain] || "#eee", class: "cell",
      }));
      const hazard = HAZARDS[facts.hazard];
      if (hazard && facts.hazard !== "Water") {
        g.append(node("polygon", {
          points: corners(view.centre[label], 0.6), fill: hazard.fill, class: "hazard-mark",
        }));
      }
      if (facts.elevation) {
        g.append(node("polygon", {
          points: corners(view.centre[label], 0.92), class: "height",
          "fill-opacity": 0.14 * facts.elevation,
        }));
      }
      const [cx, cy] = view.centre[label];
      g.append(node("text", { x: round(cx), y: round(cy - H + 7), class: "label" }, label));
      if (hazard && facts.hazard !== "Water") {
        g.append(node("text", { x: round(cx), y: round(cy + H - 3), class: "hazard-name" },
          hazard.text));
      }
      hexes.append(g);
    }
    svg.append(hexes);
    svg.append(drawBorders(map), drawHexsides(map), drawTowers(map));
    // the highlights over the counters (see-through), so that a target's hex shows too
    svg.append(node("g", { class: "pieces" }), node("g", { class: "highlights" }));
    legend(map);
    fit();
  }

  /** Bold lines between regions and along the map's edge (3.1: "mark the region borders with
   * bold black lines"). */
  function drawBorders(map) {
    const g = node("g", { class: "borders" });
    const path = [];
    for (const [label, { x, y }] of Object.entries(view.layout)) {
      const region = (map.hexes[label] || {}).region;
      STEPS.forEach(([dx, dy], k) => {
        const other = view.at[`${x + dx},${y + dy}`];
        if (other && (map.hexes[other] || {}).region === region) return;
        if (other && other < label) return; // drawn once, from the other side
        // the side facing direction k of a flat-topped hex: between its corners k-2 and k-1
        const [cx, cy] = view.centre[label];
        const a = (Math.PI / 3) * (k - 2);
        const b = (Math.PI / 3) * (k - 1);
        path.push(`M${round(cx + S * Math.cos(a))},${round(cy + S * Math.sin(a))}` +
          `L${round(cx + S * Math.cos(b))},${round(cy + S * Math.sin(b))}`);
      });
    }
    g.append(node("path", { d: path.join(""), class: "border" }));
    return g;
  }

  function drawHexsides(map) {
    const g = node("g", { class: "hexsides" });
    for (const side of map.hexsides || []) {
      const [a, b] = side.between;
      if (!view.centre[a] || !view.centre[b]) continue;
      const style = HEXSIDES[side.hazard] || HEXSIDES.Slope;
      // ticks point from the hex the hazard is atop, downhill
      const top = side.top || a;
      const other = top === a ? b : a;
      const one = node("g", {
        class: `hexside hexside-${side.hazard.toLowerCase()}`,
        "data-between": `${a}-${b}`,
      });
      one.append(node("title", {}, side.top
        ? `${style.text} between ${side.top} (above) and ${other}`
        : `${style.text} between ${a} and ${b}`));
      // a hexside with a top: ticks from it, downhill (a River has none)
      one.append(...HexDrawing.hexsideLines(view.centre[top], view.centre[other], S, style.stroke,
        side.top ? [-0.55, 0, 0.55] : [], 4));
      g.append(one);
    }
    return g;
  }

  function drawTowers(map) {
    const g = node("g", { class: "towers" });
    (map.starting_towers || []).forEach((tower, i) => {
      const c = view.centre[tower.centre];
      if (!c) return;
      const one = node("g", { class: "tower", "data-tower": tower.region, "data-centre": tower.centre });
      one.append(node("title", {}, `${tower.region}: a starting tower (3.1), centre ${tower.centre}`));
      one.append(node("circle", { cx: round(c[0]), cy: round(c[1]), r: S * 2.3, class: "ring" }));
      one.append(node("text", { x: round(c[0]), y: round(c[1] + 3.5), class: "tower-number" },
        `T${i + 1}`));
      g.append(one);
    });
    return g;
  }

  function legend(map) {
    const box = $("#legend");
    box.replaceChildren();
    const terrains = [...new Set(map.regions.map((r) => r.terrain))];
    for (const t of terrains) {
      box.append(element("span", { class: "tt-key", "data-terrain": t },
        element("i", { class: "tt-swatch", style: `background:${TERRAINS[t] || "#eee"}` }), t));
    }
    const hazards = new Set(Object.values(map.hexes).map((h) => h.hazard));
    for (const h of Object.keys(HAZARDS)) {
      if (!hazards.has(h) || h === "Water") continue;
      box.append(element("span", { class: "tt-key" },
        element("i", { class: "tt-swatch tt-hazard", style: `background:${HAZARDS[h].fill}` }), h));
    }
    const sides = new Set((map.hexsides || []).map((s) => s.hazard));
    for (const s of Object.keys(HEXSIDES)) {
      if (!sides.has(s)) continue;
      box.append(element("span", { class: "tt-key" },
        element("i", { class: "tt-swatch tt-side", style: `background:${HEXSIDES[s].stroke}` }),
        HEXSIDES[s].text));
    }
    if ((map.starting_towers || []).length) {
      box.append(element("span", { class: "tt-key" }, element("i", { class: "tt-swatch tt-ring" }),
        "Starting tower (3.1)"));
    }
    $("#map-description").textContent =
      `${map.name}${map.description ? `: ${map.description.replace(/\.?$/, ".")}` : "."} ` +
      `${Object.keys(map.hexes).length} hexes, ${map.regions.length} regions, ` +
      `${(map.starting_towers || []).length} starting towers.`;
  }

  // ---------- zoom ----------

  function fit() {
    view.zoom = 1;
    applyZoom();
  }

  /** At 1 the whole map fits the frame (its width, and most of the window's height); above
   * 1 it grows and the frame scrolls. */
  function applyZoom() {
    const svg = $("#map");
    svg.style.width = `${Math.round(view.zoom * 100)}%`;
    svg.classList.toggle("fitted", view.zoom === 1);
    svg.dataset.zoom = String(view.zoom);
  }

  /** Scroll the frame so that ``hex`` is in its middle, zooming in first when the whole map is
   * shown (a character's surroundings are too small to read on a phone otherwise). */
  function focusOn(hex, zoom = 2.5) {
    const centre = view.centre[hex];
    if (!centre) return;
    if (view.zoom < zoom) {
      view.zoom = zoom;
      applyZoom();
    }
    const svg = $("#map");
    const frame = $("#map-frame");
    const box = svg.viewBox.baseVal;
    const scale = svg.getBoundingClientRect().width / box.width;
    frame.scrollLeft = (centre[0] - box.x) * scale - frame.clientWidth / 2;
    frame.scrollTop = (centre[1] - box.y) * scale - frame.clientHeight / 2;
  }

  // ---------- characters ----------

  function colourOf(player) {
    const players = view.state ? view.state.players.map((p) => p.name) : [];
    const i = Math.max(players.indexOf(player), 0);
    return PLAYER_COLOURS[i % PLAYER_COLOURS.length];
  }

  function short(name) {
    if (name.startsWith("Demon ")) return `D${name.slice(6)}`;
    const words = name.split(" ");
    return words.length > 1 ? words.map((w) => w[0]).join("") : name.slice(0, 4);
  }

  function placeCharacters(state) {
    const pieces = document.querySelector("#map .pieces");
    pieces.replaceChildren();
    const byHex = {};
    for (const c of state.characters) (byHex[c.hex] = byHex[c.hex] || []).push(c);
    for (const [hex, here] of Object.entries(byHex)) {
      const centre = view.centre[hex];
      if (!centre) continue;
      here.forEach((c, i) => {
        // two in a hex (7.3): the second sits a little lower and to the right
        const [x, y] = [centre[0] + i * 5, centre[1] + i * 5];
        const g = node("g", {
          class: `piece${c.damage ? " hurt" : ""}`, "data-id": c.id, "data-hex": hex,
          "data-player": c.player, "data-name": c.name, tabindex: 0, role: "button",
          transform: `translate(${round(x)} ${round(y)})`,
        });
        g.append(node("title", {}, `${c.player}'s ${c.name} on ${hex}` +
          (c.damage ? `, ${c.damage} damage` : "")));
        g.append(node("rect", {
          x: -S * 0.72, y: -S * 0.42, width: S * 1.44, height: S * 0.84, rx: 3,
          fill: colourOf(c.player), class: "counter",
        }));
        g.append(node("text", { x: 0, y: 3, class: "name" }, short(c.name)));
        if (c.damage) {
          g.append(node("circle", { cx: S * 0.7, cy: -S * 0.42, r: 5, class: "hits" }));
          g.append(node("text", { x: S * 0.7, y: -S * 0.42 + 2.5, class: "hits-number" },
            String(c.damage)));
        }
        g.addEventListener("click", (event) => {
          event.stopPropagation();
          choose(c.id);
        });
        g.addEventListener("keydown", (event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            choose(c.id);
          }
        });
        pieces.append(g);
      });
    }
  }

  function showPlayers(state) {
    const box = $("#players");
    box.replaceChildren();
    for (const p of state.players) {
      const count = state.characters.filter((c) => c.player === p.name).length;
      box.append(element("span", { class: "player", "data-player": p.name },
        element("i", { class: "tt-swatch", style: `background:${colourOf(p.name)}` }),
        `${p.name}${p.name === state.active ? " (active)" : ""}: ${p.score} points, ` +
        `${count} characters${p.eliminated ? ", eliminated" : ""}`));
    }
    $("#turn").textContent = `Turn ${state.turn}: ${state.active}'s ${state.phase} phase`;
  }

  // ---------- the chosen character ----------

  function clearHighlights() {
    document.querySelector("#map .highlights").replaceChildren();
    for (const g of document.querySelectorAll("#map .piece.chosen")) g.classList.remove("chosen");
    for (const kind of KINDS) $(`#legal-${kind}`).replaceChildren();
    $("#legal").hidden = true;
  }

  function highlight(hex, kind, text) {
    const centre = view.centre[hex];
    if (!centre) return;
    const g = document.querySelector("#map .highlights");
    const mark = node("polygon", {
      points: corners(centre, 0.9), class: `highlight ${kind}`, "data-hex": hex,
      "data-kind": kind,
    });
    mark.append(node("title", {}, text));
    g.append(mark);
  }

  async function choose(id) {
    if (!view.state) return;
    clearHighlights();
    const c = view.state.characters.find((f) => f.id === id);
    if (!c) return;
    view.chosen = id;
    const g = document.querySelector(`#map .piece[data-id="${id}"]`);
    if (g) g.classList.add("chosen");
    focusOn(c.hex);
    $("#chosen-what").textContent = `${c.player}'s ${c.name} on ${c.hex}` +
      (c.damage ? `, ${c.damage} damage` : "") + ": asking the rules…";
    let answer;
    try {
      answer = await call("POST", "/rules/legal", { state: view.state, character: id });
    } catch (error) {
      refusal(error);
      return;
    }
    if (view.chosen !== id) return; // another was chosen meanwhile
    let total = 0;
    for (const kind of KINDS) {
      const list = $(`#legal-${kind}`);
      for (const item of answer[kind] || []) {
        // each item is an action to apply, the hex it concerns and the action in words
        list.append(element("li", { "data-hex": item.hex || "" }, item.text));
        if (item.hex) highlight(item.hex, kind, item.text);
        total += 1;
      }
      if (!list.children.length) list.append(element("li", { class: "none", text: "none" }));
    }
    $("#legal").hidden = false;
    $("#legal").dataset.for = String(id);
    $("#chosen-what").textContent = `${c.player}'s ${c.name} on ${c.hex}` +
      (c.damage ? `, ${c.damage} damage` : "") +
      `: ${total} legal action${total === 1 ? "" : "s"} in ${view.state.active}'s ` +
      `${view.state.phase} phase.`;
    document.body.dataset.chosen = String(id);
  }

  function showHex(label) {
    if (!view.map) return;
    const facts = view.map.hexes[label];
    if (!facts) return;
    clearHighlights();
    view.chosen = null;
    const region = view.map.regions.find((r) => r.name === facts.region);
    const sides = (view.map.hexsides || []).filter((s) => s.between.includes(label))
      .map((s) => `${s.hazard} toward ${s.between[0] === label ? s.between[1] : s.between[0]}` +
        (s.top === label ? " (atop)" : ""));
    $("#chosen-what").textContent = `${label}: ${facts.region}` +
      `${region ? ` (${region.terrain})` : ""}, ${facts.hazard || "Plain"}` +
      `${facts.elevation ? `, elevation ${facts.elevation}` : ""}` +
      `${sides.length ? `; ${sides.join(", ")}` : ""}.`;
  }


  // ---------- the odds of the fight shown ----------

  const percent = (p) => `${(100 * p).toFixed(1)}%`;
  const decimal = (x, digits = 1) =>
    Number(x).toLocaleString("en", { maximumFractionDigits: digits, minimumFractionDigits: digits });
  const share = (s) => `${percent(s.p)} (95%: ${percent(s.ci95[0])}–${percent(s.ci95[1])})`;
  const meanOf = (m) => `${decimal(m.mean)} (95%: ${decimal(m.ci95[0])}–${decimal(m.ci95[1])})`;
  // a value in bold, its 95% interval after it in plain type
  const valued = (text) => {
    const [value, ...interval] = text.split(" (");
    return [element("strong", { text: value }),
      element("span", { class: "ci", text: interval.length ? ` (${interval.join(" (")}` : "" })];
  };

  /** The state opened: its fight may be asked about; odds of another state are dropped. */
  function oddsFor(state) {
    clearTimeout(odds.retry);
    odds.asked += 1;
    $("#fight-odds").hidden = !state;
    $("#odds-result").hidden = true;
    $("#odds-problems").hidden = true;
    $("#odds-status").textContent = "";
    $("#odds-run").disabled = false;
    for (const f of document.querySelectorAll("#fight-odds [aria-invalid]")) f.removeAttribute("aria-invalid");
    // an Engagement's turns and ending are not another state's: back to the defaults unless
    // changed by hand; the Muster Phase box back to what it was before the preset
    if (odds.preset && $("#odds-turns").value === ENGAGEMENT_ODDS.turns &&
        $("#odds-until").value === ENGAGEMENT_ODDS.until) {
      $("#odds-turns").value = $("#odds-turns").defaultValue;
      $("#odds-until").selectedIndex = 0;
    }
    if (odds.preset && $("#odds-musters").checked === ENGAGEMENT_ODDS.musters) {
      $("#odds-musters").checked = odds.mustersBefore;
    }
    odds.preset = false;
    $("#odds-preset").hidden = true;
    planSelects(state);
  }

  /** One plan select per player of ``state`` (PLANS, from plans.js), each at the default: the
   * players are the state's, so another state gets selects of its own. */
  function planSelects(state) {
    $("#odds-plans").hidden = !state;
    $("#odds-plan-list").replaceChildren(...(state ? state.players : []).map((p, i) => {
      const id = `odds-plan-${i}`;
      const select = element("select", {
        id, "data-player": p.name, "data-path": `plans.${p.name}`, "aria-describedby": `${id}-help`,
      }, ...Object.entries(PLANS).map(([plan, [label]]) => element("option", { value: plan, text: label })));
      const help = element("span", { id: `${id}-help`, class: "hint", text: PLANS.default[1] });
      select.addEventListener("change", () => {
        help.textContent = PLANS[select.value]?.[1] || "";
      });
      return element("div", { class: "odds-plan-row", "data-player": p.name },
        element("label", { for: id },
          element("i", { class: "tt-swatch", style: `background:${colourOf(p.name)}` }), p.name),
        select, help);
    }));
  }

  /** The plans chosen other than the default, by player in turn order: what ``plans`` sends
   * (nothing for a fight every player plays by default). */
  function chosenPlans() {
    const plans = {};
    for (const select of document.querySelectorAll("#odds-plan-list select")) {
      if (select.value !== "default") plans[select.dataset.player] = select.value;
    }
    return plans;
  }

  /** The select of ``player``'s plan. */
  function planSelect(player) {
    return [...document.querySelectorAll("#odds-plan-list select")]
      .find((select) => select.dataset.player === player) || null;
  }

  /** The odds of an Engagement's state asked as the odds form plays its fights. */
  function presetOdds() {
    $("#odds-turns").value = ENGAGEMENT_ODDS.turns;
    $("#odds-until").value = ENGAGEMENT_ODDS.until;
    odds.mustersBefore = $("#odds-musters").checked;
    $("#odds-musters").checked = ENGAGEMENT_ODDS.musters;
    odds.preset = true;
    $("#odds-preset").textContent = "Set as the odds form plays an Engagement's fights under " +
      "Tactical Titan's rules: at most 14 player turns (seven rounds), until one player is left, " +
      "no Muster Phase.";
    $("#odds-preset").hidden = false;
  }

  function whole(input) {
    const raw = input.value.trim();
    if (raw === "") return null;
    const n = Number(raw);
    return Number.isFinite(n) ? n : raw; // the service names what is wrong with it
  }

  function oddsSay(text, bad = false) {
    const status = $("#odds-status");
    status.textContent = text;
    status.classList.toggle("bad", bad);
  }

  // The request's fields as the page labels them.
  const ODDS_LABELS = {
    fights: "Fights to play", turns: "At most, player turns", until: "A fight stops",
    musters: "Play the Muster Phase", plans: "Each player's plan",
  };

  function oddsProblems(details) {
    const list = $("#odds-problems");
    list.replaceChildren(...details.map((d) => {
      const path = d.path || "";
      const field = path.split(/[.[]/)[0];
      // a player's plan is refused at plans.<player>: its select's label
      const player = field === "plans" && path.startsWith("plans.") ? path.slice(6) : null;
      const label = player !== null ? `${player}'s plan` : ODDS_LABELS[field];
      const message = d.message || "";
      const text = label ? `${label}: ${message.charAt(0).toLowerCase()}${message.slice(1)}` : message;
      const where = [d.rule, label ? null : d.path].filter(Boolean).join(" · ");
      const item = element("li", {}, element("span", { text }));
      if (where) item.append(" ", element("code", { text: where }));
      const input = player !== null ? planSelect(player)
        : label && document.querySelector(`#fight-odds [data-path="${field}"]`);
      if (input) input.setAttribute("aria-invalid", "true");
      return item;
    }));
    list.hidden = details.length === 0;
  }

  async function askOdds() {
    if (!view.state) return;
    clearTimeout(odds.retry);
    const asked = ++odds.asked;
    const request = {
      state: view.state, fights: whole($("#odds-fights")), turns: whole($("#odds-turns")),
      until: $("#odds-until").value, musters: $("#odds-musters").checked,
    };
    const plans = chosenPlans();
    if (Object.keys(plans).length) request.plans = plans;
    for (const f of document.querySelectorAll("#fight-odds [aria-invalid]")) f.removeAttribute("aria-invalid");
    $("#odds-problems").hidden = true;
    const result = $("#odds-result");
    if (!result.hidden) { // the odds shown stay until the new ones come (or do not)
      result.dataset.state = "stale";
      $("#odds-stale").textContent = "These odds answer the previous request; the new one is being played…";
      $("#odds-stale").hidden = false;
    }
    const button = $("#odds-run");
    button.disabled = true;
    oddsSay(`Playing ${typeof request.fights === "number" ? request.fights.toLocaleString("en") : "the"} fights…`);
    let response;
    let body = null;
    try {
      response = await fetch(`${API}/odds`, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request),
      });
      body = await response.json().catch(() => null);
    } catch (error) {
      if (asked === odds.asked) {
        button.disabled = false;
        oddsSay(`Not played: the service could not be reached (${error.message}). Try again.`, true);
      }
      return;
    }
    if (asked !== odds.asked) return; // another state or request came meanwhile
    button.disabled = false;
    if (response.status === 503) {
      const seconds = Number(response.headers.get("Retry-After"));
      const wait = Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, MAX_RETRY_SECONDS) : 10;
      oddsSay(`The Tactical Titan engine is still being prepared (a few minutes after an ` +
        `install); asking again by itself in ${wait} s…`);
      odds.retry = setTimeout(askOdds, wait * 1000);
      return;
    }
    if (!response.ok || !body) {
      const error = body?.error;
      const details = error?.details || [];
      oddsProblems(details);
      const what = details.length
        ? `${details.length === 1 ? "one thing needs" : `${details.length} things need`} a change (listed below)`
        : error?.message || `the service answered ${response.status}`;
      oddsSay(`Not played: ${what}.`, true);
      $("#odds-stale").textContent = "These odds answer the previous request; the new one was not played.";
      return;
    }
    showOdds(body);
    oddsSay(`Done: ${body.fights.toLocaleString("en")} fights.`);
  }

  /** How a player played, from the answer's ``plans``: the plan, and for a search the share of
   * its pilot fights won with the plan chosen and with the default. */
  function playedLine(played) {
    if (!played) return "";
    const line = element("p", { class: "odds-played", "data-plan": played.plan },
      "Plan played: ", element("strong", { text: PLANS[played.plan]?.[0] || played.plan }));
    const pilots = played.pilots;
    if (pilots) {
      line.dataset.searched = "true";
      line.append(played.plan === "default" || !(played.plan in pilots)
        ? `, chosen by the plan search: no plan won more of its pilot fights than the default ` +
          `(${percent(pilots.default)}).`
        : `, chosen by the plan search: it won ${percent(pilots[played.plan])} of its pilot ` +
          `fights, the default ${percent(pilots.default)}.`);
    }
    return line;
  }

  function showOdds(answer) {
    const box = $("#odds-players");
    box.replaceChildren(...answer.players.map((p) => {
      const rows = [
        ["Its Titan falls", share(p.titan_falls)],
        ["It holds the field", share(p.holds_field)],
        ["Points it scores", meanOf(p.points)],
        ["Damage it heals", meanOf(p.healing)],
      ];
      if (p.angels.mean > 0) rows.push(["Angels that come to it (8.3)", meanOf(p.angels)]);
      if (answer.musters) rows.push(["Characters it musters or summons (6.0)", meanOf(p.mustered)]);
      const card = element("section", { class: "odds-player", "data-player": p.name,
        style: `--colour:${colourOf(p.name)}` },
      element("h3", {}, element("i", { class: "tt-swatch", style: `background:${colourOf(p.name)}` }), p.name),
      playedLine((answer.plans || []).find((x) => x.player === p.name)),
      element("dl", {}, ...rows.flatMap(([k, v]) => [element("dt", { text: k }), element("dd", {}, ...valued(v))])));
      card.dataset.titanFalls = String(p.titan_falls.p);
      return card;
    }));
    $("#odds-undecided").replaceChildren("Undecided: ", ...valued(share(answer.undecided)),
      " of the fights ended with no Titan fallen and two players or more still standing " +
      "when the turns ran out.");
    $("#odds-undecided").dataset.p = String(answer.undecided.p);
    const e = answer.ended;
    const why = [
      [e.titan, "a Titan fell"], [e.one_player, "one player was left"], [e.turns, "the turns ran out"],
    ].filter(([x]) => x > 0).map(([x, w]) => `${percent(x)} because ${w}`);
    $("#odds-turns-line").textContent = `A fight lasted ${meanOf(answer.turns)} player turns ` +
      `on average, at most ${answer.max_turns}; it stopped ${why.join(", ")}.`;
    $("#odds-facts").textContent = `${answer.fights.toLocaleString("en")} fights, seed ` +
      `${answer.seed}, ${Math.round(answer.fights_per_second).toLocaleString("en")} a second; ` +
      `healing by all players together ${meanOf(answer.healing)}; ` +
      `${answer.musters ? "each Muster Phase played" : "no Muster Phase"}.` +
      (answer.truncated ? " The time limit cut the run short: fewer fights than asked, wider intervals." : "");
    const result = $("#odds-result");
    result.hidden = false;
    result.dataset.state = "done";
    $("#odds-stale").hidden = true;
  }

  // ---------- opening maps and states ----------

  async function openMap(name) {
    say(`Opening ${name}…`);
    try {
      const answer = await call("GET", `/maps/${encodeURIComponent(name)}`);
      view.state = null;
      oddsFor(null);
      draw(answer.map, answer.layout);
      showProblems([]);
      clearHighlights();
      $("#players").replaceChildren();
      $("#turn").textContent = "";
      say(`${answer.map.name}: ${Object.keys(answer.layout).length} hexes.`);
      ready("map");
    } catch (error) {
      refusal(error);
    }
  }

  async function mapOfState(state) {
    if (typeof state.map === "string") {
      return call("GET", `/maps/${encodeURIComponent(state.map)}`);
    }
    const checked = await call("POST", "/maps/validate", { map: state.map });
    return { map: state.map, layout: checked.layout, problems: checked.problems };
  }

  async function openState(state, title) {
    say(`Opening ${title}…`);
    try {
      const drawn = await mapOfState(state);
      if (!drawn.layout) {
        showProblems(drawn.problems || []);
        say("The state's map cannot be drawn.", true);
        return;
      }
      const checked = await call("POST", "/states/validate", { state });
      view.state = state;
      oddsFor(state);
      draw(drawn.map, drawn.layout);
      clearHighlights();
      placeCharacters(state);
      showPlayers(state);
      showProblems(checked.violations);
      say(checked.valid
        ? `${title}: ${state.characters.length} characters; pick one.`
        : `${title} breaks the rules: see the list.`, !checked.valid);
      ready("state");
    } catch (error) {
      refusal(error);
    }
  }

  async function openExampleState(name) {
    try {
      const answer = await call("GET", `/states/${encodeURIComponent(name)}`);
      await openState(answer.state, answer.title || name);
    } catch (error) {
      refusal(error);
    }
  }

  /** The state an Engagement's fight under Tactical Titan's rules starts from: ``raw`` is the
   * odds form's request (JSON), sent as it is to POST /engagement, which says what it refuses. */
  async function openEngagement(raw) {
    let request;
    try {
      request = JSON.parse(raw);
    } catch {
      say("The Engagement in the address is not JSON: open it again from the odds form.", true);
      return;
    }
    say("Asking for the state the Engagement's fights start from…");
    let answer;
    try {
      answer = await call("POST", "/engagement", request);
    } catch (error) {
      refusal(error);
      say(`The Engagement cannot be shown: ${error.message}`, true);
      return;
    }
    const { state } = answer;
    const name = typeof state.map === "string" ? state.map : state.map.name;
    await openState(state, `The Engagement on ${name}`);
    if (view.state === state) presetOdds();
  }

  async function openFile(file) {
    let data;
    try {
      data = JSON.parse(await file.text());
    } catch {
      say(`${file.name} is not JSON.`, true);
      return;
    }
    if (data && data.format === "tactical-titan-state") {
      await openState(data, file.name);
      return;
    }
    say(`Checking ${file.name}…`);
    try {
      const checked = await call("POST", "/maps/validate", { map: data });
      if (!checked.layout) {
        showProblems(checked.problems);
        say(`${file.name} cannot be drawn: see the list.`, true);
        return;
      }
      view.state = null;
      oddsFor(null);
      draw({ hexsides: [], starting_towers: [], description: "", name: file.name, ...data },
        checked.layout);
      clearHighlights();
      showProblems(checked.problems);
      say(checked.valid ? `${file.name}: a valid map.` : `${file.name} breaks the rules: see the list.`,
        !checked.valid);
      ready("map");
    } catch (error) {
      refusal(error);
    }
  }

  function ready(what) {
    document.body.dataset.ready = "true";
    document.body.dataset.showing = what;
  }

  async function examples() {
    const maps = $("#example-maps");
    const states = $("#example-states");
    try {
      const listed = await call("GET", "/maps");
      for (const m of listed.maps) {
        const button = element("button", { type: "button", "data-map": m.name },
          `${m.title} (${m.players} players)`);
        button.addEventListener("click", () => openMap(m.name));
        maps.append(button);
      }
    } catch (error) {
      refusal(error);
    }
    try {
      const listed = await call("GET", "/states");
      for (const s of listed.states) {
        const button = element("button", { type: "button", "data-state": s.name },
          `${s.title}`);
        button.addEventListener("click", () => openExampleState(s.name));
        states.append(button);
      }
    } catch {
      // a service without example states still draws maps
    }
  }

  /** ``#state=<example>``, ``#map=<example>`` or ``#engagement=<odds request>`` in the
   * address opens it (Two Shores else). */
  function openFromAddress() {
    const wanted = new URLSearchParams(location.hash.slice(1));
    if (wanted.get("engagement")) openEngagement(wanted.get("engagement"));
    else if (wanted.get("state")) openExampleState(wanted.get("state"));
    else openMap(wanted.get("map") || "two_shores");
  }

  function start() {
    $("#file").addEventListener("change", (event) => {
      const [file] = event.target.files;
      if (file) openFile(file);
    });
    $("#zoom-in").addEventListener("click", () => {
      view.zoom = Math.min(view.zoom * 1.5, 8);
      applyZoom();
    });
    $("#zoom-out").addEventListener("click", () => {
      view.zoom = Math.max(view.zoom / 1.5, 1);
      applyZoom();
    });
    $("#zoom-fit").addEventListener("click", fit);
    $("#odds-run").addEventListener("click", askOdds);
    $("#map").addEventListener("click", (event) => {
      const hex = event.target.closest(".hex");
      if (hex) showHex(hex.dataset.hex);
    });
    $("#problem-list").addEventListener("click", (event) => {
      const item = event.target.closest("li[data-hex]");
      if (item) showHex(item.dataset.hex);
    });
    examples().then(openFromAddress);
    window.addEventListener("hashchange", openFromAddress);
  }

  return { start, openMap, openState, choose, view };
})();

TacticalPage.start();
