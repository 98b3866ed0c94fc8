"""``tensorflow.python.ops``: ``summary_ops_v2`` (the TF 2.0 preview's summary API) and
``control_flow_util`` (its control-flow switch)."""
