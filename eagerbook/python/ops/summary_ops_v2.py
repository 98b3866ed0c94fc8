"""``tensorflow.python.ops.summary_ops_v2``: the summary API of the TF 2.0 previews (before
``tf.summary`` took its final form), as TF 2.21 still ships it.

Two things differ from ``tf.summary``:

* ``scalar(name, tensor, family=None, step=None)``, ``histogram``, ``image`` and ``generic``
  write only inside ``record_if`` / ``always_record_summaries()`` (with no condition set they
  write nothing, where ``tf.summary.scalar`` writes), and return None without a default
  writer;
* ``create_file_writer(logdir, max_queue, flush_millis, filename_suffix, name)`` takes
  ``logdir=None`` for a writer that writes nothing.

The rest (``record_if``, ``flush``, the step) is ``tf.summary``'s.
"""

from ...core.tensor import convert_to_tensor
from ...ops import summary_ops
from ...ops.summary_ops import (  # noqa: F401 (re-exported under TF's internal names)
    SummaryWriter,
    create_noop_writer,
    flush,
    get_step,
    record_if,
    set_step,
    should_record_summaries,
    write,
)
from ...ops.summary_ops import create_file_writer as create_file_writer_v2


def create_file_writer(logdir, max_queue=None, flush_millis=None, filename_suffix=None,
                       name=None):
    """A writer of one new event file in `logdir`; with `logdir` None, a writer that writes
    nothing (usable as a context all the same)."""
    if logdir is None:
        return create_noop_writer()
    return create_file_writer_v2(str(logdir), max_queue=max_queue, flush_millis=flush_millis,
                                 filename_suffix=filename_suffix, name=name)


def always_record_summaries():
    """The legacy summaries below write from here on (a ``record_if(True)`` context)."""
    return record_if(True)


def never_record_summaries():
    """The legacy summaries below write nothing (a ``record_if(False)`` context)."""
    return record_if(False)


def is_recording_summaries():
    """True when a default writer exists and a ``record_if`` condition set to True holds."""
    return summary_ops.default_writer() is not None and \
        summary_ops.recording_condition() is True


def _legacy_write(summary, name, tensor, family, step, **kwargs):
    if summary_ops.default_writer() is None:
        return None  # (TF: a no_op, which eagerly is None)
    if summary_ops.recording_condition() is None:
        return convert_to_tensor(False)  # no record_if: the legacy API records nothing
    tag = f"{family}/{name}" if family else name
    return summary(tag, tensor, step=step, **kwargs)


def scalar(name, tensor, family=None, step=None):
    """Writes a scalar summary inside ``record_if`` (nothing outside it)."""
    return _legacy_write(summary_ops.scalar, name, tensor, family, step)


def histogram(name, tensor, family=None, step=None):
    """Writes a histogram summary inside ``record_if`` (nothing outside it)."""
    return _legacy_write(summary_ops.histogram, name, tensor, family, step)


def image(name, tensor, bad_color=None, max_images=3, family=None, step=None):
    """Writes an image summary inside ``record_if`` (nothing outside it)."""
    return _legacy_write(summary_ops.image, name, tensor, family, step,
                         max_outputs=max_images)


def generic(name, tensor, metadata=None, family=None, step=None):
    """Writes `tensor` as it is inside ``record_if`` (nothing outside it)."""
    return _legacy_write(summary_ops.write, name, tensor, family, step, metadata=metadata)
