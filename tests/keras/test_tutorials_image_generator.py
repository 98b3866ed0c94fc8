"""``tf.keras.preprocessing.image.ImageDataGenerator`` and its NumPy transforms, as TF 2's
image-classification material uses them. Expected values were printed by TF 2 (tf.keras, with
SciPy, whose affine sampling eagerbook reproduces in NumPy); the random draws come from
NumPy's global state in TF's order, so seeded runs give TF's images."""

import os

import numpy as np
import pytest

import eagerbook as tf

image = tf.keras.preprocessing.image


def _images():
    np.random.seed(0)
    return (np.random.rand(6, 8, 8, 3) * 255).astype("float32"), np.array([0, 1, 0, 1, 0, 1])


def test_seeded_flow_gives_tfs_batches():
    x, y = _images()
    gen = image.ImageDataGenerator(rotation_range=30, width_shift_range=0.2,
                                   height_shift_range=0.2, shear_range=10, zoom_range=0.2,
                                   horizontal_flip=True, fill_mode="nearest", rescale=1. / 255)
    batches = gen.flow(x, y, batch_size=4, seed=3)
    assert len(batches) == 2
    bx, by = next(batches)
    assert bx.shape == (4, 8, 8, 3) and bx.dtype == np.float32
    np.testing.assert_array_equal(by, [1, 1, 0, 1])
    np.testing.assert_allclose(bx[0, 0, :, 0], [0.1675, 0.4806, 0.889, 0.6333, 0.1941, 0.4845,
                                                0.1657, 0.4621], atol=1e-4)
    bx, by = batches[1]
    np.testing.assert_array_equal(by, [0, 0])
    assert round(float(bx.sum()), 3) == pytest.approx(195.152, abs=2e-3)


def test_featurewise_standardization_after_fit():
    x, _ = _images()
    gen = image.ImageDataGenerator(featurewise_center=True, featurewise_std_normalization=True)
    gen.fit(x)
    np.testing.assert_allclose(gen.mean.ravel(), [123.036, 125.881, 129.4], atol=1e-3)
    np.testing.assert_allclose(gen.std.ravel(), [77.199, 74.287, 72.283], atol=1e-3)
    batch = next(gen.flow(x, batch_size=6, shuffle=False))
    assert abs(batch.mean()) < 1e-4 and abs(batch.std() - 1) < 1e-4


def test_random_transforms_as_tf():
    x, _ = _images()
    axes = {"row_axis": 0, "col_axis": 1, "channel_axis": 2}
    np.random.seed(5)
    np.testing.assert_allclose(image.random_rotation(x[0], 45, **axes)[0, :3, 0],
                               [70.82, 49.557, 168.224], atol=1e-3)
    np.testing.assert_allclose(
        image.random_shift(x[0], 0.2, 0.2, fill_mode="reflect", **axes)[0, :3, 1],
        [130.276, 222.648, 208.251], atol=1e-3)
    np.testing.assert_allclose(
        image.random_zoom(x[0], (0.7, 1.3), fill_mode="constant", cval=7., **axes)[:3, 0, 2],
        [7, 7, 7])
    np.testing.assert_allclose(
        image.random_shear(x[0], 20, fill_mode="wrap", **axes)[0, :3, 0],
        [139.12, 132.143, 107.614], atol=1e-3)


def test_quarter_turn_moves_pixels_exactly():
    x, _ = _images()
    turned = image.apply_affine_transform(x[0], theta=90, row_axis=0, col_axis=1,
                                          channel_axis=2)
    np.testing.assert_allclose(turned[:2, :2, 0], [[203.785, 171.013], [198.43, 177.896]],
                               atol=1e-3)
    np.testing.assert_allclose(turned, np.rot90(x[0], k=1, axes=(0, 1)), atol=1e-3)


def test_integer_and_list_shifts_and_other_parameters():
    x, _ = _images()
    gen = image.ImageDataGenerator(width_shift_range=[-2, 2], height_shift_range=3,
                                   channel_shift_range=20., brightness_range=(0.5, 1.5),
                                   vertical_flip=True)
    params = gen.get_random_transform((8, 8, 3), seed=11)
    assert (params["tx"], params["ty"]) == (1, -2)
    assert params["channel_shift_intensity"] == pytest.approx(-3.1918558164909037)
    assert params["brightness"] == pytest.approx(0.9854270981677824)
    np.testing.assert_allclose(gen.random_transform(x[1], seed=11)[:2, :2, 0],
                               [[119, 10], [119, 10]])


def test_flow_from_directory_and_fit(tmp_path, capsys):
    from PIL import Image
    np.random.seed(0)
    for name in ("cats", "dogs"):
        os.makedirs(tmp_path / "train" / name)
        for i in range(3):
            pixels = (np.random.rand(10, 12, 3) * 255).astype("uint8")
            Image.fromarray(pixels).save(tmp_path / "train" / name / f"{i}.png")
    gen = image.ImageDataGenerator(rescale=1. / 255, validation_split=0.34)
    train = gen.flow_from_directory(str(tmp_path / "train"), batch_size=4, target_size=(8, 8),
                                    class_mode="binary", seed=1, subset="training")
    val = gen.flow_from_directory(str(tmp_path / "train"), target_size=(8, 8),
                                  subset="validation", batch_size=2, class_mode="binary")
    assert capsys.readouterr().out == ("Found 4 images belonging to 2 classes.\n"
                                       "Found 2 images belonging to 2 classes.\n")
    assert train.class_indices == {"cats": 0, "dogs": 1}
    assert train.filenames[:2] == [os.path.join("cats", "1.png"), os.path.join("cats", "2.png")]
    assert list(train.classes) == [0, 0, 1, 1]
    images, labels = next(train)
    assert images.shape == (4, 8, 8, 3) and labels.tolist() == [1., 1., 0., 0.]
    model = tf.keras.Sequential([tf.keras.layers.Conv2D(2, 3, input_shape=(8, 8, 3)),
                                 tf.keras.layers.Flatten(), tf.keras.layers.Dense(1)])
    model.compile(optimizer="adam", loss=tf.keras.losses.BinaryCrossentropy(from_logits=True),
                  metrics=["accuracy"])
    history = model.fit(train, steps_per_epoch=1, epochs=2, validation_data=val,
                        validation_steps=1, verbose=0)
    assert sorted(history.history) == ["accuracy", "loss", "val_accuracy", "val_loss"]


def test_generator_errors_as_tf():
    x, y = _images()
    gen = image.ImageDataGenerator()
    cases = [(lambda: image.ImageDataGenerator(zoom_range=(1, 2, 3)),
              "`zoom_range` should be a float or a tuple or list of two floats."),
             (lambda: image.ImageDataGenerator(validation_split=2),
              "`validation_split` must be strictly between 0 and 1."),
             (lambda: gen.flow(x, y[:2]), "`x` (images tensor) and `y` (labels) should have "
                                          "the same length. Found: x.shape = (6, 8, 8, 3), "
                                          "y.shape = (2,)"),
             (lambda: gen.flow(x, y, batch_size=4)[5],
              "Asked to retrieve element 5, but the Sequence has length 2")]
    for make, message in cases:
        with pytest.raises(ValueError) as info:
            make()
        assert message in str(info.value)


def test_more_generator_options_as_tf():
    np.random.seed(1)
    x = (np.random.rand(6, 3, 7, 5) * 255).astype("float32")
    y = np.array([0, 1, 0, 1, 0, 1])
    gen = image.ImageDataGenerator(rotation_range=20, zoom_range=[0.8, 1.2], fill_mode="constant",
                                   cval=3., data_format="channels_first", interpolation_order=0,
                                   samplewise_center=True, samplewise_std_normalization=True,
                                   vertical_flip=True)
    bx, by = next(gen.flow(x, y, batch_size=3, seed=2, shuffle=True))
    assert bx.shape == (3, 3, 7, 5) and by.tolist() == [0, 1, 1]
    np.testing.assert_allclose(bx[0, 0, 0], [-0.8007, 0.5576, 1.4425, 1.7053, -1.35], atol=1e-4)
    channels_last = np.transpose(x, (0, 2, 3, 1))
    with pytest.warns(UserWarning, match="`zca_whitening`, which overrides setting of "
                                         "`featurewise_center`"):
        gen = image.ImageDataGenerator(zca_whitening=True, fill_mode="reflect", shear_range=30)
    gen.fit(channels_last, augment=True, rounds=2, seed=4)
    assert gen.zca_whitening_matrix.shape == (105, 105)
    np.testing.assert_allclose(gen.mean.ravel(), [123.167, 124.519, 132.654], atol=1e-3)
    (images, extra), labels, weights = next(gen.flow((channels_last, np.arange(6)), y,
                                                     sample_weight=np.ones(6) * 2,
                                                     batch_size=4, seed=5))
    assert images.shape == (4, 7, 5, 3) and extra.tolist() == [5, 2, 4, 1]
    assert labels.tolist() == [1, 0, 0, 1] and weights.tolist() == [2.] * 4
    np.testing.assert_allclose(images[1, :2, :2, 0], [[-0.321, 0.302], [0.105, -0.429]],
                               atol=1e-3)
    gen = image.ImageDataGenerator(fill_mode="wrap", width_shift_range=0.3,
                                   preprocessing_function=lambda im: im * 2,
                                   validation_split=0.5)
    validation = gen.flow(channels_last, y, batch_size=2, subset="validation", seed=0)
    assert (len(validation), validation.n) == (2, 3)
    bx, by = validation[0]
    np.testing.assert_allclose(bx[0, 0, :3, 0], [237.862, 181.206, 343.554], atol=1e-3)
    assert by.tolist() == [0, 1]
