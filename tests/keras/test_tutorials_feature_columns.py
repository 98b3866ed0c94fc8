"""``tf.feature_column`` with ``tf.keras.layers.DenseFeatures``, as TF's structured-data
tutorial and feature-column migration guide use them. Expected values were printed by TF 2
(tf.keras); the hashed ids are TF's FarmHash buckets."""

import re

import numpy as np
import pytest

import eagerbook as tf

fc = tf.feature_column


def dense(columns, features):
    return tf.keras.layers.DenseFeatures(columns)(features).numpy()


def test_numeric_and_bucketized_columns():
    age = fc.numeric_column("age")
    assert repr(age) == ("NumericColumn(key='age', shape=(1,), default_value=None, "
                         "dtype=tf.float32, normalizer_fn=None)")
    np.testing.assert_array_equal(dense(age, {"age": np.array([25., 40.])}), [[25], [40]])
    col = fc.numeric_column("col", normalizer_fn=lambda x: (x - 2.0) / tf.math.sqrt(1.0))
    np.testing.assert_array_equal(dense(col, {"col": tf.constant([[0.], [1.], [2.]])}),
                                  [[-2], [-1], [0]])
    buckets = fc.bucketized_column(fc.numeric_column("col"), [1, 4, 5])
    assert repr(buckets).endswith("boundaries=(1, 4, 5))")
    np.testing.assert_array_equal(dense(buckets, {"col": tf.constant([1., 2., 3., 4., 5.])}),
                                  np.eye(4)[[1, 1, 1, 2, 3]])


def test_categorical_columns_through_indicator():
    vocab = fc.categorical_column_with_vocabulary_list("col", ["small", "medium", "large"])
    np.testing.assert_array_equal(
        dense(fc.indicator_column(vocab), {"col": ["small", "huge", "large"]}),
        [[1, 0, 0], [0, 0, 0], [0, 0, 1]])
    with_oov = fc.categorical_column_with_vocabulary_list(
        "col", ["small", "medium", "large"], num_oov_buckets=2)
    np.testing.assert_array_equal(
        dense(fc.indicator_column(with_oov), {"col": ["small", "huge", "tiny"]}).argmax(1),
        [0, 4, 4])
    hashed = fc.categorical_column_with_hash_bucket("col", hash_bucket_size=5)
    np.testing.assert_array_equal(
        dense(fc.indicator_column(hashed), {"col": ["a", "b", "c"]}).argmax(1), [4, 2, 2])
    identity = fc.categorical_column_with_identity("type", num_buckets=3)
    np.testing.assert_array_equal(
        dense(fc.indicator_column(identity), {"type": [[0, 1], [2, 2]]}), [[1, 1, 0], [0, 0, 2]])
    weighted = fc.weighted_categorical_column(
        fc.categorical_column_with_identity("ids", num_buckets=20), "weights")
    out = dense(fc.indicator_column(weighted), {"ids": tf.constant([[8, 12], [17, 7]]),
                                                "weights": tf.constant([[.3, .5], [.2, .1]])})
    np.testing.assert_allclose(out[:, [7, 8, 12, 17]], [[0, .3, .5, 0], [.1, 0, 0, .2]])


def test_crossed_columns_hash_as_tf():
    crossed = fc.crossed_column(["col1", "col2"], hash_bucket_size=25)
    assert repr(crossed) == "CrossedColumn(keys=('col1', 'col2'), hash_bucket_size=25, " \
                            "hash_key=None)"
    out = dense(fc.indicator_column(crossed), {"col1": ["a", "b", "c"],
                                               "col2": ["x", "y", "z"]})
    np.testing.assert_array_equal(out.argmax(1), [17, 5, 5])


def test_crossed_columns_put_column_ids_before_raw_features():
    # TF's sparse cross takes its sparse inputs (the columns' ids) before the dense ones
    batch = {"thal": np.array(["fixed", "normal", "reversible"]), "sex": np.array([0, 1, 1])}
    sex = fc.categorical_column_with_identity("sex", num_buckets=2)

    def crossed_ids(keys):
        column = fc.indicator_column(fc.crossed_column(keys, hash_bucket_size=50))
        return dense(column, batch).argmax(1).tolist()

    assert crossed_ids(["thal", sex]) == crossed_ids([sex, "thal"]) == [36, 3, 9]
    assert crossed_ids(["sex", "thal"]) == [36, 3, 9]
    assert crossed_ids(["thal", "sex"]) == [36, 7, 44]


def test_dense_features_orders_columns_by_name():
    age = fc.numeric_column("age")
    buckets = fc.bucketized_column(age, [20, 40])
    thal = fc.categorical_column_with_vocabulary_list("thal", ["fixed", "normal"])
    crossed = fc.crossed_column([buckets, thal], hash_bucket_size=10)
    assert crossed.name == "age_bucketized_X_thal"
    columns = [fc.indicator_column(crossed), age, buckets, fc.indicator_column(thal)]
    out = dense(columns, {"age": [25., 50.], "thal": ["fixed", "normal"]})
    np.testing.assert_array_equal(out, [[25, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0],
                                        [50, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]])


def test_embedding_column_is_a_trainable_table():
    vocab = fc.categorical_column_with_vocabulary_list("col", ["small", "medium", "large"])
    layer = tf.keras.layers.DenseFeatures(fc.embedding_column(vocab, 4))
    out = layer({"col": ["small", "medium", "small"]})
    table = layer.weights[0]
    assert layer.weights[0].name.endswith("col_embedding/embedding_weights:0")
    assert table.shape == (3, 4) and layer.weights[0].trainable
    np.testing.assert_allclose(out.numpy(), table.numpy()[[0, 1, 0]])
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(layer({"col": [["small", "large"]]}))
    grad = tape.gradient(loss, table)
    np.testing.assert_allclose(tf.convert_to_tensor(grad).numpy(), [[.5] * 4, [0] * 4, [.5] * 4])


def test_feature_column_errors_as_tf():
    age = fc.numeric_column("age")
    thal = fc.categorical_column_with_vocabulary_list("thal", ["fixed", "normal"])
    cases = [(lambda: fc.bucketized_column(age, [3, 1]), "boundaries must be a sorted list."),
             (lambda: fc.embedding_column(thal, 0), "Invalid dimension 0."),
             (lambda: fc.crossed_column(["a"], 10),
              "keys must be a list with length > 1. Given: ['a']"),
             (lambda: fc.indicator_column(age),
              "Unsupported input type. Input must be a CategoricalColumn."),
             (lambda: fc.bucketized_column("age", [1.]),
              "source_column must be a column generated with numeric_column(). Given: age"),
             (lambda: fc.categorical_column_with_vocabulary_list("c", ["a", "a"]),
              "Duplicate keys in vocabulary_list ['a', 'a'], column_name: c"),
             (lambda: dense(age, {"x": [1.]}), "Feature age is not in features dictionary."),
             (lambda: dense(fc.indicator_column(thal), {"thal": [1, 2]}),
              "key: thal, column dtype: <dtype: 'string'>, tensor dtype: <dtype: 'int32'>"),
             (lambda: tf.keras.layers.DenseFeatures([thal]),
              "You can wrap a categorical column with an embedding_column or indicator_column")]
    for make, message in cases:
        with pytest.raises(ValueError) as info:
            make()
        assert message in str(info.value)


def _dataset():
    rng = np.random.default_rng(0)
    data = {"age": rng.integers(20, 70, 24).astype("float64"),
            "thal": rng.choice(["fixed", "normal", "reversible"], 24)}
    return tf.data.Dataset.from_tensor_slices((data, rng.integers(0, 2, 24))).batch(8)


def _columns():
    age = fc.numeric_column("age")
    thal = fc.categorical_column_with_vocabulary_list("thal", ["fixed", "normal", "reversible"])
    return [age, fc.bucketized_column(age, [30, 50]), fc.indicator_column(thal),
            fc.embedding_column(thal, dimension=2)]


def test_sequential_model_starting_with_dense_features_fits():
    layer = tf.keras.layers.DenseFeatures(_columns())
    model = tf.keras.Sequential([layer, tf.keras.layers.Dense(4, activation="relu"),
                                 tf.keras.layers.Dense(1)])
    model.compile(optimizer="adam", loss=tf.keras.losses.BinaryCrossentropy(from_logits=True),
                  metrics=["accuracy"])
    history = model.fit(_dataset(), validation_data=_dataset(), epochs=2, verbose=0)
    assert sorted(history.history) == ["accuracy", "loss", "val_accuracy", "val_loss"]
    assert len(layer.weights) == 1
    assert re.fullmatch(r"sequential(_\d+)?/dense_features(_\d+)?/thal_embedding/"
                        r"embedding_weights:0", layer.weights[0].name)
    assert model.predict(_dataset(), verbose=0).shape == (24, 1)


def test_functional_model_on_a_dict_of_inputs():
    inputs = {"age": tf.keras.Input(shape=(1,), name="age"),
              "thal": tf.keras.Input(shape=(1,), name="thal", dtype=tf.string)}
    features = tf.keras.layers.DenseFeatures(_columns())(inputs)
    assert features.shape.as_list() == [None, 9] and features.dtype == tf.float32
    model = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(features))
    model.compile(optimizer="adam", loss="mse")
    model.fit(_dataset(), epochs=1, verbose=0)
    assert model.predict(_dataset(), verbose=0).shape == (24, 1)


def test_compat_v1_names():
    column = tf.compat.v1.feature_column.categorical_column_with_identity("type", num_buckets=3)
    layer = tf.compat.v1.keras.layers.DenseFeatures(tf.compat.v1.feature_column.indicator_column(
        column))
    np.testing.assert_array_equal(layer({"type": [0, 1, 2]}).numpy(), np.eye(3))


def test_dense_features_inside_tf_function():
    age = fc.numeric_column("age")
    thal = fc.categorical_column_with_vocabulary_list("thal", ["fixed", "normal"])
    layer = tf.keras.layers.DenseFeatures([age, fc.bucketized_column(age, [30.]),
                                           fc.embedding_column(thal, dimension=2)])
    features = {"age": tf.constant([[20.], [40.]]), "thal": tf.constant([["fixed"],
                                                                           ["normal"]])}
    eager = layer(features).numpy()
    shapes = []

    @tf.function
    def traced(batch):
        with tf.GradientTape() as tape:
            out = layer(batch)
            loss = tf.reduce_sum(out)
        shapes.append(out.shape.as_list())
        return out, tape.gradient(loss, layer.trainable_variables)

    out, grads = traced(features)
    assert shapes == [[2, 5]]
    np.testing.assert_allclose(out.numpy(), eager)
    np.testing.assert_allclose(tf.convert_to_tensor(grads[0]).numpy(), np.ones((2, 2)))


def test_dense_features_config_and_saving(tmp_path):
    age = fc.numeric_column("age")
    thal = fc.categorical_column_with_vocabulary_list("thal", ["a", "b"])
    columns = [age, fc.bucketized_column(age, [1., 2.]), fc.indicator_column(thal),
               fc.embedding_column(thal, 2), fc.indicator_column(fc.crossed_column([thal, "x"],
                                                                                   5))]
    layer = tf.keras.layers.DenseFeatures(columns)
    config = layer.get_config()
    assert config["feature_columns"][0] == {
        "class_name": "NumericColumn",
        "config": {"key": "age", "shape": [1], "default_value": None, "dtype": "float32",
                   "normalizer_fn": None}}
    assert config["feature_columns"][1]["config"]["boundaries"] == [1.0, 2.0]
    assert config["partitioner"] is None
    rebuilt = tf.keras.layers.DenseFeatures.from_config(config)
    assert [c.name for c in rebuilt._feature_columns] == \
        ["age", "age_bucketized", "thal_X_x_indicator", "thal_embedding", "thal_indicator"]
    # equal columns, but for the embedding's initializer (a new object made from its config)
    assert [c for i, c in enumerate(rebuilt._feature_columns) if i != 3] == \
        [c for i, c in enumerate(layer._feature_columns) if i != 3]
    assert rebuilt._feature_columns[3].initializer.get_config() == \
        layer._feature_columns[3].initializer.get_config()
    model = tf.keras.Sequential([tf.keras.layers.DenseFeatures(columns[:4]),
                                 tf.keras.layers.Dense(1)])
    features = {"age": np.array([[20.], [40.]]), "thal": np.array([["a"], ["b"]])}
    before = model.predict(features, verbose=0)
    model.save(str(tmp_path / "model"))
    loaded = tf.keras.models.load_model(str(tmp_path / "model"))
    np.testing.assert_allclose(loaded.predict(features, verbose=0), before)


def test_parse_example_spec_and_v1_input_layer():
    age = fc.numeric_column("age")
    thal = fc.categorical_column_with_vocabulary_list("thal", ["a", "b"])
    ids = fc.categorical_column_with_identity("ids", 5)
    columns = [age, fc.bucketized_column(age, [1.]), fc.indicator_column(thal),
               fc.embedding_column(fc.weighted_categorical_column(ids, "w"), 2),
               fc.indicator_column(fc.crossed_column(
                   ["x", fc.categorical_column_with_identity("h", 3)], 4)),
               fc.numeric_column("v", shape=(2,), default_value=0.)]
    spec = fc.make_parse_example_spec(columns)
    assert {k: repr(v) for k, v in spec.items()} == {
        "age": "FixedLenFeature(shape=(1,), dtype=tf.float32, default_value=None)",
        "h": "VarLenFeature(dtype=tf.int64)", "ids": "VarLenFeature(dtype=tf.int64)",
        "thal": "VarLenFeature(dtype=tf.string)",
        "v": "FixedLenFeature(shape=(2,), dtype=tf.float32, default_value=(0.0, 0.0))",
        "w": "VarLenFeature(dtype=tf.float32)", "x": "VarLenFeature(dtype=tf.string)"}
    out = tf.compat.v1.feature_column.input_layer({"age": [[1.], [2.]]}, [age])
    np.testing.assert_array_equal(out.numpy(), [[1.], [2.]])


def test_dense_features_on_parsed_examples():
    # the docstring flow: parse_example with make_parse_example_spec, then DenseFeatures
    def example(age, thal, tags):
        return tf.train.Example(features=tf.train.Features(feature={
            "age": tf.train.Feature(float_list=tf.train.FloatList(value=[age])),
            "thal": tf.train.Feature(bytes_list=tf.train.BytesList(
                value=[t.encode() for t in thal])),
            "tags": tf.train.Feature(int64_list=tf.train.Int64List(value=tags))}))

    serialized = [example(25., ["a"], [1, 3]).SerializeToString(),
                  example(50., ["b", "a"], []).SerializeToString()]
    thal = fc.categorical_column_with_vocabulary_list("thal", ["a", "b"])
    tags = fc.categorical_column_with_identity("tags", 4)
    columns = [fc.numeric_column("age"), fc.indicator_column(thal), fc.indicator_column(tags),
               fc.indicator_column(fc.crossed_column(["thal", tags], 7))]
    features = tf.io.parse_example(serialized=serialized,
                                   features=fc.make_parse_example_spec(columns))
    out = tf.keras.layers.DenseFeatures(columns)(features)
    np.testing.assert_array_equal(out.numpy(), [
        [25, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 1, 1, 0],
        [50, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]])
