"""tf.keras.datasets: the MNIST download path (against a local server), its cache and checksum,
the offline fallback to the shipped UCI digits, and the native 8x8 digits loader.

No test touches the internet: EAGERBOOK_OFFLINE=1 is set for every test except those that
download from a server on 127.0.0.1, and KERAS_HOME points at a temporary directory.
"""

import hashlib
import http.server
import io
import os
import threading
import urllib.request

import numpy as np
import pytest

from eagerbook.keras.datasets import _download, digits, mnist


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("KERAS_HOME", str(tmp_path / "keras_home"))
    monkeypatch.setenv("EAGERBOOK_OFFLINE", "1")

    def no_internet(url, *args, **kwargs):
        target = url if isinstance(url, str) else url.full_url
        if not target.startswith("http://127.0.0.1:"):
            raise AssertionError(f"a test tried to reach the network: {target}")
        return real_urlopen(url, *args, **kwargs)

    real_urlopen = urllib.request.urlopen
    monkeypatch.setattr(urllib.request, "urlopen", no_internet)


def _fake_mnist_bytes(n_train=6, n_test=2, seed=0):
    rng = np.random.default_rng(seed)
    buf = io.BytesIO()
    np.savez(buf, x_train=rng.integers(0, 256, (n_train, 28, 28), dtype=np.uint8),
             y_train=rng.integers(0, 10, n_train, dtype=np.uint8),
             x_test=rng.integers(0, 256, (n_test, 28, 28), dtype=np.uint8),
             y_test=rng.integers(0, 10, n_test, dtype=np.uint8))
    return buf.getvalue()


@pytest.fixture
def server():
    """A file server on 127.0.0.1: ``server.files[name] = bytes``; counts requests."""
    files, hits = {}, []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            hits.append(self.path)
            body = files.get(self.path.lstrip("/"))
            if body is None:
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.02},
                              daemon=True)
    thread.start()
    httpd.files, httpd.hits = files, hits
    httpd.url = f"http://127.0.0.1:{httpd.server_address[1]}/"
    yield httpd
    httpd.shutdown()
    httpd.server_close()


def _online_with(monkeypatch, server, body, file_hash=None):
    monkeypatch.delenv("EAGERBOOK_OFFLINE")
    server.files["mnist.npz"] = body
    monkeypatch.setattr(mnist, "ORIGIN", server.url + "mnist.npz")
    monkeypatch.setattr(mnist, "FILE_HASH", file_hash or hashlib.sha256(body).hexdigest())


def _cache_dir():
    return os.path.join(os.environ["KERAS_HOME"], "datasets")


# --- offline fallback ----------------------------------------------------------------------------
def test_offline_fallback_warns_and_looks_like_mnist():
    with pytest.warns(UserWarning, match="handwritten UCI digits"):
        (x_train, y_train), (x_test, y_test) = mnist.load_data()
    assert x_train.shape == (1498, 28, 28) and x_test.shape == (299, 28, 28)
    assert x_train.dtype == np.uint8 and y_train.dtype == np.uint8
    assert x_train.max() == 255 and x_train.min() == 0
    assert set(np.unique(y_train)) == set(range(10)) == set(np.unique(y_test))
    # MNIST-like framing: a 4-pixel empty border around the digit.
    assert x_train[:, :4].max() == 0 and x_train[:, :, 24:].max() == 0
    with pytest.warns(UserWarning):
        (x2, y2), _ = mnist.load_data()
    np.testing.assert_array_equal(x_train, x2)  # the split is deterministic
    np.testing.assert_array_equal(y_train, y2)


def test_offline_never_writes_a_cache_file():
    with pytest.warns(UserWarning):
        mnist.load_data()
    assert not os.path.exists(os.path.join(_cache_dir(), "mnist.npz"))


def test_native_digits_loader():
    (x_train, y_train), (x_test, y_test) = digits.load_data()
    assert x_train.shape == (1498, 8, 8) and x_test.shape == (299, 8, 8)
    assert x_train.dtype == np.uint8 and 0 <= x_train.min() and x_train.max() == 16
    assert len(y_train) + len(y_test) == 1797
    # The 28x28 version is the same digits, same order, same labels.
    (big, big_labels), _ = digits.load_data_28x28()
    np.testing.assert_array_equal(big_labels, y_train)
    coarse = big[:, 4:24, 4:24].astype(float)
    correlation = np.corrcoef(coarse[:50, ::5, ::5].ravel(),
                              x_train[:50, ::2, ::2].ravel())[0, 1]
    assert correlation > 0.8
    # Arrays are fresh copies: changing them does not change the next call's data.
    x_train[:] = 0
    assert digits.load_data()[0][0].max() == 16


def test_shipped_data_has_its_licence_note():
    folder = os.path.dirname(digits.DATA_FILE)
    note = open(os.path.join(folder, "README.md"), encoding="utf-8").read()
    assert "CC BY 4.0" in note and "Alpaydin" in note and "Kaynak" in note


# --- download, checksum, cache -------------------------------------------------------------------
def test_download_checks_hash_caches_and_reuses(monkeypatch, server):
    body = _fake_mnist_bytes()
    _online_with(monkeypatch, server, body)
    (x_train, y_train), (x_test, y_test) = mnist.load_data()
    assert x_train.shape == (6, 28, 28) and y_test.shape == (2,)
    cached = os.path.join(_cache_dir(), "mnist.npz")
    assert open(cached, "rb").read() == body
    assert [f for f in os.listdir(_cache_dir()) if f != "mnist.npz"] == []  # no temp files
    assert server.hits == ["/mnist.npz"]
    mnist.load_data()  # second call: from the cache, no request
    assert server.hits == ["/mnist.npz"]


def test_checksum_mismatch_is_a_clear_error_and_caches_nothing(monkeypatch, server):
    _online_with(monkeypatch, server, _fake_mnist_bytes(), file_hash="0" * 64)
    with pytest.raises(ValueError, match="SHA-256"):
        mnist.load_data()
    assert os.listdir(_cache_dir()) == []


def test_existing_keras_cache_is_reused_even_offline(monkeypatch):
    body = _fake_mnist_bytes(n_train=3)
    os.makedirs(_cache_dir())
    with open(os.path.join(_cache_dir(), "mnist.npz"), "wb") as f:
        f.write(body)
    monkeypatch.setattr(mnist, "FILE_HASH", hashlib.sha256(body).hexdigest())
    (x_train, _), _ = mnist.load_data()  # EAGERBOOK_OFFLINE=1: the cache needs no network
    assert x_train.shape == (3, 28, 28)


def test_stale_cache_is_downloaded_again(monkeypatch, server):
    body = _fake_mnist_bytes(n_train=4)
    _online_with(monkeypatch, server, body)
    os.makedirs(_cache_dir())
    with open(os.path.join(_cache_dir(), "mnist.npz"), "wb") as f:
        f.write(body[:100])  # an interrupted earlier download
    (x_train, _), _ = mnist.load_data()
    assert x_train.shape == (4, 28, 28) and server.hits == ["/mnist.npz"]


def test_network_failure_falls_back_with_warning(monkeypatch, server):
    _online_with(monkeypatch, server, _fake_mnist_bytes())
    monkeypatch.setattr(mnist, "ORIGIN", server.url + "missing.npz")  # HTTP 404
    with pytest.warns(UserWarning, match="MNIST is not available"):
        (x_train, _), _ = mnist.load_data()
    assert x_train.shape == (1498, 28, 28)
    assert os.listdir(_cache_dir()) == []


def test_file_that_is_not_mnist_is_rejected(monkeypatch, server):
    buf = io.BytesIO()
    np.savez(buf, something=np.zeros(3))
    _online_with(monkeypatch, server, buf.getvalue())
    with pytest.raises(ValueError, match="not an MNIST file"):
        mnist.load_data()


def test_get_file_offline_flag_values(monkeypatch):
    for value, expected in (("1", True), ("true", True), ("0", False), ("", False)):
        monkeypatch.setenv("EAGERBOOK_OFFLINE", value)
        assert _download.offline_requested() is expected
