"""The replay viewer: a finished game shown again on the real table, both hands face up.

* :mod:`.timeline` - every state of the game, kept (plain data, no pygame);
* :mod:`.scene` - :class:`ReplayScene`, the table that shows the timeline's current state;
* :mod:`.controls` - its buttons, scrubber and keys.
"""
