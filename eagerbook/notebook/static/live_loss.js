// LiveLoss: training curves that redraw in place as the kernel sends new points.
// Model traits: data ({series: {name: {steps, values}}, groups: [[group, [names]]], count}),
// progress (one line of text), smoothing (0..0.99), log_scale, done, title.
// Each group (e.g. loss with val_loss) gets one panel; click a legend entry to hide a curve.

const COLORS = ["#2b6cb0", "#c05621", "#2f855a", "#6b46c1", "#b83280", "#2c7a7b"];
const NS = "http://www.w3.org/2000/svg";

function smooth(values, w) {
  if (!w) return values;
  const out = [];
  let avg = 0;
  for (let i = 0; i < values.length; i++) {
    avg = w * avg + (1 - w) * values[i];
    out.push(avg / (1 - Math.pow(w, i + 1)));
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

// One panel: a group of series sharing the y axis.
function panel(container, group, names, data, hidden, opts) {
  const width = Math.max(320, Math.min(container.clientWidth || 640, 760));
  const height = 190, L = 52, R = 12, T = 20, B = 24;
  const svg = el("svg", { width, height, viewBox: `0 0 ${width} ${height}`,
    class: "eb-panel", "data-group": group }, container);
  const pw = width - L - R, ph = height - T - B;
  const tr = opts.log ? (v) => Math.log10(v) : (v) => v;
  let xlo = Infinity, xhi = -Infinity, ylo = Infinity, yhi = -Infinity;
  const curves = [];
  for (const name of names) {
    const s = data.series[name];
    if (!s || hidden.has(name)) continue;
    const ys = smooth(s.values, opts.smoothing);
    const pts = [];
    for (let i = 0; i < ys.length; i++) {
      const y = ys[i];
      if (!Number.isFinite(y) || (opts.log && y <= 0)) continue;
      pts.push([s.steps[i], tr(y)]);
      xlo = Math.min(xlo, s.steps[i]); xhi = Math.max(xhi, s.steps[i]);
      ylo = Math.min(ylo, tr(y)); yhi = Math.max(yhi, tr(y));
    }
    curves.push({ name, pts });
  }
  el("text", { x: L, y: 13, "font-weight": "600", "font-size": 12 }, svg).textContent =
    group + (opts.log ? " (log scale)" : "");
  if (!Number.isFinite(xlo)) return svg;
  if (xhi === xlo) xhi = xlo + 1;
  if (yhi === ylo) { yhi += 0.5; ylo -= 0.5; }
  const m = (yhi - ylo) * 0.05; ylo -= m; yhi += m;
  const px = (x) => L + (x - xlo) / (xhi - xlo) * pw;
  const py = (y) => T + (1 - (y - ylo) / (yhi - ylo)) * ph;
  const axis = el("g", { class: "eb-axis" }, svg);
  for (const t of ticks(ylo, yhi)) {
    el("line", { x1: L, x2: L + pw, y1: py(t), y2: py(t), class: "eb-grid" }, axis);
    el("text", { x: L - 4, y: py(t) + 3, "text-anchor": "end" }, axis).textContent =
      fmt(opts.log ? Math.pow(10, t) : t);
  }
  for (const t of ticks(xlo, xhi)) {
    el("text", { x: px(t), y: T + ph + 14, "text-anchor": "middle" }, axis).textContent =
      fmt(t);
  }
  el("rect", { x: L, y: T, width: pw, height: ph, fill: "none", stroke: "#ccc" }, svg);
  for (const { name, pts } of curves) {
    const color = opts.colorOf(name);
    const d = pts.map(([x, y]) => `${px(x).toFixed(1)},${py(y).toFixed(1)}`).join(" ");
    const line = el("polyline", { points: d, fill: "none", stroke: color,
      "stroke-width": 1.7, class: "eb-curve", "data-name": name }, svg);
    if (name.startsWith("val_")) line.setAttribute("stroke-dasharray", "5,3");
    line.dataset.points = String(pts.length);
  }
  return svg;
}

function render({ model, el: root }) {
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

  function colorOf(name) {
    const groups = (model.get("data").groups || []);
    const gi = groups.findIndex(([, names]) => names.includes(name));
    return COLORS[(Math.max(gi, 0) + (name.startsWith("val_") ? 1 : 0)) % COLORS.length];
  }

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
        item.innerHTML = `<i style="background:${colorOf(name)}"></i>${name}`;
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
  draw();
}

export default { render };
