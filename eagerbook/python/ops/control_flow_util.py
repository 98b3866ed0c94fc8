"""``tensorflow.python.ops.control_flow_util``: TF 2.0-era notebooks set
``ENABLE_CONTROL_FLOW_V2 = True`` to get the control flow TF 2 has by default. eagerbook has
only that control flow, so the switch is read by nothing."""

ENABLE_CONTROL_FLOW_V2 = True


def enable_control_flow_v2():
    """Turns on TF 2's control flow: it is always on here."""
    global ENABLE_CONTROL_FLOW_V2
    ENABLE_CONTROL_FLOW_V2 = True
