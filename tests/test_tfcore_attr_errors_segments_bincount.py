"""Attr errors with TF's node and op definition, the segment reductions' dtypes and integer
means, tf.math.bincount as TF's one DenseBincount op, tf.size of any out_type, tf.strings.split
with sep="" and the ' name: ' of errors with list inputs. Each expected outcome is what TF 2.21
printed for the same call: the value's str(), or the error's kind and whole text."""

import pytest

import eagerbook as tf
from tests.tf_outcomes import check_outcome

CASES = [
    (lambda: tf.strings.length("a", unit="X"),
     'InvalidArgumentError',
     'Value for attr \'unit\' of "X" is not in the list of allowed values: "BYTE", "UTF8_CHAR"\n'
     '\t; NodeDef: {{node StringLength}}; Op<name=StringLength; signature=input:string -> '
     'output:int32; attr=unit:string,default="BYTE",allowed=["BYTE", "UTF8_CHAR"]> '
     '[Op:StringLength]'),
    (lambda: tf.strings.substr("a", 0, 1, unit="X"),
     'InvalidArgumentError',
     'Value for attr \'unit\' of "X" is not in the list of allowed values: "BYTE", "UTF8_CHAR"\n'
     '\t; NodeDef: {{node Substr}}; Op<name=Substr; signature=input:string, pos:T, len:T -> '
     'output:string; attr=T:type,allowed=[DT_INT32, DT_INT64]; '
     'attr=unit:string,default="BYTE",allowed=["BYTE", "UTF8_CHAR"]> [Op:Substr]'),
    (lambda: tf.strings.unicode_encode([1], "UTF-7"),
     'InvalidArgumentError',
     'Value for attr \'output_encoding\' of "UTF-7" is not in the list of allowed values: '
     '"UTF-8", "UTF-16-BE", "UTF-32-BE"\n\t; NodeDef: {{node UnicodeEncode}}; '
     'Op<name=UnicodeEncode; signature=input_values:int32, input_splits:Tsplits -> '
     'output:string; attr=errors:string,default="replace",allowed=["ignore", "replace", '
     '"strict"]; attr=output_encoding:string,allowed=["UTF-8", "UTF-16-BE", "UTF-32-BE"]; '
     'attr=replacement_char:int,default=65533; '
     'attr=Tsplits:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]> [Op:UnicodeEncode] name: '),
    (lambda: tf.strings.unicode_split("abc", "UTF-7"),
     'InvalidArgumentError',
     'Value for attr \'output_encoding\' of "UTF-7" is not in the list of allowed values: '
     '"UTF-8", "UTF-16-BE", "UTF-32-BE"\n\t; NodeDef: {{node UnicodeEncode}}; '
     'Op<name=UnicodeEncode; signature=input_values:int32, input_splits:Tsplits -> '
     'output:string; attr=errors:string,default="replace",allowed=["ignore", "replace", '
     '"strict"]; attr=output_encoding:string,allowed=["UTF-8", "UTF-16-BE", "UTF-32-BE"]; '
     'attr=replacement_char:int,default=65533; '
     'attr=Tsplits:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]> [Op:UnicodeEncode] name: '),
    (lambda: tf.strings.unicode_transcode(["a"], "UTF-8", "ASCII"),
     'InvalidArgumentError',
     'Value for attr \'output_encoding\' of "ASCII" is not in the list of allowed values: '
     '"UTF-8", "UTF-16-BE", "UTF-32-BE"\n\t; NodeDef: {{node UnicodeTranscode}}; '
     'Op<name=UnicodeTranscode; signature=input:string -> output:string; '
     'attr=input_encoding:string; attr=output_encoding:string,allowed=["UTF-8", "UTF-16-BE", '
     '"UTF-32-BE"]; attr=errors:string,default="replace",allowed=["strict", "replace", '
     '"ignore"]; attr=replacement_char:int,default=65533; '
     'attr=replace_control_characters:bool,default=false> [Op:UnicodeTranscode]'),
    (lambda: tf.strings.to_hash_bucket_fast(["a"], 0),
     'InvalidArgumentError',
     "Value for attr 'num_buckets' of 0 must be at least minimum 1\n\t; NodeDef: {{node "
     'StringToHashBucketFast}}; Op<name=StringToHashBucketFast; signature=input:string -> '
     'output:int64; attr=num_buckets:int,min=1> [Op:StringToHashBucketFast]'),
    (lambda: tf.strings.to_hash_bucket(["a"], 0),
     'InvalidArgumentError',
     "Value for attr 'num_buckets' of 0 must be at least minimum 1\n\t; NodeDef: {{node "
     'StringToHashBucket}}; Op<name=StringToHashBucket; signature=string_tensor:string -> '
     'output:int64; attr=num_buckets:int,min=1> [Op:StringToHashBucket]'),
    (lambda: tf.strings.to_hash_bucket_strong(["a"], 0, [1, 2]),
     'InvalidArgumentError',
     "Value for attr 'num_buckets' of 0 must be at least minimum 1\n\t; NodeDef: {{node "
     'StringToHashBucketStrong}}; Op<name=StringToHashBucketStrong; signature=input:string -> '
     'output:int64; attr=num_buckets:int,min=1; attr=key:list(int)> '
     '[Op:StringToHashBucketStrong]'),
    (lambda: tf.nn.depth_to_space(tf.ones([1, 2, 2, 4]), 1),
     'InvalidArgumentError',
     "Value for attr 'block_size' of 1 must be at least minimum 2\n\t; NodeDef: {{node "
     'DepthToSpace}}; Op<name=DepthToSpace; signature=input:T -> output:T; attr=T:type; '
     'attr=block_size:int,min=2; attr=data_format:string,default="NHWC",allowed=["NHWC", '
     '"NCHW", "NCHW_VECT_C"]> [Op:DepthToSpace] name: '),
    (lambda: tf.nn.space_to_depth(tf.ones([1, 2, 2, 4]), 1, name="s"),
     'InvalidArgumentError',
     "Value for attr 'block_size' of 1 must be at least minimum 2\n\t; NodeDef: {{node "
     'SpaceToDepth}}; Op<name=SpaceToDepth; signature=input:T -> output:T; attr=T:type; '
     'attr=block_size:int,min=2; attr=data_format:string,default="NHWC",allowed=["NHWC", '
     '"NCHW", "NCHW_VECT_C"]> [Op:SpaceToDepth] name: s'),
    (lambda: tf.quantization.quantize_and_dequantize_v2([1.], 0., 1., round_mode="X"),
     'InvalidArgumentError',
     'Value for attr \'round_mode\' of "X" is not in the list of allowed values: '
     '"HALF_TO_EVEN", "HALF_UP"\n\t; NodeDef: {{node QuantizeAndDequantizeV4}}; '
     'Op<name=QuantizeAndDequantizeV4; signature=input:T, input_min:T, input_max:T -> output:T; '
     'attr=signed_input:bool,default=true; attr=num_bits:int,default=8; '
     'attr=range_given:bool,default=false; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, '
     'DT_DOUBLE]; attr=round_mode:string,default="HALF_TO_EVEN",allowed=["HALF_TO_EVEN", '
     '"HALF_UP"]; attr=narrow_range:bool,default=false; attr=axis:int,default=-1> '
     '[Op:QuantizeAndDequantizeV4]'),
    (lambda: tf.shape([1], out_type=tf.float32),
     'InvalidArgumentError',
     "Value for attr 'out_type' of float is not in the list of allowed values: int32, int64\n"
     '\t; NodeDef: {{node Shape}}; Op<name=Shape; signature=input:T -> output:out_type; '
     'attr=T:type; attr=out_type:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Shape]'),
    (lambda: tf.shape(tf.constant([1]), out_type=tf.float32),
     'InvalidArgumentError',
     "Value for attr 'out_type' of float is not in the list of allowed values: int32, int64\n"
     '\t; NodeDef: {{node Shape}}; Op<name=Shape; signature=input:T -> output:out_type; '
     'attr=T:type; attr=out_type:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Shape] '
     'name: '),
    (lambda: tf.image.draw_bounding_boxes(tf.ones([1, 2, 2, 3], tf.float64), tf.ones([1, 1, 4]),
                                          [[1., 0, 0, 1]]),
     'InvalidArgumentError',
     "Value for attr 'T' of double is not in the list of allowed values: float, half\n\t; "
     'NodeDef: {{node DrawBoundingBoxesV2}}; Op<name=DrawBoundingBoxesV2; signature=images:T, '
     'boxes:float, colors:float -> output:T; attr=T:type,default=DT_FLOAT,allowed=[DT_FLOAT, '
     'DT_HALF]> [Op:DrawBoundingBoxesV2]'),
    (lambda: tf.image.sample_distorted_bounding_box(tf.constant([2., 2., 3.]), tf.ones([1, 1, 4]),
                                                   seed=1),
     'InvalidArgumentError',
     "Value for attr 'T' of float is not in the list of allowed values: uint8, int8, int16, "
     'int32, int64\n\t; NodeDef: {{node SampleDistortedBoundingBoxV2}}; '
     'Op<name=SampleDistortedBoundingBoxV2; signature=image_size:T, bounding_boxes:float, '
     'min_object_covered:float -> begin:T, size:T, bboxes:float; attr=T:type,allowed=[DT_UINT8, '
     'DT_INT8, DT_INT16, DT_INT32, DT_INT64]; attr=seed:int,default=0; '
     'attr=seed2:int,default=0; attr=aspect_ratio_range:list(float),default=[0.75, 1.33]; '
     'attr=area_range:list(float),default=[0.05, 1]; attr=max_attempts:int,default=100; '
     'attr=use_image_if_no_bounding_boxes:bool,default=false; is_stateful=true> '
     '[Op:SampleDistortedBoundingBoxV2] name: '),
    (lambda: tf.io.decode_csv(["1"], [[True]]),
     'InvalidArgumentError',
     "Value for attr 'OUT_TYPE' of bool is not in the list of allowed values: float, double, "
     'int32, int64, string\n\t; NodeDef: {{node DecodeCSV}}; Op<name=DecodeCSV; '
     'signature=records:string, record_defaults: -> output:; '
     'attr=OUT_TYPE:list(type),min=1,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64, '
     'DT_STRING]; attr=field_delim:string,default=","; attr=use_quote_delim:bool,default=true; '
     'attr=na_value:string,default=""; attr=select_cols:list(int),default=[]> [Op:DecodeCSV]'),
    (lambda: tf.math.argmax([1, 2], output_type=tf.float32),
     'InvalidArgumentError',
     "Value for attr 'output_type' of float is not in the list of allowed values: int16, "
     'uint16, int32, int64\n\t; NodeDef: {{node ArgMax}}; Op<name=ArgMax; signature=input:T, '
     'dimension:Tidx -> output:output_type; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, '
     'DT_UINT8, DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, '
     'DT_UINT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_QINT16, DT_QUINT16, DT_BOOL]; '
     'attr=Tidx:type,default=DT_INT32,allowed=[DT_INT16, DT_INT32, DT_INT64]; '
     'attr=output_type:type,default=DT_INT64,allowed=[DT_INT16, DT_UINT16, DT_INT32, DT_INT64]> '
     '[Op:ArgMax]'),
    (lambda: tf.math.argmin([1, 2], output_type=tf.int16),
     'InvalidArgumentError',
     "Value for attr 'output_type' of int16 is not in the list of allowed values: int32, int64\n"
     '\t; NodeDef: {{node ArgMin}}; Op<name=ArgMin; signature=input:T, dimension:Tidx -> '
     'output:output_type; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, '
     'DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64, '
     'DT_QINT8, DT_QUINT8, DT_QINT32, DT_QINT16, DT_QUINT16, DT_BOOL]; '
     'attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]; '
     'attr=output_type:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]> [Op:ArgMin]'),
    (lambda: tf.math.argmax([3, 1, 2], output_type=tf.int16),
     None,
     'tf.Tensor(0, shape=(), dtype=int16)'),
    (lambda: tf.math.segment_sum([True], [0]),
     'InvalidArgumentError',
     "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, "
     'uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, '
     'uint16, complex128, half, uint32, uint64\n\t; NodeDef: {{node SegmentSum}}; '
     'Op<name=SegmentSum; signature=data:T, segment_ids:Tindices -> output:T; '
     'attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, '
     'DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, '
     'DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; '
     'attr=Tindices:type,allowed=[DT_INT32, DT_INT64]> [Op:SegmentSum]'),
    (lambda: tf.math.segment_max([1 + 1j], [0]),
     'InvalidArgumentError',
     "Value for attr 'T' of complex128 is not in the list of allowed values: float, double, "
     'int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64\n\t; NodeDef: '
     '{{node SegmentMax}}; Op<name=SegmentMax; signature=data:T, segment_ids:Tindices -> '
     'output:T; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, '
     'DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]; '
     'attr=Tindices:type,allowed=[DT_INT32, DT_INT64]> [Op:SegmentMax]'),
    (lambda: tf.math.segment_mean(["a"], [0]),
     'InvalidArgumentError',
     "Value for attr 'T' of string is not in the list of allowed values: float, double, int32, "
     'uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, '
     'uint16, complex128, half, uint32, uint64\n\t; NodeDef: {{node SegmentMean}}; '
     'Op<name=SegmentMean; signature=data:T, segment_ids:Tindices -> output:T; '
     'attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, '
     'DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, '
     'DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; '
     'attr=Tindices:type,allowed=[DT_INT32, DT_INT64]> [Op:SegmentMean]'),
    (lambda: tf.math.unsorted_segment_min(tf.constant(["a"]), tf.constant([0]), 1, name="m"),
     'InvalidArgumentError',
     "Value for attr 'T' of string is not in the list of allowed values: float, double, int32, "
     'uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64\n\t; NodeDef: {{node '
     'UnsortedSegmentMin}}; Op<name=UnsortedSegmentMin; signature=data:T, segment_ids:Tindices, '
     'num_segments:Tnumsegments -> output:T; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, '
     'DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, '
     'DT_UINT32, DT_UINT64]; attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; '
     'attr=Tnumsegments:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> '
     '[Op:UnsortedSegmentMin] name: m'),
    (lambda: tf.math.unsorted_segment_prod([True], [0], 1),
     'InvalidArgumentError',
     "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, "
     'uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, '
     'uint16, complex128, half, uint32, uint64\n\t; NodeDef: {{node UnsortedSegmentProd}}; '
     'Op<name=UnsortedSegmentProd; signature=data:T, segment_ids:Tindices, '
     'num_segments:Tnumsegments -> output:T; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, '
     'DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, '
     'DT_QINT32, DT_BFLOAT16, DT_QINT16, DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, '
     'DT_UINT32, DT_UINT64]; attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; '
     'attr=Tnumsegments:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> '
     '[Op:UnsortedSegmentProd]'),
    (lambda: tf.math.unsorted_segment_mean(tf.constant([True]), tf.constant([0]), 1, name="x"),
     'InvalidArgumentError',
     "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, "
     'uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, '
     'uint16, complex128, half, uint32, uint64\n\t; NodeDef: {{node UnsortedSegmentSum}}; '
     'Op<name=UnsortedSegmentSum; signature=data:T, segment_ids:Tindices, '
     'num_segments:Tnumsegments -> output:T; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, '
     'DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, '
     'DT_QINT32, DT_BFLOAT16, DT_QINT16, DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, '
     'DT_UINT32, DT_UINT64]; attr=Tindices:type,allowed=[DT_INT16, DT_INT32, DT_INT64]; '
     'attr=Tnumsegments:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> '
     '[Op:UnsortedSegmentSum] name: '),
    (lambda: tf.math.unsorted_segment_mean(["a"], [0], 1),
     'TypeError',
     'Cannot convert 1 to EagerTensor of dtype string'),
    (lambda: tf.math.unsorted_segment_mean([1 + 1j], [0], 1),
     'InvalidArgumentError',
     "Value for attr 'T' of complex128 is not in the list of allowed values: bfloat16, half, "
     'float, double, int8, uint8, int16, uint16, int32, uint32, int64, uint64\n\t; NodeDef: '
     '{{node Maximum}}; Op<name=Maximum; signature=x:T, y:T -> z:T; '
     'attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_UINT8, '
     'DT_INT16, DT_UINT16, DT_INT32, DT_UINT32, DT_INT64, DT_UINT64]> [Op:Maximum] name: '),
    (lambda: tf.math.unsorted_segment_sqrt_n([1, 2, 4], [0, 0, 1], 2),
     'InvalidArgumentError',
     "Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, float, "
     'double, complex64, complex128\n\t; NodeDef: {{node Sqrt}}; Op<name=Sqrt; signature=x:T -> '
     'y:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, '
     'DT_COMPLEX128]> [Op:Sqrt] name: '),
    (lambda: tf.math.unsorted_segment_mean([1, 2, 4], [0, 0, 1], 3),
     None,
     'tf.Tensor([1.5 4.  0. ], shape=(3,), dtype=float64)'),
    (lambda: tf.math.unsorted_segment_sqrt_n(tf.constant([1., 2., 4.]), [0, 0, -1], 3),
     None,
     'tf.Tensor([2.1213205 0.        0.       ], shape=(3,), dtype=float32)'),
    (lambda: tf.math.segment_mean([[1, 2, 3, 4], [4, 3, 2, 1], [5, 6, 7, 8]], [0, 0, 1]),
     None,
     'tf.Tensor(\n[[2 2 2 2]\n [5 6 7 8]], shape=(2, 4), dtype=int32)'),
    (lambda: tf.math.segment_mean([-5, 0, 7], [0, 0, 1]),
     None,
     'tf.Tensor([-2  7], shape=(2,), dtype=int32)'),
    (lambda: tf.math.segment_mean(tf.constant([1, 2, 4], tf.uint8), [0, 0, 1]),
     None,
     'tf.Tensor([1 4], shape=(2,), dtype=uint8)'),
    (lambda: tf.math.segment_mean([[1., 2.], [4., 8.], [5., 5.]], [0, 0, 2]),
     None,
     'tf.Tensor(\n[[2.5 5. ]\n [0.  0. ]\n [5.  5. ]], shape=(3, 2), dtype=float32)'),
    (lambda: tf.math.bincount([-1, 2]),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__DenseBincount_device_/job:localhost/replica:0/task:0/device:CPU:0}} Input arr '
     'must be non-negative! [Op:DenseBincount] name: '),
    (lambda: tf.math.bincount([[-1, -3]], axis=-1),
     'InvalidArgumentError',
     '{{function_node '
     "__wrapped__DenseBincount_device_/job:localhost/replica:0/task:0/device:CPU:0}} Input 'in' "
     'must be non-negative! Negative input value found: -3 [Op:DenseBincount] name: '),
    (lambda: tf.math.bincount([1, 2], axis=1),
     'ValueError',
     'Unsupported value for argument axis=1. Only 0 and -1 are currently supported.'),
    (lambda: tf.math.bincount([1, 2], weights=[1., 2.], binary_output=True),
     'ValueError',
     'Arguments `binary_output` and `weights` are mutually exclusive. Please specify only one.'),
    (lambda: tf.math.bincount([1, 2], weights=[1., 2., 3.]),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__DenseBincount_device_/job:localhost/replica:0/task:0/device:CPU:0}} `weights` '
     'must be the same shape as `arr` or a length-0 `Tensor`, in which case it acts as all '
     'weights equal to 1. Received [3] [Op:DenseBincount] name: '),
    (lambda: tf.math.bincount([1, 2], minlength=-1),
     None,
     'tf.Tensor([0 1 1], shape=(3,), dtype=int32)'),
    (lambda: tf.math.bincount([1, 2], maxlength=-1),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__DenseBincount_device_/job:localhost/replica:0/task:0/device:CPU:0}} size (-1) '
     'must be non-negative [Op:DenseBincount] name: '),
    (lambda: tf.math.bincount([1, 5], maxlength=3, minlength=4),
     None,
     'tf.Tensor([0 1 0], shape=(3,), dtype=int32)'),
    (lambda: tf.math.bincount([[1, 2], [0, 0]], weights=[[1., 2.], [3., 4.]], axis=-1),
     None,
     'tf.Tensor(\n[[0. 1. 2.]\n [7. 0. 0.]], shape=(2, 3), dtype=float32)'),
    (lambda: tf.math.bincount([[1, 2], [0, 0]], minlength=4, axis=-1, binary_output=True),
     None,
     'tf.Tensor(\n[[0 1 1 0]\n [1 0 0 0]], shape=(2, 4), dtype=int32)'),
    (lambda: tf.math.bincount([[1, 2], [3, 4]], weights=[[1., 2.], [3., 4.]], axis=0),
     None,
     'tf.Tensor([0. 1. 2. 3. 4.], shape=(5,), dtype=float32)'),
    (lambda: tf.math.bincount(tf.ones([2, 2, 2], tf.int32), axis=-1),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__DenseBincount_device_/job:localhost/replica:0/task:0/device:CPU:0}} Shape must '
     'be at most rank 2 but is rank 3 [Op:DenseBincount] name: '),
    (lambda: tf.math.bincount(tf.ones([2, 2, 2], tf.int32)),
     None,
     'tf.Tensor([0 8], shape=(2,), dtype=int32)'),
    (lambda: tf.math.bincount(5, axis=-1),
     None,
     'tf.Tensor([0 0 0 0 0 1], shape=(6,), dtype=int32)'),
    (lambda: tf.math.bincount([1.7, 2.2]),
     None,
     'tf.Tensor([0 1 1], shape=(3,), dtype=int32)'),
    (lambda: tf.math.bincount([], dtype=tf.float32),
     None,
     'tf.Tensor([], shape=(0,), dtype=float32)'),
    (lambda: tf.math.bincount(tf.zeros([0, 3], tf.int32), axis=-1),
     None,
     'tf.Tensor([], shape=(0, 0), dtype=int32)'),
    (lambda: tf.math.bincount(tf.constant([1, 2], tf.uint8)),
     'InvalidArgumentError',
     "Value for attr 'Tidx' of uint8 is not in the list of allowed values: int32, int64\n\t; "
     'NodeDef: {{node DenseBincount}}; Op<name=DenseBincount; signature=input:Tidx, size:Tidx, '
     'weights:T -> output:T; attr=Tidx:type,allowed=[DT_INT32, DT_INT64]; '
     'attr=T:type,allowed=[DT_INT32, DT_INT64, DT_FLOAT, DT_DOUBLE]; '
     'attr=binary_output:bool,default=false> [Op:DenseBincount] name: '),
    (lambda: tf.math.bincount([1, 2], weights=["a", "b"]),
     'InvalidArgumentError',
     "Value for attr 'T' of string is not in the list of allowed values: int32, int64, float, "
     'double\n\t; NodeDef: {{node DenseBincount}}; Op<name=DenseBincount; signature=input:Tidx, '
     'size:Tidx, weights:T -> output:T; attr=Tidx:type,allowed=[DT_INT32, DT_INT64]; '
     'attr=T:type,allowed=[DT_INT32, DT_INT64, DT_FLOAT, DT_DOUBLE]; '
     'attr=binary_output:bool,default=false> [Op:DenseBincount] name: '),
    (lambda: tf.math.invert_permutation([0, 0]),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__InvertPermutation_device_/job:localhost/replica:0/task:0/device:CPU:0}} 0 is '
     'duplicated in the input. [Op:InvertPermutation]'),
    (lambda: tf.math.invert_permutation(tf.constant([0, 0]), name="x"),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__InvertPermutation_device_/job:localhost/replica:0/task:0/device:CPU:0}} 0 is '
     'duplicated in the input. [Op:InvertPermutation] name: x'),
    (lambda: tf.math.top_k([1, 2], k=3),
     'InvalidArgumentError',
     '{{function_node __wrapped__TopKV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'input must have at least k columns. Had 2, needed 3 [Op:TopKV2]'),
    (lambda: tf.math.top_k(tf.constant([1, 2]), k=3, name="x"),
     'InvalidArgumentError',
     '{{function_node __wrapped__TopKV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'input must have at least k columns. Had 2, needed 3 [Op:TopKV2] name: x'),
    (lambda: tf.size(tf.ones([2, 3]), out_type=tf.float32),
     None,
     'tf.Tensor(6.0, shape=(), dtype=float32)'),
    (lambda: tf.size([[1, 2]], out_type=tf.bool),
     None,
     'tf.Tensor(True, shape=(), dtype=bool)'),
    (lambda: tf.function(lambda x: tf.size(x, out_type=tf.float32))(tf.ones([2])),
     None,
     'tf.Tensor(2.0, shape=(), dtype=float32)'),
    (lambda: tf.strings.split("a b", sep=""),
     None,
     "tf.Tensor([b'a' b'b'], shape=(2,), dtype=string)"),
    (lambda: tf.strings.split(["a b", " c  d "], sep="", maxsplit=1),
     None,
     "<tf.RaggedTensor [[b'a', b'b'],\n [b'c', b'd ']]>"),
    (lambda: tf.strings.as_string([1.5], width=5, fill="ab"),
     'InvalidArgumentError',
     '{{function_node __wrapped__AsString_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Fill string must be one or fewer characters [Op:AsString]'),
]


@pytest.mark.parametrize("call, kind, text", CASES)
def test_outcome_as_tf(call, kind, text):
    check_outcome(call, kind, text)
