"""tf.sysconfig: eagerbook has nothing compiled, and says so."""

import os

import eagerbook as tf


def test_no_flags_and_no_gpu_build():
    assert tf.sysconfig.get_compile_flags() == []
    assert tf.sysconfig.get_link_flags() == []
    info = tf.sysconfig.get_build_info()
    assert info["is_cuda_build"] is False and info["is_rocm_build"] is False
    assert os.path.isfile(os.path.join(tf.sysconfig.get_include(), "__init__.py"))
    assert tf.sysconfig.get_lib() == tf.sysconfig.get_include()
    assert tf.sysconfig.CXX11_ABI_FLAG == 0 and tf.sysconfig.MONOLITHIC_BUILD == 0
