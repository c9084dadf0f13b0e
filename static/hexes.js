// Flat-topped hexes drawn as SVG, shared by the Battleland drawing (battleland.js) and the
// Tactical Titan map (tactical.js): SVG elements, a hex's centre and corners, the side two
// neighbours share, and a hexside hazard's edge with the ticks that point downhill from the
// hex it is atop. Each page picks its own hex size and colours.
"use strict";

const HexDrawing = (() => {
  const SVG = "http://www.w3.org/2000/svg";

  /** An SVG element with ``attributes`` (and ``text``). */
  function node(tag, attributes = {}, text = null) {
    const n = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attributes)) n.setAttribute(k, String(v));
    if (text !== null) n.textContent = text;
    return n;
  }

  /** A coordinate to a tenth, as the drawings write them. */
  const round = (v) => Math.round(v * 10) / 10;

  /** The centre of the hex at column ``x`` and doubled row ``y`` (the API's layout), for hexes
   * of side ``side``. */
  function centre({ x, y }, side) {
    return [1.5 * side * x, ((side * Math.sqrt(3)) / 2) * y];
  }

  /** The corners of a hex of side ``side`` centred at [cx, cy], ``scale`` times as large, as
   * an SVG points list. */
  function corners([cx, cy], side, scale = 1) {
    const points = [];
    for (let k = 0; k < 6; k += 1) {
      const a = (Math.PI / 3) * k;
      points.push(`${round(cx + scale * side * Math.cos(a))},${round(cy + scale * side * Math.sin(a))}`);
    }
    return points.join(" ");
  }

  /** The side two neighbouring hexes (centres ``a`` and ``b``) share: its ends as
   * [x1, y1, x2, y2], its middle, and the unit vector from ``a`` toward ``b``. */
  function sharedSide(a, b, side) {
    const [mx, my] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const [dx, dy] = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
    const [px, py] = [-dy * side * 0.5, dx * side * 0.5];
    return { ends: [mx + px, my + py, mx - px, my - py], toward: [dx, dy], middle: [mx, my] };
  }

  /** A hexside hazard between the hexes centred at ``top`` and ``other``: its edge, and a tick
   * at each of ``ticks`` (places along the edge, -1 to 1 from end to end) pointing
   * ``tickLength`` units from ``top`` toward ``other``, downhill. */
  function hexsideLines(top, other, side, stroke, ticks = [], tickLength = 0) {
    const { ends, toward, middle } = sharedSide(top, other, side);
    const lines = [node("line", {
      x1: round(ends[0]), y1: round(ends[1]), x2: round(ends[2]), y2: round(ends[3]),
      stroke, class: "edge",
    })];
    const [px, py] = [ends[0] - middle[0], ends[1] - middle[1]];
    for (const t of ticks) {
      const [tx, ty] = [middle[0] + px * t, middle[1] + py * t];
      lines.push(node("line", {
        x1: round(tx), y1: round(ty),
        x2: round(tx + toward[0] * tickLength), y2: round(ty + toward[1] * tickLength),
        stroke, class: "tick",
      }));
    }
    return lines;
  }

  return { node, round, centre, corners, sharedSide, hexsideLines };
})();
