"""Reading a data file only if it is a plain file: never block on a pipe or a device.

A FIFO (``mkfifo autosave.json``) in place of a data file made a plain
``open()`` wait forever for a writer, with the signal that should end the
program held up behind it. Here the file is opened non-blocking (opening a FIFO
then returns at once) and checked with ``fstat`` on the open descriptor (no
race between a check and the open) before a byte is read.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

#: Flags for opening a data file to read: never wait (a FIFO with no writer),
#: never become the controlling terminal (a tty in its place). Missing on Windows.
_READ_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_BINARY", 0)
)


class NotARegularFile(OSError):
    """The path exists but is a FIFO, a socket or a device."""


def is_regular_file(path: Path) -> bool:
    """True if ``path`` is a regular file (following a symbolic link); never blocks."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def read_regular_file(path: Path, limit: int) -> bytes:
    """Up to ``limit`` bytes of the regular file at ``path``.

    :raises FileNotFoundError: there is no file.
    :raises IsADirectoryError: a folder is there.
    :raises NotARegularFile: something else than a plain file or a folder is there.
    :raises OSError: it could not be read.
    """
    fd = os.open(path, _READ_FLAGS)
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):  # as reading one would say
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        if not stat.S_ISREG(mode):
            raise NotARegularFile(f"{os.fspath(path)!r} is not a regular file")
        chunks: list[bytes] = []
        remaining = limit
        while remaining > 0:
            chunk = os.read(fd, remaining)
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)
