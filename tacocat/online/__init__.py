"""The game's online side: the WebSocket client of docs/protocol.md (``client``), games hosted
and found on this network (``lan``: the server in the host's own process, over mDNS), and,
with issue #43, the seats and screens built on them. No pygame here."""
