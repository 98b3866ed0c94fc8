"""Tests of eagerbook.keras (layers, models, optimizers, losses, metrics, callbacks)."""
