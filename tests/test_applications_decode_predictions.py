"""tf.keras.applications' decode_predictions: TF's shape check, ImageNet's class index fetched
with get_file (so offline it fails as TF does: the download's Exception), the top classes
as (wordnet id, name, score) tuples, best first."""

import json
import re
import urllib.error
import urllib.request

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.keras.applications import imagenet_utils


def test_a_batch_of_1000_way_rows_is_required():
    for bad in (np.zeros((3,)), np.zeros((2, 10))):
        message = ("`decode_predictions` expects a batch of predictions (i.e. a 2D array of "
                   f"shape (samples, 1000)). Found array with shape: {bad.shape}")
        with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
            tf.keras.applications.vgg19.decode_predictions(bad)


def test_the_class_index_is_downloaded_once_into_keras_models(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setattr(imagenet_utils, "_class_index", None)

    def offline(*args, **kwargs):
        raise urllib.error.URLError(OSError(-2, "Name or service not known"))
    monkeypatch.setattr(urllib.request, "urlopen", offline)
    with pytest.raises(Exception, match=r"^URL fetch failure on https://storage.googleapis.com"
                                        r"/download.tensorflow.org/data/imagenet_class_index"
                                        r".json: None -- \[Errno -2\] Name or service not "
                                        r"known$"):
        tf.keras.applications.mobilenet_v2.decode_predictions(np.ones((1, 1000)), top=1)
    assert capsys.readouterr().out == ("Downloading data from https://storage.googleapis.com/"
                                       "download.tensorflow.org/data/imagenet_class_index.json\n")
    assert not (tmp_path / ".keras" / "models" / "imagenet_class_index.json").exists()


def test_the_top_classes_best_first(monkeypatch):
    index = {str(i): [f"n{i:08d}", f"class_{i}"] for i in range(1000)}
    monkeypatch.setattr(imagenet_utils, "_class_index", json.loads(json.dumps(index)))
    preds = np.zeros((2, 1000), np.float32)
    preds[0, [3, 7, 500]] = [0.2, 0.5, 0.3]
    preds[1, 999] = 1.0
    for module in (tf.keras.applications.inception_v3, tf.keras.applications.vgg16,
                   tf.keras.applications.mobilenet_v2):
        top = module.decode_predictions(preds, top=3)
        assert [[row[:2] for row in rows] for rows in top][0] == [
            ("n00000007", "class_7"), ("n00000500", "class_500"), ("n00000003", "class_3")]
        assert [row[2] for row in top[0]] == [np.float32(0.5), np.float32(0.3), np.float32(0.2)]
        assert top[1][0] == ("n00000999", "class_999", np.float32(1.0))
        assert len(module.decode_predictions(preds)[0]) == 5  # five by default
