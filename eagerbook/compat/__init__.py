"""TF 1.x graph mode, small, for contrast (lesson 10): build first, then ``Session.run``."""

from . import v1

__all__ = ["v1"]
