// GraphView: a tf.function's traced graph. Tabs: the graph as traced, after the optimization
// passes, the IR text, the AutoGraph-converted source and the trace history (one row per
// concrete function; click a row to look at that trace).
// Model traits: title, tabs ([{key, label, kind: "svg"|"text", content}]), traces
// ([{signature, ops}]), trace_index, message.

function esc(text) {
  return String(text ?? "").replace(/[&<>"]/g, (c) =>
    ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

function render({ model, el }) {
  el.classList.add("eb-widget", "eb-graphview");
  el.innerHTML = `<div class="eb-toolbar"><span class="eb-title"></span>
    <span class="eb-muted eb-summary"></span></div>
    <div class="eb-message" hidden></div>
    <div class="eb-tabs"></div><div class="eb-content eb-graph"></div>`;
  const titleEl = el.querySelector(".eb-title");
  const summaryEl = el.querySelector(".eb-summary");
  const messageEl = el.querySelector(".eb-message");
  const tabsEl = el.querySelector(".eb-tabs");
  const contentEl = el.querySelector(".eb-content");
  let current = null;

  function show(key) {
    const tabs = model.get("tabs") || [];
    const traces = model.get("traces") || [];
    current = key;
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
      return;
    }
    const tab = tabs.find((t) => t.key === key);
    if (!tab) { contentEl.innerHTML = ""; return; }
    contentEl.innerHTML = tab.kind === "svg" && tab.content ? tab.content :
      `<pre class="eb-pre">${esc(tab.content || "(empty)")}</pre>`;
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
      b.addEventListener("click", () => show(tab.key));
      tabsEl.appendChild(b);
    }
    const keys = [...tabs.map((t) => t.key), "traces"];
    show(keys.includes(current) ? current : keys[0]);
  }
  for (const trait of ["tabs", "traces", "trace_index", "title", "message"]) {
    model.on(`change:${trait}`, draw);
  }
  draw();
}

export default { render };
