"""``tf.nn.experimental``: dropout with the random numbers chosen by the caller."""

from ..ops.nn_ops import general_dropout, stateless_dropout

__all__ = ["general_dropout", "stateless_dropout"]
