"""The one exception type that the persistence package raises on purpose.

It lives in its own module so that every other module of the package can import
it without importing :mod:`tacocat.persistence` itself (whose ``__init__``
imports them all).
"""

from __future__ import annotations

import errno
from pathlib import Path

#: Why a disk operation failed, as a code the UI words in the player's language.
REASON_NO_SPACE = "no_space"
REASON_READ_ONLY = "read_only"
REASON_NO_PERMISSION = "no_permission"
REASON_OTHER = "other"

_REASONS = {
    errno.ENOSPC: REASON_NO_SPACE,
    errno.EDQUOT: REASON_NO_SPACE,
    errno.EROFS: REASON_READ_ONLY,
    errno.EACCES: REASON_NO_PERMISSION,
    errno.EPERM: REASON_NO_PERMISSION,  # also an immutable file or folder (chattr +i)
}


def reason_code(error: BaseException | None) -> str:
    """The ``REASON_*`` code for an :class:`OSError` (``REASON_OTHER`` if unknown)."""
    number = getattr(error, "errno", None)
    return _REASONS.get(number, REASON_OTHER) if number is not None else REASON_OTHER


class PersistenceError(Exception):
    """A file or folder of the player's data could not be read or written.

    ``str(error)`` is an English sentence for logs and the command line, for
    example ``"Could not save /home/ana/.local/share/tacocat/autosave.json: No
    space left on device."``. The UI words its own message from the codes:

    :ivar reason: a ``REASON_*`` code (why it failed);
    :ivar detail: the system's own words for it (``strerror``), or ``""``;
    :ivar path: the file or folder concerned, or ``None``.

    The underlying :class:`OSError`, if any, is chained as ``__cause__``.
    """

    def __init__(self, message: str, *, path: Path | None = None,
                 cause: OSError | None = None) -> None:
        super().__init__(message)
        self.path = path
        self.reason = reason_code(cause)
        self.detail = (cause.strerror or str(cause)) if cause is not None else ""
