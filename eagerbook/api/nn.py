"""``tf.nn``."""

from ..ops.candidate_sampling_ops import (
    all_candidate_sampler,
    compute_accidental_hits,
    fixed_unigram_candidate_sampler,
    learned_unigram_candidate_sampler,
    nce_loss,
    sampled_softmax_loss,
)
from ..ops.ctc_decode_ops import collapse_repeated, ctc_beam_search_decoder, ctc_unique_labels
from ..ops.ctc_ops import ctc_greedy_decoder, ctc_loss
from ..ops.embedding_ops import (
    embedding_lookup,
    embedding_lookup_sparse,
    safe_embedding_lookup_sparse,
)
from ..ops.linalg_ops import l2_normalize
from ..ops.manip_ops import space_to_batch
from ..ops.math_ops import softplus
from ..ops.nn_impl_ops import (
    batch_normalization,
    compute_average_loss,
    depthwise_conv2d,
    isotonic_regression,
    normalize_moments,
    scale_regularization_loss,
    softsign,
    weighted_cross_entropy_with_logits,
    zero_fraction,
)
from ..ops.nn_more_ops import (
    atrous_conv2d,
    avg_pool,
    avg_pool1d,
    avg_pool3d,
    batch_norm_with_global_normalization,
    conv1d,
    conv1d_transpose,
    conv2d_transpose,
    conv3d,
    conv3d_transpose,
    conv_transpose,
    convolution,
    crelu,
    depth_to_space,
    dilation2d,
    erosion2d,
    local_response_normalization,
    log_poisson_loss,
    lrn,
    max_pool,
    max_pool1d,
    max_pool3d,
    max_pool_with_argmax,
    pool,
    separable_conv2d,
    space_to_depth,
    sufficient_statistics,
    weighted_moments,
)
from ..ops.nn_ops import (
    avg_pool2d,
    bias_add,
    conv2d,
    dropout,
    elu,
    gelu,
    l2_loss,
    leaky_relu,
    log_softmax,
    max_pool2d,
    moments,
    relu,
    relu6,
    selu,
    sigmoid,
    sigmoid_cross_entropy_with_logits,
    silu,
    softmax,
    softmax_cross_entropy_with_logits,
    sparse_softmax_cross_entropy_with_logits,
    swish,
    tanh,
)
from ..ops.sort_ops import approx_max_k, approx_min_k, in_top_k, top_k
from . import nn_experimental as experimental

max_pool_v2, avg_pool_v2 = max_pool, avg_pool
