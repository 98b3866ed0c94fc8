// Shared by the four widgets (eagerbook/notebook/widgets.py puts it before each module).
//
// A notebook reopened after its kernel is gone can redraw a widget only from the widget
// state saved in the notebook; without it JupyterLab and Notebook 7 say "Error displaying
// widget: model not found". They save that state when "Save Widget State Automatically" is
// on (`make lab` and Binder turn it on), and it is off by default. So a notebook showing
// eagerbook widgets asks its widget manager to save the state whenever the notebook is
// saved. Other front ends (nbconvert, VS Code, Colab) have no such manager: nothing to do,
// and their saved notebooks show the stored PNG picture instead.
function keepWidgetState(model) {
  const manager = model.widget_manager;
  const context = manager && manager._context;  // JupyterLab's and Notebook 7's manager
  if (!context || !context.saveState || typeof manager._saveState !== "function") return;
  const hooked = (globalThis.__eagerbookStateSaved ??= new WeakSet());
  if (hooked.has(manager)) return;
  hooked.add(manager);
  context.saveState.connect((_, phase) => {
    const settings = manager._settings || {};
    // "started" comes before the notebook is written; with the setting on, the manager
    // saves the state itself.
    if (phase === "started" && !settings.saveState && !manager.isDisposed) {
      manager._saveState();
    }
  });
}

// A reopened notebook's widget outputs wait for their models while the widget manager
// recreates them from the saved state: JupyterLab's and Notebook 7's renderer looks for the
// model every 0.1 s and, once 2 s have passed, says "Error displaying widget: model not
// found" without a last look. Putting a megabyte SVG into the page keeps the browser busy
// for about a second; started as soon as the first model arrived, it made the renderers
// still waiting for the others wake up after their 2 s, with their models already there.
// So a widget draws a big picture only after a pause in which every waiting renderer looks
// once more; small pictures draw at once.
const BIG_PICTURE = 100_000;  // characters of SVG (a tape of a few hundred ops)
const PAUSE_MS = 300;         // several of the renderer's 0.1 s looks

function drawWhenIdle(size, draw) {
  if (size < BIG_PICTURE) {
    draw();
    return;
  }
  setTimeout(draw, PAUSE_MS);
}
