"""``tf.version``: which release this is.

``VERSION`` (``tf.__version__``) is the TensorFlow API eagerbook follows, ``2.21.0``: the
release its behaviour is compared with, printed as TF 2.21 prints it (TF's tutorials print it
in their first cells). Code that checks ``tf.__version__.startswith("2")`` or parses the major
and minor numbers takes its TF 2 branch. Which engine runs is in the two other names:
``ENGINE_VERSION`` is eagerbook's own release (``pip show eagerbook``), and ``GIT_VERSION``
names it where TF's names a commit: ``v2.21.0-eagerbook-0.1.0``. eagerbook compiles nothing,
so the compiler entry says so; the GraphDef version is the one its GraphDefs carry (TF 2.21's,
whose graphs they describe).
"""

import platform

TENSORFLOW_API_VERSION = "2.21.0"
ENGINE_VERSION = "0.1.0"
VERSION = TENSORFLOW_API_VERSION
GIT_VERSION = f"v{VERSION}-eagerbook-{ENGINE_VERSION}"
COMPILER_VERSION = f"none (pure Python {platform.python_version()} over NumPy)"
GRAPH_DEF_VERSION = 2474  # (graph/graph_def.py writes it as the producer)
GRAPH_DEF_VERSION_MIN_CONSUMER = 0
GRAPH_DEF_VERSION_MIN_PRODUCER = 0
