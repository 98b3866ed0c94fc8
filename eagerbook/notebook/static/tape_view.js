// TapeView: a GradientTape drawn as a graph (SVG laid out by Graphviz on the server).
// Click a node to see its value and gradient; step through the backward sweep node by node.
// Model traits: graph (nodes/edges/backward_order), svg, message, title, selected, step.

function esc(text) {
  return String(text ?? "").replace(/[&<>"]/g, (c) =>
    ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

function shapeText(shape) {
  return "(" + shape.map((d) => (d === null ? "?" : d)).join(", ") +
    (shape.length === 1 ? "," : "") + ")";
}

function render({ model, el }) {
  keepWidgetState(model);  // keep_state.js
  el.classList.add("eb-widget", "eb-tape");
  el.innerHTML = `
    <div class="eb-toolbar">
      <span class="eb-title"></span><span class="eb-muted eb-summary"></span>
    </div>
    <div class="eb-toolbar eb-steps">
      <button data-act="first" title="before the backward sweep">start</button>
      <button data-act="prev" title="previous node">◀</button>
      <button data-act="next" title="next node of the backward sweep">▶</button>
      <button data-act="all" title="show every gradient">all</button>
      <span class="eb-muted eb-step-label"></span>
    </div>
    <div class="eb-message" hidden></div>
    <div class="eb-nan" hidden></div>
    <div class="eb-body">
      <div class="eb-graph"></div>
      <div class="eb-side"><span class="eb-muted">Click a node to see its value and
        gradient.</span></div>
    </div>`;
  const titleEl = el.querySelector(".eb-title");
  const summaryEl = el.querySelector(".eb-summary");
  const stepsEl = el.querySelector(".eb-steps");
  const stepLabel = el.querySelector(".eb-step-label");
  const messageEl = el.querySelector(".eb-message");
  const nanEl = el.querySelector(".eb-nan");
  nanEl.addEventListener("click", (event) => {
    const link = event.target.closest("a[data-node]");
    if (!link) return;
    event.preventDefault();
    model.set("selected", link.dataset.node);
    model.save_changes();
  });
  const graphEl = el.querySelector(".eb-graph");
  const sideEl = el.querySelector(".eb-side");

  const nodesById = () => {
    const map = new Map();
    for (const node of (model.get("graph").nodes || [])) map.set(node.id, node);
    return map;
  };

  function svgNode(id) {
    return graphEl.querySelector(`g[id="node_${CSS.escape(id)}"]`);
  }

  function drawGraph() {
    const graph = model.get("graph") || {};
    titleEl.textContent = model.get("title") || "GradientTape";
    const n = graph.num_entries ?? (graph.nodes || []).length;
    summaryEl.textContent = `${n} recorded ops` +
      (graph.has_gradient ? " · gradient computed" : " · no gradient yet") +
      (graph.truncated ? ` · last ${n - graph.truncated} shown` : "");
    // NaN/Inf: listed above the graph, the op where it was born first.
    const byId = nodesById();
    const bad = (graph.nonfinite || []).map((id) => byId.get(id)).filter(Boolean);
    nanEl.hidden = !bad.length;
    nanEl.innerHTML = bad.length ? `<b>NaN/Inf in ${bad.length} node(s):</b> ` + bad.map((node) =>
      `<a href="#" data-node="${esc(node.id)}" class="${node.nan_origin ? "eb-origin" : ""}">` +
      `${esc(node.label)} <span class="eb-muted">${esc(node.id)}` +
      `${node.nan_origin ? ", born here" : ""}</span></a>`).join(" · ") : "";
    const message = model.get("message");
    messageEl.hidden = !message;
    messageEl.textContent = message || "";
    const svg = model.get("svg");
    if (svg) {
      graphEl.innerHTML = svg;
      // Graphviz gives the height in points (4/3 px); the view may not be on the page yet.
      const points = parseFloat(graphEl.querySelector("svg")?.getAttribute("height")) || 0;
      el.classList.toggle("eb-tall", points * 4 / 3 > 2 * window.innerHeight);
    } else {
      graphEl.innerHTML = `<pre class="eb-pre">${esc(model.get("text"))}</pre>`;
    }
    for (const g of graphEl.querySelectorAll("g.node")) {
      const id = (g.getAttribute("id") || "").replace(/^node_/, "");
      g.dataset.node = id;
      g.addEventListener("click", () => {
        model.set("selected", id);
        model.save_changes();
      });
    }
    stepsEl.hidden = !graph.has_gradient;
    drawStep();
    drawSelection();
  }

  function drawSelection() {
    const id = model.get("selected");
    for (const g of graphEl.querySelectorAll("g.node.eb-selected")) {
      g.classList.remove("eb-selected");
    }
    const node = nodesById().get(id);
    if (!node) {
      el.dataset.selected = "";
      return;
    }
    el.dataset.selected = id;
    const g = svgNode(id);
    if (g) g.classList.add("eb-selected");
    const order = (model.get("graph").backward_order || []);
    const step = model.get("step");
    const reached = step < 0 || order.indexOf(id) <= step && order.indexOf(id) >= 0;
    // A big tape sends a node's value and gradient text when it is selected (in detail).
    const detail = model.get("detail") || {};
    const shown = detail.id === id ? detail : {};
    let gradHtml;
    if (node.grad_norm === null || node.grad_norm === undefined) {
      gradHtml = `<span class="eb-muted">${model.get("graph").has_gradient ?
        "no gradient flows here" : "call tape.gradient(...) to see gradients"}</span>`;
    } else if (!reached) {
      gradHtml = `<span class="eb-muted">not reached yet by the backward sweep</span>`;
    } else {
      gradHtml = `<div class="eb-kv"><span>norm</span><span class="eb-grad-norm">` +
        `${Number(node.grad_norm).toPrecision(4)}</span></div>` +
        `<pre class="eb-grad">${esc(node.grad ?? shown.grad ?? "…")}</pre>`;
    }
    const bad = node.nonfinite ? `<div class="eb-nan-note">${node.nan_origin ?
      "NaN/Inf born here: the inputs are finite, the output is not" :
      esc(node.nonfinite.join(" & ")) + " not finite"}</div>` : "";
    sideEl.innerHTML = `
      <h5>${esc(node.label)} <span class="eb-muted">${esc(node.id)}</span></h5>${bad}
      <div class="eb-kv">
        <span>kind</span><span>${esc(node.kind)}${node.is_target ? " (target)" : ""}
          ${node.is_source ? " (source)" : ""}</span>
        <span>shape</span><span>${esc(shapeText(node.shape))}</span>
        <span>dtype</span><span>${esc(node.dtype)}</span>
        <span>saved</span><span>${node.saved_bytes} bytes</span>
      </div>
      <b>value</b><pre class="eb-value">${esc(node.value ?? shown.value ?? "…")}</pre>
      <b>gradient</b>${gradHtml}${reached ? chainHtml(node) : ""}${codeHtml(node)}`;
  }

  // The chain rule at this node, with the numbers the backward sweep used.
  function chainHtml(node) {
    const detail = model.get("detail") || {};
    if (detail.id !== node.id || !(detail.chain || []).length) return "";
    return `<div class="eb-chain"><b>chain rule</b> <span class="eb-muted">upstream × local ` +
      `= contribution to each input</span>` + detail.chain.map((step) => `
        <div class="eb-chain-step"><div class="eb-muted">input ${step.input}
          (${esc(step.source)})</div>
          <div class="eb-chain-row"><pre>${esc(step.upstream)}</pre><span>×</span>
          <pre class="eb-local">${step.local ? esc(step.local) : "∂out/∂in"}</pre>
          <span>=</span><pre class="eb-contribution">${step.contribution ?
            esc(step.contribution) : "—"}</pre></div>
          ${step.note ? `<div class="eb-muted">${esc(step.note)}</div>` : ""}</div>`).join("") +
      `</div>`;
  }

  // The op's NumPy kernel and its gradient rule, from the op registry.
  function codeHtml(node) {
    const detail = model.get("detail") || {};
    if (detail.id !== node.id || !detail.kernel) return "";
    return `<details class="eb-code" open><summary>kernel <span class="eb-muted">` +
      `${esc(detail.kernel_at)}</span></summary><pre class="eb-kernel">${esc(detail.kernel)}` +
      `</pre></details><details class="eb-code" open><summary>gradient rule <span ` +
      `class="eb-muted">${esc(detail.grad_rule_at)}</span></summary>` +
      `<pre class="eb-grad-rule">${esc(detail.grad_rule)}</pre></details>`;
  }

  function drawStep() {
    const graph = model.get("graph") || {};
    const order = graph.backward_order || [];
    const step = model.get("step");
    el.classList.toggle("eb-stepping", step >= -1 && step < order.length - 1 &&
      model.get("stepping"));
    for (const g of graphEl.querySelectorAll("g.node")) {
      g.classList.remove("eb-visited", "eb-current");
    }
    if (!model.get("stepping")) {
      stepLabel.textContent = order.length ? `backward sweep: ${order.length} nodes` : "";
      return;
    }
    for (let i = 0; i <= step && i < order.length; i++) {
      const g = svgNode(order[i]);
      if (g) g.classList.add("eb-visited");
    }
    if (step >= 0 && step < order.length) {
      const g = svgNode(order[step]);
      if (g) {
        g.classList.add("eb-current");
        g.scrollIntoView({ block: "nearest", inline: "nearest" });  // in the graph's box
      }
      const node = nodesById().get(order[step]);
      stepLabel.textContent = `step ${step + 1}/${order.length}: ${node ? node.label : ""}`;
    } else {
      stepLabel.textContent = `step 0/${order.length}: seed d(target)/d(target) = 1`;
    }
  }

  stepsEl.addEventListener("click", (event) => {
    const act = event.target.dataset && event.target.dataset.act;
    if (!act) return;
    const order = (model.get("graph").backward_order || []);
    let step = model.get("stepping") ? model.get("step") : -1;
    if (act === "first") step = -1;
    if (act === "prev") step = Math.max(-1, step - 1);
    if (act === "next") step = Math.min(order.length - 1, step + 1);
    if (act === "all") {
      model.set("stepping", false);
      model.set("step", -1);
    } else {
      model.set("stepping", true);
      model.set("step", step);
      if (step >= 0) model.set("selected", order[step]);
    }
    model.save_changes();
  });

  model.on("change:svg", drawGraph);
  model.on("change:graph", drawGraph);
  model.on("change:message", drawGraph);
  model.on("change:selected", drawSelection);
  model.on("change:detail", drawSelection);
  model.on("change:step", () => { drawStep(); drawSelection(); });
  model.on("change:stepping", () => { drawStep(); drawSelection(); });
  drawWhenIdle((model.get("svg") || "").length, drawGraph);  // keep_state.js
}

export default { render };
