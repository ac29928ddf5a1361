// Small SVG charts drawn by hand: a score race (one line per player) and a histogram.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";

function svgEl(name, attrs, parent) {
  const el = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attrs || {})) el.setAttribute(key, value);
  if (parent) parent.appendChild(el);
  return el;
}

function clearSvg(svg, width, height) {
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
}

// race: [[s0, s1], ...] after each scoring event; colours: one CSS colour per player.
function drawRace(svg, race, names, colours, target) {
  const W = 600, H = 240, L = 30, B = 20;
  clearSvg(svg, W, H);
  const top = Math.max(target || 121, 1);
  const steps = Math.max(race.length - 1, 1);
  const x = (i) => L + (i / steps) * (W - L - 8);
  const y = (v) => H - B - (v / top) * (H - B - 8);
  for (const mark of [0, 61, 91, 121].filter((m) => m <= top)) {
    svgEl("line", { x1: L, x2: W - 8, y1: y(mark), y2: y(mark), class: "grid" }, svg);
    svgEl("text", { x: 2, y: y(mark) + 4, class: "axis" }, svg).textContent = mark;
  }
  names.forEach((name, p) => {
    const points = race.map((row, i) => `${x(i).toFixed(1)},${y(row[p]).toFixed(1)}`);
    svgEl("polyline", { points: points.join(" "), fill: "none", stroke: colours[p],
      "stroke-width": 2.5, class: "race-line", "data-player": p }, svg);
    const last = race[race.length - 1];
    svgEl("text", { x: W - 90, y: 16 + 16 * p, fill: colours[p], class: "legend" }, svg)
      .textContent = `${name} ${last[p]}`;
  });
}

// hands, cribs: {"score": count}; drawn as paired bars per score 0..29.
function drawHistogram(svg, hands, cribs) {
  const W = 600, H = 240, L = 24, B = 20;
  clearSvg(svg, W, H);
  const scores = Array.from({ length: 30 }, (_, i) => i);
  const peak = Math.max(1, ...Object.values(hands), ...Object.values(cribs));
  const slot = (W - L - 4) / scores.length;
  svgEl("line", { x1: L, x2: W - 4, y1: H - B, y2: H - B, class: "grid" }, svg);
  for (const s of scores) {
    const bx = L + s * slot;
    [[hands, "bar-hand", 0], [cribs, "bar-crib", 1]].forEach(([data, cls, k]) => {
      const n = data[String(s)] || 0;
      if (!n) return;
      const h = (n / peak) * (H - B - 10);
      svgEl("rect", { x: bx + k * slot / 2, y: H - B - h, width: slot / 2 - 1, height: h,
        class: cls }, svg).appendChild(svgEl("title", {})).textContent =
        `${k ? "crib" : "hand"} ${s}: ${n}`;
    });
    if (s % 4 === 0) {
      svgEl("text", { x: bx, y: H - 5, class: "axis" }, svg).textContent = s;
    }
  }
  svgEl("text", { x: W - 130, y: 16, class: "legend legend-hand" }, svg).textContent = "■ hands";
  svgEl("text", { x: W - 65, y: 16, class: "legend legend-crib" }, svg).textContent = "■ cribs";
}

window.charts = { drawRace, drawHistogram, svgEl };
