"""Reading and writing the package's JSON documents, and reporting a bad one.

Every file the package keeps (settings, statistics, the autosave) is one JSON
object with an envelope::

    {"format": "tacocat-settings", "version": 1, ...payload...}

:func:`read_document` reads such a file defensively - size-capped, strict
UTF-8, strict JSON (no NaN), nesting-safe - and checks the envelope. Every way a
file can be bad becomes a :class:`BadDocument` whose ``reason`` is a plain
phrase for the player. :func:`set_aside` then moves the file away with
:func:`~tacocat.persistence.atomic.backup_bad_file` and words the message.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from tacocat.persistence.atomic import atomic_write_json, backup_bad_file
from tacocat.persistence.errors import PersistenceError
from tacocat.persistence.regular import NotARegularFile, read_regular_file
from tacocat.persistence.text import printable

T = TypeVar("T")

log = logging.getLogger(__name__)


class BadDocument(Exception):
    """A data file that cannot be used.

    :ivar reason: what is wrong, as the end of the sentence "The file ...",
        e.g. ``"is damaged (not valid JSON)"``.
    :ivar code: the kind of problem as a code (see ``__init__``).
    """

    def __init__(self, reason: str, *, code: str = "damaged") -> None:
        super().__init__(reason)
        self.reason = reason
        #: What kind of problem, for the UI: ``"damaged"``, ``"not_regular"``.
        self.code = code


def _refuse_constant(name: str) -> float:
    """``json.loads`` hook: NaN and Infinity are not JSON, so a file holding them is bad."""
    raise ValueError(f"{name} is not allowed")


def read_document(path: Path, *, fmt: str, version: int, max_bytes: int) -> dict[str, Any] | None:
    """Read and check the JSON document at ``path``.

    :param fmt: the expected ``"format"`` tag.
    :param version: the newest ``"version"`` this program understands; versions
        1 to ``version`` are accepted (older ones are upgraded by the caller).
    :param max_bytes: a file larger than this is refused unread - a data file
        never grows that big, and reading garbage of any size must stay cheap.
    :returns: the whole object (envelope included), or ``None`` if the file
        does not exist.
    :raises BadDocument: the file cannot be read or used; ``reason`` says why.
    """
    try:
        raw = read_regular_file(path, max_bytes + 1)
    except FileNotFoundError:
        return None
    except NotARegularFile as error:
        raise BadDocument("is not a regular file (it may be a pipe or a device)",
                          code="not_regular") from error
    except OSError as error:
        # A folder in its place, a permission problem: not readable, same outcome.
        raise BadDocument(f"could not be read ({error.strerror or error})") from error
    if len(raw) > max_bytes:
        raise BadDocument(f"is too large (over {max_bytes // 1024} KB) to be a Tacocat file")
    if not raw.strip():
        raise BadDocument("is empty")
    try:
        # utf-8-sig: a byte order mark (old Windows Notepad adds one) is not damage.
        text = raw.decode("utf-8-sig")
        data = json.loads(text, parse_constant=_refuse_constant)
    except UnicodeDecodeError as error:
        raise BadDocument("is damaged (it is not text)") from error
    except RecursionError as error:
        # Deeply nested brackets make the json module recurse too far.
        raise BadDocument("is damaged (nested too deeply)") from error
    except ValueError as error:
        raise BadDocument("is damaged (it is not valid JSON; it may have been cut short)") from error
    if not isinstance(data, dict):
        raise BadDocument("is damaged (it does not hold a JSON object)")
    if data.get("format") != fmt:
        raise BadDocument(f'is not a Tacocat file of the right kind (its "format" is not "{fmt}")')
    found = data.get("version")
    if type(found) is not int or found < 1:
        raise BadDocument('is damaged (its "version" is not a whole number of 1 or more)')
    if found > version:
        raise BadDocument(
            f"was written by a newer version of Tacocat (file version {found}, "
            f"this version reads up to {version})"
        )
    return data


def write_document(path: Path, *, fmt: str, version: int, payload: dict[str, Any],
                   compact: bool = False) -> None:
    """Write ``payload`` inside the ``format``/``version`` envelope, atomically.

    :raises PersistenceError: the file could not be written.
    """
    atomic_write_json(path, {"format": fmt, "version": version, **payload}, compact=compact)


def set_aside(path: Path, problem: str) -> tuple[str, Path | None]:
    """Back up a bad file and word the player-facing message about it.

    :param problem: the first sentence, already worded by the caller (e.g.
        "Your settings file is damaged (...), so the default settings are used.").
    :returns: ``(message, backup)``: ``problem`` followed by where the old file
        went, and the backup's path - or, if the file could not be moved, the
        reason and ``None`` (a loader must never crash over a backup).
    """
    try:
        backup = backup_bad_file(path)
    except PersistenceError as error:
        log.warning("%s %s", problem, error)
        # The error's own message already names the file and the reason.
        return f"{problem} {error}", None
    log.warning("%s Backup: %s", problem, printable(backup))
    return f"{problem} The old file was kept as {printable(backup)}.", backup


def load_checked_document(
    path: Path,
    *,
    fmt: str,
    version: int,
    max_bytes: int,
    parse: Callable[[dict[str, Any]], tuple[T, list[str]]],
    default: T,
    whole_problem: Callable[[str], str],
    partial_problem: Callable[[list[str]], str],
) -> tuple[T, str | None]:
    """Load a document whose entries are checked one by one; never raises.

    :param parse: turns the payload into ``(value, names of the bad entries)``,
        keeping the good entries and defaulting the bad ones.
    :param whole_problem: words the message when the file is unusable as a
        whole (given the reason); ``default`` is returned then.
    :param partial_problem: words the message when some entries were bad.
    :returns: ``(value, message)``: ``message`` is None when the file was fine
        or missing; otherwise the bad file was backed up and the message says
        what was wrong and where the backup is.
    """
    try:
        data = read_document(path, fmt=fmt, version=version, max_bytes=max_bytes)
    except BadDocument as bad:
        return default, set_aside(path, whole_problem(bad.reason))[0]
    if data is None:
        return default, None
    value, bad_entries = parse(data)
    if not bad_entries:
        return value, None
    return value, set_aside(path, partial_problem(bad_entries))[0]
