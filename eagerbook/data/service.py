"""``tf.data.experimental.service``: the tf.data service, run inside this process.

TF's service is a dispatcher server and worker servers (usually on other machines) that
produce a dataset's elements for the programs that read it. Here the servers are objects in
this process: a ``DispatchServer`` answers at ``grpc://localhost:<port>`` (an address used as
a name, nothing listens on it), ``WorkerServer``s join the dispatcher their config names, and
a dataset sent to the service (``distribute`` or ``register_dataset`` + ``from_dataset_id``)
is produced by those workers when it is read:

- ``"parallel_epochs"`` (``ShardingPolicy.OFF``): every worker produces the whole dataset,
  the reader gets the workers' elements in turn (so each element once per worker);
- ``"distributed_epoch"`` (``ShardingPolicy.DYNAMIC`` and the other sharding policies): the
  workers share one pass over the dataset, each element is produced once.

Readers that give the same ``job_name`` share one job: together they read each element once.
With no worker, reading raises ``UnavailableError`` (TF's reader would wait for one).
"""

import enum
import itertools
import threading
from typing import NamedTuple

import numpy as np

from ..core import errors
from ..core.tensor import Tensor, _from_numpy
from . import saving
from .dataset import UNKNOWN, Dataset

_lock = threading.Lock()
_dispatchers = {}  # "localhost:<port>" -> DispatchServer
_next_port = itertools.count(39_000)


class ShardingPolicy(enum.IntEnum):
    OFF = 0
    DYNAMIC = 1
    FILE = 2
    DATA = 3
    FILE_OR_DATA = 4
    HINT = 5


class DispatcherConfig(NamedTuple):
    port: int = 0
    protocol: str = "grpc"
    work_dir: str = None
    fault_tolerant_mode: bool = False
    worker_addresses: list = None
    job_gc_check_interval_ms: int = 0
    job_gc_timeout_ms: int = 0
    worker_timeout_ms: int = None
    worker_max_concurrent_snapshots: int = 0


class WorkerConfig(NamedTuple):
    dispatcher_address: str
    worker_address: str = "localhost:%port%"
    port: int = 0
    protocol: str = "grpc"
    heartbeat_interval_ms: int = 0
    dispatcher_timeout_ms: int = 0
    data_transfer_protocol: str = None
    data_transfer_address: str = "localhost:%dts_port%"


def _free_port(port):
    with _lock:
        if port:
            if f"localhost:{port}" in _dispatchers:
                raise errors.UnavailableError(None, None, f"Failed to start server: address "
                                                          f"localhost:{port} already in use")
            return port
        while True:
            port = next(_next_port)
            if f"localhost:{port}" not in _dispatchers:
                return port


class DispatchServer:
    """The dispatcher: it keeps the registered datasets and knows its workers."""

    def __init__(self, config=None, start=True):
        config = config if config is not None else DispatcherConfig()
        self._config = config._replace(protocol=config.protocol or "grpc")
        self._port = _free_port(config.port)
        self._address = f"localhost:{self._port}"
        self._workers = []
        self._datasets = {}  # dataset id -> Dataset
        self._ids = itertools.count(1000)
        self._jobs = {}  # job name -> the shared element iterator of that job
        self._running = False
        with _lock:
            _dispatchers[self._address] = self
        if start:
            self.start()

    def start(self):
        self._running = True

    def join(self):
        """TF blocks here while the server runs; in one process there is nothing to wait for."""

    def stop(self):
        self._running = False
        with _lock:
            _dispatchers.pop(self._address, None)

    _stop = stop

    @property
    def target(self):
        return f"{self._config.protocol}://{self._address}"

    def _live_workers(self):
        return [w for w in self._workers if w._running]

    def _register(self, dataset, dataset_id):
        key = str(next(self._ids)) if dataset_id is None else str(dataset_id)
        self._datasets.setdefault(key, dataset)
        return key


class WorkerServer:
    """A worker: it produces elements of the datasets its dispatcher hands out."""

    def __init__(self, config, start=True):
        if not isinstance(config, WorkerConfig):
            raise TypeError(f"`config` must be a tf.data.experimental.service.WorkerConfig, "
                            f"got {type(config).__name__}")
        self._config = config
        self._dispatcher_address = _address_of(config.dispatcher_address)
        self._running = False
        self._port = config.port or next(_next_port)
        if start:
            self.start()

    def start(self):
        dispatcher = _dispatchers.get(self._dispatcher_address)
        if dispatcher is None:
            raise errors.UnavailableError(
                None, None, f"Failed to join the dispatcher at {self._dispatcher_address}: "
                            "no tf.data service dispatcher runs there in this process.")
        if self not in dispatcher._workers:
            dispatcher._workers.append(self)
        self._running = True

    def join(self):
        """TF blocks here while the server runs; in one process there is nothing to wait for."""

    def stop(self):
        self._running = False

    _stop = stop

    @property
    def _address(self):
        return f"localhost:{self._port}"


def _address_of(service):
    """"localhost:<port>" from a target ("grpc://localhost:<port>") or an address."""
    if isinstance(service, Tensor):
        service = service.numpy()
    if isinstance(service, bytes):
        service = service.decode()
    if not isinstance(service, str):
        raise ValueError(f"`service` must be a string, but `service` was of type "
                         f"{type(service)}. service={service}")
    if not service:
        raise ValueError("`service` must not be empty")
    return service.split("://", 1)[1] if "://" in service else service


def _dispatcher(service):
    address = _address_of(service)
    dispatcher = _dispatchers.get(address)
    if dispatcher is None or not dispatcher._running:
        raise errors.UnavailableError(None, None, f"Failed to connect to the tf.data service "
                                                  f"dispatcher at {address}.")
    return dispatcher


def _sharded(processing_mode):
    """True for a mode in which the workers share one pass (each element once)."""
    if isinstance(processing_mode, ShardingPolicy):
        return processing_mode != ShardingPolicy.OFF
    if processing_mode == "parallel_epochs":
        return False
    if processing_mode == "distributed_epoch":
        return True
    raise ValueError(f"tf.data service processing mode should be a "
                     f"`tf.data.experimental.service.ShardingPolicy`, `\"parallel_epochs\"`, "
                     f"or `\"distributed_epoch\"`. Got {processing_mode!r}.")


def register_dataset(service, dataset, compression="AUTO", dataset_id=None):
    """Registers `dataset` with the dispatcher at `service`; returns its id (a string
    scalar tensor, "1000", "1001", ... unless `dataset_id` names it)."""
    if not isinstance(dataset, Dataset):
        raise TypeError(f"`dataset` must be a `tf.data.Dataset`, got {type(dataset).__name__}")
    if compression not in ("AUTO", "NONE", None):
        raise ValueError(f"Invalid `compression` argument: {compression}. Must be one of "
                         f"['AUTO', 'NONE', None].")
    key = _dispatcher(service)._register(dataset, dataset_id)
    return _from_numpy(np.array(key.encode(), dtype=object))


class DataServiceDataset(Dataset):
    """The elements of a registered dataset, produced by the dispatcher's workers."""

    _tf_name = "_DataServiceDatasetV2"

    def __init__(self, service, dataset_id, processing_mode, element_spec, job_name):
        self._sharded = _sharded(processing_mode)
        self._service = service
        self._dispatcher_address = _address_of(service)
        if isinstance(dataset_id, Tensor):
            dataset_id = dataset_id.numpy()
        self._dataset_id = dataset_id.decode() if isinstance(dataset_id, bytes) \
            else str(dataset_id)
        self._job_name = job_name
        self._given_spec = element_spec

    def _registered(self):
        dispatcher = _dispatcher(self._service)
        dataset = dispatcher._datasets.get(self._dataset_id)
        if dataset is None:
            raise errors.NotFoundError(
                None, None, f"Dataset id {self._dataset_id} not found. It must be registered "
                            "with `register_dataset` before calling `from_dataset_id`. "
                            "[Op:DataServiceDatasetV4]")
        return dispatcher, dataset

    def _compute_spec(self):
        if self._given_spec is not None:
            return self._given_spec
        return self._registered()[1].element_spec

    def _cardinality(self):
        return UNKNOWN

    def _job_elements(self, dispatcher, dataset):
        workers = dispatcher._live_workers()
        if not workers:
            raise errors.UnavailableError(None, None, "The tf.data service dispatcher at "
                                                      f"{dispatcher._address} has no workers.")
        if self._sharded:
            return dataset._iterate()
        # Every worker makes the whole dataset; the reader takes from each in turn.
        return _round_robin([dataset._iterate() for _ in workers])

    def _iterate(self):
        dispatcher, dataset = self._registered()
        if self._job_name is None:
            yield from self._job_elements(dispatcher, dataset)
            return
        key = (self._dataset_id, self._job_name)
        job = dispatcher._jobs.get(key)
        if job is None:
            job = dispatcher._jobs[key] = self._job_elements(dispatcher, dataset)
        yield from job  # readers of one job share its elements
        dispatcher._jobs.pop(key, None)


def _round_robin(iterators):
    live = list(iterators)
    while live:
        for it in list(live):
            try:
                yield next(it)
            except StopIteration:
                live.remove(it)


def from_dataset_id(processing_mode, service, dataset_id, element_spec=None, job_name=None,
                    consumer_index=None, num_consumers=None, max_outstanding_requests=None,
                    data_transfer_protocol=None, cross_trainer_cache=None,
                    target_workers="AUTO"):
    """A dataset reading the registered dataset `dataset_id` from the service."""
    dataset = DataServiceDataset(service, dataset_id, processing_mode, element_spec, job_name)
    if element_spec is None:
        dataset._registered()  # TF asks the dispatcher for the spec (NotFoundError if unknown)
    return dataset


def distribute(processing_mode, service, job_name=None, consumer_index=None,
               num_consumers=None, max_outstanding_requests=None, data_transfer_protocol=None,
               compression="AUTO", cross_trainer_cache=None, target_workers="AUTO"):
    """A transformation for ``dataset.apply``: the dataset produced by the service's workers."""
    _sharded(processing_mode)  # checked when the transformation is made, as in TF
    _address_of(service)

    def apply(dataset):
        dataset_id = register_dataset(service, dataset, compression)
        return DataServiceDataset(service, dataset_id, processing_mode, dataset.element_spec,
                                  job_name)
    return apply


def distributed_save(dataset, path, dispatcher_address, compression="AUTO"):
    """Saves `dataset` under `path` through the service (``Dataset.load`` reads it back)."""
    _dispatcher(dispatcher_address)
    saving.save(dataset, path, None if compression in ("AUTO", None) else compression)


__all__ = ["DispatchServer", "DispatcherConfig", "ShardingPolicy", "WorkerConfig",
           "WorkerServer", "distribute", "from_dataset_id", "register_dataset"]


