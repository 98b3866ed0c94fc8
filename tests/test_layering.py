"""The layering of docs/ARCHITECTURE.md, enforced: imports point only downward.

Every import in eagerbook (including imports inside functions) is read with `ast`; a package
may import only the packages listed for it, and only the notebook layer may import IPython,
widgets or plotting libraries. The core needs NumPy alone.
"""

import ast
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1] / "eagerbook"

ALLOWED = {
    "core": set(),
    "ops": {"core"},
    "autodiff": {"core", "ops"},  # never graph
    "graph": {"core", "ops"},  # never autodiff
    "data": {"core", "ops", "graph"},  # dataset functions are traced as tf.functions are
    "checkpoints": {"core"},
    "module": {"core", "checkpoints"},  # tf.Module: Keras layers are Modules
    # (framework: MirroredStrategy() takes one replica per logical CPU tf.config lists)
    "distribute": {"core", "ops", "framework"},
    # (framework: a SavedModel finds ExtensionType classes by their registered names)
    "saved_model": {"core", "ops", "graph", "module", "checkpoints", "framework"},
    # (distribute: a model belongs to the strategy whose scope made it)
    "keras": {"core", "ops", "autodiff", "data", "checkpoints", "module", "distribute"},
    "framework": {"core", "ops", "autodiff"},
    "testing": {"core", "ops", "autodiff"},
    "viz": {"core", "ops", "autodiff", "graph"},
    # the extension puts `import eagerbook as tf` into the user's namespace
    "notebook": {"__init__", "core", "ops", "autodiff", "graph", "data", "keras", "checkpoints",
                 "framework", "viz", "module"},
    "api": {"core", "ops", "autodiff", "graph", "data", "checkpoints", "framework", "keras",
            "module", "dtensor"},
    # (framework: a mesh is made of the logical devices tf.config lists)
    "dtensor": {"core", "ops", "framework"},
    # TF's internal module paths old notebooks import (tensorflow.python.ops.summary_ops_v2)
    "python": {"core", "ops"},
}
# Files that need one more package than their own may use: a recurrent layer over a number of
# steps known only when a tf.function runs loops with the graph's while_loop and TensorArray,
# as TF's RNN does.
# A layer's call on KerasTensors is traced on placeholders (a scratch graph), as TF's Keras
# traces it, to learn the output shapes TF's shape inference gives.
EXTRA = {"keras/layers/recurrent.py": {"graph"}, "keras/layers/base.py": {"graph"}}
NOTEBOOK_ONLY = {"IPython", "ipywidgets", "anywidget", "traitlets", "matplotlib", "graphviz",
                 "ipykernel"}
STDLIB = set(sys.stdlib_module_names)
# Optional libraries a file may import inside the functions that need them, raising TF's own
# ImportError where they are missing (TF's Keras image-file helpers need Pillow too). JPEG
# files go through Pillow's libjpeg (UnimplementedError without it); PNG needs nothing.
OPTIONAL = {"keras/image_utils.py": {"PIL"}, "ops/jpeg_ops.py": {"PIL"},
            "keras/preprocessing/affine.py": {"PIL"},  # brightness shifts: Pillow's enhancer
            "core/dtypes_bfloat16.py": {"ml_dtypes"},  # NumPy's bfloat16 type (tf.bfloat16 values)
            # protobuf's text_format/json_format read tf.train.Example through descriptors
            "ops/example_reflection.py": {"google"}}


def _imports(path):
    """(eagerbook subpackage or None, top-level module name) for each import in `path`."""
    package_parts = list(path.relative_to(ROOT).parts[:-1])
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield _absolute(alias.name.split("."))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package_parts[:len(package_parts) - (node.level - 1)]
                names = base + (node.module.split(".") if node.module else [])
                if not names:  # `from .. import x` at the top: x is the subpackage
                    for alias in node.names:
                        yield alias.name, None
                    continue
                yield names[0], None
            else:
                yield _absolute(node.module.split("."))


def _absolute(parts):
    if parts[0] == "eagerbook":
        return (parts[1] if len(parts) > 1 else "__init__"), None
    return None, parts[0]


FILES = sorted(p for p in ROOT.rglob("*.py") if len(p.relative_to(ROOT).parts) > 1)


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_imports_point_downward(path):
    package = path.relative_to(ROOT).parts[0]
    allowed = ALLOWED[package] | {package} | EXTRA.get(path.relative_to(ROOT).as_posix(), set())
    for internal, external in _imports(path):
        if internal is not None:
            assert internal in allowed, f"{package} must not import eagerbook.{internal}"
        elif package != "notebook":
            assert external not in NOTEBOOK_ONLY, f"only eagerbook.notebook may import {external}"
            optional = OPTIONAL.get(path.relative_to(ROOT).as_posix(), set())
            assert external in STDLIB or external == "numpy" or external in optional, \
                f"{package} imports {external}: the engine needs NumPy alone"


def test_every_package_has_a_contract():
    packages = {p.parent.relative_to(ROOT).parts[0] for p in FILES}
    assert packages <= set(ALLOWED), sorted(packages - set(ALLOWED))
