"""``tf.version``: which release this is.

``VERSION`` is eagerbook's own version (the package's ``__version__``), not a TensorFlow
release number: code that prints ``tf.version.VERSION`` learns which engine it runs on.
eagerbook compiles nothing and writes no versioned GraphDef protos, so the compiler entry says
so and the GraphDef versions are 0.
"""

import platform

VERSION = "0.1.0"
GIT_VERSION = f"v{VERSION}"
COMPILER_VERSION = f"none (pure Python {platform.python_version()} over NumPy)"
GRAPH_DEF_VERSION = 0
GRAPH_DEF_VERSION_MIN_CONSUMER = 0
GRAPH_DEF_VERSION_MIN_PRODUCER = 0
