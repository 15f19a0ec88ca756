"""The languages the game ships, and which one a computer's locale asks for.

No pygame and no translation machinery here: the command line (``--lang``)
and the settings check use this list before any window opens. Each language
is listed by its own name, so a player finds theirs whatever is on screen.
Adding a language: one translation file (``assets/translations/
tacocat.<code>.json``), a row here and a row in ``docs/glossary.md``
(see ``docs/translating.md``).
"""

from __future__ import annotations

import locale as _locale
import os
from collections.abc import Callable, Mapping

#: Shipped languages, code -> the language's name in itself, in menu order.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "fil": "Filipino",
    "lv": "Latviešu",
    "lo": "ລາວ",
    "sq": "Shqip",
}
DEFAULT_LANGUAGE = "en"
#: Other tags that mean one of ours (Tagalog is the base of Filipino).
_ALIASES = {
    "tl": "fil",
    "tgl": "fil",
    "fil": "fil",
    "lav": "lv",
    "lao": "lo",
    "sqi": "sq",
    "alb": "sq",
}
#: Environment variables POSIX reads for the messages language, strongest first.
_LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def match_language(tag: str | None) -> str | None:
    """Our language code for a locale tag such as ``"lv_LV.UTF-8"`` or ``"fil-PH"``, else None.

    >>> match_language("sq_AL.UTF-8"), match_language("tl_PH"), match_language("de_DE")
    ('sq', 'fil', None)
    """
    if not tag:
        return None
    base = tag.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if base in ("c", "posix"):
        return None
    base = _ALIASES.get(base, base)
    return base if base in LANGUAGES else None


def system_language(
    environ: Mapping[str, str] | None = None, user_locale: Callable[[], str | None] | None = None
) -> str:
    """The shipped language the computer's settings ask for, falling back to English.

    POSIX: ``LC_ALL``, then ``LC_MESSAGES``, then ``LANG`` (the first that is
    set decides, as the C library does; ``LANGUAGE``-style lists are not
    needed for five languages). Windows and macOS do not set these for
    windowed programs, so the user's locale from the :mod:`locale` module
    comes next.
    """
    environ = os.environ if environ is None else environ
    for name in _LOCALE_VARIABLES:
        value = environ.get(name)
        if value:
            return match_language(value) or DEFAULT_LANGUAGE
    found = match_language((user_locale or _user_locale)())
    return found or DEFAULT_LANGUAGE


def _user_locale() -> str | None:
    """The user's locale from the operating system (Windows/macOS user setting)."""
    try:
        tag = _locale.getlocale()[0]
    except ValueError:
        tag = None
    if tag:
        return tag
    try:  # before setlocale() has run, getlocale() may say nothing
        _locale.setlocale(_locale.LC_CTYPE, "")
        return _locale.getlocale()[0]
    except (_locale.Error, ValueError):
        return None


def startup_language(saved: str | None, cli_choice: str | None) -> str:
    """The language to start in: ``--lang``, else the saved choice, else the system's.

    ``saved`` is None on the first start (no settings file yet).
    """
    if cli_choice is not None:
        return cli_choice
    if saved in LANGUAGES:
        return saved
    return system_language()
