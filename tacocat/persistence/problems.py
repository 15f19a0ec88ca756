"""What went wrong with the player's files, as a code plus parameters the UI words.

The package never words a player-facing sentence in a language: it returns a
:class:`Problem`, which *is* the English sentence (a ``str``: logs, the
command line and older callers use it as it is) and also carries

* :attr:`Problem.code` - which message, e.g. ``"settings_partial"``; the UI
  looks up ``tacocat.problem.<code>`` in the player's language;
* :attr:`Problem.params` - the facts it names: a path (``str``), a count
  (``int``), or another :class:`Problem` (a reason, the backup sentence) or a
  list of them, which the UI words in turn.

So the UI's words come from its translation files, like the rules engine's
refusals (``tacocat.ui.text.refusals``), and the English here stays for logs.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tacocat.persistence.errors import PersistenceError, reason_code
from tacocat.persistence.text import printable


class Problem(str):
    """An English sentence (the ``str`` itself) with a code and parameters for the UI.

    :ivar code: the message's key under ``tacocat.problem`` (dots allowed).
    :ivar params: the named facts; see the module docstring for their kinds.
    """

    code: str
    params: dict[str, Any]

    def __new__(cls, english: str, code: str, **params: Any) -> Problem:
        self = super().__new__(cls, english)
        self.code = code
        self.params = params
        return self

    def __reduce__(self) -> tuple[Any, ...]:  # str subclasses with attributes pickle this way
        return (_rebuild, (str(self), self.code, self.params))


def _rebuild(english: str, code: str, params: dict[str, Any]) -> Problem:
    return Problem(english, code, **params)


def reason(english: str, code: str, **params: Any) -> Problem:
    """A reason phrase (``tacocat.problem.reason.<code>``), e.g. "it is not valid JSON"."""
    return Problem(english, f"reason.{code}", **params)


def io_problem(error: PersistenceError | OSError) -> Problem:
    """Why a disk operation failed (code ``io.<reason>``: the UI words it from the
    ``tacocat.io_reason`` section the notices share), with the system's own words."""
    if isinstance(error, PersistenceError):
        code, detail = error.reason, error.detail or str(error)
    else:
        code, detail = reason_code(error), error.strerror or str(error)
    return Problem(printable(detail), f"io.{code}", detail=printable(detail))


def backup_kept(backup: Path) -> Problem:
    """ "The old file was kept as PATH." (the sentence after a file was set aside)."""
    shown = printable(backup)
    return Problem(f"The old file was kept as {shown}.", "backup_kept", path=shown)


def backup_failed(path: Path, error: PersistenceError) -> Problem:
    """ "The bad file could not be moved aside: REASON." (it stays where it was)."""
    return Problem(str(error), "backup_failed", path=printable(path), reason=io_problem(error))


def not_written(error: PersistenceError) -> Problem:
    """ "The repaired file could not be written (REASON); ..." after a partial repair."""
    return Problem(
        f"The repaired file could not be written back: {error}",
        "not_written",
        reason=io_problem(error),
    )


def pair(first: Problem, second: Problem) -> Problem:
    """Two sentences, one after the other (``tacocat.problem.pair``)."""
    return Problem(f"{first} {second}", "pair", first=first, second=second)


def with_param(problem: Problem, **params: Any) -> Problem:
    """``problem`` with more parameters; the English grows by the ones that are sentences."""
    english = " ".join([str(problem), *(str(v) for v in params.values() if isinstance(v, Problem))])
    return Problem(english, problem.code, **{**problem.params, **params})


def joined(parts: Sequence[Problem]) -> str:
    """The English list of ``parts``, as the sentences that hold one use it."""
    return ", ".join(parts)
