"""What the ImageNet models share: ``decode_predictions``, which names the top classes of a
batch of 1000-way predictions from ImageNet's class index (a JSON file fetched once with
``get_file`` into ``~/.keras/models``, checked by its MD5 hash, as TF does)."""

import json

from ..data_utils import get_file

CLASS_INDEX_URL = ("https://storage.googleapis.com/download.tensorflow.org/data/"
                   "imagenet_class_index.json")
CLASS_INDEX_MD5 = "c2c37ea517e94d9795004a39431a14cb"
_class_index = None  # {"0": ["n01440764", "tench"], ...} once read


def decode_predictions(preds, top=5):
    """For each row of `preds` (shape ``(samples, 1000)``), its `top` classes as
    ``(wordnet id, class name, score)`` tuples, highest score first."""
    if len(preds.shape) != 2 or preds.shape[1] != 1000:
        raise ValueError("`decode_predictions` expects a batch of predictions (i.e. a 2D array "
                         f"of shape (samples, 1000)). Found array with shape: {preds.shape}")
    index = _imagenet_class_index()
    decoded = []
    for pred in preds:
        best = pred.argsort()[-top:][::-1]
        rows = [tuple(index[str(i)]) + (pred[i],) for i in best]
        rows.sort(key=lambda row: row[2], reverse=True)
        decoded.append(rows)
    return decoded


def _imagenet_class_index():
    global _class_index
    if _class_index is None:
        path = get_file("imagenet_class_index.json", CLASS_INDEX_URL, cache_subdir="models",
                        file_hash=CLASS_INDEX_MD5)
        with open(path) as f:
            _class_index = json.load(f)
    return _class_index
