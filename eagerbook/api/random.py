"""``tf.random``."""
