// LiveLoss: training curves that redraw in place as the kernel sends new points.
// Model traits: data ({series: {name: {steps, values}}, groups: [[group, [names]]], count}),
// progress (one line of text), smoothing (0..0.99), log_scale, done, title.
// Each group (e.g. loss with val_loss) gets one panel; click a legend entry to hide a curve.

const NS = "http://www.w3.org/2000/svg";
const FALLBACK = "#4a5568";

// Exponential moving average over the finite values; inf/nan stay where they are.
function smooth(values, w) {
  if (!w) return values;
  const out = [];
  let avg = 0, n = 0;
  for (const v of values) {
    if (!Number.isFinite(v)) { out.push(v); continue; }
    n += 1;
    avg = w * avg + (1 - w) * v;
    out.push(avg / (1 - Math.pow(w, n)));
  }
  return out;
}

function ticks(lo, hi, n = 4) {
  if (hi === lo) return [lo];
  const raw = (hi - lo) / n;
  const mag = Math.pow(10, Math.floor(Math.log10(raw)));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) || raw;
  const out = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + 1e-12 && out.length < 12; t += step) {
    out.push(t);
  }
  return out;
}

// Log-axis ticks (lo, hi are log10 values): powers of ten, with 2 and 5 between them when
// the range spans less than two decades, so a short log axis still has labels.
function logTicks(lo, hi) {
  const out = [];
  const mults = hi - lo < 2 ? [1, 2, 5] : [1];
  for (let e = Math.floor(lo); e <= Math.ceil(hi); e++) {
    for (const m of mults) {
      const t = Math.log10(m) + e;
      if (t >= lo - 1e-9 && t <= hi + 1e-9) out.push(t);
    }
  }
  return out.length ? out : [lo, hi];
}

function el(tag, attrs, parent) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function fmt(v) {
  return Math.abs(v) >= 1e4 || (Math.abs(v) < 1e-3 && v !== 0) ? v.toExponential(1) :
    Number(v.toPrecision(3)).toString();
}

// One panel: a group of series sharing the y axis. Non-finite points (inf/nan) are drawn as
// triangles clipped to the top (inf, nan) or bottom (-inf) edge and counted in the heading.
function panel(container, group, names, data, hidden, opts) {
  const shown = names.filter((name) => data.series[name] && !hidden.has(name));
  if (!shown.length) return null;  // every series of this panel hidden: no empty box
  const width = Math.max(300, Math.min(container.clientWidth || 640, 1100));
  const height = 200, L = 60, R = 12, T = 22, B = 34;
  const svg = el("svg", { width, height, viewBox: `0 0 ${width} ${height}`,
    class: "eb-panel", "data-group": group }, container);
  const pw = width - L - R, ph = height - T - B;
  const tr = opts.log ? (v) => Math.log10(v) : (v) => v;
  let xlo = Infinity, xhi = -Infinity, ylo = Infinity, yhi = -Infinity;
  const curves = [];
  let nonfinite = 0;
  for (const name of shown) {
    const s = data.series[name];
    const raw = s.values.map(Number);  // "NaN"/"Infinity" strings -> numbers
    const ys = smooth(raw, opts.smoothing);
    const pts = [], edge = [];
    for (let i = 0; i < ys.length; i++) {
      const x = s.steps[i], y = ys[i];
      xlo = Math.min(xlo, x); xhi = Math.max(xhi, x);
      if (!Number.isFinite(raw[i])) { edge.push([x, raw[i] === -Infinity ? -1 : 1]); continue; }
      if (opts.log && y <= 0) continue;
      pts.push([x, tr(y)]);
      ylo = Math.min(ylo, tr(y)); yhi = Math.max(yhi, tr(y));
    }
    nonfinite += edge.length;
    curves.push({ name, pts, edge });
  }
  const heading = el("text", { x: L, y: 14, "font-weight": "600", "font-size": 12 }, svg);
  heading.textContent = group + (opts.log ? " (log scale)" : "");
  if (nonfinite) {
    const note = el("tspan", { fill: "#c53030", "font-weight": "400", class: "eb-nonfinite" },
      heading);
    note.textContent = `  ${nonfinite} non-finite point${nonfinite > 1 ? "s" : ""} ▲ at the edge`;
  }
  if (!Number.isFinite(xlo)) return svg;
  if (!Number.isFinite(ylo)) { ylo = 0; yhi = 1; }
  if (xhi === xlo) xhi = xlo + 1;
  if (yhi === ylo) { yhi += 0.5; ylo -= 0.5; }
  const m = (yhi - ylo) * 0.05; ylo -= m; yhi += m;
  const px = (x) => L + (x - xlo) / (xhi - xlo) * pw;
  const py = (y) => T + (1 - (y - ylo) / (yhi - ylo)) * ph;
  const axis = el("g", { class: "eb-axis" }, svg);
  for (const t of (opts.log ? logTicks(ylo, yhi) : ticks(ylo, yhi))) {
    el("line", { x1: L, x2: L + pw, y1: py(t), y2: py(t), class: "eb-grid" }, axis);
    el("text", { x: L - 4, y: py(t) + 3, "text-anchor": "end" }, axis).textContent =
      fmt(opts.log ? Math.pow(10, t) : t);
  }
  for (const t of ticks(xlo, xhi, Math.max(3, Math.floor(pw / 90)))) {
    el("text", { x: px(t), y: T + ph + 14, "text-anchor": "middle" }, axis).textContent =
      fmt(t);
  }
  el("text", { x: L + pw / 2, y: height - 4, "text-anchor": "middle", class: "eb-axis-label" },
    axis).textContent = "step";
  el("text", { x: 12, y: T + ph / 2, "text-anchor": "middle", class: "eb-axis-label",
    transform: `rotate(-90 12 ${T + ph / 2})` }, axis).textContent = group;
  el("rect", { x: L, y: T, width: pw, height: ph, fill: "none", stroke: "#ccc" }, svg);
  for (const { name, pts, edge } of curves) {
    const color = opts.colorOf(name);
    const d = pts.map(([x, y]) => `${px(x).toFixed(1)},${py(y).toFixed(1)}`).join(" ");
    const line = el("polyline", { points: d, fill: "none", stroke: color,
      "stroke-width": 1.7, class: "eb-curve", "data-name": name }, svg);
    if (name.startsWith("val_")) line.setAttribute("stroke-dasharray", "5,3");
    line.dataset.points = String(pts.length);
    for (const [x, side] of edge) {
      const y = side > 0 ? T : T + ph;
      el("path", { d: `M${px(x).toFixed(1)},${y} l-4,${7 * side} h8 z`, fill: color,
        class: "eb-edge-marker" }, svg);
    }
  }
  return svg;
}

function render({ model, el: root }) {
  keepWidgetState(model);  // keep_state.js
  root.classList.add("eb-widget", "eb-live");
  root.innerHTML = `
    <div class="eb-toolbar">
      <span class="eb-title"></span>
      <label>smoothing <input type="range" min="0" max="0.98" step="0.02" class="eb-smooth">
      </label>
      <label><input type="checkbox" class="eb-log"> log scale</label>
      <span class="eb-muted eb-state"></span>
    </div>
    <div class="eb-legend"></div>
    <div class="eb-charts"></div>
    <div class="eb-progress"></div>`;
  const titleEl = root.querySelector(".eb-title");
  const smoothEl = root.querySelector(".eb-smooth");
  const logEl = root.querySelector(".eb-log");
  const stateEl = root.querySelector(".eb-state");
  const legendEl = root.querySelector(".eb-legend");
  const chartsEl = root.querySelector(".eb-charts");
  const progressEl = root.querySelector(".eb-progress");
  const hidden = new Set();
  let redraws = 0;

  // One colour per series, val_x a lighter shade of x's (eagerbook/viz/history.py picks).
  const colorOf = (name) => ((model.get("data") || {}).colors || {})[name] || FALLBACK;

  function draw() {
    const data = model.get("data") || { series: {}, groups: [], count: 0 };
    titleEl.textContent = model.get("title") || "Training";
    smoothEl.value = model.get("smoothing");
    logEl.checked = model.get("log_scale");
    stateEl.textContent = model.get("done") ? "finished" : (data.count ? "training…" : "waiting");
    legendEl.innerHTML = "";
    for (const [, names] of data.groups || []) {
      for (const name of names) {
        const item = document.createElement("span");
        item.className = hidden.has(name) ? "eb-off" : "";
        item.title = "click to hide or show";
        item.innerHTML = `<i style="background:${colorOf(name)}"></i>` +
          `${name.replace(/[&<>]/g, "")}`;
        item.addEventListener("click", () => {
          if (hidden.has(name)) hidden.delete(name); else hidden.add(name);
          draw();
        });
        legendEl.appendChild(item);
      }
    }
    chartsEl.innerHTML = "";
    const opts = { smoothing: model.get("smoothing"), log: model.get("log_scale"), colorOf };
    for (const [group, names] of data.groups || []) {
      panel(chartsEl, group, names, data, hidden, opts);
    }
    progressEl.textContent = model.get("progress") || "";
    redraws += 1;
    root.dataset.points = String(data.count || 0);
    root.dataset.redraws = String(redraws);
  }

  smoothEl.addEventListener("input", () => {
    model.set("smoothing", Number(smoothEl.value));
    model.save_changes();
  });
  logEl.addEventListener("change", () => {
    model.set("log_scale", logEl.checked);
    model.save_changes();
  });
  for (const trait of ["data", "progress", "smoothing", "log_scale", "done", "title"]) {
    model.on(`change:${trait}`, draw);
  }
  // Responsive: the panels follow the output's width (redrawn when it changes).
  let lastWidth = 0;
  const observer = new ResizeObserver(() => {
    const w = chartsEl.clientWidth;
    if (Math.abs(w - lastWidth) > 8) { lastWidth = w; draw(); }
  });
  observer.observe(chartsEl);
  draw();
  return () => observer.disconnect();
}

export default { render };
