"""``tensorflow.python``: the few of TF's internal modules that TF 2.0-era notebooks import by
their private path (``from tensorflow.python.ops import summary_ops_v2``). Each module here
hands out what eagerbook already has under its public name; nothing else of TF's internal
tree exists."""
