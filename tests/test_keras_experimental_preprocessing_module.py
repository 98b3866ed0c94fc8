"""``tf.keras.layers.experimental.preprocessing`` is a module that can be imported by its
dotted path, as TF 2.3-2.5 tutorials do
(``from tensorflow.keras.layers.experimental.preprocessing import TextVectorization``)."""

import importlib

import eagerbook as tf


def test_the_preprocessing_path_imports_as_a_module():
    module = importlib.import_module("eagerbook.keras.layers.experimental.preprocessing")
    assert module is tf.keras.layers.experimental.preprocessing
    from eagerbook.keras.layers.experimental.preprocessing import (
        Normalization,
        Resizing,
        TextVectorization,
    )
    assert TextVectorization is tf.keras.layers.TextVectorization
    assert Resizing is tf.keras.layers.Resizing
    assert Normalization is tf.keras.layers.Normalization


def test_the_module_holds_tfs_preprocessing_layers_and_experimental_its_others():
    names = set(dir(tf.keras.layers.experimental.preprocessing))
    assert {"CategoryEncoding", "CenterCrop", "Discretization", "Hashing", "IntegerLookup",
            "Normalization", "PreprocessingLayer", "RandomFlip", "RandomRotation", "Rescaling",
            "Resizing", "StringLookup", "TextVectorization"} <= names
    experimental = tf.keras.layers.experimental
    assert experimental.EinsumDense is tf.keras.layers.EinsumDense
    assert hasattr(experimental, "RandomFourierFeatures")
    assert hasattr(experimental, "SyncBatchNormalization")
