"""Bad input across the public API gets TensorFlow's error kind, names the argument or op, and
changes no Variable.

Two parts: a table of known bad calls with TF's kind and a fragment of its message, and a
generated sweep that throws every value of a pool of bad values at every argument of layers,
optimizers, losses, datasets, compile/fit and checkpoints, and requires either success or one
of TF's kinds (never a raw KeyError, AttributeError, ZeroDivisionError, IndexError...).
"""

import itertools

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.core import errors

layers = tf.keras.layers

# Kinds TF raises for bad arguments; anything else escaping a public call is an internal crash.
TF_KINDS = (ValueError, TypeError, errors.OpError, NotImplementedError)


@pytest.fixture
def guarded():
    """Variables that must keep their values through every failing call."""
    w = tf.Variable([[1.0, 2.0], [3.0, 4.0]], name="w")
    b = tf.Variable([0.5, -0.5], name="b")
    yield [w, b]


def snapshot(variables):
    return [v.numpy().copy() for v in variables]


def fit_compiled(optimizer, **compile_kwargs):
    """compile(...) then fit: TF's name lookups happen at the first batch."""
    model = tf.keras.Sequential([layers.Dense(2, input_shape=(3,))])
    model.compile(optimizer, **compile_kwargs)
    before = model.get_weights()
    try:
        model.fit(np.ones((4, 3), np.float32), np.ones((4, 2), np.float32), verbose=0)
    finally:
        assert all((a == b).all() for a, b in zip(model.get_weights(), before))


def compiled_model():
    model = tf.keras.Sequential([layers.Dense(1, input_shape=(2,))])
    model.compile(optimizer="sgd", loss="mse")
    return model


def fit(**kwargs):
    model = compiled_model()
    model.fit(np.ones((4, 2), np.float32), np.ones((4, 1), np.float32), verbose=0, **kwargs)


def apply_bad_gradients(variables):
    w, b = variables
    tf.keras.optimizers.SGD(0.1).apply_gradients([(tf.ones([2, 2]), w), (tf.ones([3]), b)])


def assign_bad_shape(variables):
    variables[0].assign(tf.ones([3, 3]))


def model_call_bad_shape(_):
    model = tf.keras.Sequential([layers.Dense(2, input_shape=(3,))])
    model(tf.ones([1, 4]))


# (name, call(variables), TF's kind, fragment of TF's message)
TABLE = [
    ("Conv2D(2, 0)", lambda v: layers.Conv2D(2, 0), ValueError, "kernel_size"),
    ("Conv2D(0, 3)", lambda v: layers.Conv2D(0, 3), ValueError, "filters"),
    ("Conv2D(2, (3, 3, 3))", lambda v: layers.Conv2D(2, (3, 3, 3)), ValueError,
     "tuple of 2 integers"),
    ("Conv2D(2, 3, strides=-1)", lambda v: layers.Conv2D(2, 3, strides=-1), ValueError,
     "strides"),
    ("MaxPool2D(0)", lambda v: layers.MaxPool2D(0), ValueError, "pool_size"),
    ("Conv2D padding", lambda v: layers.Conv2D(2, 3, padding="full"), ValueError, "padding"),
    # Reshape of real data: the reshape op itself fails, as TF's eager layer does; on a
    # KerasTensor (a functional model being built) the layer's own shape check is TF's.
    ("Reshape((-1, -1))", lambda v: layers.Reshape((-1, -1))(tf.ones([2, 4])),
     errors.InvalidArgumentError, "nly one input size may be -1"),
    ("Reshape size", lambda v: layers.Reshape((3,))(tf.ones([2, 4])),
     errors.InvalidArgumentError, "Input to reshape is a tensor with 8 values"),
    ("Reshape size, KerasTensor", lambda v: layers.Reshape((3,))(tf.keras.Input((4,))),
     ValueError, "total size of new array must be unchanged"),
    ("BatchNormalization(axis=5) on rank 2",
     lambda v: layers.BatchNormalization(axis=5)(tf.ones([2, 3])), ValueError, "Invalid axis"),
    ("BatchNormalization(axis=[1, -1])",
     lambda v: layers.BatchNormalization(axis=[1, -1])(tf.ones([2, 3])), ValueError,
     "Duplicate axis"),
    ("Flatten(data_format='nchw')", lambda v: layers.Flatten(data_format="nchw"), ValueError,
     "data_format"),
    ("Dense(-1)", lambda v: layers.Dense(-1), ValueError, "units"),  # TF allows 0 units
    ("Dense(2, unitz=3)", lambda v: layers.Dense(2, unitz=3), TypeError, "unitz"),
    ("Dense activation", lambda v: layers.Dense(2, activation="relux"), ValueError, "relux"),
    ("Dense initializer", lambda v: layers.Dense(2, kernel_initializer="glorot"), ValueError,
     "glorot"),
    ("Dropout(1.5)", lambda v: layers.Dropout(1.5), ValueError, "rate"),
    ("Embedding(0, 2)", lambda v: layers.Embedding(0, 2), ValueError, "input_dim"),
    ("model call, wrong width", model_call_bad_shape, ValueError, "incompatible"),
    ("compile(optimiser=...)",
     lambda v: compiled_model().compile(optimiser="adam", loss="mse"), TypeError, "optimiser"),
    # TF looks loss and metric names up at the first batch (a metric name is then called).
    ("compile(loss='msee'), fit", lambda v: fit_compiled("sgd", loss="msee"),
     ValueError, "Unknown loss function: 'msee'"),
    ("compile(metrics=['acuracy']), fit",
     lambda v: fit_compiled("sgd", loss="mse", metrics=["acuracy"]), TypeError,
     "'str' object is not callable"),
    ("fit(class_weight with strings)", lambda v: fit(class_weight={0: "a", 1: "b"}),
     errors.UnimplementedError, "Cast string to float is not supported"),
    ("fit(steps_per_epoch=0)", lambda v: fit(steps_per_epoch=0), ValueError,
     "steps_per_epoch must be positive, None or -1. Received 0."),
    ("compile(optimizer='adamm')", lambda v: compiled_model().compile("adamm", loss="mse"),
     ValueError, "adamm"),
    ("fit(batch_size=0)", lambda v: fit(batch_size=0), ValueError, "batch_size"),
    ("fit(batch_size=-3)", lambda v: fit(batch_size=-3), ValueError, "batch_size"),
    ("fit(batch_size=2.5)", lambda v: fit(batch_size=2.5), ValueError, "batch_size"),
    ("SGD(momentum=-1)", lambda v: tf.keras.optimizers.SGD(momentum=-1.0), ValueError,
     "momentum"),
    ("Adam(learning_rte=...)", lambda v: tf.keras.optimizers.Adam(learning_rte=0.1),
     TypeError, "learning_rte"),
    ("apply_gradients, bad shape", apply_bad_gradients, tf.errors.InvalidArgumentError,
     "Incompatible shapes"),
    ("losses.get('nope')", lambda v: tf.keras.losses.get("nope"), ValueError, "nope"),
    ("metrics.get('nope')", lambda v: tf.keras.metrics.get("nope"), ValueError, "nope"),
    ("Dataset.batch('2')", lambda v: tf.data.Dataset.range(5).batch("2"), TypeError,
     "int64"),
    ("Dataset.batch(2.0)", lambda v: tf.data.Dataset.range(5).batch(2.0), TypeError,
     "int64"),
    ("Dataset.take('a')", lambda v: tf.data.Dataset.range(5).take("a"), TypeError, "int64"),
    ("Dataset.batch(0)", lambda v: tf.data.Dataset.range(5).batch(0),
     errors.InvalidArgumentError, "Batch size"),
    ("Dataset.shuffle(0)", lambda v: list(tf.data.Dataset.range(5).shuffle(0)),
     errors.InvalidArgumentError, "buffer_size"),
    ("Checkpoint(x=1)", lambda v: tf.train.Checkpoint(x=1), ValueError, "trackable"),
    ("CheckpointManager(max_to_keep=0)",
     lambda v: tf.train.CheckpointManager(tf.train.Checkpoint(), "unused", max_to_keep=0),
     ValueError, "max_to_keep"),
    ("Checkpoint.restore(missing)",
     lambda v: tf.train.Checkpoint(w=v[0]).restore("no/such/ckpt"), errors.NotFoundError,
     "no/such/ckpt"),
    ("Variable.assign, wrong shape", assign_bad_shape, ValueError, "Shape mismatch"),
    ("Variable.assign, strings", lambda v: v[0].assign([["a", "b"], ["c", "d"]]), TypeError,
     "EagerTensor of dtype float"),  # TF names float32 as its kernels do
    ("reshape, wrong size", lambda v: tf.reshape(v[0], [3]), errors.InvalidArgumentError,
     "Reshape"),
    ("matmul, wrong inner size", lambda v: tf.matmul(v[0], tf.ones([3, 1])),
     errors.InvalidArgumentError, "MatMul"),
    ("concat axis 5", lambda v: tf.concat([v[0], v[0]], axis=5), errors.InvalidArgumentError,
     "ConcatV2"),
    ("gather out of range", lambda v: tf.gather(v[1], [7]), errors.InvalidArgumentError,
     "GatherV2"),
    ("range(0, 5, 0)", lambda v: tf.range(0, 5, 0), errors.InvalidArgumentError, "Range"),
    ("fill([-1])", lambda v: tf.fill([-1], 1.0), errors.InvalidArgumentError, "Fill"),
    # op-level arguments that used to pass silently or crash with Python's own errors
    ("transpose perm=[0, 5]", lambda v: tf.transpose(v[0], perm=[0, 5]),
     errors.InvalidArgumentError, "5 is out of range [0 .. 2)"),
    ("cast(x, None)", lambda v: tf.cast(v[0], None), TypeError,
     "Cannot convert the argument `type_value`: None"),
    ("cast string to float", lambda v: tf.cast(tf.constant("1.5"), tf.float32),
     errors.UnimplementedError, "Cast string to float is not supported"),
    ("zeros([2.5])", lambda v: tf.zeros([2.5]), TypeError, "dtype int32"),
    ("zeros('ab')", lambda v: tf.zeros("ab"), TypeError, "dtype int32"),
    ("reduce_sum(axis='0')", lambda v: tf.reduce_sum(v[0], axis="0"),
     errors.InvalidArgumentError, "reduction_indices"),  # (TF 2.21: the op refuses a string)
    ("constant([1, 'a'])", lambda v: tf.constant([1, "a"]), ValueError, "mixed types"),
    ("constant ragged", lambda v: tf.constant([[1, 2], [3]]), ValueError, "non-rectangular"),
    # Keras rows compared with TF 2.21 (Keras 2): same kind, same words where TF has any
    ("Dense(2**40) built", lambda v: layers.Dense(2 ** 40)(tf.ones([1, 2])),
     errors.ResourceExhaustedError, "OOM when allocating tensor with shape[2,1099511627776]"),
    ("Embedding index out of range", lambda v: layers.Embedding(3, 2)(tf.constant([[5]])),
     errors.InvalidArgumentError, "indices[0,0] = 5 is not in [0, 3)"),
    ("Concatenate, mismatched shapes",
     lambda v: layers.Concatenate()([tf.ones([2, 2]), tf.ones([3, 2])]), ValueError,
     "matching shapes except for the concatenation axis"),
    ("Add, mismatched shapes", lambda v: layers.Add()([tf.ones([2, 2]), tf.ones([2, 3])]),
     ValueError, "incompatible shapes"),
    ("Lambda(3)", lambda v: layers.Lambda(3), TypeError, "unsupported callable"),
    ("Model(inputs=...) alone", lambda v: tf.keras.Model(inputs=layers.Input((2,))),
     TypeError, "Keyword argument not understood"),
    ("Adam(learning_rate='a')", lambda v: tf.keras.optimizers.Adam(learning_rate="a"),
     TypeError, "Cannot convert 'a' to EagerTensor of dtype float"),
    ("CategoricalCrossentropy, mismatched shapes",
     lambda v: tf.keras.losses.CategoricalCrossentropy()(tf.ones([2, 3]), tf.ones([2, 2])),
     ValueError, "Shapes (2, 3) and (2, 2) are incompatible"),
    ("Accuracy, mismatched shapes",
     lambda v: tf.keras.metrics.Accuracy()(tf.ones([2]), tf.ones([3])), ValueError,
     "Shapes (2,) and (3,) are incompatible"),
    ("SparseCategoricalAccuracy, rank-1 labels and predictions",
     lambda v: tf.keras.metrics.SparseCategoricalAccuracy()([0, 1], [0.2, 0.8]),
     errors.InvalidArgumentError, "Can not squeeze dim[0], expected a dimension of 1, got 2"),
    ("Embedding(2.5, 2) built", lambda v: layers.Embedding(2.5, 2)(tf.constant([[0, 1]])),
     TypeError, "Dimension value must be integer or None or have an __index__ method"),
    ("BatchNormalization(momentum='x') training",
     lambda v: layers.BatchNormalization(momentum="x")(tf.ones([2, 3]), training=True),
     TypeError, "unsupported operand type(s) for -: 'float' and 'str'"),
    ("padded_batch, padded shape too small",
     lambda v: tf.data.Dataset.from_tensor_slices([[1, 2], [3, 4]]).padded_batch(
         2, padded_shapes=[1]), ValueError,
     "The padded shape (1,) is not compatible with the shape (2,) of the corresponding input"),
    ("padded_batch, padded shape of another rank",
     lambda v: tf.data.Dataset.from_tensor_slices([[1, 2], [3, 4]]).padded_batch(
         2, padded_shapes=[1, 2]), ValueError, "The padded shape (1, 2) is not compatible"),
    ("Dataset.map(3)", lambda v: tf.data.Dataset.range(3).map(3), ValueError,
     "Argument `func` must be a callable. Received func=3 (of type <class 'int'>)"),
    ("Dataset.reduce(0, 3)", lambda v: tf.data.Dataset.range(3).reduce(0, 3), ValueError,
     "Argument `func` must be a callable"),
    ("from_generator, floats for int32",
     lambda v: list(tf.data.Dataset.from_generator(lambda: iter([[1.5, 2.5]]),
                                                   output_types=tf.int32)),
     errors.InvalidArgumentError, "yielded an element that did not match the expected "
     "structure. The expected structure was TensorSpec(shape=<unknown>, dtype=tf.int32"),
    # TF builds dataset functions as graphs: mixing int32 and int64 is a TypeError there.
    ("Dataset.reduce, int32 state and int64 elements",
     lambda v: tf.data.Dataset.range(3).reduce(np.int32(0), lambda s, e: s + e), TypeError,
     "Input 'y' of 'AddV2' Op has type int64 that does not match type int32 of argument 'x'."),
    ("Dataset.map, int32 + int64",
     lambda v: list(tf.data.Dataset.range(3).map(
         lambda x: tf.cast(x, tf.int32) + tf.constant(1, tf.int64))), TypeError,
     "Input 'y' of 'AddV2' Op has type int64 that does not match type int32"),
    ("interleave, function not returning a dataset",
     lambda v: tf.data.Dataset.range(3).interleave(lambda i: i * 2, cycle_length=2),
     TypeError, "must return a `Dataset` object"),
    ("load_model(single file, not ours)", lambda v: tf.keras.models.load_model(__file__),
     OSError, "not a file saved by eagerbook"),
]


# Calls that raise in eagerbook only if TF raises too: each must succeed here, as in TF.
TF_SUCCEEDS = [
    ("Conv2D on an input one kernel short", lambda: layers.Conv2D(2, 3)(tf.ones([1, 2, 2, 1]))),
    ("Conv1D on an input one kernel short", lambda: layers.Conv1D(2, 3)(tf.ones([1, 2, 2]))),
    ("GRU(reset_after=False)", lambda: layers.GRU(2, reset_after=False)(tf.ones([1, 2, 3]))),
    ("save_weights to .h5", lambda: tf.keras.Sequential(
        [layers.Dense(1, input_shape=(2,))]).save_weights("bad_input_weights.h5")),
    # TF checks these only when the value is used (and some never):
    ("Dense(0)", lambda: layers.Dense(0)(tf.ones([2, 3]))),
    ("Embedding(2.5, 2) made", lambda: layers.Embedding(2.5, 2)),
    ("BatchNormalization(momentum='x') made", lambda: layers.BatchNormalization(momentum="x")),
    ("compile with unknown loss and metric names",
     lambda: compiled_model().compile("sgd", loss="nope", metrics=["nope"])),
    ("ExponentialDecay(decay_steps=0)", lambda: tf.keras.optimizers.schedules.ExponentialDecay(
        0.1, decay_steps=0, decay_rate=0.9)),
    ("fit(validation_split=1.5)", lambda: fit(validation_split=1.5)),
    ("Checkpoint.save(3)", lambda: tf.train.Checkpoint(v=tf.Variable(1.0)).save(3)),
]


def test_what_tf_accepts_gives_tfs_values(tmp_path, monkeypatch):
    """Values of the calls above, measured with TF 2.21 (Keras 2)."""
    monkeypatch.chdir(tmp_path)
    decay = tf.keras.optimizers.schedules.ExponentialDecay(0.1, decay_steps=0, decay_rate=0.9)
    assert float(decay(1)) == 0.0 and np.isnan(float(decay(0)))  # 0.9 ** inf; 0 / 0
    assert tf.train.Checkpoint(v=tf.Variable(1.0)).save(3) == "3-1"
    assert layers.Dense(0)(tf.ones([2, 3])).shape == (2, 0)
    # validation_split=1.5 of 8 samples cuts at floor(8 * -0.5) = -4: 4 to train, 4 to check
    model = tf.keras.Sequential([layers.Dense(2, input_shape=(3,))])
    model.compile("sgd", "mse")
    seen = []
    model.fit(np.zeros((8, 3), np.float32), np.zeros((8, 2), np.float32), batch_size=1,
              validation_split=1.5, verbose=0,
              callbacks=[tf.keras.callbacks.LambdaCallback(
                  on_train_batch_end=lambda batch, logs: seen.append(batch))])
    assert len(seen) == 4


@pytest.mark.parametrize("name, call", TF_SUCCEEDS, ids=[t[0] for t in TF_SUCCEEDS])
def test_call_succeeds_where_tf_succeeds(name, call, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    call()


@pytest.mark.parametrize("name, call, kind, fragment", TABLE, ids=[t[0] for t in TABLE])
def test_bad_call_raises_tf_kind_and_changes_nothing(guarded, name, call, kind, fragment):
    before = snapshot(guarded)
    with pytest.raises(kind) as info:
        call(guarded)
    assert fragment in str(info.value), f"{name}: {info.value}"
    assert all((a == b).all() for a, b in zip(snapshot(guarded), before))


# --- the generated sweep -------------------------------------------------------------------------
BAD_VALUES = [0, -1, 2.5, "a", "", None, True, (), (1, 2, 3), [-1, 0], float("nan"), 2 ** 40]

# constructor or call -> the arguments to replace one at a time, with their good values
TARGETS = {
    "Dense": (lambda **k: layers.Dense(**k)(tf.ones([2, 3])), {"units": 2}),
    "Conv2D": (lambda **k: layers.Conv2D(**k)(tf.ones([1, 5, 5, 2])),
               {"filters": 2, "kernel_size": 3, "strides": 1, "padding": "valid"}),
    "MaxPool2D": (lambda **k: layers.MaxPool2D(**k)(tf.ones([1, 4, 4, 1])),
                  {"pool_size": 2, "strides": 2, "padding": "valid"}),
    "Reshape": (lambda **k: layers.Reshape(**k)(tf.ones([2, 4])), {"target_shape": (2, 2)}),
    "BatchNormalization": (lambda **k: layers.BatchNormalization(**k)(tf.ones([2, 3])),
                           {"axis": -1}),
    "Dropout": (lambda **k: layers.Dropout(**k)(tf.ones([2, 3]), training=True),
                {"rate": 0.5}),
    "Embedding": (lambda **k: layers.Embedding(**k)(tf.constant([[0, 1]])),
                  {"input_dim": 3, "output_dim": 2}),
    "Dataset.batch": (lambda **k: list(tf.data.Dataset.range(5).batch(**k)),
                      {"batch_size": 2}),
    "Dataset.take": (lambda **k: list(tf.data.Dataset.range(5).take(**k)), {"count": 2}),
    "Dataset.shuffle": (lambda **k: list(tf.data.Dataset.range(5).shuffle(**k)),
                        {"buffer_size": 3}),
    "fit": (lambda **k: fit(**k), {"batch_size": 2}),
    "CheckpointManager": (lambda **k: tf.train.CheckpointManager(tf.train.Checkpoint(),
                                                                 "unused", **k),
                          {"max_to_keep": 2}),
}

SWEEP = [(target, arg, bad) for target, (_, good) in TARGETS.items() for arg in good
         for bad in BAD_VALUES]


@pytest.fixture(scope="module")
def sweep_results():
    results = []
    for target, arg, bad in SWEEP:
        make, good = TARGETS[target]
        kwargs = dict(good, **{arg: bad})
        try:
            make(**kwargs)
        except TF_KINDS as exc:
            results.append((target, arg, bad, "tf kind", exc))
        except Exception as exc:  # noqa: BLE001 (classified and reported below)
            results.append((target, arg, bad, "crash", exc))
        else:
            results.append((target, arg, bad, "success", None))
    return results


def test_generated_bad_arguments_never_crash(sweep_results):
    crashes = [(t, a, b, f"{type(e).__name__}: {e}") for t, a, b, kind, e in sweep_results
               if kind == "crash"]
    assert crashes == []


# Successes that are right: TF accepts these values for these arguments too.
ACCEPTED = {
    ("Dense", "units", "2.5"), ("Conv2D", "filters", "2.5"),  # TF: int(units), int(filters)
    ("Dense", "units", "0"),  # TF checks units < 0 only: an empty output
    ("Dense", "units", "True"), ("Conv2D", "filters", "True"),  # a bool is an int (1)
    ("Embedding", "output_dim", "True"), ("Embedding", "input_dim", "True"),
    ("MaxPool2D", "strides", "None"),  # None: the pool size
    ("MaxPool2D", "strides", "1099511627776"), ("Conv2D", "strides", "1099511627776"),
    ("BatchNormalization", "axis", "0"), ("BatchNormalization", "axis", "-1"),
    ("BatchNormalization", "axis", "True"),  # axis 1
    ("BatchNormalization", "axis", "()"), ("BatchNormalization", "axis", "[-1, 0]"),
    ("Dropout", "rate", "0"),
    ("Dataset.batch", "batch_size", "True"), ("Dataset.shuffle", "buffer_size", "True"),
    ("Dataset.batch", "batch_size", "1099511627776"),  # one batch of everything
    ("Dataset.shuffle", "buffer_size", "1099511627776"),
    ("Dataset.take", "count", "0"), ("Dataset.take", "count", "-1"),  # -1: all
    ("Dataset.take", "count", "True"), ("Dataset.take", "count", "1099511627776"),
    ("Dataset.take", "count", "None"),
    ("fit", "batch_size", "None"), ("fit", "batch_size", "1099511627776"),  # default; one batch
    # TF checks only `max_to_keep <= 0`:
    ("CheckpointManager", "max_to_keep", "2.5"), ("CheckpointManager", "max_to_keep", "None"),
    ("CheckpointManager", "max_to_keep", "True"), ("CheckpointManager", "max_to_keep", "nan"),
    ("CheckpointManager", "max_to_keep", "1099511627776"),
}


def test_generated_bad_arguments_succeed_only_where_tf_does(sweep_results):
    silent = [(t, a, repr(b)) for t, a, b, kind, _ in sweep_results
              if kind == "success" and (t, a, repr(b)) not in ACCEPTED]
    assert silent == []


def test_figures(sweep_results):
    """The counts reported for the issue (printed with -s)."""
    kinds = [kind for *_, kind, _ in sweep_results]
    tried = len(TABLE) + len(TF_SUCCEEDS) + len(kinds)
    print(f"\nbad calls: {tried} tried, {len(TABLE) + kinds.count('tf kind')} TF-kind errors, "
          f"{kinds.count('success') + len(TF_SUCCEEDS)} successes (all where TF succeeds too), "
          f"{kinds.count('crash')} internal crashes")
    assert tried == len(TABLE) + len(TF_SUCCEEDS) + len(list(itertools.chain(SWEEP)))
