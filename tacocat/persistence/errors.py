"""The one exception type that the persistence package raises on purpose.

It lives in its own module so that every other module of the package can import
it without importing :mod:`tacocat.persistence` itself (whose ``__init__``
imports them all).
"""

from __future__ import annotations


class PersistenceError(Exception):
    """A file or folder of the player's data could not be read or written.

    The message is written for the player: one or two plain sentences that say
    what failed and where, for example ``"Could not save the game to
    /home/ana/.local/share/tacocat/autosave.json: No space left on device."``.
    The underlying :class:`OSError`, if any, is chained as ``__cause__``.
    """
