"""The message descriptions google.protobuf's ``text_format`` and ``json_format`` read from
``tf.train.Example`` and its parts (``message.DESCRIPTOR``).

eagerbook's messages are plain Python (``ops/example_ops.py``); TF's are protocol-buffer
classes, and TF's docs fill them with ``text_format.Parse(text, tf.train.Example())`` or
print them with ``json_format.MessageToJson``. Those functions walk a message through its
descriptor: the fields' names, numbers and types. This module describes the messages of
TF's ``example.proto`` and ``feature.proto`` to the protobuf library, when it is installed
(it is optional: only code that already imports it reaches here).
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
_ONEOFS = {"Feature": "kind"}  # Feature's three lists are the oneof ``kind``


def _add_field(message, descriptor_pb2, name, number, kind, label, type_name):
    field = message.field.add(name=name, number=number,
                              label=getattr(descriptor_pb2.FieldDescriptorProto, label))
    if kind == "map":  # map<string, T> name: a nested entry type, repeated
        entry = message.nested_type.add(name=name.title().replace("_", "") + "Entry")
        entry.options.map_entry = True
        _add_field(entry, descriptor_pb2, "key", 1, "TYPE_STRING", _OPTIONAL, None)
        _add_field(entry, descriptor_pb2, "value", 2, "TYPE_MESSAGE", _OPTIONAL, type_name)
        kind, type_name = "TYPE_MESSAGE", f"{message.name}.{entry.name}"
    field.type = getattr(descriptor_pb2.FieldDescriptorProto, kind)
    if type_name:
        field.type_name = ".tensorflow." + type_name
    if message.name in _ONEOFS and kind == "TYPE_MESSAGE":
        field.oneof_index = 0
    return field


@functools.cache
def _pool():
    from google.protobuf import descriptor_pb2, descriptor_pool  # optional (see above)

    file = descriptor_pb2.FileDescriptorProto(name="tensorflow/core/example/example.proto",
                                              package="tensorflow", syntax="proto3")
    for name, fields in _MESSAGES.items():
        message = file.message_type.add(name=name)
        if name in _ONEOFS:
            message.oneof_decl.add(name=_ONEOFS[name])
        for field in fields:
            _add_field(message, descriptor_pb2, *field)
    # A pool of eagerbook's own, so TF's protobuf classes (if loaded too) never clash.
    pool = descriptor_pool.DescriptorPool()
    pool.Add(file)
    return pool


def descriptor(message_name):
    """The protobuf Descriptor of ``tensorflow.<message_name>`` (e.g. "Features.FeatureEntry")."""
    return _pool().FindMessageTypeByName("tensorflow." + message_name)
