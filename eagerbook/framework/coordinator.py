"""``tf.train.Coordinator``: how a TF 1.x program's threads agree to stop.

Every thread checks ``coord.should_stop()`` in its loop; any thread may ``request_stop()``
(passing the exception that made it stop, if any); the main thread ``join``s them all, and
the exception is raised again there::

    coord = tf.train.Coordinator()
    threads = [threading.Thread(target=work, args=(coord,)) for _ in range(4)]
    for t in threads: t.start()
    coord.join(threads)
"""

import contextlib
import sys
import threading
import time

from ..core import errors


class Coordinator:
    def __init__(self, clean_stop_exception_types=None):
        if clean_stop_exception_types is None:
            clean_stop_exception_types = (errors.OutOfRangeError,)
        self._clean_stop_exception_types = tuple(clean_stop_exception_types)
        self._lock = threading.Lock()
        self._stop_event = threading.Event()
        self._exc_info_to_raise = None
        self._joined = False
        self._registered_threads = set()

    def _filter_exception(self, ex):
        """The exception info to raise again at join, or None for a clean stop."""
        if isinstance(ex, tuple):
            ex2 = ex[1]
        else:
            ex2 = ex
        if isinstance(ex2, self._clean_stop_exception_types):
            return None  # (an input queue running out ends training normally)
        return ex

    def request_stop(self, ex=None):
        """Asks every thread to stop; `ex` (an exception, or ``sys.exc_info()``), unless of a
        clean-stop type, is raised again by ``join``. The first one given wins."""
        with self._lock:
            ex = self._filter_exception(ex)
            if self._joined:
                if isinstance(ex, tuple):
                    _, ex_instance, _ = ex
                    raise ex_instance
                if ex is not None:
                    raise ex
            if ex is not None and self._exc_info_to_raise is None:
                if isinstance(ex, tuple):
                    self._exc_info_to_raise = ex
                else:
                    self._exc_info_to_raise = (type(ex), ex, ex.__traceback__)
                if not isinstance(self._exc_info_to_raise[1], Exception):
                    self._exc_info_to_raise = None
                    raise TypeError("ex must be a tuple or sys.exc_info, not: "
                                    f"{ex}") from None
            self._stop_event.set()

    def clear_stop(self):
        """Makes the coordinator usable again (after ``join``)."""
        with self._lock:
            self._joined = False
            self._exc_info_to_raise = None
            self._stop_event.clear()

    def should_stop(self):
        return self._stop_event.is_set()

    @contextlib.contextmanager
    def stop_on_exception(self):
        """A block whose exception, if one is raised, requests a stop (and is kept)."""
        try:
            yield
        except:  # noqa: E722 - every exception stops the threads, as in TF
            self.request_stop(ex=sys.exc_info())

    def wait_for_stop(self, timeout=None):
        """True once a stop is requested; False if `timeout` seconds pass first."""
        return self._stop_event.wait(timeout)

    def register_thread(self, thread):
        with self._lock:
            self._registered_threads.add(thread)

    def join(self, threads=None, stop_grace_period_secs=120, ignore_live_threads=False):
        """Waits for the registered threads and `threads` to finish once a stop is requested,
        at most `stop_grace_period_secs` more; a RuntimeError names threads still running
        then; the exception given to ``request_stop`` is raised again."""
        threads = set(threads or ()) | self._registered_threads
        while any(t.is_alive() for t in threads) and not self.wait_for_stop(1.0):
            pass
        deadline = time.time() + stop_grace_period_secs
        for thread in threads:
            thread.join(max(0.0, deadline - time.time()))
        with self._lock:
            self._joined = True
            self._registered_threads = set()
            if self._exc_info_to_raise:
                _, ex_instance, _ = self._exc_info_to_raise
                raise ex_instance
        stragglers = [t.name for t in threads if t.is_alive()]
        if stragglers and not ignore_live_threads:
            raise RuntimeError(f"Coordinator stopped with threads still running: "
                               f"{' '.join(stragglers)}")

    @property
    def joined(self):
        return self._joined

    def raise_requested_exception(self):
        """Raises the exception given to ``request_stop``, if any."""
        with self._lock:
            if self._exc_info_to_raise:
                _, ex_instance, _ = self._exc_info_to_raise
                raise ex_instance
