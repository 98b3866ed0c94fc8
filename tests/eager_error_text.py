"""The text of TF 2's eager kernel errors, for tests that compare an error's whole message.

TF 2 runs each eager op as a small function of its own, so a kernel's error begins with that
function's name (the op's, plus the attrs that fix its arity, ``Pack_N_3``) and device, and
ends with the op: ``{{function_node __wrapped__MatMul_device_/job:localhost/replica:0/task:0/
device:CPU:0}} Matrix size-incompatible: ... [Op:MatMul]``.
"""

DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"


def eager_text(op_type, message, wrapped=None):
    """TF's eager error text for `message` from the kernel of `op_type`."""
    return f"{{{{function_node __wrapped__{wrapped or op_type}_device_{DEVICE}}}}} {message} " \
           f"[Op:{op_type}]"


def after_frame(text):
    """The words after the function frame (which must be there), e.g. ``message [Op:MatMul]``."""
    assert text.startswith("{{function_node __wrapped__") and f"_device_{DEVICE}}}}} " in text, \
        text
    return text.split("}} ", 1)[1]


def framed(message, wrapped=None):
    """`message` (ending in ``[Op:Name]``, perhaps then the `` name: ...`` TF's op functions
    add) inside TF's function frame for that op; a message without ``[Op:...]`` (a check in
    Python before any kernel) stays as it is."""
    if " [Op:" not in message:
        return message
    words, op_part = message.rsplit(" [Op:", 1)
    op_type, _, name_suffix = op_part.partition("]")
    return eager_text(op_type, words, wrapped) + name_suffix
