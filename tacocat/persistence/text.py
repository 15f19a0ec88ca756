"""Paths shown to people: always printable, whatever bytes a file name holds."""

from __future__ import annotations

import os


def printable(path: os.PathLike[str] | str) -> str:
    """``path`` as text that can always be shown, logged or encoded as UTF-8.

    A folder name with bytes that are not UTF-8 (``caf\\xe9`` from an old
    Latin-1 system) reaches Python as a "surrogate escape" (``'caf\\udce9'``),
    which no font can draw and which makes any ``.encode('utf-8')`` raise. Here
    each such byte becomes the visible escape ``\\xe9`` instead.
    """
    text = os.fspath(path)
    try:
        raw = os.fsencode(text)
    except UnicodeError:  # a lone surrogate that is not an escaped byte
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return raw.decode("utf-8", "backslashreplace")
