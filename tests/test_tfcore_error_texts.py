"""Error kinds and words of common mistakes with array, scatter, sort, scan, random and
string ops, as TF 2.21 raises them."""

import pytest

import eagerbook as tf

IAE = tf.errors.InvalidArgumentError

CASES = [
    (lambda: tf.reverse(tf.ones([2, 2]), [2]), IAE,
     "'axis'[0] = 2 is out of valid range [0, 1 [Op:ReverseV2]"),
    (lambda: tf.tensor_scatter_nd_update(tf.zeros([3]), [[1]], [1., 2.]), IAE,
     "Outer dimensions of indices and update must match. Indices shape: [1,1], updates "
     "shape:[2] [Op:TensorScatterUpdate]"),
    (lambda: tf.tensor_scatter_nd_update(tf.zeros([3, 2]), [[1]], tf.ones([1, 3])), IAE,
     "The inner 1 dimensions of output.shape=[3,2] must match the inner 1 dimensions of "
     "updates.shape=[1,3] [Op:TensorScatterUpdate]"),
    (lambda: tf.scatter_nd([[1]], [1., 2.], [3]), IAE,
     "Dimensions [0,1) of indices[shape=[1,1]] must match dimensions [0,1) of "
     "updates[shape=[2]] [Op:ScatterNd]"),
    (lambda: tf.io.decode_base64("a!"), IAE, "Invalid character found in base64."),
    (lambda: tf.argsort(tf.ones([2]), direction="UP"), ValueError,
     "Argument `direction` should be one of ASCENDING, DESCENDING. Received: direction=UP"),
    (lambda: tf.random.uniform([2], minval=5, maxval=1, dtype=tf.int32), IAE,
     "Need minval < maxval, got 5 >= 1 [Op:RandomUniformInt]"),
    (lambda: tf.random.normal([2], dtype=tf.int32), TypeError,
     "Cannot convert 0.0 to EagerTensor of dtype int32"),
    (lambda: tf.random.normal([2], mean=0, stddev=1, dtype=tf.int32), IAE,
     "Value for attr 'dtype' of int32 is not in the list of allowed values: half, bfloat16, "
     "float, double [Op:RandomStandardNormal]"),
    (lambda: tf.random.uniform([2], dtype=tf.bool), ValueError,
     "Argument `dtype` got invalid value <dtype: 'bool'>. Accepted dtypes are (tf.float16, "
     "tf.bfloat16, tf.float32, tf.float64, tf.int32, tf.int64)."),
    (lambda: tf.cumsum(tf.ones([2]), axis=2), IAE,
     "ScanOp: Expected scan axis in the range [-1, 1), but got 2 [Op:Cumsum]"),
    (lambda: tf.cumsum(tf.ones([2, 2]), axis=-3), IAE,
     "ScanOp: Expected scan axis in the range [-2, 2), but got -1 [Op:Cumsum]"),
    (lambda: tf.math.cumulative_logsumexp(tf.ones([2]), axis=1), IAE,
     "ScanOp: Expected scan axis in the range [-1, 1), but got 1 [Op:CumulativeLogsumexp]"),
    (lambda: tf.roll(tf.range(3), shift=[1, 2], axis=[0]), IAE,
     "shift and axis must have the same size [Op:Roll]"),
    (lambda: tf.unique(tf.ones([2, 2])), IAE, "unique expects a 1D vector. [Op:Unique]"),
    (lambda: tf.fill([2], [1, 2]), IAE, "value must represent a scalar, got shape [2] [Op:Fill]"),
    (lambda: tf.strings.split(["a b"], maxsplit="x"), TypeError,
     "Expected int for argument 'maxsplit' not 'x'."),
    (lambda: tf.strings.regex_replace("abc", "(", "x"), IAE,
     "Invalid pattern: (, error: missing ): ( [Op:StaticRegexReplace]"),
    (lambda: tf.strings.regex_full_match("abc", "a[bc"), IAE,
     "Invalid pattern: a[bc, error: missing ]: [bc [Op:StaticRegexFullMatch]"),
    (lambda: tf.strings.regex_replace("abc", "*a", "x"), IAE,
     "error: no argument for repetition operator: *"),
    (lambda: tf.strings.format("{} {}", [1]), ValueError,
     "The template expects 2 tensors, but the inputs only has 1. Please ensure the number of "
     "placeholders in template matches inputs length."),
    (lambda: tf.linalg.expm(tf.ones([2, 3])), IAE,
     "Matrix size-incompatible: In[0]: [1,2,3], In[1]: [1,2,3] 0 0 [Op:BatchMatMulV2]"),
    (lambda: tf.linalg.tensordot(tf.ones([2, 3, 4]), tf.ones([5, 3]), axes=[[0, 1], [1, 0]]),
     IAE, "Matrix size-incompatible: In[0]: [4,6], In[1]: [15,1] [Op:MatMul]"),
    (lambda: tf.image.flip_left_right(tf.ones([2])), ValueError,
     "'image' (shape (2,)) must be at least three-dimensional."),
    (lambda: tf.image.flip_up_down(tf.ones([2, 2, 2, 2, 2])), ValueError,
     "'image' (shape (2, 2, 2, 2, 2))must have either 3 or 4 dimensions."),
    (lambda: tf.image.central_crop(tf.ones([2, 2, 2, 2, 2]), 0.5), ValueError,
     "`image` should either be a Tensor with rank = 3 or rank = 4. Had rank = 5."),
    (lambda: tf.image.rgb_to_grayscale(tf.ones([2, 2, 2])), IAE,
     "Matrix size-incompatible: In[0]: [4,2], In[1]: [3,1] [Op:MatMul]"),
    (lambda: tf.image.rgb_to_hsv(tf.ones([2])), tf.errors.FailedPreconditionError,
     "input must have 3 channels but input only has 2 channels. [Op:RGBToHSV]"),
    (lambda: tf.image.adjust_saturation(tf.ones([2]), 0.5), IAE,
     "input must be at least 3-D, got shape[2] [Op:AdjustSaturation]"),
    (lambda: tf.image.adjust_hue(tf.ones([2, 2, 2]), 0.1), IAE,
     "input must have 3 channels but instead has 2 channels. [Op:AdjustHue]"),
    (lambda: tf.image.grayscale_to_rgb(tf.ones([2])), ValueError,
     "A grayscale image (shape (2,)) must be at least two-dimensional."),
    (lambda: tf.image.total_variation(tf.ones([2])), ValueError,
     "'images' must be either 3 or 4-dimensional."),
    (lambda: tf.image.resize_with_pad(tf.ones([2]), 2, 2), ValueError,
     "'image' (shape (2,)) must have either 3 or 4 dimensions."),
    (lambda: tf.image.random_crop(tf.ones([4, 4, 3]), [5, 5, 3]), IAE,
     "Summarized data: b'Need value.shape >= size, got '\n4, 4, 3\n5, 5, 3"),
    (lambda: tf.nn.l2_normalize(tf.constant([1, 2])), TypeError,
     "Cannot convert 1e-12 to EagerTensor of dtype int32"),
    (lambda: tf.nn.softmax_cross_entropy_with_logits(labels=tf.ones([2, 3]),
                                                     logits=tf.ones([2, 4])), IAE,
     "logits_size=[2,4] labels_size=[2,3]"),
    (lambda: tf.sparse.reshape(tf.SparseTensor([[0, 0]], [1.], [2, 3]), [5]), IAE,
     "but the requested shape has 5. input_shape=[2,3] output_shape=[5] [Op:SparseReshape]"),
    (lambda: tf.math.polyval((1., 2.), 2.), ValueError,
     "Argument coeffs must be list type. Received type <class 'tuple'>."),
    (lambda: tf.ragged.range([1, 2], [3]), IAE,
     "starts, limits, and deltas must have the same shape [Op:RaggedRange]"),
    (lambda: tf.ragged.range([1, 2], [5, 6], 0), IAE, "Requires delta != 0 [Op:RaggedRange]"),
    (lambda: tf.strings.unicode_transcode(["a"], "UTF-8", "ASCII"), IAE,
     "Value for attr 'output_encoding' of \"ASCII\" is not in the list of allowed values: "
     "\"UTF-8\", \"UTF-16-BE\", \"UTF-32-BE\"\n\t; NodeDef: {{node UnicodeTranscode}}; "
     "Op<name=UnicodeTranscode; signature=input:string -> output:string; "
     "attr=input_encoding:string; attr=output_encoding:string,allowed=[\"UTF-8\", \"UTF-16-BE\", "
     "\"UTF-32-BE\"]; attr=errors:string,default=\"replace\",allowed=[\"strict\", \"replace\", "
     "\"ignore\"]; attr=replacement_char:int,default=65533; "
     "attr=replace_control_characters:bool,default=false> [Op:UnicodeTranscode]"),
    (lambda: tf.strings.unicode_split("abc", "UTF-7"), IAE,
     "Value for attr 'output_encoding' of \"UTF-7\""),
    (lambda: tf.strings.substr("hello", 1, 2, unit="CHAR"), IAE,
     "Value for attr 'unit' of \"CHAR\" is not in the list of allowed values: \"BYTE\", "
     "\"UTF8_CHAR\"\n\t; NodeDef: {{node Substr}}; Op<name=Substr; signature=input:string, "
     "pos:T, len:T -> output:string; attr=T:type,allowed=[DT_INT32, DT_INT64]; "
     "attr=unit:string,default=\"BYTE\",allowed=[\"BYTE\", \"UTF8_CHAR\"]> [Op:Substr]"),
    (lambda: tf.io.parse_single_example(b"garbage", {"a": tf.io.FixedLenFeature([], tf.int64)}),
     IAE, "Could not parse example input, value: 'garbage' [Op:ParseExampleV2]"),
    (lambda: tf.io.decode_png(b"notapng"), IAE,
     "Unknown image file format. One of JPEG, JPEG XL, PNG, GIF, BMP, WebP required. "
     "[Op:DecodePng]"),
    (lambda: tf.io.read_file("/nonexistent/file.txt"), tf.errors.NotFoundError,
     "/nonexistent/file.txt; No such file or directory [Op:ReadFile]"),
    (lambda: tf.lookup.KeyValueTensorInitializer(["a"], [1, 2]), IAE,
     "Expected shape [1] for value, got [2] [Op:LookupTableImportV2]"),
    (lambda: tf.sets.intersection([[1, 2]], [[1], [2]]), IAE,
     "Mismatched shapes [1] vs [2] [Op:DenseToDenseSetOperation]"),
    (lambda: tf.math.confusion_matrix([1, 5], [1, 2], num_classes=3), IAE,
     "`labels` out of bound\nCondition x < y did not hold.\nFirst 2 elements of x:\n[1 5]\n"
     "First 1 elements of y:\n[3]"),
    (lambda: tf.math.confusion_matrix([1, -1], [1, 2]), IAE,
     "`labels` contains negative values.  \nCondition x >= 0 did not hold element-wise:"),
]


@pytest.mark.parametrize("call, kind, text", CASES)
def test_error_kind_and_text(call, kind, text):
    with pytest.raises(kind) as info:
        call()
    assert text in str(info.value)


def test_base64_still_decodes_web_safe_text():
    assert tf.io.decode_base64(["YWJj", "YWI=", "YWI", "a-_b"]).numpy().tolist() == \
        [b"abc", b"ab", b"ab", b"k\xef\xdb"]
