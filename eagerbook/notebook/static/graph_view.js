// GraphView: a tf.function's traced graph. Picture tabs: the graph as traced (unused ops
// dashed, hidden on request) and after the optimization passes, If/While bodies drawn as
// nested boxes; zoom buttons, scrolling, clickable nodes. Text tabs: the IR before and after
// the passes side by side, the generated NumPy code, the AutoGraph-converted source. Last,
// the trace history (one row per concrete function; click a row to look at that trace).
// Model traits: title, tabs ([{key, label, kind: "svg"|"text", content, nodes?, unused?,
// sections?}]), traces ([{signature, ops}]), trace_index, message.

function esc(text) {
  return String(text ?? "").replace(/[&<>"]/g, (c) =>
    ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

function render({ model, el }) {
  keepWidgetState(model);  // keep_state.js
  el.classList.add("eb-widget", "eb-graphview");
  el.innerHTML = `<div class="eb-toolbar"><span class="eb-title"></span>
    <span class="eb-muted eb-summary"></span></div>
    <div class="eb-message" hidden></div>
    <div class="eb-tabs"></div><div class="eb-tools"></div>
    <div class="eb-body"><div class="eb-content eb-graph"></div>
    <div class="eb-side" hidden></div></div>`;
  const titleEl = el.querySelector(".eb-title");
  const summaryEl = el.querySelector(".eb-summary");
  const messageEl = el.querySelector(".eb-message");
  const tabsEl = el.querySelector(".eb-tabs");
  const contentEl = el.querySelector(".eb-content");
  const toolsEl = el.querySelector(".eb-tools");
  const sideEl = el.querySelector(".eb-side");

  // A click on a node: its op, attributes, output specs and the op's code.
  function showNode(tab, name) {
    const node = (tab.nodes || {})[name];
    for (const g of contentEl.querySelectorAll("g.node.eb-selected")) {
      g.classList.remove("eb-selected");
    }
    if (!node) { sideEl.hidden = true; return; }
    const attrs = Object.entries(node.attrs || {});
    sideEl.hidden = false;
    sideEl.innerHTML = `<h5>${esc(name)} <span class="eb-muted">${esc(node.type)}</span></h5>
      <div class="eb-kv"><span>inputs</span><span>${esc(node.inputs.join(", ") || "—")}</span>
      <span>outputs</span><span class="eb-outputs">${esc(node.outputs.join(", ") || "—")}</span>
      ${attrs.map(([k, v]) => `<span>${esc(k)}</span><span>${esc(v)}</span>`).join("")}
      ${node.subgraphs.length ? `<span>bodies</span><span>${esc(node.subgraphs.join(", "))}
      </span>` : ""}</div>` + (node.kernel ? `<details class="eb-code" open><summary>kernel
      <span class="eb-muted">${esc(node.kernel_at)}</span></summary><pre class="eb-kernel">` +
      `${esc(node.kernel)}</pre></details><details class="eb-code"><summary>gradient rule ` +
      `<span class="eb-muted">${esc(node.grad_rule_at)}</span></summary><pre>` +
      `${esc(node.grad_rule)}</pre></details>` : "");
  }
  let current = null;
  let zoom = 1;  // picture tabs: 1 = Graphviz's natural size (10-pt text)
  let hideUnused = false;

  // Zoom by resizing the SVG (its viewBox scales the drawing): the box scrolls both ways,
  // so a 100-node graph stays readable instead of shrinking to the output's width.
  function applyZoom(svg) {
    if (!svg) return;
    const w = parseFloat(svg.getAttribute("data-w") || svg.getAttribute("width"));
    const h = parseFloat(svg.getAttribute("data-h") || svg.getAttribute("height"));
    svg.setAttribute("data-w", w);
    svg.setAttribute("data-h", h);
    svg.setAttribute("width", `${w * zoom}pt`);
    svg.setAttribute("height", `${h * zoom}pt`);
    const label = el.querySelector(".eb-zoom-level");
    if (label) label.textContent = `${Math.round(zoom * 100)}%`;
  }

  function pictureTools(tab) {
    const tools = document.createElement("div");
    tools.className = "eb-toolbar eb-picture-tools";
    tools.innerHTML = `<button data-zoom="out" title="smaller">−</button>
      <span class="eb-zoom-level eb-muted"></span>
      <button data-zoom="in" title="larger">+</button>
      <button data-zoom="fit" title="fit the width of the output">fit</button>
      <button data-zoom="one" title="natural size">100%</button>` +
      (tab.unused ? `<label title="ops that feed no output: the optimizer deletes them">
        <input type="checkbox" class="eb-unused" ${hideUnused ? "" : "checked"}>
        show ${tab.unused} unused op(s)</label>` : "") +
      `<span class="eb-muted">click a node for its op and code</span>`;
    for (const b of tools.querySelectorAll("button[data-zoom]")) {
      b.addEventListener("click", () => {
        const svg = contentEl.querySelector("svg");
        const act = b.dataset.zoom;
        if (act === "in") zoom = Math.min(4, zoom * 1.25);
        if (act === "out") zoom = Math.max(0.2, zoom / 1.25);
        if (act === "one") zoom = 1;
        if (act === "fit" && svg) {
          const w = parseFloat(svg.getAttribute("data-w") || svg.getAttribute("width"));
          zoom = Math.max(0.2, Math.min(1, (contentEl.clientWidth - 8) / (w * 4 / 3)));
        }
        applyZoom(svg);
      });
    }
    const box = tools.querySelector(".eb-unused");
    if (box) {
      box.addEventListener("change", () => {
        hideUnused = !box.checked;
        contentEl.classList.toggle("eb-hide-unused", hideUnused);
      });
    }
    return tools;
  }

  function show(key) {
    const tabs = model.get("tabs") || [];
    const traces = model.get("traces") || [];
    current = key;
    toolsEl.innerHTML = "";
    contentEl.classList.remove("eb-hide-unused");
    for (const b of tabsEl.querySelectorAll("button")) {
      b.classList.toggle("eb-active", b.dataset.key === key);
    }
    if (key === "traces") {
      const active = model.get("trace_index");
      contentEl.innerHTML = `<table class="eb-traces"><tr><th>#</th><th>input signature</th>
        <th>ops</th></tr>${traces.map((t, i) => `<tr data-i="${i}" class="${i === active ?
          "eb-active" : ""}"><td>${i + 1}</td><td><code>${esc(t.signature)}</code></td>
          <td>${t.ops}</td></tr>`).join("")}</table>`;
      for (const row of contentEl.querySelectorAll("tr[data-i]")) {
        row.addEventListener("click", () => {
          model.set("trace_index", Number(row.dataset.i));
          model.save_changes();
        });
      }
      sideEl.hidden = true;
      return;
    }
    const tab = tabs.find((t) => t.key === key);
    if (!tab) { contentEl.innerHTML = ""; return; }
    sideEl.hidden = true;
    if (tab.kind !== "svg") {
      const sections = tab.sections || [{ title: "", text: tab.content }];
      contentEl.innerHTML = `<div class="eb-columns">${sections.map((s) => `<div>
        ${s.title ? `<h5>${esc(s.title)}</h5>` : ""}<pre class="eb-pre eb-source">` +
        `${esc(s.text || "(empty)")}</pre></div>`).join("")}</div>`;
      return;
    }
    contentEl.innerHTML = tab.content;
    toolsEl.appendChild(pictureTools(tab));
    contentEl.classList.toggle("eb-hide-unused", hideUnused);
    applyZoom(contentEl.querySelector("svg"));
    for (const g of contentEl.querySelectorAll("g.node")) {
      const name = (g.querySelector("title") || {}).textContent || "";
      g.style.cursor = "pointer";
      g.addEventListener("click", () => {
        showNode(tab, name);
        g.classList.add("eb-selected");
      });
    }
  }

  function draw() {
    const tabs = model.get("tabs") || [];
    const traces = model.get("traces") || [];
    titleEl.textContent = model.get("title") || "tf.function";
    summaryEl.textContent = `${traces.length} trace(s)`;
    const message = model.get("message");
    messageEl.hidden = !message;
    messageEl.textContent = message || "";
    tabsEl.innerHTML = "";
    for (const tab of [...tabs, { key: "traces", label: "Traces" }]) {
      const b = document.createElement("button");
      b.textContent = tab.label;
      b.dataset.key = tab.key;
      // Pictures and texts look different in the tab row too.
      b.classList.add(tab.kind === "svg" ? "eb-tab-picture" : "eb-tab-text");
      b.title = tab.kind === "svg" ? "a drawing of the graph" :
        tab.key === "traces" ? "one row per traced input signature" : "text";
      b.addEventListener("click", () => show(tab.key));
      tabsEl.appendChild(b);
    }
    const keys = [...tabs.map((t) => t.key), "traces"];
    show(keys.includes(current) ? current : keys[0]);
  }
  for (const trait of ["tabs", "traces", "trace_index", "title", "message"]) {
    model.on(`change:${trait}`, draw);
  }
  const size = (model.get("tabs") || []).reduce((n, t) => n + (t.content || "").length, 0);
  drawWhenIdle(size, draw);  // keep_state.js
}

export default { render };
