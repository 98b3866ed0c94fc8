"""A reusable check for layers: build, weights, call shapes, gradients, config round trip.

    check_layer(lambda: Dense(3), input_shape=(2, 4), expected_output_shape=(2, 3),
                expected_weights={"kernel": (4, 3), "bias": (3,)})

It checks that

* the layer is not built before its first call, and is built (with weights of the expected
  names and shapes, named ``<layer name>/<weight>:0``) after it;
* the output has the expected shape and dtype, and ``compute_output_shape`` agrees with it
  (also through the functional API, with an unknown batch dimension);
* every trainable weight receives a non-zero, finite gradient of a random projection of the
  output, and the input does too when it is floating;
* ``get_config`` -> ``from_config`` gives a layer that, with the same weights, computes the same
  output;
* a second call reuses the weights (no new Variables).
"""

import numpy as np

import eagerbook as tf
from eagerbook.keras import backend


def check_layer(factory, input_shape, expected_output_shape=None, expected_weights=None,
                input_dtype="float32", input_data=None, call_kwargs=None, seed=0,
                grad_to_input=True, non_trainable=(), symbolic=True):
    call_kwargs = call_kwargs or {}
    rng = np.random.default_rng(seed)
    if input_data is None:
        input_data = rng.standard_normal(input_shape).astype(input_dtype)
    x = tf.constant(input_data)

    layer = factory()
    assert not layer.built, "a layer must not be built before its first call"
    assert layer.weights == []
    with tf.GradientTape() as tape:
        if x.dtype.is_floating:
            tape.watch(x)
        y = layer(x, **call_kwargs)
        projection = tf.constant(rng.standard_normal(tuple(y.shape)).astype(
            y.dtype.name if y.dtype.is_floating else "float32"))
        target = tf.reduce_sum(y * projection) if y.dtype.is_floating else None
    assert layer.built
    if expected_output_shape is not None:
        assert tuple(y.shape) == tuple(expected_output_shape), (y.shape, expected_output_shape)

    # weights: names, shapes, trainability
    if expected_weights is not None:
        names = {w.name.split("/")[-1].split(":")[0]: tuple(w.shape) for w in layer.weights}
        assert names == {k: tuple(v) for k, v in expected_weights.items()}, names
        for w in layer.weights:
            assert w.name.startswith(layer.name + "/"), w.name
            short = w.name.split("/")[-1].split(":")[0]
            assert w.trainable == (short not in non_trainable), w.name
    assert len(layer.trainable_weights) + len(layer.non_trainable_weights) == \
        len(layer.weights)
    assert layer.count_params() == sum(int(np.prod(w.shape.as_list())) for w in layer.weights)

    # gradients reach every trainable weight (and the input)
    if target is not None and (layer.trainable_weights or grad_to_input):
        sources = list(layer.trainable_weights) + ([x] if grad_to_input and
                                                   x.dtype.is_floating else [])
        grads = tape.gradient(target, sources)
        for src, g in zip(sources, grads):
            label = getattr(src, "name", "input") if src is not x else "input"
            assert g is not None, f"no gradient reaches {label}"
            assert tuple(g.shape) == tuple(src.shape)
            value = tf.convert_to_tensor(g).numpy()  # (an Embedding's is an IndexedSlices)
            assert np.all(np.isfinite(value)), label
            assert np.any(value != 0), f"zero gradient for {label}"

    # compute_output_shape (where the layer has one) matches the real call
    try:
        shape = layer.compute_output_shape(tf.TensorShape(input_shape))
    except NotImplementedError:
        shape = None
    if shape is not None:
        assert tuple(tf.TensorShape(shape).as_list()) == tuple(y.shape)

    # functional API with an unknown batch size
    if symbolic:
        inp = tf.keras.Input(shape=tuple(input_shape[1:]), dtype=input_dtype)
        out = factory()(inp, **call_kwargs)
        assert out.shape.as_list()[0] is None
        assert out.shape.as_list()[1:] == list(y.shape)[1:], (out.shape, y.shape)

    # a second call creates nothing new
    n_weights = len(layer.weights)
    ids = [id(w) for w in layer.weights]
    layer(x, **call_kwargs)
    assert [id(w) for w in layer.weights] == ids and len(layer.weights) == n_weights

    # config round trip: same config, same outputs with the same weights
    config = layer.get_config()
    assert config["name"] == layer.name
    clone = type(layer).from_config(config)
    assert clone.get_config() == config
    clone(x, **call_kwargs)
    clone.set_weights(layer.get_weights())
    np.testing.assert_allclose(clone(x, **call_kwargs).numpy(),
                               layer(x, **call_kwargs).numpy(), rtol=1e-6, atol=1e-6)
    backend.clear_session()
    return layer, y
