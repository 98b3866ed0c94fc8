"""``tf.io``: decoding raw bytes, files, tensors as bytes, and ``tf.train.Example`` records
(TFRecord files, parsing serialized Examples)."""

from ..graph.import_graph import write_graph
from ..ops.example_ops import (
    FixedLenFeature,
    FixedLenSequenceFeature,
    RaggedFeature,
    SparseFeature,
    VarLenFeature,
    decode_json_example,
    deserialize_many_sparse,
    matching_files,
    parse_example,
    parse_sequence_example,
    parse_single_example,
    parse_single_sequence_example,
    parse_tensor,
    read_file,
    serialize_many_sparse,
    serialize_sparse,
    serialize_tensor,
    write_file,
)
from ..ops.jpeg_ops import (
    decode_and_crop_jpeg,
    decode_bmp,
    decode_gif,
    decode_image,
    decode_jpeg,
    encode_jpeg,
    extract_jpeg_shape,
    is_jpeg,
)
from ..ops.png_ops import decode_png, encode_png
from ..ops.proto_decode_ops import decode_proto
from ..ops.string_ops import decode_raw
from ..ops.text_codec_ops import decode_base64, decode_compressed, decode_csv, encode_base64
from ..ops.tfrecord import TFRecordOptions, TFRecordWriter
from . import io_gfile as gfile
