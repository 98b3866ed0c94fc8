"""More of ``tf.image``: ``resize_with_pad``, ``extract_patches``, ``ssim``, and the
non-max-suppression family that object-detection code uses.

``extract_patches`` and ``ssim`` are built from slicing and convolution ops (so they
differentiate). Non-max suppression picks boxes greedily -- a choice, not a smooth function -- so
it runs eagerly in NumPy and returns indices (TF registers no gradient for it either).
"""

import collections

import numpy as np

from ..core import dtypes, errors
from ..core.tensor import convert_to_tensor
from . import array_ops, image_ops, math_ops, nn_impl_ops, nn_ops


# --- resize_with_pad -------------------------------------------------------------------------
def resize_with_pad(image, target_height, target_width,
                    method=image_ops.ResizeMethod.BILINEAR, antialias=False):
    """Resizes to fit inside target_height x target_width keeping the aspect ratio, then pads
    with zeros (evenly on both sides, the odd pixel after) to exactly that size."""
    image = image_ops._image(image)
    height, width = image.shape.as_list()[-3:-1]
    if target_height <= 0 or target_width <= 0:
        raise ValueError("target_width and target_height must be > 0.")
    ratio = max(width / target_width, height / target_height)
    resized_height, resized_width = height / ratio, width / ratio
    pad_top = max(0, int(np.floor((target_height - resized_height) / 2)))
    pad_left = max(0, int(np.floor((target_width - resized_width) / 2)))
    resized = image_ops.resize(image, [int(np.floor(resized_height)),
                                       int(np.floor(resized_width))], method,
                               antialias=antialias)
    return image_ops.pad_to_bounding_box(resized, pad_top, pad_left, target_height,
                                         target_width)


# --- extract_patches -------------------------------------------------------------------------
def _four(value, name):
    value = [int(v) for v in value]
    if len(value) != 4 or value[0] != 1 or value[3] != 1:
        raise ValueError(f"{name} must be a list of 4 ints [1, rows, cols, 1], got {value}")
    return value[1], value[2]


def extract_patches(images, sizes, strides, rates, padding, name=None):
    """Each output pixel holds the patch of `sizes` (taps `rates` apart) under it, flattened
    row by row then channel by channel: [batch, out_rows, out_cols, rows * cols * depth]."""
    x = convert_to_tensor(images)
    if x.ndim != 4:
        raise ValueError(f"images must be 4-D [batch, rows, cols, depth], got shape {x.shape}")
    kh, kw = _four(sizes, "ksizes")
    sh, sw = _four(strides, "strides")
    rh, rw = _four(rates, "rates")
    if padding not in ("SAME", "VALID"):
        raise ValueError(f"padding must be 'SAME' or 'VALID', got {padding!r}")
    height, width = x.shape[1], x.shape[2]
    out_h, pad_h = _extent(height, kh, sh, rh, padding)
    out_w, pad_w = _extent(width, kw, sw, rw, padding)
    if any(pad_h) or any(pad_w):
        x = array_ops.pad(x, [[0, 0], list(pad_h), list(pad_w), [0, 0]])
    taps = []
    for i in range(kh):
        for j in range(kw):
            top, left = i * rh, j * rw
            taps.append(x[:, top:top + (out_h - 1) * sh + 1:sh,
                          left:left + (out_w - 1) * sw + 1:sw, :])
    if not out_h or not out_w:
        return array_ops.zeros([x.shape[0], out_h, out_w, kh * kw * x.shape[3]], x.dtype)
    return array_ops.concat(taps, axis=3)


def _extent(size, k, stride, rate, padding):
    """(output length, (pad before, pad after)) of one spatial axis, as TF's windows."""
    span = (k - 1) * rate + 1
    if padding == "VALID":
        return max(-(-(size - span + 1) // stride), 0), (0, 0)
    out = -(-size // stride)
    total = max((out - 1) * stride + span - size, 0)
    return out, (total // 2, total - total // 2)


# --- ssim ------------------------------------------------------------------------------------
def _gaussian_kernel(size, sigma, channels):
    """A normalized size x size Gaussian, one copy per channel: [size, size, channels, 1]."""
    coords = np.arange(size, dtype=np.float32) - np.float32(size - 1) / np.float32(2.0)
    g = np.square(coords) * np.float32(-0.5 / np.square(np.float32(sigma)))
    g = (g.reshape(1, -1) + g.reshape(-1, 1)).reshape(1, -1)
    g = nn_ops.softmax(convert_to_tensor(g))
    kernel = array_ops.reshape(g, [size, size, 1, 1])
    return array_ops.tile(kernel, [1, 1, channels, 1])


def _check_filter_fits(shape, filter_size):
    """TF asserts each image's height and width are at least filter_size; its failed Assert
    prints the condition and then the data it was given (the shape, the filter size)."""
    if shape[-3] < filter_size or shape[-2] < filter_size:
        raise errors.InvalidArgumentError(
            None, None, f"Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. "
                        f"Summarized data: {', '.join(str(d) for d in shape)}\n{filter_size}")


def _ssim_per_channel(img1, img2, max_val, filter_size, filter_sigma, k1, k2):
    """(ssim, contrast-structure) of each channel: luminance times contrast-structure under a
    Gaussian window (VALID), and contrast-structure alone, averaged over the pixels."""
    shape = img1.shape.as_list()
    _check_filter_fits(shape, filter_size)
    _check_filter_fits(img2.shape.as_list(), filter_size)
    kernel = _gaussian_kernel(filter_size, filter_sigma, shape[-1])

    def window_mean(x):
        flat = array_ops.reshape(x, [-1] + shape[-3:])
        y = nn_impl_ops.depthwise_conv2d(flat, kernel, [1, 1, 1, 1], "VALID")
        return array_ops.reshape(y, shape[:-3] + y.shape.as_list()[1:])

    c1 = math_ops.square(math_ops.multiply(max_val, k1))
    c2 = math_ops.square(math_ops.multiply(max_val, k2))
    mean1, mean2 = window_mean(img1), window_mean(img2)
    num0 = math_ops.multiply(math_ops.multiply(mean1, mean2), 2.0)
    den0 = math_ops.add(math_ops.square(mean1), math_ops.square(mean2))
    luminance = math_ops.truediv(math_ops.add(num0, c1), math_ops.add(den0, c1))
    num1 = math_ops.multiply(window_mean(math_ops.multiply(img1, img2)), 2.0)
    den1 = window_mean(math_ops.add(math_ops.square(img1), math_ops.square(img2)))
    cs = math_ops.truediv(math_ops.add(math_ops.subtract(num1, num0), c2),
                          math_ops.add(math_ops.subtract(den1, den0), c2))
    index_map = math_ops.multiply(luminance, cs)
    return (math_ops.reduce_mean(index_map, axis=[-3, -2]),
            math_ops.reduce_mean(cs, axis=[-3, -2]), index_map)


def _float_images(img1, img2, max_val):
    img1, img2 = convert_to_tensor(img1), convert_to_tensor(img2)
    max_val = image_ops.convert_image_dtype(math_ops.cast(max_val, img1.dtype), dtypes.float32)
    return (image_ops.convert_image_dtype(img1, dtypes.float32),
            image_ops.convert_image_dtype(img2, dtypes.float32), max_val)


def ssim(img1, img2, max_val, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03,
         return_index_map=False):
    """The structural similarity of two images (or batches), averaged over pixels and
    channels: luminance times contrast-structure under a Gaussian window (VALID)."""
    img1, img2, max_val = _float_images(img1, img2, max_val)
    per_channel, _, index_map = _ssim_per_channel(img1, img2, max_val, filter_size,
                                                  filter_sigma, k1, k2)
    if return_index_map:
        return math_ops.reduce_mean(index_map, axis=-1)
    return math_ops.reduce_mean(per_channel, axis=-1)


_MS_SSIM_WEIGHTS = (0.0448, 0.2856, 0.3001, 0.2363, 0.1333)


def _halved(image):
    """The image at half size: padded (mirrored) to even height and width, then 2x2 means."""
    shape = image.shape.as_list()
    flat = array_ops.reshape(image, [-1] + shape[-3:])
    extra_h, extra_w = shape[-3] % 2, shape[-2] % 2
    if extra_h or extra_w:
        flat = array_ops.pad(flat, [[0, 0], [0, extra_h], [0, extra_w], [0, 0]],
                             mode="SYMMETRIC")
    small = nn_ops.avg_pool2d(flat, [1, 2, 2, 1], [1, 2, 2, 1], "VALID")
    return array_ops.reshape(small, shape[:-3] + small.shape.as_list()[1:])


def ssim_multiscale(img1, img2, max_val, power_factors=_MS_SSIM_WEIGHTS, filter_size=11,
                    filter_sigma=1.5, k1=0.01, k2=0.03):
    """Multi-scale SSIM: the contrast-structure of the images at full size and each halving,
    and the SSIM of the smallest, combined as a weighted geometric mean (`power_factors`,
    one per scale), averaged over channels."""
    img1, img2, max_val = _float_images(img1, img2, max_val)
    factors = list(power_factors)
    parts = []
    for scale in range(len(factors)):
        if scale > 0:
            img1, img2 = _halved(img1), _halved(img2)
        per_channel, cs, _ = _ssim_per_channel(img1, img2, max_val, filter_size, filter_sigma,
                                               k1, k2)
        parts.append(nn_ops.relu(cs))
    parts[-1] = nn_ops.relu(per_channel)  # the last scale counts with its luminance
    stacked = array_ops.stack(parts, axis=-1)
    weighted = math_ops.pow(stacked, convert_to_tensor(factors, dtype=stacked.dtype))
    return math_ops.reduce_mean(math_ops.reduce_prod(weighted, axis=-1), axis=-1)


# --- non-max suppression ---------------------------------------------------------------------
def _iou_matrix(boxes):
    """Intersection over union of every pair of boxes (corners in either order), in the
    boxes' dtype; 0 where either box has no area."""
    y1, x1, y2, x2 = (boxes[:, i] for i in range(4))
    top, bottom = np.minimum(y1, y2), np.maximum(y1, y2)
    left, right = np.minimum(x1, x2), np.maximum(x1, x2)
    area = (bottom - top) * (right - left)
    inter_h = np.maximum(np.minimum(bottom[:, None], bottom[None]) -
                         np.maximum(top[:, None], top[None]), 0)
    inter_w = np.maximum(np.minimum(right[:, None], right[None]) -
                         np.maximum(left[:, None], left[None]), 0)
    inter = inter_h * inter_w
    with np.errstate(divide="ignore", invalid="ignore"):
        iou = inter / (area[:, None] + area[None] - inter)
    empty = (area[:, None] <= 0) | (area[None] <= 0)
    return np.where(empty, 0, iou).astype(boxes.dtype)


def _greedy_select(similarity, scores, max_output_size, threshold, score_threshold,
                   soft_nms_sigma=0.0):
    """TF's greedy selection: the best remaining candidate is kept unless a kept box is more
    similar than `threshold`; with soft_nms_sigma > 0, every box's score decays by
    exp(-similarity^2 / (2 sigma)) instead (the threshold plays no part), and returns to the
    queue while above score_threshold. Returns (indices, their final scores). Scores are
    float32 throughout, as in TF's kernel."""
    soft = soft_nms_sigma > 0
    scale = np.float32(-0.5 / soft_nms_sigma if soft else 0.0)
    queue = [[np.float32(s), i, 0] for i, s in enumerate(scores) if s > score_threshold]
    selected, selected_scores = [], []
    while len(selected) < max_output_size and queue:
        best = max(range(len(queue)), key=lambda q: (queue[q][0], -queue[q][1]))
        candidate = queue.pop(best)
        original = candidate[0]
        hard = False
        for j in range(len(selected) - 1, candidate[2] - 1, -1):
            sim = np.float32(similarity[candidate[1], selected[j]])
            weight = np.float32(np.exp(np.float64(scale * sim * sim)))  # (the C library's expf)
            candidate[0] *= weight if soft or sim <= threshold else np.float32(0.0)
            if not soft and sim > threshold:
                hard = True
                break
            if candidate[0] <= score_threshold:
                break
        candidate[2] = len(selected)
        if hard:
            continue
        if candidate[0] == original:
            selected.append(candidate[1])
            selected_scores.append(candidate[0])
        elif candidate[0] > score_threshold:
            queue.append(candidate)
    return selected, selected_scores


def _nms_inputs(boxes, scores, max_output_size, op_name):
    boxes = convert_to_tensor(boxes)
    scores = convert_to_tensor(scores, dtype=boxes.dtype)
    if boxes.ndim != 2 or boxes.shape[1] != 4:
        raise errors.op_error(errors.InvalidArgumentError, op_name,
                              f"boxes must be 2-D [num_boxes, 4], got shape {boxes.shape}")
    if scores.ndim != 1 or scores.shape[0] != boxes.shape[0]:
        raise errors.op_error(errors.InvalidArgumentError, op_name,
                              "scores has incompatible shape")
    size = int(convert_to_tensor(max_output_size).numpy())
    if size < 0:
        raise errors.op_error(errors.InvalidArgumentError, op_name,
                              "max_output_size must be non-negative")
    return boxes.numpy(), scores.numpy(), size


def non_max_suppression(boxes, scores, max_output_size, iou_threshold=0.5,
                        score_threshold=float("-inf"), name=None):
    """Indices (int32) of up to `max_output_size` boxes, best score first, none overlapping a
    kept box by more than `iou_threshold`."""
    boxes, scores, size = _nms_inputs(boxes, scores, max_output_size, "NonMaxSuppressionV3")
    chosen, _ = _greedy_select(_iou_matrix(boxes), scores, size, float(iou_threshold),
                               float(score_threshold))
    return convert_to_tensor(np.asarray(chosen, np.int32))


def non_max_suppression_with_scores(boxes, scores, max_output_size, iou_threshold=0.5,
                                    score_threshold=float("-inf"), soft_nms_sigma=0.0,
                                    name=None):
    """(indices, scores) of the kept boxes; ``soft_nms_sigma > 0`` decays overlapping boxes'
    scores (Soft-NMS) instead of dropping them."""
    boxes, scores, size = _nms_inputs(boxes, scores, max_output_size, "NonMaxSuppressionV5")
    chosen, kept = _greedy_select(_iou_matrix(boxes), scores, size, float(iou_threshold),
                                  float(score_threshold), float(soft_nms_sigma))
    return (convert_to_tensor(np.asarray(chosen, np.int32)),
            convert_to_tensor(np.asarray(kept, scores.dtype)))


def non_max_suppression_overlaps(overlaps, scores, max_output_size, overlap_threshold=0.5,
                                 score_threshold=float("-inf"), name=None):
    """non_max_suppression with the given [n, n] `overlaps` as the similarity of boxes."""
    overlaps = convert_to_tensor(overlaps).numpy()
    scores = convert_to_tensor(scores).numpy()
    size = int(convert_to_tensor(max_output_size).numpy())
    chosen, _ = _greedy_select(overlaps, scores, size, float(overlap_threshold),
                               float(score_threshold))
    return convert_to_tensor(np.asarray(chosen, np.int32))


def non_max_suppression_padded(boxes, scores, max_output_size, iou_threshold=0.5,
                               score_threshold=float("-inf"), pad_to_max_output_size=False,
                               name=None, sorted_input=False, canonicalized_coordinates=False,
                               tile_size=512):
    """(indices, number valid); with `pad_to_max_output_size` the indices are padded with 0
    to max_output_size. Boxes may carry batch axes in front."""
    boxes, scores = convert_to_tensor(boxes), convert_to_tensor(scores)
    size = int(convert_to_tensor(max_output_size).numpy())
    batch_shape = boxes.shape.as_list()[:-2]
    flat_boxes = boxes.numpy().reshape(-1, boxes.shape[-2], 4)
    flat_scores = scores.numpy().reshape(-1, scores.shape[-1])
    rows, counts = [], []
    for b, s in zip(flat_boxes, flat_scores):
        chosen, _ = _greedy_select(_iou_matrix(b), s, size, float(iou_threshold),
                                   float(score_threshold))
        counts.append(len(chosen))
        rows.append(chosen + [0] * (size - len(chosen)))
    if not batch_shape and not pad_to_max_output_size:
        return (convert_to_tensor(np.asarray(rows[0][:counts[0]], np.int32)),
                convert_to_tensor(np.int32(counts[0])))
    indices = np.asarray(rows, np.int32).reshape(batch_shape + [size])
    valid = np.asarray(counts, np.int32).reshape(batch_shape)
    return convert_to_tensor(indices), convert_to_tensor(valid)


CombinedNonMaxSuppression = collections.namedtuple(
    "CombinedNonMaxSuppression", ["nmsed_boxes", "nmsed_scores", "nmsed_classes",
                                  "valid_detections"])


def combined_non_max_suppression(boxes, scores, max_output_size_per_class, max_total_size,
                                 iou_threshold=0.5, score_threshold=float("-inf"),
                                 pad_per_class=False, clip_boxes=True, name=None):
    """Per image and class, greedy NMS; then the best `max_total_size` detections over all
    classes, zero-padded. boxes: [batch, num_boxes, q, 4] (q is 1 or num_classes),
    scores: [batch, num_boxes, num_classes]."""
    boxes = convert_to_tensor(boxes, dtype=dtypes.float32).numpy()
    scores = convert_to_tensor(scores, dtype=dtypes.float32).numpy()
    per_class = int(convert_to_tensor(max_output_size_per_class).numpy())
    total = int(convert_to_tensor(max_total_size).numpy())
    if boxes.ndim != 4 or scores.ndim != 3:
        raise errors.op_error(errors.InvalidArgumentError, "CombinedNonMaxSuppression",
                              "boxes must be 4-D and scores 3-D")
    classes = scores.shape[2]
    size = min(total, per_class * classes) if pad_per_class else total
    out_boxes = np.zeros((boxes.shape[0], size, 4), np.float32)
    out_scores = np.zeros((boxes.shape[0], size), np.float32)
    out_classes = np.zeros((boxes.shape[0], size), np.float32)
    valid = np.zeros(boxes.shape[0], np.int32)
    for b in range(boxes.shape[0]):
        found = []
        for c in range(classes):
            class_boxes = boxes[b, :, 0 if boxes.shape[2] == 1 else c]
            chosen, kept = _greedy_select(_iou_matrix(class_boxes), scores[b, :, c], per_class,
                                          float(iou_threshold), float(score_threshold))
            found += [(score, c, class_boxes[i]) for i, score in zip(chosen, kept)]
        found.sort(key=lambda item: -item[0])  # stable: ties keep class order
        found = found[:size]
        valid[b] = len(found)
        for k, (score, c, box) in enumerate(found):
            out_boxes[b, k] = np.clip(box, 0, 1) if clip_boxes else box
            out_scores[b, k], out_classes[b, k] = score, c
    return CombinedNonMaxSuppression(convert_to_tensor(out_boxes),
                                     convert_to_tensor(out_scores),
                                     convert_to_tensor(out_classes), convert_to_tensor(valid))
