"""Cribbage Companion: the table app, its engine, and the adapters for a Raspberry Pi board."""

__version__ = "0.1.0"
