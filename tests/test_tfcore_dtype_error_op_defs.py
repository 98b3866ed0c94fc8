"""An eager dtype error goes on, as TF 2.21's does, with the node and the op's signature
(``; NodeDef: {{node Sqrt}}; Op<name=Sqrt; signature=x:T -> y:T; attr=...>``). Each expected
text below is TF's str() of the error for the same call, as TF printed it."""

import pytest

import eagerbook as tf

B = tf.constant([True])
I = tf.constant([1])

CASES = [
    (lambda: tf.nn.relu(B),
     ("Value for attr 'T' of bool is not in the list of allowed values: float, double, int32,"
      " uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64, qint8\n\t; NodeDef:"
      " {{node Relu}}; Op<name=Relu; signature=features:T -> activations:T;"
      " attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8,"
      " DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64, DT_QINT8]> [Op:Relu]"
      " name: ")),
    (lambda: tf.math.erfinv(I),
     ("Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half,"
      " float, double\n\t; NodeDef: {{node Erfinv}}; Op<name=Erfinv; signature=x:T -> y:T;"
      " attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE]> [Op:Erfinv] name: ")),
    (lambda: tf.linalg.inv(tf.constant([[1]])),
     ("Value for attr 'T' of int32 is not in the list of allowed values: double, float, half,"
      " complex64, complex128\n\t; NodeDef: {{node MatrixInverse}}; Op<name=MatrixInverse;"
      " signature=input:T -> output:T; attr=adjoint:bool,default=false;"
      " attr=T:type,allowed=[DT_DOUBLE, DT_FLOAT, DT_HALF, DT_COMPLEX64, DT_COMPLEX128]>"
      " [Op:MatrixInverse] name: ")),
    (lambda: B + B,
     ("Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float,"
      " double, uint8, uint16, uint32, uint64, int8, int16, int32, int64, complex64,"
      " complex128\n\t; NodeDef: {{node AddV2}}; Op<name=AddV2; signature=x:T, y:T -> z:T;"
      " attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_UINT8, DT_UINT16,"
      " DT_UINT32, DT_UINT64, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_COMPLEX64,"
      " DT_COMPLEX128]; is_commutative=true; is_aggregate=true> [Op:AddV2] name: ")),
    (lambda: tf.one_hot(tf.constant([1.0]), 3),
     ("Value for attr 'TI' of float is not in the list of allowed values: uint8, int8, int32,"
      " int64\n\t; NodeDef: {{node OneHot}}; Op<name=OneHot; signature=indices:TI,"
      " depth:int32, on_value:T, off_value:T -> output:T; attr=axis:int,default=-1;"
      " attr=T:type; attr=TI:type,default=DT_INT64,allowed=[DT_UINT8, DT_INT8, DT_INT32,"
      " DT_INT64]> [Op:OneHot] name: ")),
    (lambda: tf.math.sqrt(I, name='r'),
     ("Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half,"
      " float, double, complex64, complex128\n\t; NodeDef: {{node Sqrt}}; Op<name=Sqrt;"
      " signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE,"
      " DT_COMPLEX64, DT_COMPLEX128]> [Op:Sqrt] name: r")),
    (lambda: tf.reduce_mean(B),
     ("Value for attr 'T' of bool is not in the list of allowed values: float, double, int32,"
      " uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16,"
      " quint16, uint16, complex128, half, uint32, uint64\n\t; NodeDef: {{node Mean}};"
      " Op<name=Mean; signature=input:T, reduction_indices:Tidx -> output:T;"
      " attr=keep_dims:bool,default=false; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32,"
      " DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32,"
      " DT_BFLOAT16, DT_QINT16, DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32,"
      " DT_UINT64]; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Mean]"
      " name: ")),
    (lambda: tf.math.square('a'),
     ("Value for attr 'T' of string is not in the list of allowed values: bfloat16, half,"
      " float, double, int8, int16, int32, int64, uint8, uint16, uint32, uint64, complex64,"
      " complex128\n\t; NodeDef: {{node Square}}; Op<name=Square; signature=x:T -> y:T;"
      " attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_INT16,"
      " DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64, DT_COMPLEX64,"
      " DT_COMPLEX128]> [Op:Square]")),
]


@pytest.mark.parametrize("call, text", CASES)
def test_dtype_errors_print_tfs_node_and_op_def(call, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    assert str(info.value) == text
