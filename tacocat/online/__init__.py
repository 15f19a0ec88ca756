"""The game's online side: the WebSocket client of docs/protocol.md (and, with issue #43,
the seats and screens built on it). No pygame here."""
