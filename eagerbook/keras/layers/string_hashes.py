"""The string hashes of the hashing and lookup layers: they live with the string ops."""

from ...ops.string_hashes import fingerprint64, siphash24

__all__ = ["fingerprint64", "siphash24"]
