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
from tacocat.persistence.problems import (
    Problem,
    backup_failed,
    backup_kept,
    io_problem,
    not_written,
    pair,
    reason,
    with_param,
)
from tacocat.persistence.regular import NotARegularFile, read_regular_file
from tacocat.persistence.text import printable

T = TypeVar("T")

log = logging.getLogger(__name__)


class BadDocument(Exception):
    """A data file that cannot be used.

    :ivar reason: what is wrong, as the end of the sentence "The file ...",
        e.g. ``"is damaged (not valid JSON)"``.
    :ivar code: the kind of problem as a code (see ``__init__``).
    :ivar problem: the reason as a :class:`~.problems.Problem` ("it is not
        valid JSON"), for the UI to word.
    """

    def __init__(
        self, reason: str, *, code: str = "damaged", why: str = "damaged", **params: object
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        #: What kind of problem, for the UI: ``"damaged"``, ``"not_regular"``.
        self.code = code
        self.problem = _reason(reason, why, **params)


def _reason(text: str, why: str, **params: object) -> Problem:
    # BadDocument's own parameter is called ``reason`` (its English phrase), which
    # hides the function of that name inside __init__.
    return reason(text, why, **params)


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
    raw = _read_bytes(path, max_bytes)
    if raw is None:
        return None
    return _check_envelope(_parse_json(raw), fmt, version)


def _read_bytes(path: Path, max_bytes: int) -> bytes | None:
    """The file's bytes (None: no such file); :class:`BadDocument` when it cannot be read,
    is not a regular file, is larger than ``max_bytes`` or holds nothing but blanks."""
    try:
        raw = read_regular_file(path, max_bytes + 1)
    except FileNotFoundError:
        return None
    except NotARegularFile as error:
        raise BadDocument(
            "is not a regular file (it may be a pipe or a device)",
            code="not_regular",
            why="not_regular",
        ) from error
    except OSError as error:
        # A folder in its place, a permission problem: not readable, same outcome.
        raise BadDocument(
            f"could not be read ({error.strerror or error})",
            why="unreadable",
            cause=io_problem(error),
        ) from error
    if len(raw) > max_bytes:
        raise BadDocument(
            f"is too large (over {max_bytes // 1024} KB) to be a Tacocat file",
            why="too_large",
            kb=max_bytes // 1024,
        )
    if not raw.strip():
        raise BadDocument("is empty", why="empty")
    return raw


def _parse_json(raw: bytes) -> Any:
    """The JSON value in ``raw``; :class:`BadDocument` when it is not UTF-8 text holding JSON."""
    try:
        # utf-8-sig: a byte order mark (old Windows Notepad adds one) is not damage.
        text = raw.decode("utf-8-sig")
        data = json.loads(text, parse_constant=_refuse_constant)
    except UnicodeDecodeError as error:
        raise BadDocument("is damaged (it is not text)", why="not_text") from error
    except RecursionError as error:
        # Deeply nested brackets make the json module recurse too far.
        raise BadDocument("is damaged (nested too deeply)", why="nested") from error
    except ValueError as error:
        raise BadDocument(
            "is damaged (it is not valid JSON; it may have been cut short)", why="not_json"
        ) from error
    return data


def _check_envelope(data: Any, fmt: str, version: int) -> dict[str, Any]:
    """``data``, as an object; :class:`BadDocument` unless it has the right format and version."""
    if not isinstance(data, dict):
        raise BadDocument("is damaged (it does not hold a JSON object)", why="not_object")
    if data.get("format") != fmt:
        raise BadDocument(
            f'is not a Tacocat file of the right kind (its "format" is not "{fmt}")',
            why="wrong_kind",
        )
    found = data.get("version")
    if type(found) is not int or found < 1:
        raise BadDocument(
            'is damaged (its "version" is not a whole number of 1 or more)', why="bad_version"
        )
    if found > version:
        raise BadDocument(
            f"was written by a newer version of Tacocat (file version {found}, "
            f"this version reads up to {version})",
            why="newer_version",
            found=found,
            known=version,
        )
    return data


def has_lone_surrogate(value: Any) -> bool:
    """True if decoded JSON holds a string with a lone surrogate (``"\\ud800"``).

    Such text is valid JSON but no UTF-8 file can hold it, so a file that keeps
    values as they are (a game file's extra keys) could never be written back.
    Encoding the value again answers it at C speed (a pair of escapes decodes
    to one real character and encodes fine).
    """
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    except (RecursionError, ValueError, TypeError):
        return _walk_for_surrogates(value)
    return False


def _walk_for_surrogates(value: Any) -> bool:
    """:func:`has_lone_surrogate` the slow way, for a value too deep to encode."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def write_document(
    path: Path, *, fmt: str, version: int, payload: dict[str, Any], compact: bool = False
) -> None:
    """Write ``payload`` inside the ``format``/``version`` envelope, atomically.

    :raises PersistenceError: the file could not be written.
    """
    atomic_write_json(path, {"format": fmt, "version": version, **payload}, compact=compact)


def set_aside(path: Path, problem: Problem) -> tuple[Problem, Path | None]:
    """Back up a bad file and word the player-facing message about it.

    :param problem: the first sentence, already worded by the caller (e.g.
        "Your settings file is damaged (...), so the default settings are used.");
        its template names the backup sentence ``%{backup}``.
    :returns: ``(message, backup)``: ``problem`` with the parameter ``backup``
        (where the old file went, or why it could not be moved) and the
        backup's path - None if the file could not be moved (a loader must
        never crash over a backup).
    """
    try:
        backup = backup_bad_file(path)
    except PersistenceError as error:
        log.warning("%s %s", problem, error)
        return with_param(problem, backup=backup_failed(path, error)), None
    log.warning("%s Backup: %s", problem, printable(backup))
    return with_param(problem, backup=backup_kept(backup)), backup


def load_checked_document(
    path: Path,
    *,
    fmt: str,
    version: int,
    max_bytes: int,
    parse: Callable[[dict[str, Any]], tuple[T, list[str]]],
    default: T,
    whole_problem: Callable[[BadDocument], Problem],
    partial_problem: Callable[[list[str]], Problem],
    write: Callable[[T], None],
) -> tuple[T, Problem | None]:
    """Load a document whose entries are checked one by one; never raises.

    :param parse: turns the payload into ``(value, names of the bad entries)``,
        keeping the good entries and defaulting the bad ones.
    :param whole_problem: words the message when the file is unusable as a
        whole (given why); ``default`` is returned then.
    :param partial_problem: words the message when some entries were bad.
    :param write: writes a value back (raising :class:`PersistenceError`):
        after a partial repair the kept entries are written back at once, so
        "the rest were kept" is still true at the next start.
    :returns: ``(value, message)``: ``message`` is None when the file was fine
        or missing; otherwise the bad file was backed up and the message says
        what was wrong and where the backup is.
    """
    try:
        data = read_document(path, fmt=fmt, version=version, max_bytes=max_bytes)
    except BadDocument as bad:
        return default, set_aside(path, whole_problem(bad))[0]
    if data is None:
        return default, None
    value, bad_entries = parse(data)
    if not bad_entries:
        return value, None
    first = partial_problem(bad_entries)
    message, backup = set_aside(path, first)
    if backup is None:
        return value, message  # still in place: the next start repairs it again
    try:
        write(value)
    except PersistenceError as error:
        log.warning("could not write the repaired %s back: %s", printable(path), error)
        return value, with_param(first, backup=pair(message.params["backup"], not_written(error)))
    return value, message
