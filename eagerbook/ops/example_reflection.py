"""The message descriptions google.protobuf's ``text_format`` and ``json_format`` read from
``tf.train.Example`` and its parts (``message.DESCRIPTOR``), and TF's summary messages
(``tf.compat.v1.Summary``, ``HistogramProto``, ``SummaryMetadata``, with ``TensorProto``).

eagerbook's messages are plain Python (``ops/example_ops.py``); TF's are protocol-buffer
classes, and TF's docs fill them with ``text_format.Parse(text, tf.train.Example())`` or
print them with ``json_format.MessageToJson``. Those functions walk a message through its
descriptor: the fields' names, numbers and types. This module describes the messages of
TF's ``example.proto`` and ``feature.proto`` to the protobuf library, when it is installed
(it is optional: only code that already imports it reaches here).

The summary messages are protobuf's own classes made from these descriptions (in TF too they
are plain protocol-buffer classes); ``tf.io.decode_proto`` finds message types here, then in
protobuf's default pool (where the user's own compiled messages are).
"""

import functools

# (field name, number, type, label, message type) per message; "map" fields are repeated
# entries of a nested <Name>Entry message with a key and a value, as protoc writes maps.
_REPEATED, _OPTIONAL = "LABEL_REPEATED", "LABEL_OPTIONAL"
_MESSAGES = {
    "BytesList": [("value", 1, "TYPE_BYTES", _REPEATED, None)],
    "FloatList": [("value", 1, "TYPE_FLOAT", _REPEATED, None)],
    "Int64List": [("value", 1, "TYPE_INT64", _REPEATED, None)],
    "Feature": [("bytes_list", 1, "TYPE_MESSAGE", _OPTIONAL, "BytesList"),
                ("float_list", 2, "TYPE_MESSAGE", _OPTIONAL, "FloatList"),
                ("int64_list", 3, "TYPE_MESSAGE", _OPTIONAL, "Int64List")],
    "Features": [("feature", 1, "map", _REPEATED, "Feature")],
    "FeatureList": [("feature", 1, "TYPE_MESSAGE", _REPEATED, "Feature")],
    "FeatureLists": [("feature_list", 1, "map", _REPEATED, "FeatureList")],
    "Example": [("features", 1, "TYPE_MESSAGE", _OPTIONAL, "Features")],
    "SequenceExample": [("context", 1, "TYPE_MESSAGE", _OPTIONAL, "Features"),
                        ("feature_lists", 2, "TYPE_MESSAGE", _OPTIONAL, "FeatureLists")],
}
_ONEOFS = {"Feature": "kind", "Summary.Value": "value"}  # (the message fields in a oneof)

# summary.proto (with tensor.proto and tensor_shape.proto, which a summary value may hold).
# TensorProto leaves out resource_handle_val and variant_val (handles and variants only live
# inside a running TF program). Fields of a oneof come last in their message's list.
_DATA_TYPES = ["DT_INVALID", "DT_FLOAT", "DT_DOUBLE", "DT_INT32", "DT_UINT8", "DT_INT16",
               "DT_INT8", "DT_STRING", "DT_COMPLEX64", "DT_INT64", "DT_BOOL", "DT_QINT8",
               "DT_QUINT8", "DT_QINT32", "DT_BFLOAT16", "DT_QINT16", "DT_QUINT16", "DT_UINT16",
               "DT_COMPLEX128", "DT_HALF", "DT_RESOURCE", "DT_VARIANT", "DT_UINT32", "DT_UINT64"]
_ENUMS = {"DataType": _DATA_TYPES,
          "DataClass": ["DATA_CLASS_UNKNOWN", "DATA_CLASS_SCALAR", "DATA_CLASS_TENSOR",
                        "DATA_CLASS_BLOB_SEQUENCE"]}
_SUMMARY_MESSAGES = {
    "TensorShapeProto": [("dim", 2, "TYPE_MESSAGE", _REPEATED, "TensorShapeProto.Dim"),
                         ("unknown_rank", 3, "TYPE_BOOL", _OPTIONAL, None)],
    "TensorShapeProto.Dim": [("size", 1, "TYPE_INT64", _OPTIONAL, None),
                             ("name", 2, "TYPE_STRING", _OPTIONAL, None)],
    "TensorProto": [("dtype", 1, "TYPE_ENUM", _OPTIONAL, "DataType"),
                    ("tensor_shape", 2, "TYPE_MESSAGE", _OPTIONAL, "TensorShapeProto"),
                    ("version_number", 3, "TYPE_INT32", _OPTIONAL, None),
                    ("tensor_content", 4, "TYPE_BYTES", _OPTIONAL, None),
                    ("half_val", 13, "TYPE_INT32", _REPEATED, None),
                    ("float_val", 5, "TYPE_FLOAT", _REPEATED, None),
                    ("double_val", 6, "TYPE_DOUBLE", _REPEATED, None),
                    ("int_val", 7, "TYPE_INT32", _REPEATED, None),
                    ("string_val", 8, "TYPE_BYTES", _REPEATED, None),
                    ("scomplex_val", 9, "TYPE_FLOAT", _REPEATED, None),
                    ("int64_val", 10, "TYPE_INT64", _REPEATED, None),
                    ("bool_val", 11, "TYPE_BOOL", _REPEATED, None),
                    ("dcomplex_val", 12, "TYPE_DOUBLE", _REPEATED, None),
                    ("uint32_val", 16, "TYPE_UINT32", _REPEATED, None),
                    ("uint64_val", 17, "TYPE_UINT64", _REPEATED, None)],
    "HistogramProto": [("min", 1, "TYPE_DOUBLE", _OPTIONAL, None),
                       ("max", 2, "TYPE_DOUBLE", _OPTIONAL, None),
                       ("num", 3, "TYPE_DOUBLE", _OPTIONAL, None),
                       ("sum", 4, "TYPE_DOUBLE", _OPTIONAL, None),
                       ("sum_squares", 5, "TYPE_DOUBLE", _OPTIONAL, None),
                       ("bucket_limit", 6, "TYPE_DOUBLE", _REPEATED, None),
                       ("bucket", 7, "TYPE_DOUBLE", _REPEATED, None)],
    "SummaryDescription": [("type_hint", 1, "TYPE_STRING", _OPTIONAL, None)],
    "SummaryMetadata": [("plugin_data", 1, "TYPE_MESSAGE", _OPTIONAL, "SummaryMetadata.PluginData"),
                        ("display_name", 2, "TYPE_STRING", _OPTIONAL, None),
                        ("summary_description", 3, "TYPE_STRING", _OPTIONAL, None),
                        ("data_class", 4, "TYPE_ENUM", _OPTIONAL, "DataClass")],
    "SummaryMetadata.PluginData": [("plugin_name", 1, "TYPE_STRING", _OPTIONAL, None),
                                   ("content", 2, "TYPE_BYTES", _OPTIONAL, None)],
    "Summary": [("value", 1, "TYPE_MESSAGE", _REPEATED, "Summary.Value")],
    "Summary.Image": [("height", 1, "TYPE_INT32", _OPTIONAL, None),
                      ("width", 2, "TYPE_INT32", _OPTIONAL, None),
                      ("colorspace", 3, "TYPE_INT32", _OPTIONAL, None),
                      ("encoded_image_string", 4, "TYPE_BYTES", _OPTIONAL, None)],
    "Summary.Audio": [("sample_rate", 1, "TYPE_FLOAT", _OPTIONAL, None),
                      ("num_channels", 2, "TYPE_INT64", _OPTIONAL, None),
                      ("length_frames", 3, "TYPE_INT64", _OPTIONAL, None),
                      ("encoded_audio_string", 4, "TYPE_BYTES", _OPTIONAL, None),
                      ("content_type", 5, "TYPE_STRING", _OPTIONAL, None)],
    "Summary.Value": [("node_name", 7, "TYPE_STRING", _OPTIONAL, None),
                      ("tag", 1, "TYPE_STRING", _OPTIONAL, None),
                      ("metadata", 9, "TYPE_MESSAGE", _OPTIONAL, "SummaryMetadata"),
                      ("simple_value", 2, "oneof TYPE_FLOAT", _OPTIONAL, None),
                      ("obsolete_old_style_histogram", 3, "oneof TYPE_BYTES", _OPTIONAL, None),
                      ("image", 4, "oneof TYPE_MESSAGE", _OPTIONAL, "Summary.Image"),
                      ("histo", 5, "oneof TYPE_MESSAGE", _OPTIONAL, "HistogramProto"),
                      ("audio", 6, "oneof TYPE_MESSAGE", _OPTIONAL, "Summary.Audio"),
                      ("tensor", 8, "oneof TYPE_MESSAGE", _OPTIONAL, "TensorProto")],
}


def _add_field(message, descriptor_pb2, name, number, kind, label, type_name):
    field = message.field.add(name=name, number=number,
                              label=getattr(descriptor_pb2.FieldDescriptorProto, label))
    if kind == "map":  # map<string, T> name: a nested entry type, repeated
        entry = message.nested_type.add(name=name.title().replace("_", "") + "Entry")
        entry.options.map_entry = True
        _add_field(entry, descriptor_pb2, "key", 1, "TYPE_STRING", _OPTIONAL, None)
        _add_field(entry, descriptor_pb2, "value", 2, "TYPE_MESSAGE", _OPTIONAL, type_name)
        kind, type_name = "TYPE_MESSAGE", f"{message.name}.{entry.name}"
    in_oneof = kind.startswith("oneof ") or message.name == "Feature"
    kind = kind.removeprefix("oneof ")
    field.type = getattr(descriptor_pb2.FieldDescriptorProto, kind)
    if type_name:
        field.type_name = ".tensorflow." + type_name
    if in_oneof:
        field.oneof_index = 0
    return field


def _add_messages(file, descriptor_pb2, messages):
    """The messages (nested ones named "Outer.Inner", listed after their outer message)."""
    added = {}
    for name, fields in messages.items():
        outer, _, inner = name.rpartition(".")
        parent = added[outer].nested_type if outer else file.message_type
        message = added[name] = parent.add(name=inner)
        if name in _ONEOFS:
            message.oneof_decl.add(name=_ONEOFS[name])
        for field in fields:
            _add_field(message, descriptor_pb2, *field)


@functools.cache
def _pool():
    from google.protobuf import descriptor_pb2, descriptor_pool  # optional (see above)

    examples = descriptor_pb2.FileDescriptorProto(
        name="tensorflow/core/example/example.proto", package="tensorflow", syntax="proto3")
    _add_messages(examples, descriptor_pb2, _MESSAGES)
    summaries = descriptor_pb2.FileDescriptorProto(
        name="tensorflow/core/framework/summary.proto", package="tensorflow", syntax="proto3")
    for name, labels in _ENUMS.items():
        enum = summaries.enum_type.add(name=name)
        for number, label in enumerate(labels):
            enum.value.add(name=label, number=number)
    _add_messages(summaries, descriptor_pb2, _SUMMARY_MESSAGES)
    # A pool of eagerbook's own, so TF's protobuf classes (if loaded too) never clash.
    pool = descriptor_pool.DescriptorPool()
    pool.Add(examples)
    pool.Add(summaries)
    return pool


def descriptor(message_name):
    """The protobuf Descriptor of ``tensorflow.<message_name>`` (e.g. "Features.FeatureEntry")."""
    return _pool().FindMessageTypeByName("tensorflow." + message_name)


def find_message_type(full_name):
    """The Descriptor of a message type by its full name ("tensorflow.Summary.Value"): TF's
    messages described here, else the ones compiled into protobuf's default pool; None if
    neither has it."""
    from google.protobuf import descriptor_pool  # optional (see above)

    for pool in (_pool(), descriptor_pool.Default()):
        try:
            return pool.FindMessageTypeByName(full_name)
        except KeyError:
            continue
    return None


@functools.cache
def message_class(message_name):
    """The protobuf class of ``tensorflow.<message_name>`` ("Summary", "HistogramProto")."""
    from google.protobuf import message_factory  # optional (see above)

    return message_factory.GetMessageClass(descriptor(message_name))
