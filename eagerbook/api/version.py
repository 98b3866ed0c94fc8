"""``tf.version``: which release this is.

``VERSION`` names both things code may ask about: the TensorFlow API eagerbook follows (the
release its behaviour is compared with) and eagerbook's own release, as a local version label:
``2.21.0+eagerbook.0.1.0``. TF code that checks ``tf.__version__.startswith("2")`` or parses the
major and minor numbers takes its TF 2 branch, and code that prints the version still learns
which engine it runs on. The package itself (``pip show eagerbook``) is ``ENGINE_VERSION``.
eagerbook compiles nothing, so the compiler entry says so; the GraphDef version is the one its
GraphDefs carry (TF 2.21's, whose graphs they describe).
"""

import platform

TENSORFLOW_API_VERSION = "2.21.0"
ENGINE_VERSION = "0.1.0"
VERSION = f"{TENSORFLOW_API_VERSION}+eagerbook.{ENGINE_VERSION}"
GIT_VERSION = f"v{VERSION}"
COMPILER_VERSION = f"none (pure Python {platform.python_version()} over NumPy)"
GRAPH_DEF_VERSION = 2474  # (graph/graph_def.py writes it as the producer)
GRAPH_DEF_VERSION_MIN_CONSUMER = 0
GRAPH_DEF_VERSION_MIN_PRODUCER = 0
