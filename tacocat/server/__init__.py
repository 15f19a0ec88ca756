"""The Tacocat game server (docs/protocol.md, docs/server.md): authoritative online play.

asyncio on the ``websockets`` library; no pygame. ``python -m tacocat.server`` or
``tacocat-server`` starts it (tacocat/server/cli.py)."""
