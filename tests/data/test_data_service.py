"""tf.data.experimental.service run inside the process: dispatcher and workers, the two
processing modes, registered datasets, shared jobs, and TF's errors."""

import pytest

import eagerbook as tf

svc = tf.data.experimental.service


@pytest.fixture
def dispatcher():
    server = svc.DispatchServer()
    yield server
    server.stop()


def _workers(dispatcher, count):
    address = dispatcher.target.split("://")[1]
    return [svc.WorkerServer(svc.WorkerConfig(dispatcher_address=address))
            for _ in range(count)]


def _values(ds):
    return [int(v) for v in ds.as_numpy_iterator()]


def test_target_and_configs(dispatcher):
    assert dispatcher.target.startswith("grpc://localhost:")
    assert svc.DispatcherConfig().protocol == "grpc"
    assert svc.WorkerConfig("localhost:1").worker_address == "localhost:%port%"
    other = svc.DispatchServer()
    assert other.target != dispatcher.target
    other.stop()


def test_parallel_epochs_gives_each_element_once_per_worker(dispatcher):
    _workers(dispatcher, 2)
    ds = tf.data.Dataset.range(5).map(lambda x: x * x).apply(
        svc.distribute("parallel_epochs", dispatcher.target)).map(lambda x: x + 1)
    assert sorted(_values(ds)) == [1, 1, 2, 2, 5, 5, 10, 10, 17, 17]
    assert repr(ds).startswith("<_MapDataset")
    served = tf.data.Dataset.range(3).apply(svc.distribute(svc.ShardingPolicy.OFF,
                                                           dispatcher.target))
    assert repr(served).startswith("<_DataServiceDatasetV2 element_spec=TensorSpec(shape=()")
    assert int(served.cardinality()) == -2


def test_distributed_epoch_shares_one_pass(dispatcher):
    _workers(dispatcher, 2)
    ds = tf.data.Dataset.range(10).apply(svc.distribute("distributed_epoch",
                                                        dispatcher.target))
    assert sorted(_values(ds)) == list(range(10))
    assert svc.ShardingPolicy.DYNAMIC == 1


def test_register_and_read_by_id(dispatcher):
    _workers(dispatcher, 1)
    ds = tf.data.Dataset.range(4)
    first = svc.register_dataset(dispatcher.target, ds)
    second = svc.register_dataset(dispatcher.target, ds)
    assert (first.numpy(), second.numpy()) == (b"1000", b"1001")
    assert svc.register_dataset(dispatcher.target, ds, dataset_id="mine").numpy() == b"mine"
    read = svc.from_dataset_id("parallel_epochs", dispatcher.target, first)
    assert read.element_spec == ds.element_spec
    assert _values(read) == [0, 1, 2, 3]
    with pytest.raises(tf.errors.NotFoundError, match="Dataset id nope not found"):
        svc.from_dataset_id("parallel_epochs", dispatcher.target, "nope")


def test_readers_of_one_job_share_its_elements(dispatcher):
    _workers(dispatcher, 1)
    ds = tf.data.Dataset.range(6).apply(
        svc.distribute("distributed_epoch", dispatcher.target, job_name="shared"))
    a, b = iter(ds), iter(ds)
    got = [int(next(a)), int(next(b)), int(next(a)), int(next(b))]
    assert got == [0, 1, 2, 3]


def test_bad_arguments_and_missing_servers(dispatcher):
    with pytest.raises(ValueError, match="processing mode should be"):
        svc.distribute("bogus", dispatcher.target)
    with pytest.raises(ValueError, match="`service` must be a string"):
        svc.distribute("parallel_epochs", 3)
    with pytest.raises(ValueError, match="must not be empty"):
        svc.distribute("parallel_epochs", "")
    no_workers = tf.data.Dataset.range(2).apply(svc.distribute("parallel_epochs",
                                                               dispatcher.target))
    with pytest.raises(tf.errors.UnavailableError):
        _values(no_workers)
    with pytest.raises(tf.errors.UnavailableError):
        svc.WorkerServer(svc.WorkerConfig("localhost:1"))
    with pytest.raises(tf.errors.UnavailableError, match="already in use"):
        svc.DispatchServer(svc.DispatcherConfig(port=int(dispatcher.target.rsplit(":", 1)[1])))


def test_stopped_worker_produces_nothing(dispatcher):
    workers = _workers(dispatcher, 2)
    workers[1].stop()
    ds = tf.data.Dataset.range(3).apply(svc.distribute("parallel_epochs", dispatcher.target))
    assert _values(ds) == [0, 1, 2]


def test_distributed_save_then_load(dispatcher, tmp_path):
    path = str(tmp_path / "snap")
    tf.data.experimental.distributed_save(tf.data.Dataset.range(3), path,
                                          dispatcher.target.split("://")[1])
    assert _values(tf.data.Dataset.load(path, wait=True)) == [0, 1, 2]
