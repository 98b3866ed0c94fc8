"""Model([x], [y]): TF reads a list of one input or output as that tensor (the Sequential
guide's feature extractor passes `initial_model.inputs`): `input`/`output` are KerasTensors,
calls and predict return one tensor."""

import numpy as np

import eagerbook as tf


def _model(inputs_as_list, outputs_as_list):
    x = tf.keras.Input((3,))
    y = tf.keras.layers.Dense(2, kernel_initializer="ones")(x)
    return tf.keras.Model([x] if inputs_as_list else x, [y] if outputs_as_list else y)


def test_single_element_lists_stand_for_the_tensor():
    for inputs_as_list, outputs_as_list in [(True, True), (True, False), (False, True)]:
        model = _model(inputs_as_list, outputs_as_list)
        assert not isinstance(model.input, list) and not isinstance(model.output, list)
        assert model.input_shape == (None, 3) and model.output_shape == (None, 2)
        assert isinstance(model(tf.ones((1, 3))), tf.Tensor)
        assert isinstance(model.predict(np.ones((1, 3)), verbose=0), np.ndarray)


def test_lists_still_fit_and_the_config_is_tf_form():
    model = _model(True, True)
    model.compile(optimizer="sgd", loss=["mse"], metrics=["mae"])
    history = model.fit([np.ones((4, 3))], [np.zeros((4, 2))], verbose=0, epochs=2)
    assert [round(v, 4) for v in history.history["loss"]] == [9.0, 8.2944]  # (TF's values)
    config = model.get_config()
    assert [entry[1:] for entry in config["input_layers"]] == [[0, 0]]
    assert [entry[1:] for entry in config["output_layers"]] == [[0, 0]]
    assert not isinstance(tf.keras.Model.from_config(config).output, list)


def test_feature_extractor_of_the_sequential_guide():
    initial_model = tf.keras.Sequential([tf.keras.Input(shape=(8, 8, 3)),
                                         tf.keras.layers.Conv2D(4, 3, name="mid"),
                                         tf.keras.layers.Conv2D(4, 3)])
    extractor = tf.keras.Model(inputs=initial_model.inputs,
                               outputs=initial_model.get_layer(name="mid").output)
    assert extractor.input.shape.as_list() == [None, 8, 8, 3]
    assert extractor(tf.ones((1, 8, 8, 3))).shape == (1, 6, 6, 4)
