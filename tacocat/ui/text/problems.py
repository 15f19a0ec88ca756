"""Words for the persistence package's problems, in the player's language.

``tacocat.persistence`` reports a damaged, reset or unsaved file as a
:class:`~tacocat.persistence.problems.Problem`: an English sentence for logs
that also carries a code and parameters. This module is the one place that
turns such a pair into the player's words, through :func:`tr` keys under
``tacocat.problem`` - like :mod:`tacocat.ui.text.refusals` for the rules engine.
"""

from __future__ import annotations

from typing import Any

from tacocat.persistence.errors import REASON_OTHER, PersistenceError
from tacocat.persistence.problems import Problem, io_problem
from tacocat.persistence.text import printable
from tacocat.ui.text.i18n import number, tr

#: Between the items of a list in a sentence (the same in the five languages).
LIST_SEPARATOR = ", "
#: Message titles by the first part of a problem's code.
_TITLES = {
    "settings": "tacocat.message.settings_title",
    "stats": "tacocat.stats.reset_title",
    "save": "tacocat.message.continue_title",
    "tutorial": "tacocat.problem.title.tutorial",
    "history": "tacocat.history.problem_title",
    "kept": "tacocat.history.problem_title",
    "lock": "tacocat.problem.title.lock",
    "game": "tacocat.history.not_kept_title",
    "ending": "tacocat.problem.title.ending",
    "online": "tacocat.problem.title.online",
}
#: Titles of whole codes (before any dot) that the first part alone would mistitle.
_CODE_TITLES = {
    "stats_rebuilt": "tacocat.problem.stats_rebuilt.title",
}
_NOT_SAVED_TITLES = {
    "settings_not_saved": "tacocat.message.settings_not_saved_title",
    "stats_not_saved": "tacocat.stats.not_saved_title",
    "game_not_kept": "tacocat.history.not_kept_title",
}


def problem_text(problem: str) -> str:
    """``problem`` in the player's language (text that is not a Problem is already worded)."""
    if not isinstance(problem, Problem):
        return problem
    if problem.code == "pair":  # two sentences: each is worded, the order kept
        return " ".join(problem_text(problem.params[k]) for k in ("first", "second"))
    if problem.code.startswith("io."):
        # The disk's reasons have their own section, shared with the notices.
        return tr(
            f"tacocat.io_reason.{problem.code[3:]}",
            detail=printable(problem.params.get("detail", "")),
        )
    # The count stays a number: tr() picks the plural form from it (and formats it).
    params = {
        name: value if name == "count" and type(value) is int else _param(value)
        for name, value in problem.params.items()
    }
    key = f"tacocat.problem.{problem.code}"
    text = tr(key, **params)
    return str(problem) if text == key else text


def problem_title(problem: str) -> str:
    """The heading of the message that shows ``problem``."""
    code = getattr(problem, "code", "")
    if code == "pair":  # two sentences: the first says what happened
        return problem_title(problem.params["first"])  # type: ignore[attr-defined]
    key = (
        _CODE_TITLES.get(code.split(".")[0])
        or _NOT_SAVED_TITLES.get(code)
        or _TITLES.get(code.split("_")[0], "tacocat.problem.title.other")
    )
    return tr(key)


def not_saved_text(code: str, error: PersistenceError) -> str:
    """ "Your statistics could not be saved: the disk is full." (``code``: which file)."""
    return problem_text(Problem(str(error), code, reason=io_problem(error)))


def _param(value: Any) -> str:
    if isinstance(value, Problem):
        return problem_text(value)
    if isinstance(value, list):
        return LIST_SEPARATOR.join(_param(item) for item in value)
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    return printable(str(value))


def io_reason(error: PersistenceError) -> str:
    """Why a file could not be written, as a phrase in the player's language."""
    code = getattr(error, "reason", REASON_OTHER)
    detail = printable(getattr(error, "detail", "") or str(error))
    return tr(f"tacocat.io_reason.{code}", detail=detail)
