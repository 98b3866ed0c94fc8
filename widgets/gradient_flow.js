// GradientFlow: per-layer gradient norms over training steps (log scale), with layers whose
// gradients vanish or explode highlighted. Model traits: data ({steps, layers: [{name, norms,
// flag}]}), low, high (the thresholds), title.

const NS = "http://www.w3.org/2000/svg";
const COLORS = ["#2b6cb0", "#2f855a", "#6b46c1", "#b7791f", "#2c7a7b", "#b83280", "#4a5568"];

function mk(tag, attrs, parent) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function render({ model, el }) {
  el.classList.add("eb-widget", "eb-flow");
  el.innerHTML = `<div class="eb-toolbar"><span class="eb-title"></span>
    <span class="eb-muted eb-note"></span></div><div class="eb-charts"></div>
    <table class="eb-flow-table"></table>`;
  const titleEl = el.querySelector(".eb-title");
  const noteEl = el.querySelector(".eb-note");
  const chartEl = el.querySelector(".eb-charts");
  const tableEl = el.querySelector(".eb-flow-table");

  function draw() {
    const data = model.get("data") || { steps: [], layers: [] };
    const low = model.get("low"), high = model.get("high");
    titleEl.textContent = model.get("title") || "Gradient flow";
    noteEl.textContent = `|grad| per layer, log scale · vanishing < ${low} · exploding > ${high}`;
    chartEl.innerHTML = "";
    const width = 640, height = 220, L = 52, R = 12, T = 10, B = 24;
    const pw = width - L - R, ph = height - T - B;
    const svg = mk("svg", { width, height, viewBox: `0 0 ${width} ${height}` }, chartEl);
    const steps = data.steps || [];
    let lo = Math.log10(low), hi = Math.log10(high);
    for (const layer of data.layers) {
      for (const v of layer.norms) {
        if (v > 0 && Number.isFinite(v)) {
          lo = Math.min(lo, Math.log10(v)); hi = Math.max(hi, Math.log10(v));
        }
      }
    }
    lo = Math.floor(lo); hi = Math.ceil(hi);
    if (hi === lo) hi = lo + 1;
    const x0 = steps.length ? steps[0] : 0, x1 = steps.length > 1 ? steps[steps.length - 1] : x0 + 1;
    const px = (x) => L + (x - x0) / (x1 - x0 || 1) * pw;
    const py = (v) => T + (1 - (v - lo) / (hi - lo)) * ph;
    // Bands for the danger zones.
    mk("rect", { x: L, y: T, width: pw,
      height: Math.max(0, Math.min(ph, py(Math.log10(high)) - T)), fill: "#fff5f5" }, svg);
    const lowY = Math.min(T + ph, Math.max(T, py(Math.log10(low))));
    mk("rect", { x: L, y: lowY, width: pw, height: T + ph - lowY, fill: "#ebf8ff" }, svg);
    const step = Math.max(1, Math.ceil((hi - lo) / 6));
    for (let e = lo; e <= hi; e += step) {
      mk("line", { x1: L, x2: L + pw, y1: py(e), y2: py(e), stroke: "#eee" }, svg);
      mk("text", { x: L - 4, y: py(e) + 3, "text-anchor": "end", "font-size": 10,
        fill: "#666" }, svg).textContent = `1e${e}`;
    }
    mk("rect", { x: L, y: T, width: pw, height: ph, fill: "none", stroke: "#ccc" }, svg);
    data.layers.forEach((layer, i) => {
      const color = layer.flag === "exploding" ? "#c53030" :
        layer.flag === "vanishing" ? "#3182ce" : COLORS[i % COLORS.length];
      const pts = [];
      layer.norms.forEach((v, k) => {
        if (v > 0 && Number.isFinite(v)) pts.push(`${px(steps[k]).toFixed(1)},${py(Math.log10(v)).toFixed(1)}`);
      });
      mk("polyline", { points: pts.join(" "), fill: "none", stroke: color,
        "stroke-width": layer.flag ? 2.4 : 1.5, "data-layer": layer.name }, svg);
    });
    tableEl.innerHTML = "<tr><th>layer</th><th>last |grad|</th><th></th></tr>" +
      data.layers.map((layer) => {
        const last = layer.norms.length ? layer.norms[layer.norms.length - 1] : NaN;
        const flag = layer.flag ? `<span class="eb-flag-${layer.flag}">${layer.flag}</span>` : "";
        return `<tr><td>${layer.name}</td><td>${Number(last).toExponential(2)}</td><td>${flag}</td></tr>`;
      }).join("");
    el.dataset.steps = String(steps.length);
  }
  for (const trait of ["data", "low", "high", "title"]) model.on(`change:${trait}`, draw);
  draw();
}

export default { render };
