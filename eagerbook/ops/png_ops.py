"""PNG images: ``tf.io.decode_png`` / ``tf.io.encode_png`` (also in ``tf.image``).

A PNG file is a signature and chunks: IHDR (width, height, bit depth, colour type), optional
PLTE (a palette), IDAT (zlib-compressed scanlines) and IEND. Each scanline starts with a
filter byte saying how its bytes were predicted from the pixel to the left, the one above, or
both (PNG's Sub, Up, Average and Paeth filters); decoding undoes the prediction row by row.
Encoding writes unfiltered scanlines (filter 0), which every decoder reads: the bytes differ
from TF's (libpng chooses filters and compression), the pixels do not.
"""

import struct
import zlib

import numpy as np

from ..core import dtypes
from ..core.tensor import convert_to_tensor
from .registry import execute, invalid_argument, register

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_SAMPLES = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}  # colour type -> samples per pixel
_COLOUR_TYPE = {1: 0, 2: 4, 3: 2, 4: 6}  # channels -> colour type when encoding


def _chunks(data):
    pos = len(_SIGNATURE)
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        yield kind, data[pos + 8:pos + 8 + length]
        pos += 12 + length


def _unfilter(raw, height, stride, bpp):
    """The scanlines' bytes with each row's prediction (its filter) undone."""
    out = np.zeros((height, stride), dtype=np.uint8)
    prev = np.zeros(stride, dtype=np.int32)
    for y in range(height):
        start = y * (stride + 1)
        kind = raw[start]
        line = np.frombuffer(raw, np.uint8, stride, start + 1).astype(np.int32)
        if kind == 1:  # Sub: + the byte one pixel to the left (a running sum per channel byte)
            for k in range(bpp):
                line[k::bpp] = np.cumsum(line[k::bpp]) % 256
        elif kind == 2:  # Up: + the byte above
            line = (line + prev) % 256
        elif kind in (3, 4):  # Average / Paeth: left-to-right, one pixel at a time
            for x in range(stride):
                left = line[x - bpp] if x >= bpp else 0
                up, corner = prev[x], prev[x - bpp] if x >= bpp else 0
                if kind == 3:
                    line[x] = (line[x] + (left + up) // 2) % 256
                else:
                    p = left + up - corner
                    pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                    pred = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                    line[x] = (line[x] + pred) % 256
        elif kind != 0:
            raise invalid_argument("DecodePng", f"Invalid PNG data: filter type {kind}")
        out[y] = line
        prev = line
    return out


def _read_png(data):
    """(pixels as uint8 or uint16 [H, W, samples], colour type) of PNG bytes."""
    if not data.startswith(_SIGNATURE):
        raise invalid_argument("DecodePng", "Unknown image file format. One of JPEG, JPEG XL, "
                                            "PNG, GIF, BMP, WebP required.")
    header, palette, idat = None, None, []
    for kind, chunk in _chunks(data):
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"PLTE":
            palette = np.frombuffer(chunk, np.uint8).reshape(-1, 3)
        elif kind == b"IDAT":
            idat.append(chunk)
    if header is None:
        raise invalid_argument("DecodePng", "Invalid PNG data: no IHDR chunk")
    width, height, depth, colour, _, _, interlace = header
    if depth not in (8, 16) or colour not in _SAMPLES or interlace:
        raise invalid_argument("DecodePng", f"eagerbook decodes 8- and 16-bit non-interlaced "
                                            f"PNGs, got bit depth {depth}, colour type "
                                            f"{colour}, interlace {interlace}")
    samples, size = _SAMPLES[colour], depth // 8
    rows = _unfilter(zlib.decompress(b"".join(idat)), height, width * samples * size,
                     samples * size)
    pixels = rows.reshape(height, width, samples * size)
    if size == 2:  # big-endian 16-bit samples
        pixels = pixels.reshape(height, width, samples, 2).astype(np.uint16)
        pixels = (pixels[..., 0] << 8) | pixels[..., 1]
    if colour == 3:
        pixels, colour = palette[pixels[..., 0]], 2
    return pixels, colour


def _to_channels(pixels, channels):
    """Grey, grey+alpha, RGB or RGBA -> `channels` (0: as stored), as libpng converts."""
    have = pixels.shape[-1]
    if channels in (0, have):
        return pixels
    top = 65535 if pixels.dtype == np.uint16 else 255
    colour = pixels[..., :have - (have in (2, 4))]
    alpha = pixels[..., -1:] if have in (2, 4) else np.full(pixels.shape[:2] + (1,), top,
                                                             pixels.dtype)
    if colour.shape[-1] == 3 and channels in (1, 2):  # libpng's RGB -> grey weights
        weights = np.array([6968, 23434, 2366]) / 32768
        colour = np.rint(colour @ weights).astype(pixels.dtype)[..., None]
    elif colour.shape[-1] == 1 and channels in (3, 4):
        colour = np.repeat(colour, 3, axis=-1)
    return colour if channels in (1, 3) else np.concatenate([colour, alpha], axis=-1)


@register("DecodePng", differentiable=False)
def _decode_png(contents, channels, dtype):
    pixels, _ = _read_png(bytes(contents.item()))
    return _to_dtype(_to_channels(pixels, channels), dtype)


def _to_dtype(pixels, dtype):
    """8- or 16-bit samples as uint8 or uint16, rescaled between the two ranges."""
    if dtype is dtypes.uint16 and pixels.dtype == np.uint8:
        pixels = pixels.astype(np.uint16) * 257  # 0..255 -> 0..65535
    elif dtype is dtypes.uint8 and pixels.dtype == np.uint16:
        pixels = (pixels >> 8).astype(np.uint8)
    return pixels.astype(dtype._np)


def _infer_decode_png(inputs, attrs):
    return [(attrs["dtype"], [None, None, attrs["channels"] or None])]


_decode_png.infer_shape = _infer_decode_png


def decode_png(contents, channels=0, dtype=dtypes.uint8, name=None):
    """PNG bytes (a scalar string tensor) -> a [height, width, channels] image of `dtype`
    (uint8 or uint16); `channels` 0 keeps the file's, 1 grey, 3 RGB, 4 RGBA."""
    contents = convert_to_tensor(contents, dtype=dtypes.string)
    dtype = dtypes.as_dtype(dtype)
    if dtype not in (dtypes.uint8, dtypes.uint16):
        raise TypeError(f"Value for attr 'dtype' of {dtype.name} is not in the list of allowed "
                        f"values: uint8, uint16")
    if channels not in (0, 1, 2, 3, 4):
        raise invalid_argument("DecodePng", f"channels must be 0, 1, 2, 3 or 4, got {channels}")
    if contents.shape.rank not in (0, None):
        raise invalid_argument("DecodePng", f"contents must be scalar, got shape "
                                            f"{contents.shape}")
    return execute(_decode_png, (contents,), {"channels": int(channels), "dtype": dtype})


@register("EncodePng", differentiable=False)
def _encode_png(image, compression):
    height, width, channels = image.shape
    wide = image.dtype == np.uint16
    rows = image.astype(">u2") if wide else image
    rows = rows.reshape(height, -1).view(np.uint8).reshape(height, -1)
    raw = np.concatenate([np.zeros((height, 1), np.uint8), rows], axis=1).tobytes()
    level = 6 if compression == -1 else compression

    def chunk(kind, body):
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", width, height, 16 if wide else 8,
                         _COLOUR_TYPE[channels], 0, 0, 0)
    png = _SIGNATURE + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, level)) \
        + chunk(b"IEND", b"")
    return np.array(png, dtype=object)


def _infer_encode_png(inputs, attrs):
    return [(dtypes.string, [])]


_encode_png.infer_shape = _infer_encode_png


def encode_png(image, compression=-1, name=None):
    """A [height, width, channels] uint8 or uint16 image -> PNG bytes (a scalar string)."""
    image = convert_to_tensor(image)
    if image.dtype not in (dtypes.uint8, dtypes.uint16):
        raise TypeError(f"Value passed to parameter 'image' has DataType {image.dtype.name} not "
                        f"in list of allowed values: uint8, uint16")
    if image.shape.rank != 3 or image.shape[-1] not in (1, 2, 3, 4):
        raise invalid_argument("EncodePng", f"image must be 3-dimensional with 1 to 4 "
                                            f"channels, got shape {image.shape}")
    if not -1 <= compression <= 9:
        raise invalid_argument("EncodePng", f"compression must be in [-1, 9], got "
                                            f"{compression}")
    return execute(_encode_png, (image,), {"compression": int(compression)})
