"""``tf.data.Options``: settings a pipeline carries (``dataset.with_options(options)``).

eagerbook runs every pipeline in order on one thread, so these settings change no results;
they are kept, compared and read back as TF keeps them (``dataset.options()``), so code that
sets them runs unchanged. Unknown option names are refused, as in TF.
"""

import enum


class AutoShardPolicy(enum.IntEnum):
    OFF = -1
    AUTO = 0
    FILE = 1
    DATA = 2
    HINT = 3


class _OptionGroup:
    """A fixed set of named options; setting any other name is an AttributeError."""

    _defaults = {}

    def __init__(self):
        for name, default in self._defaults.items():
            object.__setattr__(self, name, default() if callable(default) else default)

    def __setattr__(self, name, value):
        if name not in self._defaults:
            raise AttributeError(f"Cannot set the property {name} on {type(self).__name__}.")
        object.__setattr__(self, name, value)

    def __eq__(self, other):
        return type(self) is type(other) and vars(self) == vars(other)

    def __repr__(self):
        return f"{type(self).__name__}({vars(self)})"


class DistributeOptions(_OptionGroup):
    _defaults = {"auto_shard_policy": AutoShardPolicy.AUTO, "num_devices": None}


class OptimizationOptions(_OptionGroup):
    _defaults = {"apply_default_optimizations": None, "map_and_batch_fusion": None,
                 "map_parallelization": None, "noop_elimination": None,
                 "parallel_batch": None, "shuffle_and_repeat_fusion": None,
                 "filter_fusion": None, "map_fusion": None, "inject_prefetch": None}


class ThreadingOptions(_OptionGroup):
    _defaults = {"max_intra_op_parallelism": None, "private_threadpool_size": None}


class AutotuneOptions(_OptionGroup):
    _defaults = {"enabled": None, "cpu_budget": None, "ram_budget": None,
                 "autotune_algorithm": None}


class Options(_OptionGroup):
    _defaults = {"deterministic": None, "experimental_distribute": DistributeOptions,
                 "experimental_optimization": OptimizationOptions,
                 "threading": ThreadingOptions, "experimental_slack": None,
                 "experimental_external_state_policy": None, "experimental_warm_start": None,
                 "autotune": AutotuneOptions, "experimental_symbolic_checkpoint": None,
                 "dataset_name": None, "experimental_service": None, "framework_type": None}
    # Older names TF keeps for the same settings (setting either sets both).
    _aliases = {"experimental_deterministic": "deterministic",
                "experimental_threading": "threading"}

    def __setattr__(self, name, value):
        super().__setattr__(self._aliases.get(name, name), value)

    def __getattr__(self, name):  # (only names not stored: the aliases)
        if name in Options._aliases:
            return getattr(self, Options._aliases[name])
        raise AttributeError(f"'Options' object has no attribute '{name}'")

    def merge(self, options):
        """These options with `options`' non-default settings on top."""
        merged = Options()
        for source in (self, options):
            for name, value in vars(source).items():
                if value is not None and not isinstance(value, _OptionGroup):
                    object.__setattr__(merged, name, value)
                elif isinstance(value, _OptionGroup):
                    group = getattr(merged, name)
                    for key, item in vars(value).items():
                        if item is not None:
                            object.__setattr__(group, key, item)
        return merged


__all__ = ["AutoShardPolicy", "AutotuneOptions", "DistributeOptions", "OptimizationOptions",
           "Options", "ThreadingOptions"]
