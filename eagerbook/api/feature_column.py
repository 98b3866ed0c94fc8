"""``tf.feature_column``: the column constructors (they live with ``DenseFeatures`` in
``eagerbook/keras/layers/feature_columns.py``)."""

from ..keras.layers.feature_columns import (
    bucketized_column,
    categorical_column_with_hash_bucket,
    categorical_column_with_identity,
    categorical_column_with_vocabulary_file,
    categorical_column_with_vocabulary_list,
    crossed_column,
    embedding_column,
    indicator_column,
    input_layer,  # TF 1's (tf.compat.v1.feature_column finds it here)
    make_parse_example_spec,
    numeric_column,
    weighted_categorical_column,
)

__all__ = ["bucketized_column", "categorical_column_with_hash_bucket",
           "categorical_column_with_identity", "categorical_column_with_vocabulary_file",
           "categorical_column_with_vocabulary_list", "crossed_column", "embedding_column",
           "indicator_column", "input_layer", "make_parse_example_spec", "numeric_column",
           "weighted_categorical_column"]
