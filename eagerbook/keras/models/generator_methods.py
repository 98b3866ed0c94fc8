"""``Model.fit_generator``, ``evaluate_generator`` and ``predict_generator``: the TF 2.0-era
spellings (Keras 2 keeps them, deprecated) for what ``fit``, ``evaluate`` and ``predict`` now
do with a generator or a ``Sequence``. Each warns once per call, in TF's words, and hands its
arguments on."""

import warnings


def _deprecated(old, new):
    warnings.warn(f"`Model.{old}` is deprecated and will be removed in a future version. "
                  f"Please use `Model.{new}`, which supports generators.", stacklevel=3)


class GeneratorMethods:
    """Mixed into ``Model``: the three deprecated generator methods."""

    def fit_generator(self, generator, steps_per_epoch=None, epochs=1, verbose=1,
                      callbacks=None, validation_data=None, validation_steps=None,
                      validation_freq=1, class_weight=None, max_queue_size=10, workers=1,
                      use_multiprocessing=False, shuffle=True, initial_epoch=0):
        _deprecated("fit_generator", "fit")
        return self.fit(generator, steps_per_epoch=steps_per_epoch, epochs=epochs,
                        verbose=verbose, callbacks=callbacks, validation_data=validation_data,
                        validation_steps=validation_steps, validation_freq=validation_freq,
                        class_weight=class_weight, max_queue_size=max_queue_size,
                        workers=workers, use_multiprocessing=use_multiprocessing,
                        shuffle=shuffle, initial_epoch=initial_epoch)

    def evaluate_generator(self, generator, steps=None, callbacks=None, max_queue_size=10,
                           workers=1, use_multiprocessing=False, verbose=0):
        _deprecated("evaluate_generator", "evaluate")
        return self.evaluate(generator, steps=steps, max_queue_size=max_queue_size,
                             workers=workers, use_multiprocessing=use_multiprocessing,
                             verbose=verbose, callbacks=callbacks)

    def predict_generator(self, generator, steps=None, callbacks=None, max_queue_size=10,
                          workers=1, use_multiprocessing=False, verbose=0):
        _deprecated("predict_generator", "predict")
        return self.predict(generator, steps=steps, max_queue_size=max_queue_size,
                            workers=workers, use_multiprocessing=use_multiprocessing,
                            verbose=verbose, callbacks=callbacks)
