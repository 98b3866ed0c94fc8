"""JPEG images: ``tf.io.decode_jpeg`` / ``encode_jpeg`` and their kin (also in ``tf.image``).

A JPEG stores 8x8 blocks of cosine-transform coefficients, quantized and Huffman-coded; TF
reads and writes it with libjpeg. eagerbook hands the codec itself to Pillow (the same libjpeg
underneath) when it is installed, and keeps TF's interface and checks around it:

* encoding writes the bytes TF writes (same quality tables, 4:2:0 chroma unless asked not to,
  a JFIF header with the density TF puts there);
* decoding gives TF's pixels: libjpeg's fast integer inverse transform with "fancy" chroma
  upsampling by default, as TF asks for (Pillow offers that transform only with plain
  upsampling, so eagerbook does the last two steps itself, below), or the accurate transform
  (``dct_method="INTEGER_ACCURATE"``) or plain upsampling (``fancy_upscaling=False``) when
  asked. (Scaled decodes, ``ratio`` > 1, and the accurate transform without fancy upsampling
  use what Pillow offers nearest; their pixels may differ from TF's by a level or two.)

GIF (every frame) and BMP are read through Pillow too: both are lossless, so the pixels are
TF's. Without Pillow, these functions raise UnimplementedError (PNG needs nothing:
png_ops.py). ``decode_image``, which reads any of them (the format from the bytes), is here.
"""

import io

import numpy as np

from ..core import dtypes, errors
from ..core.tensor import _from_numpy, convert_to_tensor
from .png_ops import _SIGNATURE as _PNG_SIGNATURE
from .png_ops import _read_png, _to_channels, _to_dtype
from .registry import execute, invalid_argument, register

_JPEG_SIGNATURE = b"\xff\xd8\xff"


def _pillow_image_module(op_name):
    try:
        from PIL import Image
    except ImportError:
        raise errors.op_error(errors.UnimplementedError, op_name,
                              "eagerbook reads and writes JPEG through Pillow, which is not "
                              "installed (pip install pillow)") from None
    return Image


def _bytes_of(contents):
    return bytes(contents.item() if isinstance(contents, np.ndarray) else contents)


# --- decoding -----------------------------------------------------------------------------------
def _decode_jpeg_pixels(data, channels, ratio, op_name, fast_idct=True, fancy=True,
                        window=None):
    """The uint8 [height, width, channels] pixels of JPEG bytes (channels 0: the file's), or of
    the `window` (top, left, height, width) of them."""
    if data.startswith(_PNG_SIGNATURE):  # TF's DecodeJpeg reads PNGs too
        pixels, _ = _read_png(data)
        return _to_channels(pixels, channels)
    if not data.startswith(_JPEG_SIGNATURE):
        raise invalid_argument(op_name, "Unknown image file format. One of JPEG, JPEG XL, "
                                        "PNG, GIF, BMP, WebP required.")
    image_module = _pillow_image_module(op_name)
    try:
        image = image_module.open(io.BytesIO(data))
        gray = channels == 1 or (channels == 0 and image.mode == "L")
        if not gray and ratio == 1 and fast_idct and fancy and _stored_as_ycbcr(image):
            _check_window(window, image.height, image.width, op_name)
            return _fast_idct_fancy_rgb(image, window)
        # libjpeg scales by 1/ratio and gives grayscale straight from the luma, as TF asks
        no_chroma = gray or image.mode == "L"  # (nothing to upsample: fancy or not is alike)
        _draft(image, "L" if gray else "RGB", ratio, fast_idct and (no_chroma or not fancy))
        image = image.convert("L" if gray else "RGB")
        pixels = np.asarray(image, dtype=np.uint8)
    except (OSError, ValueError, SyntaxError):
        raise invalid_argument(op_name, "Invalid JPEG data or crop window.") from None
    pixels = pixels[..., None] if pixels.ndim == 2 else pixels
    if window is None:
        return pixels
    _check_window(window, pixels.shape[0], pixels.shape[1], op_name)
    top, left, rows, columns = window
    return pixels[top:top + rows, left:left + columns]


def _check_window(window, height, width, op_name):
    if window is None:
        return
    top, left, rows, columns = window
    if min(top, left) < 0 or rows <= 0 or columns <= 0 or top + rows > height or \
            left + columns > width:
        raise invalid_argument(op_name, "Invalid JPEG data or crop window.")


def _draft(image, mode, ratio, fast_idct_plain_upsampling):
    """Asks Pillow's libjpeg for `mode` at 1/ratio the size, and for its fast integer inverse
    transform with plain (repeated) chroma upsampling, or else its accurate transform with
    fancy upsampling: Pillow offers only these two pairs (its "draft" decoding flag)."""
    image.draft(mode, (image.width // ratio, image.height // ratio))
    scale = image.decoderconfig[0] if image.decoderconfig else 1
    image.decoderconfig = (scale, int(fast_idct_plain_upsampling))


def _stored_as_ycbcr(image):
    """A 3-component JPEG whose colours are stored as Y, Cb, Cr (not RGB, not CMYK)."""
    layers = getattr(image, "layer", None)
    return (image.mode == "RGB" and layers is not None and len(layers) == 3
            and image.info.get("adobe_transform", 1) != 0
            and all(layer[1:3] == (1, 1) for layer in layers[1:])
            and layers[0][1:3] in ((1, 1), (2, 1), (2, 2)))


# --- TF's default decode of a colour JPEG -------------------------------------------------------
# libjpeg's fast inverse transform gives the Y plane and the Cb and Cr planes, the chroma at half
# the width (4:2:2) or half the width and height (4:2:0). TF asks libjpeg for "fancy" upsampling
# of those: each output value weighs the two stored values around it 3/4 and 1/4 along each
# halved direction (the image edges repeat their last value), in libjpeg's integer rounding.
# Then Y, Cb, Cr become R, G, B through libjpeg's fixed-point tables (16 fraction bits).
def _fast_idct_fancy_rgb(image, window=None):
    _draft(image, "YCbCr", 1, True)  # (the chroma comes back repeated: every 2nd one is stored)
    ycc = np.asarray(image, dtype=np.uint8)
    height, width = ycc.shape[:2]
    top, left, rows, columns = window or (0, 0, height, width)
    wide, tall = image.layer[0][1:3]  # how many luma samples per chroma sample, across, down
    # A cropped decode starts at the block column at or before `left` (libjpeg decodes whole
    # blocks) and upsamples only the columns it decodes: its edges repeat their own values.
    start = left - left % (8 * wide)
    count = -(-(left + columns - start) // wide)  # stored chroma columns decoded
    # (libjpeg chooses plain upsampling for a chroma of 2 columns or fewer in the whole image;
    # a crop of 1 column still reads its right neighbour, which its block holds)
    count += count == 1 and start // wide + 1 < -(-width // wide)
    cb, cr = (ycc[::tall, start::wide, channel][:, :count] for channel in (1, 2))
    if -(-width // wide) > 2 and wide == 2:
        cb, cr = (_fancy_upsampled(c, tall)[:height, left - start:left - start + columns]
                  for c in (cb, cr))
    else:
        cb, cr = ycc[:, left:left + columns, 1], ycc[:, left:left + columns, 2]
    luma = ycc[:, left:left + columns, 0]
    return _ycbcr_to_rgb(luma, cb, cr)[top:top + rows]


def _fancy_upsampled(stored, tall):
    """Chroma at twice the width (and twice the height when `tall` is 2), libjpeg's way."""
    c = stored.astype(np.int32)
    if tall == 1:  # across only: (3 * nearer + farther + 1 or 2) / 4
        return _doubled_across(c, rounding=(1, 2), shift=2)
    out = np.empty((2 * c.shape[0], 2 * c.shape[1]), np.int32)
    above, below = np.vstack([c[:1], c[:-1]]), np.vstack([c[1:], c[-1:]])
    for first, toward in ((0, above), (1, below)):
        # 3/4 of the nearer row and 1/4 of the other (not yet divided), then across
        out[first::2] = _doubled_across(3 * c + toward, rounding=(8, 7), shift=4)
    return out


def _doubled_across(values, rounding, shift):
    """Twice the columns: each value weighed 3:1 with its left neighbour, then with its right
    one (an edge value is its own neighbour), rounded as libjpeg rounds."""
    left = np.hstack([values[:, :1], values[:, :-1]])
    right = np.hstack([values[:, 1:], values[:, -1:]])
    out = np.empty((values.shape[0], 2 * values.shape[1]), np.int32)
    out[:, 0::2] = (3 * values + left + rounding[0]) >> shift
    out[:, 1::2] = (3 * values + right + rounding[1]) >> shift
    return out


_CENTRED = np.arange(256) - 128  # a chroma value, less its centre
_FRACTION_BITS = 16
_HALF = 1 << (_FRACTION_BITS - 1)


def _fixed(coefficient):
    return int(coefficient * (1 << _FRACTION_BITS) + 0.5)


_RED_FROM_CR = (_fixed(1.40200) * _CENTRED + _HALF) >> _FRACTION_BITS
_BLUE_FROM_CB = (_fixed(1.77200) * _CENTRED + _HALF) >> _FRACTION_BITS
_GREEN_FROM_CR = -_fixed(0.71414) * _CENTRED
_GREEN_FROM_CB = -_fixed(0.34414) * _CENTRED + _HALF


def _ycbcr_to_rgb(y, cb, cr):
    y = y.astype(np.int64)
    green = (_GREEN_FROM_CB[cb] + _GREEN_FROM_CR[cr]) >> _FRACTION_BITS
    rgb = np.stack([y + _RED_FROM_CR[cr], y + green, y + _BLUE_FROM_CB[cb]], axis=-1)
    return np.clip(rgb, 0, 255).astype(np.uint8)


@register("DecodeJpeg", differentiable=False)
def _decode_jpeg(contents, channels, ratio, fancy_upscaling=True, dct_method=""):
    _check_dct_method(dct_method, "DecodeJpeg")
    return _decode_jpeg_pixels(_bytes_of(contents), channels, ratio, "DecodeJpeg",
                               fast_idct=dct_method != "INTEGER_ACCURATE", fancy=fancy_upscaling)


def _check_dct_method(dct_method, op_name):
    if dct_method not in ("", "INTEGER_FAST", "INTEGER_ACCURATE"):
        raise invalid_argument(op_name, "dct_method must be one of {'', 'INTEGER_FAST', "
                                        "'INTEGER_ACCURATE'}")


def _infer_decode_jpeg(inputs, attrs):
    return [(dtypes.uint8, [None, None, attrs["channels"] or None])]


_decode_jpeg.infer_shape = _infer_decode_jpeg


def _check_channels(channels, op_name):
    channels = int(channels or 0)
    if channels not in (0, 1, 3, 4):
        raise invalid_argument(op_name, f"`channels` must be 0, 1, 3 or 4 but got {channels}")
    if channels == 4:
        raise invalid_argument(op_name, "JPEG does not support 4 channels")
    return channels


def decode_jpeg(contents, channels=0, ratio=1, fancy_upscaling=True,
                try_recover_truncated=False, acceptable_fraction=1, dct_method="", name=None):
    """JPEG bytes -> a uint8 [height, width, channels] image (1: grayscale, 3: RGB, 0: as
    stored), scaled down by `ratio` (1, 2, 4 or 8) while decoding."""
    contents = convert_to_tensor(contents, dtype=dtypes.string)
    channels = _check_channels(channels, "DecodeJpeg")
    if int(ratio) not in (1, 2, 4, 8):
        raise invalid_argument("DecodeJpeg", f"ratio must be 1, 2, 4, or 8, got {ratio}")
    return execute(_decode_jpeg, (contents,), {
        "channels": channels, "ratio": int(ratio), "fancy_upscaling": bool(fancy_upscaling),
        "dct_method": dct_method})


@register("DecodeAndCropJpeg", differentiable=False)
def _decode_and_crop_jpeg(contents, crop_window, channels, ratio, fancy_upscaling=True,
                          dct_method=""):
    _check_dct_method(dct_method, "DecodeAndCropJpeg")
    window = tuple(int(v) for v in np.asarray(crop_window).reshape(-1))
    return _decode_jpeg_pixels(_bytes_of(contents), channels, ratio, "DecodeAndCropJpeg",
                               fast_idct=dct_method != "INTEGER_ACCURATE", fancy=fancy_upscaling,
                               window=window)


_decode_and_crop_jpeg.infer_shape = lambda inputs, attrs: _infer_decode_jpeg(inputs, attrs)


def decode_and_crop_jpeg(contents, crop_window, channels=0, ratio=1, fancy_upscaling=True,
                         try_recover_truncated=False, acceptable_fraction=1, dct_method="",
                         name=None):
    """decode_jpeg of the window ``[y, x, height, width]`` of the image only (libjpeg decodes
    the block columns the window touches)."""
    contents = convert_to_tensor(contents, dtype=dtypes.string)
    channels = _check_channels(channels, "DecodeAndCropJpeg")
    crop_window = convert_to_tensor(crop_window, dtype=dtypes.int32)
    return execute(_decode_and_crop_jpeg, (contents, crop_window), {
        "channels": channels, "ratio": int(ratio), "fancy_upscaling": bool(fancy_upscaling),
        "dct_method": dct_method})


# --- decode_image: the format read from the bytes -----------------------------------------------
_GIF_SIGNATURE, _BMP_SIGNATURE = b"GIF8", b"BM"
_OTHER_FORMATS = {b"RIFF": "WebP"}


def _open_with_pillow(data, op_name, kind):
    image_module = _pillow_image_module(op_name)
    try:
        image = image_module.open(io.BytesIO(data))
        image.load()
    except (OSError, ValueError, SyntaxError):
        raise invalid_argument(op_name, f"Invalid {kind} data") from None
    return image


def _gif_frames(data, op_name):
    """Every frame of a GIF as RGB, [frames, height, width, 3] uint8: each frame as shown,
    drawn over the previous one (GIF frames may update only part of the picture)."""
    from PIL import ImageSequence
    image = _open_with_pillow(data, op_name, "GIF")
    return np.stack([np.asarray(frame.convert("RGB"), np.uint8)
                     for frame in ImageSequence.Iterator(image)])


def _bmp_pixels(data, channels, op_name):
    """A BMP's pixels, [height, width, channels] uint8 (0: as stored, 3 or 4)."""
    image = _open_with_pillow(data, op_name, "BMP")
    if channels == 0:
        channels = {"L": 1, "RGBA": 4}.get(image.mode, 3)
    pixels = np.asarray(image.convert({1: "L", 3: "RGB", 4: "RGBA"}[channels]), np.uint8)
    return pixels[..., None] if pixels.ndim == 2 else pixels


@register("DecodeImage", differentiable=False)
def _decode_image(contents, channels, dtype, expand_animations):
    data = bytes(contents.item())
    if data.startswith(_PNG_SIGNATURE):
        pixels, _ = _read_png(data)
        pixels = _to_channels(pixels, channels)
    elif data.startswith(_JPEG_SIGNATURE):
        if channels == 4:
            raise invalid_argument("DecodeImage", "JPEG does not support 4 channels")
        pixels = _decode_jpeg_pixels(data, channels, 1, "DecodeImage")
    elif data.startswith(_GIF_SIGNATURE):
        if channels not in (0, 3):
            raise invalid_argument("DecodeImage", f"channels must be 0 or 3 for GIF, got "
                                                  f"{channels}")
        frames = _gif_frames(data, "DecodeImage")
        pixels = frames if expand_animations else frames[0]
    elif data.startswith(_BMP_SIGNATURE):
        pixels = _bmp_pixels(data, channels, "DecodeImage")
    else:
        for signature, name in _OTHER_FORMATS.items():
            if data.startswith(signature):
                raise errors.op_error(errors.UnimplementedError, "DecodeImage",
                                      f"eagerbook decodes PNG, JPEG, GIF and BMP images, not "
                                      f"{name}")
        raise invalid_argument("DecodeImage", "Unknown image file format. One of JPEG, JPEG "
                                              "XL, PNG, GIF, BMP, WebP required.")
    if dtype is dtypes.float32:  # the kernel divides by the largest value (255 or 65535)
        return pixels.astype(np.float32) / np.float32(np.iinfo(pixels.dtype).max)
    return _to_dtype(pixels, dtype)


def _infer_decode_image(inputs, attrs):
    # (an animated GIF gives one more, leading, dimension: only known when it runs)
    return [(attrs["dtype"], [None, None, attrs["channels"] or None])]


_decode_image.infer_shape = _infer_decode_image


@register("DecodeGif", differentiable=False)
def _decode_gif(contents):
    data = bytes(contents.item())
    if data.startswith(_GIF_SIGNATURE):
        return _gif_frames(data, "DecodeGif")
    kind = _format_name(data)
    raise invalid_argument("DecodeGif", f"Trying to decode {kind} format using a wrong op. Use "
                                        f"`decode_{kind.lower()}` or `decode_image` instead. "
                                        f"Op used: DecodeGif")


_decode_gif.infer_shape = lambda inputs, attrs: [(dtypes.uint8, [None, None, None, 3])]


@register("DecodeBmp", differentiable=False)
def _decode_bmp(contents, channels):
    data = bytes(contents.item())
    if data.startswith(_BMP_SIGNATURE):
        return _bmp_pixels(data, channels, "DecodeBmp")
    kind = _format_name(data)
    raise invalid_argument("DecodeBmp", f"Trying to decode {kind} format using DecodeBmp op. "
                                        f"Use `decode_{kind.lower()}` or `decode_image` "
                                        f"instead.")


_decode_bmp.infer_shape = lambda inputs, attrs: [(dtypes.uint8,
                                                  [None, None, attrs["channels"] or None])]


def _format_name(data):
    for signature, kind in ((_PNG_SIGNATURE, "PNG"), (_JPEG_SIGNATURE, "JPEG"),
                            (_GIF_SIGNATURE, "GIF"), (_BMP_SIGNATURE, "BMP")):
        if data.startswith(signature):
            return kind
    return "unknown"


def decode_gif(contents, name=None):
    """GIF bytes -> every frame, a uint8 [frames, height, width, 3] tensor."""
    return execute(_decode_gif, (convert_to_tensor(contents, dtype=dtypes.string),))


def decode_bmp(contents, channels=0, name=None):
    """BMP bytes -> a uint8 [height, width, channels] image (0: as stored, 3 or 4)."""
    if int(channels) not in (0, 3, 4):
        raise invalid_argument("DecodeBmp", f"channels must be 0, 3 or 4, got {channels}")
    return execute(_decode_bmp, (convert_to_tensor(contents, dtype=dtypes.string),),
                   {"channels": int(channels)})


def decode_image(contents, channels=None, dtype=dtypes.uint8, name=None,
                 expand_animations=True):
    """Image bytes -> a [height, width, channels] image, the format read from the bytes (PNG,
    JPEG, BMP, or GIF: all its frames, [frames, height, width, 3], unless not
    `expand_animations`). uint8, uint16 and float32 (in [0, 1]) come from the kernel; other
    dtypes are decoded as uint16 and converted with ``convert_image_dtype``, as TF does."""
    from .image_ops import convert_image_dtype
    contents = convert_to_tensor(contents, dtype=dtypes.string)
    channels = 0 if channels is None else int(channels)
    if channels not in (0, 1, 3, 4):
        raise invalid_argument("DecodeImage", f"`channels` must be 0, 1, 3 or 4 but got "
                                              f"{channels}")
    dtype = dtypes.as_dtype(dtype)
    decoded = dtype if dtype in (dtypes.uint8, dtypes.uint16, dtypes.float32) else dtypes.uint16
    image = execute(_decode_image, (contents,), {"channels": channels, "dtype": decoded,
                                                 "expand_animations": bool(expand_animations)})
    return image if decoded is dtype else convert_image_dtype(image, dtype)


# --- encoding -----------------------------------------------------------------------------------
@register("EncodeJpeg", differentiable=False)
def _encode_jpeg(image, quality, progressive, optimize_size, chroma_downsampling, density):
    image_module = _pillow_image_module("EncodeJpeg")
    gray = image.shape[-1] == 1
    buffer = io.BytesIO()
    # 4:2:0 (Pillow's subsampling 2) halves chroma; a grey image has none, and TF samples its
    # one component 1x1 (Pillow's 0)
    image_module.fromarray(np.ascontiguousarray(image[..., 0] if gray else image)).save(
        buffer, "JPEG", quality=quality, progressive=progressive, optimize=optimize_size,
        subsampling=2 if chroma_downsampling and not gray else 0, dpi=density)
    return np.array(buffer.getvalue(), dtype=object)


def _infer_encode_jpeg(inputs, attrs):
    return [(dtypes.string, [])]


_encode_jpeg.infer_shape = _infer_encode_jpeg


# noqa A002 below: TF's argument names (input, filter, format) shadow builtins
# (the builtin-shadowing argument names below are TF's: noqa A002)
def encode_jpeg(image, format="", quality=95, progressive=False, optimize_size=False,  # noqa: A002
                chroma_downsampling=True, density_unit="in", x_density=300, y_density=300,
                xmp_metadata="", name=None):
    """A uint8 [height, width, 1 or 3] image -> JPEG bytes (a scalar string), as TF writes
    them. `format` "grayscale" or "rgb" insists on 1 or 3 channels."""
    image = convert_to_tensor(image)
    op_name = "EncodeJpeg"
    if image.dtype != dtypes.uint8:
        raise invalid_argument(op_name, f"cannot compute {op_name} as input #0(zero-based) was "
                                        f"expected to be a uint8 tensor but is a "
                                        f"{_tf_type(image.dtype)} tensor")
    dims = "[" + ",".join(str(d) for d in image.shape) + "]"
    if image.shape.rank != 3:
        raise invalid_argument(op_name, f"image must be 3-dimensional{dims}")
    wanted = {"grayscale": 1, "rgb": 3}.get(format)
    if wanted is not None and image.shape[-1] != wanted:
        raise invalid_argument(op_name, f"format {format} expects {wanted} channels, got "
                               f"{dims}")
    if image.shape[-1] not in (1, 3):
        raise invalid_argument(op_name, f"image must have 1 or 3 channels, got {dims}")
    if not 0 <= int(quality) <= 100:
        raise invalid_argument(op_name, f"quality must be in [0,100], got {quality}")
    # JFIF density: Pillow writes it in dots per inch (TF's default unit).
    return execute(_encode_jpeg, (image,), {
        "quality": int(quality), "progressive": bool(progressive),
        "optimize_size": bool(optimize_size), "chroma_downsampling": bool(chroma_downsampling),
        "density": (int(x_density), int(y_density))})


def _tf_type(dtype):
    return {"float32": "float", "float64": "double"}.get(dtype.name, dtype.name)


# --- looking at the bytes -----------------------------------------------------------------------
def is_jpeg(contents, name=None):
    """True when the bytes start as a JPEG file does (a scalar bool tensor)."""
    data = convert_to_tensor(contents, dtype=dtypes.string).numpy()
    return _from_numpy(np.array(_bytes_of(data).startswith(_JPEG_SIGNATURE)))


def extract_jpeg_shape(contents, output_type=dtypes.int32, name=None):
    """``[height, width, channels]`` read from a JPEG's frame header, without decoding."""
    data = _bytes_of(convert_to_tensor(contents, dtype=dtypes.string).numpy())
    shape = _frame_shape(data)
    if shape is None:
        raise invalid_argument("ExtractJpegShape", f"Invalid JPEG data, size {len(data)}")
    return _from_numpy(np.array(shape, dtypes.as_dtype(output_type).as_numpy_dtype))


def _frame_shape(data):
    """The (height, width, components) of the first start-of-frame marker, or None."""
    if not data.startswith(_JPEG_SIGNATURE):
        return None
    pos = 2
    while pos + 4 <= len(data):
        if data[pos] != 0xFF:
            return None
        marker = data[pos + 1]
        length = int.from_bytes(data[pos + 2:pos + 4], "big")
        # SOF0..SOF15 hold the frame size, except DHT (C4), JPG (C8) and DAC (CC)
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            if pos + 10 > len(data):
                return None
            height = int.from_bytes(data[pos + 5:pos + 7], "big")
            width = int.from_bytes(data[pos + 7:pos + 9], "big")
            return height, width, data[pos + 9]
        pos += 2 + length
    return None


# --- tf.image: JPEG compression as an image adjustment -----------------------------------------
def adjust_jpeg_quality(image, jpeg_quality, dct_method="", name=None):
    """The image after a round trip through JPEG at `jpeg_quality` (0-100): the artifacts of
    compression, for training on them. Floats are taken in [0, 1] (clipped) and come back as
    the dtype they came in."""
    from .image_ops import convert_image_dtype
    image = convert_to_tensor(image)
    op_name = "EncodeJpegVariableQuality"
    if image.shape.rank != 3:
        dims = "[" + ",".join(str(d) for d in image.shape) + "]"
        raise invalid_argument(op_name, f"image must be 3-dimensional{dims}")
    quality = int(convert_to_tensor(jpeg_quality).numpy())
    if not 0 <= quality <= 100:
        raise invalid_argument(op_name, f"quality must be in [0,100], got {quality}")
    as_bytes = convert_image_dtype(image, dtypes.uint8, saturate=True)
    decoded = decode_jpeg(encode_jpeg(as_bytes, quality=quality), channels=image.shape[-1],
                          dct_method=dct_method)
    return convert_image_dtype(decoded, image.dtype, saturate=True)


def _check_quality_range(low, high):
    if not 0 <= low <= 100 or not 0 <= high <= 100:
        raise ValueError("jpeg encoding range must be between 0 and 100.")
    if low >= high:
        raise ValueError("`min_jpeg_quality` must be less than `max_jpeg_quality`.")


def random_jpeg_quality(image, min_jpeg_quality, max_jpeg_quality, seed=None):
    """adjust_jpeg_quality at a quality drawn uniformly from [min, max)."""
    from .random_ops import uniform
    _check_quality_range(min_jpeg_quality, max_jpeg_quality)
    quality = uniform([], min_jpeg_quality, max_jpeg_quality, dtypes.int32, seed=seed)
    return adjust_jpeg_quality(image, quality)


def stateless_random_jpeg_quality(image, min_jpeg_quality, max_jpeg_quality, seed):
    """random_jpeg_quality with the quality a function of `seed` alone."""
    from .random_ops import stateless_uniform
    _check_quality_range(min_jpeg_quality, max_jpeg_quality)
    quality = stateless_uniform([], seed, min_jpeg_quality, max_jpeg_quality, dtypes.int32)
    return adjust_jpeg_quality(image, quality)
