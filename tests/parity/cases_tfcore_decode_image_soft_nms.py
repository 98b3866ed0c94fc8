"""Parity cases for tf.io.decode_image (the format read from the bytes; float32 output
divided by 255 in the kernel) and Soft-NMS in non_max_suppression_with_scores (every
overlapping box's score decays, in float32)."""

from tests.parity.harness import ParityCase

CASES = [
    # A PNG written with encode_png, decoded back as uint8, float32 and one channel
    ParityCase('decode_image_png', ('\n'
               'img = tf.constant(np.arange(2 * 3 * 3, dtype=np.uint8).reshape(2, 3, 3) * 10)\n'
               'png = tf.io.encode_png(img)\n'
               'print(tf.io.decode_image(png))\n'
               'print(tf.io.decode_image(png, dtype=tf.float32))\n'
               'print(tf.image.decode_image(png, channels=1).shape)\n'
               'print(tf.io.decode_image(png, channels=4)[0])\n'
               'print(tf.io.decode_image(png, dtype=tf.uint16)[0, 0])\n'
               'for bad in [lambda: tf.io.decode_image(tf.constant(b"hello")),\n'
               '            lambda: tf.io.decode_image(png, channels=5)]:\n'
               '  try:\n'
               '    bad()\n'
               '  except tf.errors.InvalidArgumentError as e:\n'
               '    print(type(e).__name__, str(e).split(" [Op")[0].split("}} ")[-1])\n'),
               ('tf.Tensor(\n'
               '[[[  0  10  20]\n'
               '  [ 30  40  50]\n'
               '  [ 60  70  80]]\n'
               '\n'
               ' [[ 90 100 110]\n'
               '  [120 130 140]\n'
               '  [150 160 170]]], shape=(2, 3, 3), dtype=uint8)\n'
               'tf.Tensor(\n'
               '[[[0.         0.03921569 0.07843138]\n'
               '  [0.11764706 0.15686275 0.19607843]\n'
               '  [0.23529412 0.27450982 0.3137255 ]]\n'
               '\n'
               ' [[0.3529412  0.39215687 0.43137255]\n'
               '  [0.47058824 0.50980395 0.54901963]\n'
               '  [0.5882353  0.627451   0.6666667 ]]], shape=(2, 3, 3), dtype=float32)\n'
               '(2, 3, 1)\n'
               'tf.Tensor(\n'
               '[[  0  10  20 255]\n'
               ' [ 30  40  50 255]\n'
               ' [ 60  70  80 255]], shape=(3, 4), dtype=uint8)\n'
               'tf.Tensor([   0 2570 5140], shape=(3,), dtype=uint16)\n'
               'InvalidArgumentError Unknown image file format. One of JPEG, JPEG XL, P'
               'NG, GIF, BMP, WebP required.\n'
               'InvalidArgumentError `channels` must be 0, 1, 3 or 4 but got 5\n')),
    # Soft-NMS decays the scores of overlapping boxes whatever the IoU threshold
    ParityCase('soft_nms', ('\n'
               'boxes = tf.constant([[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, 0.2, 1, 1.2], '
               '[0, 2, 1, 3]], tf.float32)\n'
               'scores = tf.constant([0.9, 0.8, 0.7, 0.6])\n'
               'print(tf.image.non_max_suppression_with_scores(boxes, scores, 3, soft_n'
               'ms_sigma=0.5))\n'
               'print(tf.image.non_max_suppression_with_scores(boxes, scores, 4, iou_th'
               'reshold=0.9, soft_nms_sigma=0.2))\n'
               'print(tf.image.non_max_suppression_with_scores(boxes, scores, 4, score_'
               'threshold=0.3, soft_nms_sigma=1.0))\n'
               'print(tf.image.non_max_suppression_with_scores(boxes, scores, 4))\n'),
               ('(<tf.Tensor: shape=(3,), dtype=int32, numpy=array([0, 3, 2], dtype=int3'
               '2)>, <tf.Tensor: shape=(3,), dtype=float32, numpy=array([0.9       , 0.'
               '6       , 0.44882628], dtype=float32)>)\n'
               '(<tf.Tensor: shape=(4,), dtype=int32, numpy=array([0, 3, 2, 1], dtype=i'
               'nt32)>, <tf.Tensor: shape=(4,), dtype=float32, numpy=array([0.9       ,'
               ' 0.6       , 0.23043513, 0.02814878], dtype=float32)>)\n'
               '(<tf.Tensor: shape=(4,), dtype=int32, numpy=array([0, 3, 1, 2], dtype=i'
               'nt32)>, <tf.Tensor: shape=(4,), dtype=float32, numpy=array([0.9       ,'
               ' 0.6       , 0.57243603, 0.40107453], dtype=float32)>)\n'
               '(<tf.Tensor: shape=(2,), dtype=int32, numpy=array([0, 3], dtype=int32)>'
               ', <tf.Tensor: shape=(2,), dtype=float32, numpy=array([0.9, 0.6], dtype='
               'float32)>)\n')),
]
