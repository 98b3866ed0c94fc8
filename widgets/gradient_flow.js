// GradientFlow: per-layer gradient norms over training steps (log scale), with layers whose
// gradients vanish or explode marked. Model traits: data ({steps, layers: [{name, norms,
// flag, color}], ratio}), low, high (|grad|/|w| thresholds), title.
// The flags are computed in Python (eagerbook/viz/gradflow.py); this file only draws.

const NS = "http://www.w3.org/2000/svg";

function mk(tag, attrs, parent) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function esc(text) {
  return String(text ?? "").replace(/[&<>"]/g, (c) =>
    ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

// Round step ticks: about `n` of them, at 1/2/5 x 10^k.
function stepTicks(lo, hi, n = 6) {
  if (hi <= lo) return [lo];
  const raw = (hi - lo) / n;
  const mag = Math.pow(10, Math.floor(Math.log10(raw)));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) || raw);
  const out = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi && out.length < 20; t += step) out.push(t);
  return out;
}

function render({ model, el }) {
  keepWidgetState(model);  // keep_state.js
  el.classList.add("eb-widget", "eb-flow");
  el.innerHTML = `<div class="eb-toolbar"><span class="eb-title"></span>
    <span class="eb-muted eb-note"></span></div><div class="eb-legend"></div>
    <div class="eb-charts"></div><table class="eb-flow-table"></table>`;
  const titleEl = el.querySelector(".eb-title");
  const noteEl = el.querySelector(".eb-note");
  const legendEl = el.querySelector(".eb-legend");
  const chartEl = el.querySelector(".eb-charts");
  const tableEl = el.querySelector(".eb-flow-table");
  const hidden = new Set();

  function draw() {
    const data = model.get("data") || {};
    const steps = data.steps || [];
    const layers = (data.layers || []).map((layer) => ({
      ...layer, norms: (layer.norms || []).map(Number) }));  // "NaN"/"Infinity" -> numbers
    titleEl.textContent = model.get("title") || "Gradient flow";
    const ratio = data.ratio ?? 1e-3;
    noteEl.textContent = `|grad| per layer, log scale · vanishing: ${1 / ratio}x weaker than ` +
      `the strongest layer · exploding: non-finite or |grad|/|w| > ${model.get("high")}`;
    chartEl.innerHTML = "";
    legendEl.innerHTML = "";
    el.dataset.steps = String(steps.length);
    if (!steps.length || !layers.length) {
      chartEl.innerHTML = `<div class="eb-empty eb-muted">No gradients recorded yet: call ` +
        `<code>flow.update(grads, variables)</code> after each <code>tape.gradient</code>, ` +
        `or pass it to <code>fit(callbacks=[...])</code>.</div>`;
      tableEl.innerHTML = "";
      return;
    }
    for (const layer of layers) {
      const item = document.createElement("span");
      item.className = hidden.has(layer.name) ? "eb-off" : "";
      item.title = "click to hide or show";
      item.innerHTML = `<i style="background:${layer.color}"></i>${esc(layer.name)}` +
        (layer.flag ? ` <b class="eb-flag-${layer.flag}">${layer.flag}</b>` : "");
      item.addEventListener("click", () => {
        if (hidden.has(layer.name)) hidden.delete(layer.name); else hidden.add(layer.name);
        draw();
      });
      legendEl.appendChild(item);
    }
    const width = Math.max(360, Math.min(chartEl.clientWidth || 640, 900));
    const height = 240, L = 58, R = 14, T = 10, B = 36;
    const pw = width - L - R, ph = height - T - B;
    const svg = mk("svg", { width, height, viewBox: `0 0 ${width} ${height}` }, chartEl);
    let lo = Infinity, hi = -Infinity;
    for (const layer of layers) {
      if (hidden.has(layer.name)) continue;
      for (const v of layer.norms) {
        if (v > 0 && Number.isFinite(v)) {
          lo = Math.min(lo, Math.log10(v)); hi = Math.max(hi, Math.log10(v));
        }
      }
    }
    if (!Number.isFinite(lo)) { lo = -1; hi = 1; }
    lo = Math.floor(lo); hi = Math.ceil(hi);
    if (hi === lo) hi = lo + 1;
    const x0 = steps[0], x1 = steps.length > 1 ? steps[steps.length - 1] : x0 + 1;
    const px = (x) => L + (x - x0) / (x1 - x0 || 1) * pw;
    const py = (v) => T + (1 - (v - lo) / (hi - lo)) * ph;
    const every = Math.max(1, Math.ceil((hi - lo) / 6));
    for (let e = lo; e <= hi; e += every) {
      mk("line", { x1: L, x2: L + pw, y1: py(e), y2: py(e), stroke: "#eee" }, svg);
      mk("text", { x: L - 4, y: py(e) + 3, "text-anchor": "end", "font-size": 10,
        fill: "#666" }, svg).textContent = `1e${e}`;
    }
    for (const t of stepTicks(x0, x1)) {
      mk("line", { x1: px(t), x2: px(t), y1: T + ph, y2: T + ph + 4, stroke: "#999" }, svg);
      mk("text", { x: px(t), y: T + ph + 15, "text-anchor": "middle", "font-size": 10,
        fill: "#666", class: "eb-step-tick" }, svg).textContent = String(t);
    }
    mk("text", { x: L + pw / 2, y: height - 3, "text-anchor": "middle", "font-size": 11,
      fill: "#444" }, svg).textContent = "step";
    mk("text", { x: 12, y: T + ph / 2, "text-anchor": "middle", "font-size": 11, fill: "#444",
      transform: `rotate(-90 12 ${T + ph / 2})` }, svg).textContent = "|grad|";
    mk("rect", { x: L, y: T, width: pw, height: ph, fill: "none", stroke: "#ccc" }, svg);
    for (const layer of layers) {
      if (hidden.has(layer.name)) continue;
      const pts = [];
      layer.norms.forEach((v, k) => {
        if (v > 0 && Number.isFinite(v)) {
          pts.push(`${px(steps[k]).toFixed(1)},${py(Math.log10(v)).toFixed(1)}`);
        } else if (v === Infinity) {  // exploded: a triangle on the top edge
          mk("path", { d: `M${px(steps[k])},${T} l-4,7 h8 z`, fill: layer.color }, svg);
        }
      });
      mk("polyline", { points: pts.join(" "), fill: "none", stroke: layer.color,
        "stroke-width": layer.flag ? 2.6 : 1.5, "data-layer": layer.name,
        "stroke-dasharray": layer.flag === "vanishing" ? "6,3" : "" }, svg);
    }
    const fmt = (v) => (Number.isFinite(v) ? v.toExponential(2) : String(v));
    tableEl.innerHTML = "<tr><th></th><th>layer</th><th>last |grad|</th><th></th></tr>" +
      layers.map((layer) => {
        const last = layer.norms.length ? layer.norms[layer.norms.length - 1] : NaN;
        const flag = layer.flag ? `<span class="eb-flag-${layer.flag}">${layer.flag}</span>` : "";
        return `<tr><td><i class="eb-swatch" style="background:${layer.color}"></i></td>` +
          `<td>${esc(layer.name)}</td><td>${fmt(last)}</td><td>${flag}</td></tr>`;
      }).join("");
  }
  for (const trait of ["data", "low", "high", "title"]) model.on(`change:${trait}`, draw);
  draw();
}

export default { render };
