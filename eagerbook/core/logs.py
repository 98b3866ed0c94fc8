"""The "tensorflow" logger (``tf.get_logger()``), which eagerbook's warnings go through as
TF's do, so they read ``WARNING:tensorflow:...`` on stderr and ``tf.get_logger().setLevel(
"ERROR")`` silences them.

As TF does, the logger gets its own stderr handler in the ``levelname:name:message`` format
only when the program has not configured logging itself (no handler on the root logger when
eagerbook is imported); otherwise its records go to the program's handlers.
"""

import logging
import sys

from .op_events import user_location

logger = logging.getLogger("tensorflow")


class _StderrHandler(logging.StreamHandler):
    """Writes to the current ``sys.stderr`` (a notebook or a test may replace it later)."""

    def emit(self, record):
        self.stream = sys.stderr
        super().emit(record)


if not logging.getLogger().handlers and not logger.handlers:
    _handler = _StderrHandler()
    _handler.setFormatter(logging.Formatter(logging.BASIC_FORMAT))
    logger.addHandler(_handler)


_warned_deprecated = set()


def deprecated_once(function_name, module, instructions):
    """TF's deprecation warning, logged once per deprecated function or method, naming the
    user's file and line."""
    if function_name in _warned_deprecated:
        return
    _warned_deprecated.add(function_name)
    filename, lineno = user_location()
    logger.warning(f"From {filename}:{lineno}: {function_name} (from {module}) is "
                   f"deprecated and will be removed in a future version.\n"
                   f"Instructions for updating:\n{instructions}")
