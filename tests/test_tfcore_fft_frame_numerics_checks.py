"""check_numerics' message argument keeps the ' name: ' TF adds; the FFT ops' dtype errors show
TF's op definition and their rank checks are TF's (the kernel's for the complex FFTs, a Python
ValueError for the real ones); tf.signal.frame with a zero step or a negative length fails in
the ops TF's frame runs. Each expected outcome is what TF 2.21 printed for the same call."""

import numpy as np
import pytest

import eagerbook as tf
from tests.tf_outcomes import check_outcome

CASES = [
    (lambda: tf.debugging.check_numerics(tf.constant([1., np.nan]), "oops"),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__CheckNumerics_device_/job:localhost/replica:0/task:0/device:CPU:0}} oops : '
     'Tensor had NaN values [Op:CheckNumerics] name: '),
    (lambda: tf.debugging.assert_all_finite(tf.constant([1., np.inf]), "bad"),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__CheckNumerics_device_/job:localhost/replica:0/task:0/device:CPU:0}} bad : '
     'Tensor had Inf values [Op:CheckNumerics] name: '),
    (lambda: tf.signal.fft(tf.constant([1., 2.])),
     'InvalidArgumentError',
     "Value for attr 'Tcomplex' of float is not in the list of allowed values: complex64, "
     'complex128\n\t; NodeDef: {{node FFT}}; Op<name=FFT; signature=input:Tcomplex -> '
     'output:Tcomplex; attr=Tcomplex:type,default=DT_COMPLEX64,allowed=[DT_COMPLEX64, '
     'DT_COMPLEX128]> [Op:FFT] name: '),
    (lambda: tf.signal.ifft(tf.constant([1., 2.])),
     'InvalidArgumentError',
     "Value for attr 'Tcomplex' of float is not in the list of allowed values: complex64, "
     'complex128\n\t; NodeDef: {{node IFFT}}; Op<name=IFFT; signature=input:Tcomplex -> '
     'output:Tcomplex; attr=Tcomplex:type,default=DT_COMPLEX64,allowed=[DT_COMPLEX64, '
     'DT_COMPLEX128]> [Op:IFFT] name: '),
    (lambda: tf.signal.fft2d(tf.constant([[1., 2.]])),
     'InvalidArgumentError',
     "Value for attr 'Tcomplex' of float is not in the list of allowed values: complex64, "
     'complex128\n\t; NodeDef: {{node FFT2D}}; Op<name=FFT2D; signature=input:Tcomplex -> '
     'output:Tcomplex; attr=Tcomplex:type,default=DT_COMPLEX64,allowed=[DT_COMPLEX64, '
     'DT_COMPLEX128]> [Op:FFT2D] name: '),
    (lambda: tf.signal.fft(tf.constant(1 + 0j, tf.complex64)),
     'InvalidArgumentError',
     '{{function_node __wrapped__FFT_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Input must have rank of at least 1 but got: [] [Op:FFT] name: '),
    (lambda: tf.signal.fft2d(tf.ones([4], tf.complex64)),
     'InvalidArgumentError',
     '{{function_node __wrapped__FFT2D_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Input must have rank of at least 2 but got: [4] [Op:FFT2D] name: '),
    (lambda: tf.signal.ifft3d(tf.ones([4, 4], tf.complex64)),
     'InvalidArgumentError',
     '{{function_node __wrapped__IFFT3D_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Input must have rank of at least 3 but got: [4,4] [Op:IFFT3D] name: '),
    (lambda: tf.signal.rfft(tf.constant(1.)),
     'ValueError',
     'Shape () must have rank at least 1'),
    (lambda: tf.signal.rfft2d(tf.ones([4])),
     'ValueError',
     'Shape (4,) must have rank at least 2'),
    (lambda: tf.signal.irfft(tf.constant(1 + 0j, tf.complex64)),
     'ValueError',
     'Shape () must have rank at least 1'),
    (lambda: tf.signal.rfft(tf.constant([1 + 0j], tf.complex64)),
     'ValueError',
     'RFFT requires tf.float32 or tf.float64 inputs, got: tf.Tensor([1.+0.j], shape=(1,), '
     'dtype=complex64)'),
    (lambda: tf.signal.frame(tf.range(10), 3, 0),
     'InvalidArgumentError',
     '{{function_node __wrapped__FloorDiv_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Integer division by zero [Op:FloorDiv] name: '),
    (lambda: tf.signal.frame(tf.range(10), 3, 0, pad_end=True),
     'InvalidArgumentError',
     '{{function_node __wrapped__FloorDiv_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Integer division by zero [Op:FloorDiv] name: '),
    (lambda: tf.signal.frame(tf.range(10), -3, 2),
     'InvalidArgumentError',
     '{{function_node __wrapped__Range_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Requires start <= limit when delta > 0: 0/-3 [Op:Range] name: '),
    (lambda: tf.signal.frame([1, 2, 3], 2, 1),
     None,
     'tf.Tensor(\n[[1 2]\n [2 3]], shape=(2, 2), dtype=int32)'),
]


@pytest.mark.parametrize("call, kind, text", CASES)
def test_outcome_as_tf(call, kind, text):
    check_outcome(call, kind, text)
