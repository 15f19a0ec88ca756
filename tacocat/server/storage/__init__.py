"""Where the server keeps its games: the interface (base), its SQL (schema, queries) and the
two databases (sqlite, postgres), both driven by one worker thread with group commit."""
