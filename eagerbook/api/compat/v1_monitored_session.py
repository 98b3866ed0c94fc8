"""TF 1.x's monitored sessions and their hooks (``tf.compat.v1.train.MonitoredSession``,
``MonitoredTrainingSession``, ``SessionRunHook`` and the common hooks).

A monitored session is a ``Session`` that, on creation, initializes the graph's Variables (or
restores them from the newest checkpoint of ``checkpoint_dir``) and then lets *hooks* take part
in every ``run``: before it, each hook may ask for more tensors to be fetched (or fed); after
it, each hook sees what it asked for and may ask the training loop to stop::

    with tf.compat.v1.train.MonitoredTrainingSession(hooks=[StopAtStepHook(last_step=100)]) as s:
        while not s.should_stop():
            s.run(train_op)

Leaving the ``with`` block on an ``OutOfRangeError`` (an input pipeline running out) ends the
session quietly, as in TF. (TF's chief also writes step-rate and summary events to
``checkpoint_dir``; eagerbook's does not: no ``StepCounterHook`` or ``SummarySaverHook``.)
"""

import collections
import logging
import os
import time

import numpy as np

from ...checkpoints import state as checkpoint_state
from ...core import errors
from ...graph import session as graph_session
from ...graph.import_graph import write_graph
from .v1_saver import Saver
from .v1_variable_scope import get_global_step

_log = logging.getLogger("tensorflow")


# --- the hook protocol --------------------------------------------------------------------------
class SessionRunHook:
    """A participant in a monitored session's life: override the methods you need."""

    def begin(self):
        """Called once before the session is made: the graph may still be changed."""

    def after_create_session(self, session, coord):
        """Called once the session is made (and its Variables initialized or restored)."""

    def before_run(self, run_context):
        """Called before each ``run``: return a SessionRunArgs to fetch (or feed) more."""
        return None

    def after_run(self, run_context, run_values):
        """Called after each ``run`` that did not raise, with what ``before_run`` asked for."""

    def end(self, session):
        """Called when the session closes without an error (also after an OutOfRangeError)."""


class SessionRunArgs(collections.namedtuple("SessionRunArgs",
                                            ["fetches", "feed_dict", "options"])):
    """What a hook adds to a ``run``: more fetches, and feeds."""

    def __new__(cls, fetches, feed_dict=None, options=None):
        return super().__new__(cls, fetches, feed_dict, options)


class SessionRunContext:
    """What a hook knows of the current ``run``; ``request_stop()`` ends the training loop."""

    def __init__(self, original_args, session):
        self._original_args = original_args
        self._session = session
        self._stop_requested = False

    @property
    def original_args(self):
        return self._original_args

    @property
    def session(self):
        return self._session

    @property
    def stop_requested(self):
        return self._stop_requested

    def request_stop(self):
        self._stop_requested = True


SessionRunValues = collections.namedtuple("SessionRunValues",
                                          ["results", "options", "run_metadata"])


# --- timing: every n seconds or every n steps ------------------------------------------------
class SecondOrStepTimer:
    """Says when something done every `every_secs` seconds or `every_steps` steps is due."""

    def __init__(self, every_secs=None, every_steps=None):
        if every_secs is None and every_steps is None:
            raise ValueError("Either every_secs or every_steps should be provided.")
        if every_secs is not None and every_steps is not None:
            raise ValueError("Can not provide both every_secs and every_steps.")
        self._every_secs, self._every_steps = every_secs, every_steps
        self.reset()

    def reset(self):
        self._last_triggered_step = None
        self._last_triggered_time = None

    def should_trigger_for_step(self, step):
        if self._last_triggered_step is None:
            return True
        if self._last_triggered_step == step:
            return False
        if self._every_secs is not None:
            return time.time() >= self._last_triggered_time + self._every_secs
        return step >= self._last_triggered_step + self._every_steps

    def update_last_triggered_step(self, step):
        """Records a trigger at `step`: (seconds, steps) since the previous one, or
        (None, None) for the first."""
        now = time.time()
        if self._last_triggered_time is None:
            elapsed = (None, None)
        else:
            elapsed = (now - self._last_triggered_time, step - self._last_triggered_step)
        self._last_triggered_time, self._last_triggered_step = now, step
        return elapsed

    def last_triggered_step(self):
        return self._last_triggered_step


class _NeverTriggerTimer(SecondOrStepTimer):
    def __init__(self):
        super().__init__(every_steps=1)

    def should_trigger_for_step(self, step):
        return False


# --- the common hooks ---------------------------------------------------------------------------
def _global_step_or_fail(hook_name):
    step = get_global_step()
    if step is None:
        raise RuntimeError(f"Global step should be created to use {hook_name}.")
    return step


class StopAtStepHook(SessionRunHook):
    """Asks to stop once the global step reaches `last_step` (or `num_steps` more than it was
    when the session was made)."""

    def __init__(self, num_steps=None, last_step=None):
        if num_steps is None and last_step is None:
            raise ValueError("One of num_steps or last_step must be specified.")
        if num_steps is not None and last_step is not None:
            raise ValueError("Only one of num_steps or last_step can be specified.")
        self._num_steps, self._last_step = num_steps, last_step

    def begin(self):
        self._global_step_tensor = _global_step_or_fail("StopAtStepHook")

    def after_create_session(self, session, coord):
        if self._last_step is None:
            self._last_step = session.run(self._global_step_tensor) + self._num_steps

    def before_run(self, run_context):
        return SessionRunArgs(self._global_step_tensor)

    def after_run(self, run_context, run_values):
        if run_values.results + 1 >= self._last_step:
            # the step read before the run: read it again, now that the train op has run
            if run_context.session.run(self._global_step_tensor) >= self._last_step:
                run_context.request_stop()


class LoggingTensorHook(SessionRunHook):
    """Logs (at INFO) the values of `tensors` every `every_n_iter` runs or `every_n_secs`
    seconds, and/or at the end (`at_end`): ``tag = value, ...``."""

    def __init__(self, tensors, every_n_iter=None, every_n_secs=None, at_end=False,
                 formatter=None):
        only_at_end = at_end and every_n_iter is None and every_n_secs is None
        if not only_at_end and (every_n_iter is None) == (every_n_secs is None):
            raise ValueError("either at_end and/or exactly one of every_n_iter and "
                             "every_n_secs must be provided.")
        if every_n_iter is not None and every_n_iter <= 0:
            raise ValueError(f"invalid every_n_iter={every_n_iter}.")
        if isinstance(tensors, dict):
            self._tag_order = sorted(tensors)
        else:
            self._tag_order = list(tensors)
            tensors = {item: item for item in tensors}
        self._tensors, self._formatter, self._log_at_end = tensors, formatter, at_end
        self._timer = _NeverTriggerTimer() if only_at_end else SecondOrStepTimer(
            every_secs=every_n_secs, every_steps=every_n_iter)

    def begin(self):
        self._timer.reset()
        self._iter_count = 0
        graph = graph_session.get_default_graph()
        self._current_tensors = {tag: graph.as_graph_element(t) if isinstance(t, str) else t
                                 for tag, t in self._tensors.items()}

    def before_run(self, run_context):
        self._should_trigger = self._timer.should_trigger_for_step(self._iter_count)
        return SessionRunArgs(self._current_tensors) if self._should_trigger else None

    def _log_tensors(self, values):
        elapsed, _ = self._timer.update_last_triggered_step(self._iter_count)
        if self._formatter:
            _log.info(self._formatter(values))
            return
        with np.printoptions(suppress=True):
            stats = ", ".join(f"{tag} = {values[tag]}" for tag in self._tag_order)
        if elapsed is not None:
            _log.info("%s (%.3f sec)", stats, elapsed)
        else:
            _log.info("%s", stats)

    def after_run(self, run_context, run_values):
        if self._should_trigger:
            self._log_tensors(run_values.results)
        self._iter_count += 1

    def end(self, session):
        if self._log_at_end:
            self._log_tensors(session.run(self._current_tensors))


class NanLossDuringTrainingError(RuntimeError):
    def __str__(self):
        return "NaN loss during training."


class NanTensorHook(SessionRunHook):
    """Stops training when `loss_tensor` is NaN: raises NanLossDuringTrainingError, or (with
    ``fail_on_nan_loss=False``) asks to stop."""

    def __init__(self, loss_tensor, fail_on_nan_loss=True):
        self._loss_tensor, self._fail_on_nan_loss = loss_tensor, fail_on_nan_loss

    def before_run(self, run_context):
        return SessionRunArgs(self._loss_tensor)

    def after_run(self, run_context, run_values):
        if np.isnan(run_values.results):
            message = "Model diverged with loss = NaN."
            if self._fail_on_nan_loss:
                _log.error(message)
                raise NanLossDuringTrainingError
            _log.warning(message)
            run_context.request_stop()


class FeedFnHook(SessionRunHook):
    """Feeds ``feed_fn()``'s dict to every run."""

    def __init__(self, feed_fn):
        self.feed_fn = feed_fn

    def before_run(self, run_context):
        return SessionRunArgs(fetches=None, feed_dict=self.feed_fn())


class FinalOpsHook(SessionRunHook):
    """Runs `final_ops` when the session ends; their values are then ``final_ops_values``."""

    def __init__(self, final_ops, final_ops_feed_dict=None):
        self._final_ops, self._final_ops_feed_dict = final_ops, final_ops_feed_dict
        self._final_ops_values = None

    @property
    def final_ops_values(self):
        return self._final_ops_values

    def end(self, session):
        if self._final_ops is not None:
            self._final_ops_values = session.run(self._final_ops,
                                                 feed_dict=self._final_ops_feed_dict)


class CheckpointSaverListener:
    """Called around each save of a CheckpointSaverHook; ``after_save`` returning True asks
    training to stop."""

    def begin(self):
        pass

    def before_save(self, session, global_step_value):
        pass

    def after_save(self, session, global_step_value):
        pass

    def end(self, session, global_step_value):
        pass


class CheckpointSaverHook(SessionRunHook):
    """Saves a checkpoint (``<checkpoint_dir>/model.ckpt-<step>``) when the session is made,
    every `save_secs` seconds or `save_steps` steps, and at the end."""

    def __init__(self, checkpoint_dir, save_secs=None, save_steps=None, saver=None,
                 checkpoint_basename="model.ckpt", scaffold=None, listeners=None,
                 save_graph_def=True):
        _log.info("Create CheckpointSaverHook.")
        if saver is not None and scaffold is not None:
            raise ValueError("You cannot provide both saver and scaffold.")
        self._saver, self._scaffold = saver, scaffold
        self._checkpoint_dir = checkpoint_dir
        self._save_path = os.path.join(checkpoint_dir, checkpoint_basename)
        self._timer = SecondOrStepTimer(every_secs=save_secs, every_steps=save_steps)
        self._listeners = list(listeners or [])
        self._save_graph_def = save_graph_def

    def begin(self):
        self._global_step_tensor = _global_step_or_fail("CheckpointSaverHook")
        for listener in self._listeners:
            listener.begin()

    def after_create_session(self, session, coord):
        step = session.run(self._global_step_tensor)
        if self._save_graph_def:  # (TF writes the graph's .meta too: eagerbook has no protos)
            write_graph(session.graph, self._checkpoint_dir, "graph.pbtxt")
        self._save(session, step)  # the state the training starts from
        self._timer.update_last_triggered_step(step)

    def before_run(self, run_context):
        return SessionRunArgs(self._global_step_tensor)

    def after_run(self, run_context, run_values):
        if self._timer.should_trigger_for_step(run_values.results + 1):
            step = run_context.session.run(self._global_step_tensor)
            if self._timer.should_trigger_for_step(step):
                self._timer.update_last_triggered_step(step)
                if self._save(run_context.session, step):
                    run_context.request_stop()

    def end(self, session):
        step = session.run(self._global_step_tensor)
        if step != self._timer.last_triggered_step():
            self._save(session, step)
        for listener in self._listeners:
            listener.end(session, step)

    def _save(self, session, step):
        """Saves; True when a listener asks to stop."""
        _log.info("Calling checkpoint listeners before saving checkpoint %d...", step)
        for listener in self._listeners:
            listener.before_save(session, step)
        _log.info("Saving checkpoints for %d into %s.", step, self._save_path)
        self._get_saver().save(session, self._save_path, global_step=step,
                               write_meta_graph=self._save_graph_def)
        _log.info("Calling checkpoint listeners after saving checkpoint %d...", step)
        stop = False
        for listener in self._listeners:
            if listener.after_save(session, step):
                _log.info("A CheckpointSaverListener requested that training be stopped. "
                          "listener: %s", listener)
                stop = True
        return stop

    def _get_saver(self):
        if self._saver is not None:
            return self._saver
        if self._scaffold is not None:
            return self._scaffold.saver
        self._saver = _default_saver()
        return self._saver


def _default_saver():
    """The graph's Saver (the SAVERS collection's), else a new one kept there."""
    graph = graph_session.get_default_graph()
    savers = graph.get_collection("savers")
    if savers:
        return savers[0]
    saver = Saver(sharded=True, allow_empty=True)
    graph.add_to_collection("savers", saver)
    return saver


# --- making the session -----------------------------------------------------------------------
class Scaffold:
    """What a monitored session needs besides the model: how to initialize Variables and the
    Saver to restore them with (defaults made by ``finalize``)."""

    def __init__(self, init_op=None, init_feed_dict=None, init_fn=None, ready_op=None,
                 ready_for_local_init_op=None, local_init_op=None, summary_op=None,
                 saver=None, copy_from_scaffold=None, local_init_feed_dict=None):
        if copy_from_scaffold is not None:
            if not isinstance(copy_from_scaffold, Scaffold):
                raise TypeError("copy_from_scaffold is not a Scaffold instance.")
            init_op = init_op or copy_from_scaffold.init_op
            init_feed_dict = init_feed_dict or copy_from_scaffold.init_feed_dict
            init_fn = init_fn or copy_from_scaffold._user_init_fn
            local_init_op = local_init_op or copy_from_scaffold.local_init_op
            local_init_feed_dict = local_init_feed_dict or \
                copy_from_scaffold.local_init_feed_dict
            saver = saver or copy_from_scaffold.saver
        self._init_op, self._init_feed_dict = init_op, init_feed_dict
        self._user_init_fn = init_fn
        self._init_fn = None if init_fn is None else (lambda sess: init_fn(self, sess))
        self._ready_op, self._ready_for_local_init_op = ready_op, ready_for_local_init_op
        self._local_init_op, self._local_init_feed_dict = local_init_op, local_init_feed_dict
        self._summary_op, self._saver = summary_op, saver

    def finalize(self):
        """Makes the defaults and finalizes the graph (no op may be added after)."""
        graph = graph_session.get_default_graph()
        if self._init_op is None:
            self._init_op = _get_or_default(graph, "init_op",
                                            graph_session.global_variables_initializer)
        if self._local_init_op is None:
            self._local_init_op = _get_or_default(graph, "local_init_op", lambda: graph.group(
                [graph_session.local_variables_initializer(),
                 graph_session.tables_initializer()]))
        if self._saver is None:
            self._saver = _default_saver()
        graph.finalize()
        _log.info("Graph was finalized.")
        return self

    init_op = property(lambda self: self._init_op)
    init_feed_dict = property(lambda self: self._init_feed_dict)
    init_fn = property(lambda self: self._init_fn)
    ready_op = property(lambda self: self._ready_op)
    ready_for_local_init_op = property(lambda self: self._ready_for_local_init_op)
    local_init_op = property(lambda self: self._local_init_op)
    local_init_feed_dict = property(lambda self: self._local_init_feed_dict)
    summary_op = property(lambda self: self._summary_op)
    saver = property(lambda self: self._saver)


def _get_or_default(graph, key, make):
    """The op kept in the graph's collection `key`, else a new one kept there (a second
    monitored session on the graph finds the first one's)."""
    kept = graph.get_collection(key)
    if kept:
        return kept[0]
    op = make()
    graph.add_to_collection(key, op)
    return op


class ChiefSessionCreator:
    """Makes the chief's session: Variables restored from the newest checkpoint (of
    `checkpoint_dir`, or `checkpoint_filename_with_path`), else initialized."""

    def __init__(self, scaffold=None, master="", config=None, checkpoint_dir=None,
                 checkpoint_filename_with_path=None):
        self._scaffold = scaffold or Scaffold()
        self._config = config
        self._checkpoint_dir = checkpoint_dir
        self._checkpoint_filename_with_path = checkpoint_filename_with_path

    def create_session(self):
        self._scaffold.finalize()
        sess = graph_session.Session(graph=graph_session.get_default_graph(),
                                     config=self._config)
        path = self._checkpoint_filename_with_path or (
            self._checkpoint_dir and checkpoint_state.latest_checkpoint(self._checkpoint_dir))
        if path:
            self._scaffold.saver.restore(sess, path)
        else:
            sess.run(self._scaffold.init_op, feed_dict=self._scaffold.init_feed_dict)
            if self._scaffold.init_fn is not None:
                self._scaffold.init_fn(sess)
        sess.run(self._scaffold.local_init_op, feed_dict=self._scaffold.local_init_feed_dict)
        return sess


class _Coordinator:
    """The stop flag hooks' ``after_create_session`` receive as `coord`."""

    def __init__(self):
        self._stop = False

    def request_stop(self, ex=None):
        self._stop = True

    def should_stop(self):
        return self._stop


class MonitoredSession:
    """A session that initializes (or restores) the graph's Variables when made and runs
    `hooks` around every ``run``; see the module docstring."""

    def __init__(self, session_creator=None, hooks=None, stop_grace_period_secs=120):
        self._hooks = list(hooks or [])
        for hook in self._hooks:
            hook.begin()
        self._graph = graph_session.get_default_graph()
        self._graph_was_finalized = self._graph.finalized
        self._coord = _Coordinator()
        with self._graph.as_default():
            self._sess = (session_creator or ChiefSessionCreator()).create_session()
        for hook in self._hooks:
            hook.after_create_session(self._sess, self._coord)
        self._should_stop = False

    @property
    def graph(self):
        return self._graph

    def _tf_sess(self):
        return self._sess

    def should_stop(self):
        return self._sess is None or self._should_stop or self._coord.should_stop()

    def run(self, fetches, feed_dict=None, options=None, run_metadata=None):
        if self._sess is None:
            raise RuntimeError("Session is already closed.")
        if self.should_stop():
            raise RuntimeError("Run called even after should_stop requested.")
        context = SessionRunContext(SessionRunArgs(fetches, feed_dict), self._sess)
        requests = [(hook, hook.before_run(context)) for hook in self._hooks]
        feeds = self._merged_feeds(feed_dict, [request for _, request in requests])
        asked = [(hook, request) for hook, request in requests
                 if request is not None and request.fetches is not None]
        with self._graph.as_default():
            outputs = self._sess.run([fetches] + [request.fetches for _, request in asked],
                                     feed_dict=feeds)
        results = dict(zip((id(hook) for hook, _ in asked), outputs[1:]))
        for hook in self._hooks:
            hook.after_run(context, SessionRunValues(results.get(id(hook)), options,
                                                     run_metadata))
        self._should_stop = self._should_stop or context.stop_requested
        return outputs[0]

    @staticmethod
    def _merged_feeds(user_feeds, requests):
        hook_feeds = {}
        for request in requests:
            if request is None or not request.feed_dict:
                continue
            _raise_if_both_feed(hook_feeds, request.feed_dict,
                                "Same tensor is fed by two hooks.")
            hook_feeds.update(request.feed_dict)
        if not hook_feeds:
            return user_feeds
        if not user_feeds:
            return hook_feeds
        _raise_if_both_feed(user_feeds, hook_feeds,
                            "Same tensor is fed by a SessionRunHook and user.")
        return {**hook_feeds, **user_feeds}

    def run_step_fn(self, step_fn):
        """``step_fn(step_context)``: its ``run_with_hooks`` is this session's run."""
        return step_fn(_StepContext(self))

    def close(self, _error=None):
        if self._sess is None:
            return
        try:
            if _error is None:
                for hook in self._hooks:
                    hook.end(self._sess)
        finally:
            self._sess.close()
            self._sess = None
            if not self._graph_was_finalized:  # (ops may be added again, as before)
                self._graph._unsafe_unfinalize()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type in (errors.OutOfRangeError, StopIteration):
            exc_type = None  # (an input pipeline ran out: a normal end of training)
        self.close(exc_type)
        return exc_type is None


def _raise_if_both_feed(feeds1, feeds2, message):
    both = set(feeds1) & set(feeds2)
    if both:
        raise RuntimeError(f"{message} Conflict(s): {list(both)}")


class _StepContext:
    def __init__(self, monitored):
        self._monitored = monitored

    @property
    def session(self):
        return self._monitored._sess

    def run_with_hooks(self, *args, **kwargs):
        return self._monitored.run(*args, **kwargs)

    def request_stop(self):
        raise StopIteration("step_fn has requested the iterations to stop.")


class SingularMonitoredSession(MonitoredSession):
    """A MonitoredSession for one process, which is the chief; ``raw_session()`` is the
    plain Session inside."""

    def __init__(self, hooks=None, scaffold=None, master="", config=None, checkpoint_dir=None,
                 stop_grace_period_secs=120, checkpoint_filename_with_path=None):
        super().__init__(ChiefSessionCreator(
            scaffold=scaffold, master=master, config=config, checkpoint_dir=checkpoint_dir,
            checkpoint_filename_with_path=checkpoint_filename_with_path), hooks=hooks,
            stop_grace_period_secs=stop_grace_period_secs)

    def raw_session(self):
        return self._tf_sess()


_USE_DEFAULT = object()


def MonitoredTrainingSession(  # noqa: N802 (TF's name: a function that makes a session)
        master="", is_chief=True, checkpoint_dir=None, scaffold=None, hooks=None,
        chief_only_hooks=None, save_checkpoint_secs=_USE_DEFAULT,
        save_summaries_steps=_USE_DEFAULT, save_summaries_secs=_USE_DEFAULT, config=None,
        stop_grace_period_secs=120, log_step_count_steps=100, max_wait_secs=7200,
        save_checkpoint_steps=_USE_DEFAULT, summary_dir=None, save_graph_def=True):
    """A MonitoredSession for training: with `checkpoint_dir`, it restores from the newest
    checkpoint there and saves one every `save_checkpoint_secs` seconds (600 by default) or
    `save_checkpoint_steps` steps."""
    if save_checkpoint_secs is _USE_DEFAULT and save_checkpoint_steps is _USE_DEFAULT:
        save_checkpoint_secs, save_checkpoint_steps = 600, None
    elif save_checkpoint_secs is _USE_DEFAULT:
        save_checkpoint_secs = None
    elif save_checkpoint_steps is _USE_DEFAULT:
        save_checkpoint_steps = None
    all_hooks = list(chief_only_hooks or []) if is_chief else []
    if is_chief and checkpoint_dir and ((save_checkpoint_secs or 0) > 0 or
                                        (save_checkpoint_steps or 0) > 0):
        all_hooks.append(CheckpointSaverHook(
            checkpoint_dir, save_steps=save_checkpoint_steps, save_secs=save_checkpoint_secs,
            scaffold=scaffold, save_graph_def=save_graph_def))
    all_hooks.extend(hooks or [])
    creator = ChiefSessionCreator(scaffold=scaffold, master=master, config=config,
                                  checkpoint_dir=checkpoint_dir)
    return MonitoredSession(session_creator=creator, hooks=all_hooks,
                            stop_grace_period_secs=stop_grace_period_secs)


NAMES = ("SessionRunHook", "SessionRunArgs", "SessionRunContext", "SessionRunValues",
         "SecondOrStepTimer", "StopAtStepHook", "LoggingTensorHook", "NanLossDuringTrainingError",
         "NanTensorHook", "FeedFnHook", "FinalOpsHook", "CheckpointSaverListener",
         "CheckpointSaverHook", "Scaffold", "ChiefSessionCreator", "MonitoredSession",
         "SingularMonitoredSession", "MonitoredTrainingSession")
