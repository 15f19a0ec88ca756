"""The one exception type that the persistence package raises on purpose.

It lives in its own module so that every other module of the package can import
it without importing :mod:`tacocat.persistence` itself (whose ``__init__``
imports them all).
"""

from __future__ import annotations

import errno
from pathlib import Path

#: Why a disk operation failed, as a code the UI words in the player's language
#: (``tacocat.io_reason.<code>``); only ``other`` shows the system's own words.
REASON_NO_SPACE = "no_space"
REASON_READ_ONLY = "read_only"
REASON_NO_PERMISSION = "no_permission"
REASON_DEVICE = "device"
REASON_MISSING = "missing"
REASON_FOLDER_IN_WAY = "folder_in_way"
REASON_NAME_TOO_LONG = "name_too_long"
REASON_BUSY = "busy"
REASON_TOO_MANY_OPEN = "too_many_open"
REASON_TOO_LARGE = "too_large"
REASON_UNREACHABLE = "unreachable"
REASON_NO_MEMORY = "no_memory"
REASON_OTHER = "other"

#: The errno values a player's data folder can meet: a full or read-only disk, a
#: USB stick pulled out, a network home gone away, an antivirus holding the file.
_REASONS = {
    errno.ENOSPC: REASON_NO_SPACE,
    errno.EDQUOT: REASON_NO_SPACE,
    errno.EROFS: REASON_READ_ONLY,
    errno.EACCES: REASON_NO_PERMISSION,
    errno.EPERM: REASON_NO_PERMISSION,  # also an immutable file or folder (chattr +i)
    errno.EIO: REASON_DEVICE,
    errno.ENOENT: REASON_MISSING,
    errno.ENOTDIR: REASON_MISSING,
    errno.EISDIR: REASON_FOLDER_IN_WAY,
    errno.ENAMETOOLONG: REASON_NAME_TOO_LONG,
    errno.EBUSY: REASON_BUSY,
    errno.ETXTBSY: REASON_BUSY,
    errno.EMFILE: REASON_TOO_MANY_OPEN,
    errno.ENFILE: REASON_TOO_MANY_OPEN,
    errno.EFBIG: REASON_TOO_LARGE,
    errno.ENODEV: REASON_UNREACHABLE,
    errno.ENXIO: REASON_UNREACHABLE,
    errno.ESTALE: REASON_UNREACHABLE,
    errno.ENOTCONN: REASON_UNREACHABLE,
    errno.ETIMEDOUT: REASON_UNREACHABLE,
    errno.EHOSTDOWN: REASON_UNREACHABLE,
    errno.ENOMEM: REASON_NO_MEMORY,
}
#: Every code the UI must word.
REASON_CODES = (*dict.fromkeys(_REASONS.values()), REASON_OTHER)


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

    def __init__(
        self, message: str, *, path: Path | None = None, cause: OSError | None = None
    ) -> None:
        super().__init__(message)
        self.path = path
        self.reason = reason_code(cause)
        self.detail = (cause.strerror or str(cause)) if cause is not None else ""
