// The camera's zones, set up on the page: each zone is drawn over the camera's view; pressing
// one picks it (drawn on top, with its corners' handles) and drags it whole, and its corners
// are dragged one by one to where the table has it. Saved, the server checks them as it would
// a zone file, keeps them for the next start and reads by them from the next frame.
// Uses svgEl and clearSvg (charts.js), and post, showError and renderCamera (app.js).
"use strict";

const zoneEditor = (() => {
  const COLOURS = { play: "#4fc3f7", starter: "#ffd54f", crib: "#ce93d8" };
  const HANDLE = 14;  // corner handles' radius, in frame pixels
  let zones = null;   // the zones being set up ([{name, kind, polygon}]); null when not editing
  let bands = null;   // the default bands, to start over from
  let size = null;    // the camera frame's [width, height]: the zones' coordinates
  let drag = null;    // {zone, corner (null: the whole zone), from: [x, y], start: its polygon}
  let picked = 0;     // the zone whose corners show: neighbours' corners often touch

  const $z = (sel) => document.querySelector(sel);
  const copy = (list) => list.map((zone) => ({ ...zone, polygon: zone.polygon.map((p) => [...p]) }));
  const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));

  function toFrame(event) {
    const point = new DOMPoint(event.clientX, event.clientY)
      .matrixTransform($z("#zone-editor").getScreenCTM().inverse());
    return [clamp(point.x, 0, size[0]), clamp(point.y, 0, size[1])];
  }

  function draw() {
    const svg = $z("#zone-editor");
    clearSvg(svg, size[0], size[1]);
    const order = zones.map((_, z) => z).filter((z) => z !== picked).concat([picked]);
    for (const z of order) {
      const zone = zones[z];
      const colour = COLOURS[zone.kind] || "#fff";
      svgEl("polygon", {
        points: zone.polygon.map((p) => p.join(",")).join(" "), fill: colour,
        "fill-opacity": z === picked ? 0.3 : 0.15, stroke: colour,
        "stroke-width": z === picked ? 4 : 2, class: z === picked ? "zone picked" : "zone",
        "data-zone": zone.name, "data-z": z,
      }, svg);
      const [x, y] = zone.polygon.reduce(([ax, ay], [px, py]) => [ax + px, ay + py], [0, 0]);
      const label = svgEl("text", {
        x: x / zone.polygon.length, y: y / zone.polygon.length, fill: colour,
        class: "zone-label", "text-anchor": "middle",
      }, svg);
      label.textContent = `${zone.name} (${zone.kind})`;
    }
    const zone = zones[picked];
    zone.polygon.forEach(([cx, cy], c) => svgEl("circle", {
      cx, cy, r: HANDLE, fill: COLOURS[zone.kind] || "#fff", class: "corner",
      "data-zone": zone.name, "data-z": picked, "data-corner": c,
    }, svg));
  }

  function grab(event) {
    const target = event.target;
    if (!zones || target.dataset.z === undefined) return;
    event.preventDefault();
    const corner = target.dataset.corner === undefined ? null : Number(target.dataset.corner);
    picked = Number(target.dataset.z);
    const zone = zones[picked];
    drag = { zone, corner, from: toFrame(event), start: copy([zone])[0].polygon };
    $z("#zone-editor").setPointerCapture(event.pointerId);
    draw();
  }

  function move(event) {
    if (!drag) return;
    const at = toFrame(event);
    if (drag.corner !== null) {
      drag.zone.polygon[drag.corner] = at.map(Math.round);
    } else {  // the whole zone, from where it was grabbed, as far as the frame's edges allow
      const xs = drag.start.map((p) => p[0]), ys = drag.start.map((p) => p[1]);
      const dx = clamp(at[0] - drag.from[0], -Math.min(...xs), size[0] - Math.max(...xs));
      const dy = clamp(at[1] - drag.from[1], -Math.min(...ys), size[1] - Math.max(...ys));
      drag.zone.polygon = drag.start.map(([x, y]) => [Math.round(x + dx), Math.round(y + dy)]);
    }
    draw();
  }

  function showButtons(editing) {
    $z("#zones-edit").hidden = editing;
    for (const id of ["#zones-save", "#zones-bands", "#zones-cancel"]) $z(id).hidden = !editing;
    $z("#zone-editor").toggleAttribute("hidden", !editing);  // an svg has no .hidden
    $z("#zones-help").hidden = !editing;
  }

  async function open() {
    const response = await fetch("/api/zones");
    const reply = await response.json();
    if (!response.ok) { showError(reply.error); return; }
    ({ size, bands } = reply);
    zones = copy(reply.zones);
    picked = 0;
    showButtons(true);
    renderCamera();  // the view without the zones drawn in, while they are dragged
    draw();
  }

  function close() {
    zones = drag = null;
    showButtons(false);
    renderCamera();
  }

  async function save() {
    const reply = await post("/api/zones", { zones });
    if (reply.ok) close();
  }

  function start() {
    const svg = $z("#zone-editor");
    svg.addEventListener("pointerdown", grab);
    svg.addEventListener("pointermove", move);
    for (const end of ["pointerup", "pointercancel"]) {
      svg.addEventListener(end, () => { drag = null; });
    }
    $z("#zones-edit").addEventListener("click", open);
    $z("#zones-save").addEventListener("click", save);
    $z("#zones-cancel").addEventListener("click", close);
    $z("#zones-bands").addEventListener("click", () => { zones = copy(bands); draw(); });
  }

  return { start, editing: () => zones !== null };
})();
