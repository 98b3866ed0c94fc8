"""`tf.keras.Model(inputs, outputs)` is an instance of Functional, as in TF 2.4 and later."""
import numpy as np
import pytest

import eagerbook as tf

K = tf.keras


@pytest.fixture(autouse=True)
def _fresh_names():
    """Layer and model names count from zero in each test, and in the tests after these."""
    K.backend.clear_session()
    yield
    K.backend.clear_session()


def _graph():
    inputs = K.Input((3,))
    return inputs, K.layers.Dense(2, kernel_initializer="ones")(inputs)


def test_model_of_inputs_and_outputs_is_functional_in_every_calling_form():
    inputs, outputs = _graph()
    for model in (K.Model(inputs, outputs), K.Model(inputs=inputs, outputs=outputs),
                  K.Model(inputs, outputs=outputs)):
        assert type(model).__name__ == "Functional"
        assert isinstance(model, K.Model) and type(model).__mro__[1] is K.Model
        assert repr(model).startswith("<eagerbook.keras.models.training.Functional object")


def test_functional_keeps_the_default_name_model_and_subclasses_stay_themselves():
    inputs, outputs = _graph()
    assert [K.Model(inputs, outputs).name, K.Model(inputs, outputs).name,
            K.Model().name] == ["model", "model_1", "model_2"]
    assert type(K.Model()).__name__ == "Model"

    class Wrapper(K.Model):
        def __init__(self):
            super().__init__(inputs, outputs)

    assert type(Wrapper()).__name__ == "Wrapper"


def test_rebuilt_and_loaded_functional_models_are_functional(tmp_path):
    inputs, outputs = _graph()
    model = K.Model(inputs, outputs)
    model.compile("sgd", "mse")
    model.save(tmp_path / "m.keras")
    loaded = K.models.load_model(tmp_path / "m.keras")
    rebuilt = [K.Model.from_config(model.get_config()), K.models.clone_model(model),
               K.models.model_from_json(model.to_json()), loaded]
    assert [type(m).__name__ for m in rebuilt] == ["Functional"] * 4
    x = np.ones((1, 3), "float32")
    np.testing.assert_allclose(loaded(x).numpy(), model(x).numpy())


def test_summary_and_plots_print_tf_2_0s_class_name_for_a_nested_functional_model():
    inputs, outputs = _graph()
    inner = K.Model(inputs, outputs, name="inner")
    outer_in = K.Input((3,))
    outer = K.Model(outer_in, inner(outer_in))
    lines = []
    outer.summary(print_fn=lines.append)
    assert any(line.startswith("inner (Model)") for line in lines)
