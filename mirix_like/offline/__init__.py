"""Offline model backend: deterministic rules that stand in for a language model."""
