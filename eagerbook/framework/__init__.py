"""Runtime services around the engine: devices, configuration, debugging helpers, printing,
``tf.contrib.eager`` and ``tf.test``. The public names are re-exported by ``eagerbook.api``."""
