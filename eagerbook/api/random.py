"""``tf.random``."""

from ..ops.candidate_sampling_ops import (
    all_candidate_sampler,
    fixed_unigram_candidate_sampler,
    learned_unigram_candidate_sampler,
    log_uniform_candidate_sampler,
    uniform_candidate_sampler,
)
from ..ops.random_ops import (
    Algorithm,
    Generator,
    categorical,
    create_rng_state,
    gamma,
    get_global_generator,
    normal,
    poisson,
    set_global_generator,
    set_seed,
    shuffle,
    stateless_binomial,
    stateless_categorical,
    stateless_fold_in,
    stateless_gamma,
    stateless_normal,
    stateless_parameterized_truncated_normal,
    stateless_poisson,
    stateless_split,
    stateless_truncated_normal,
    stateless_uniform,
    truncated_normal,
    uniform,
)
from . import random_experimental as experimental

# TF >= 2.12 also names the stateless seed helpers tf.random.split and tf.random.fold_in.
split = stateless_split
fold_in = stateless_fold_in
