"""View-models: the plain data the notebook widgets draw.

Nothing here imports IPython or widgets. Each module turns an engine object into dicts, lists
and strings (and Graphviz DOT / SVG text), so that the same data feeds the interactive widgets,
their static SVG/HTML fallbacks, the plain-text reprs and the tests.

- ``tape``     a GradientTape (or a snapshot of one) -> nodes and edges, gradients per node,
               the order of the backward sweep
- ``dot``      DOT text for those graphs and an SVG renderer that calls Graphviz's ``dot``
- ``history``  training curves (loss, metrics, validation twins) -> series and a static SVG chart
- ``gradflow`` per-layer gradient norms over steps, with vanishing/exploding flags
- ``graphs``   tf.function graphs (eagerbook.graph) -> nodes and edges, IR text, DOT
- ``oplog``    the op log of the ``%%eager`` magic -> table rows and text
"""

from .dot import GraphvizUnavailable, dot_available, render_svg
from .history import History
from .tape import TapeSnapshot, tape_model
