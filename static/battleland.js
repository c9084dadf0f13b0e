// A Battleland drawn as plain SVG from the API's data (GET /api/v1/battlelands/{terrain}, or
// the `battleland` of an /odds/trace answer): hexes with their labels, hazards and
// elevations, the hexside hazards, the entry sides with the attacker's marked, the Tower's
// walls; and characters placed on it, with the moves and strikes of a phase. The hexes are
// drawn with hexes.js (HexDrawing), as the Tactical Titan map is.
"use strict";

const Battleland = (() => {
  const { node, round } = HexDrawing;
  const S = 36; // a hex's side, in the drawing's units
  const H = (S * Math.sqrt(3)) / 2; // half a flat-topped hex's height
  const MARGIN = 50; // room for the entry sides' marks around the board
  const HAZARDS = {
    Plain: { fill: "#efe8cf", text: "Plain" },
    Bramble: { fill: "#a9c77c", text: "Bramble: slows, hinders strikes and rangestrikes" },
    Bog: { fill: "#7f9468", text: "Bog: only natives may enter" },
    Drift: { fill: "#e4f0f8", text: "Drift: slows, one hit each Strike Phase to non-natives" },
    Sand: { fill: "#ead58f", text: "Sand: slows non-natives" },
    Tree: { fill: "#4f8a43", text: "Tree: blocks rangestrikes; fliers only" },
    Volcano: { fill: "#c8553d", text: "Volcano: natives only" },
    Tower: { fill: "#c4bdb0", text: "Tower: within the walls" },
  };
  const HEXSIDES = {
    Slope: { stroke: "#8a6d3b", text: "Slope (ticks point downhill)" },
    Cliff: { stroke: "#3b3b3b", text: "Cliff: impassable to walkers" },
    Dune: { stroke: "#c29a1f", text: "Dune" },
    Wall: { stroke: "#5d5750", text: "Wall of the Tower" },
  };

  function centreOf(place) {
    const [x, y] = HexDrawing.centre(place, S);
    return [MARGIN + S + x, MARGIN + H + y];
  }

  const corners = (centre, scale = 1) => HexDrawing.corners(centre, S, scale);

  /** Draw ``land`` into ``svg`` (replacing what it held); the attacker enters by ``entrySide``.
   * Answers the view that places pieces on it. */
  function draw(svg, land, entrySide) {
    svg.replaceChildren();
    const labels = Object.keys(land.layout);
    const centre = {};
    for (const label of labels) centre[label] = centreOf(land.layout[label]);
    const xs = labels.map((l) => centre[l][0]);
    const ys = labels.map((l) => centre[l][1]);
    const width = Math.max(...xs) + S + MARGIN;
    const height = Math.max(...ys) + H + MARGIN;
    svg.setAttribute("viewBox", `0 0 ${round(width)} ${round(height)}`);
    svg.dataset.terrain = land.terrain;
    svg.dataset.entrySide = String(entrySide);
    const middle = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];

    const hexes = node("g", { class: "hexes" });
    const walled = new Set(land.defender_deploy_hexes || []);
    for (const label of labels) {
      const facts = land.hexes[label];
      const hazard = HAZARDS[facts.hazard] || HAZARDS.Plain;
      const g = node("g", { class: `hex hazard-${facts.hazard.toLowerCase()}`, "data-hex": label });
      const title = `${label}: ${facts.hazard}${facts.elevation ? `, elevation ${facts.elevation}` : ""}` +
        (walled.has(label) ? ", within the Tower's walls (10.2)" : "");
      g.append(node("title", {}, title));
      g.append(node("polygon", { points: corners(centre[label]), fill: hazard.fill, class: "cell" }));
      if (facts.elevation) {
        // higher ground drawn darker, as on the printed board
        g.append(node("polygon", {
          points: corners(centre[label], 0.86), class: "height",
          "fill-opacity": 0.12 * facts.elevation,
        }));
      }
      const [cx, cy] = centre[label];
      g.append(node("text", { x: round(cx), y: round(cy - H + 11), class: "label" }, label));
      if (facts.hazard !== "Plain") {
        g.append(node("text", { x: round(cx), y: round(cy + H - 5), class: "hazard" }, facts.hazard));
      }
      if (facts.elevation) {
        g.append(node("text", { x: round(cx + S * 0.62), y: round(cy + 4), class: "elevation" },
          `▲${facts.elevation}`));
      }
      hexes.append(g);
    }
    svg.append(hexes);

    const sides = node("g", { class: "hexsides" });
    for (const side of land.hexsides) {
      const style = HEXSIDES[side.hazard] || HEXSIDES.Slope;
      const g = node("g", {
        class: `hexside hexside-${side.hazard.toLowerCase()}`,
        "data-hex": side.hex, "data-toward": side.toward,
      });
      g.append(node("title", {}, `${side.hazard} between ${side.hex} (above) and ${side.toward}`));
      // ticks from the hex atop it, downhill
      g.append(...HexDrawing.hexsideLines(
        centre[side.hex], centre[side.toward], S, style.stroke, [-0.6, 0, 0.6], 6));
      sides.append(g);
    }
    svg.append(sides);

    // the entry sides: each one's four-hex edge numbered; the chosen one the attacker's, the
    // edge opposite it the defender's (10.1; the Tower always 5, its defender within the walls)
    const entries = node("g", { class: "entry-sides" });
    for (const [number, edges] of Object.entries(land.entry_sides)) {
      const chosen = Number(number) === Number(entrySide);
      const mark = (edge, who) => {
        const hexesOf = land.edges[edge];
        const cx = hexesOf.reduce((t, l) => t + centre[l][0], 0) / hexesOf.length;
        const cy = hexesOf.reduce((t, l) => t + centre[l][1], 0) / hexesOf.length;
        const len = Math.hypot(cx - middle[0], cy - middle[1]) || 1;
        const [ux, uy] = [(cx - middle[0]) / len, (cy - middle[1]) / len];
        const [lx, ly] = [cx + ux * (S * 1.75), cy + uy * (S * 1.75)];
        const g = node("g", {
          class: `entry ${who}${chosen ? " chosen" : ""}`,
          "data-side": number, "data-edge": edge,
        });
        if (chosen) {
          for (const label of hexesOf) {
            g.append(node("polygon", { points: corners(centre[label], 0.9), class: "edge-hex" }));
          }
          const word = who === "attacker" ? `Attacker enters (side ${number})` : "Defender enters";
          // along the edge, upright: turned a quarter from the way out of the board
          let turn = (Math.atan2(uy, ux) * 180) / Math.PI + 90;
          while (turn > 90) turn -= 180;
          while (turn < -90) turn += 180;
          const [wx, wy] = [cx + ux * S * 1.35, cy + uy * S * 1.35];
          g.append(node("text", {
            x: round(wx), y: round(wy + 4), class: "entry-word",
            transform: `rotate(${round(turn)} ${round(wx)} ${round(wy)})`,
          }, word));
        } else if (who === "attacker") {
          g.append(node("circle", { cx: round(lx), cy: round(ly), r: 9, class: "entry-number" }));
          g.append(node("text", { x: round(lx), y: round(ly + 4), class: "entry-digit" },
            `${number}`));
          g.append(node("title", {}, `Entry side ${number}: the attacker would enter here`));
        }
        entries.append(g);
      };
      mark(edges.attacker, "attacker");
      if (chosen && !walled.size) mark(edges.defender, "defender");
    }
    if (walled.size) {
      const g = node("g", { class: "entry defender chosen walls" });
      for (const label of walled) {
        g.append(node("polygon", { points: corners(centre[label], 0.9), class: "edge-hex" }));
      }
      entries.append(g);
    }
    svg.append(entries);

    const marks = node("g", { class: "marks" });
    const pieces = node("g", { class: "pieces" });
    svg.append(pieces, marks); // the phase's arrows over the counters
    return { svg, land, centre, marks, pieces, shown: new Map() };
  }

  const SHORT = 7; // longer names are squeezed to fit a counter

  /** Put the characters where ``placed`` says ({id, hex, hits}); ``about`` gives each id's
   * {side, name, power}; ``slain`` ids stay drawn, struck out, where they fell. */
  function place(view, placed, about, slain = new Map()) {
    const keep = new Set();
    const put = (id, label, hits, dead) => {
      if (!label || !view.centre[label]) return;
      keep.add(id);
      let g = view.shown.get(id);
      const who = about[id] || { side: "attacker", name: id, power: 0 };
      if (!g) {
        g = node("g", { class: `piece ${who.side}`, "data-id": id });
        g.append(node("title"));
        g.append(node("rect", {
          x: -S * 0.7, y: -S * 0.34, width: S * 1.4, height: S * 0.68, rx: 5, class: "counter",
        }));
        const name = node("text", { x: 0, y: 4, class: "name" }, who.name);
        if (who.name.length > SHORT) {
          name.setAttribute("textLength", String(round(S * 1.25)));
          name.setAttribute("lengthAdjust", "spacingAndGlyphs");
        }
        g.append(name);
        g.append(node("circle", { cx: S * 0.68, cy: -S * 0.32, r: 8, class: "hits" }));
        g.append(node("text", { x: S * 0.68, y: -S * 0.32 + 3.5, class: "hits-number" }));
        view.pieces.append(g);
        view.shown.set(id, g);
      }
      const [x, y] = view.centre[label];
      g.style.transform = `translate(${round(x)}px, ${round(y)}px)`;
      g.dataset.hex = label;
      g.dataset.hits = String(hits);
      g.classList.toggle("slain", dead);
      g.classList.toggle("hurt", hits > 0);
      g.querySelector(".hits-number").textContent = hits > 0 ? String(hits) : "";
      g.querySelector("title").textContent = `${who.side === "attacker" ? "Attacker" : "Defender"}'s ` +
        `${who.name} on ${label}: ${hits} hit${hits === 1 ? "" : "s"} of ${who.power}` +
        (dead ? ", slain" : "");
    };
    for (const p of placed) put(p.id, p.hex, p.hits, false);
    for (const [id, p] of slain) put(id, p.hex, p.hits, true);
    for (const [id, g] of view.shown) {
      if (!keep.has(id)) {
        g.remove();
        view.shown.delete(id);
      }
    }
  }

  /** The moves and strikes of a phase drawn as arrows between hexes. */
  function mark(view, events, about) {
    view.marks.replaceChildren();
    for (const e of events) {
      const strike = e.kind === "strike" || e.kind === "rangestrike";
      const moving = e.kind === "move" || e.kind === "enter" || e.kind === "deploy";
      if (!strike && !moving) continue;
      let to = view.centre[e.to];
      if (!to) continue;
      const side = about[e.piece]?.side || "attacker";
      if (moving && !e.from) {
        view.marks.append(node("circle", {
          cx: round(to[0]), cy: round(to[1]), r: S * 0.8, class: `arrive ${side}`,
        }));
        continue;
      }
      let from = view.centre[e.from];
      if (!from) continue;
      const len = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1;
      const [ux, uy] = [(to[0] - from[0]) / len, (to[1] - from[1]) / len];
      if (strike) {
        // to its right: two characters striking each other draw two arrows side by side
        const shift = 6;
        from = [from[0] - uy * shift, from[1] + ux * shift];
        to = [to[0] - uy * shift, to[1] + ux * shift];
      }
      // a strike from beside the striker's counter to beside the target's, its hits in a badge
      // halfway; a move from hex to hex
      const [a, b] = strike ? [S * 0.35, S * 0.35] : [S * 0.2, S * 0.45];
      const line = node("line", {
        x1: round(from[0] + ux * a), y1: round(from[1] + uy * a),
        x2: round(to[0] - ux * b), y2: round(to[1] - uy * b),
        class: `${strike ? e.kind : "move"} ${side}`,
        "marker-end": `url(#arrow-${side})`,
      });
      line.append(node("title", {}, e.text));
      view.marks.append(line);
      if (strike) {
        const [mx, my] = [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2];
        const badge = node("g", { class: "badge" });
        badge.append(node("title", {}, e.text));
        badge.append(node("circle", { cx: round(mx), cy: round(my), r: 8, class: `struck ${side}` }));
        badge.append(node("text", { x: round(mx), y: round(my + 4), class: `struck ${side}` },
          `${e.hits}`));
        view.marks.append(badge);
      }
    }
  }

  /** The arrowheads the marks point with (once per drawing). */
  function arrows(svg) {
    const defs = node("defs");
    for (const side of ["attacker", "defender"]) {
      const marker = node("marker", {
        id: `arrow-${side}`, viewBox: "0 0 10 10", refX: 8, refY: 5,
        markerWidth: 6, markerHeight: 6, orient: "auto-start-reverse",
      });
      marker.append(node("path", { d: "M 0 0 L 10 5 L 0 10 z", class: `head ${side}` }));
      defs.append(marker);
    }
    svg.prepend(defs);
  }

  /** The hazards of ``land`` and their meaning, for a legend. */
  function legend(land) {
    const found = new Set(Object.values(land.hexes).map((h) => h.hazard));
    const sides = new Set(land.hexsides.map((s) => s.hazard));
    return [
      ...[...found].map((h) => ({ kind: "hex", name: h, ...(HAZARDS[h] || HAZARDS.Plain) })),
      ...[...sides].map((h) => ({ kind: "side", name: h, ...(HEXSIDES[h] || HEXSIDES.Slope) })),
    ];
  }

  return { draw, place, mark, arrows, legend, HAZARDS, HEXSIDES };
})();
