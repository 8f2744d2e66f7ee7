"""Servers over MemorySystem: MCP tools, a REST API and its web UI. Each is a thin layer."""
