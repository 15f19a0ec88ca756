"""The online wire format (docs/protocol.md): messages, their checks, and the encoding of
observations and events. Pure: no I/O, no pygame; the server and the game share it."""
