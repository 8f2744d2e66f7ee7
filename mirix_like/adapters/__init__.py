"""Adapters that plug mirix_like into other frameworks' memory interfaces."""

from mirix_like.adapters.autogen import MirixMemory, MirixMemoryConfig

__all__ = ["MirixMemory", "MirixMemoryConfig"]
