"""The one translation function for player-facing text: :func:`tr`.

We use python-i18n, the package pygame_gui already uses, with files in its
format: ``assets/translations/tacocat.<lang>.json`` holding
``{"<lang>": {"title": {"new_game": "New game"}}}``. Keys are therefore
``"tacocat.title.new_game"``; because pygame_gui translates widget text through
the same package, a widget can be given such a key directly.

Placeholders use python-i18n's syntax, ``%{name}``:
``tr("tacocat.pass.button", name="Ana")``.

A missing key falls back to English, then to the key itself; either fallback
is logged once per key. Adding a language is a data file (plus a font in the
theme if its script needs one).
"""

from __future__ import annotations

import logging
from pathlib import Path

import i18n

from tacocat.resources import asset_path

log = logging.getLogger(__name__)

NAMESPACE = "tacocat"
FALLBACK = "en"

_loaded: set[tuple[Path, str]] = set()
_warned: set[tuple[str, str]] = set()
#: Looked-up texts by (language, key, arguments): scenes ask every frame, and a
#: python-i18n lookup costs a fraction of a millisecond. Cleared on a language change.
_texts: dict[tuple, str] = {}
_MAX_TEXTS = 4000


def translations_dir() -> Path:
    """Absolute folder of our translation files."""
    return asset_path("translations")


def _configure() -> None:
    """Idempotently point python-i18n at our folder with pygame_gui's settings."""
    i18n.set("file_format", "json")
    i18n.set("fallback", FALLBACK)
    folder = str(translations_dir())
    if folder not in i18n.load_path:
        i18n.load_path.append(folder)


def _ensure_loaded(locale: str) -> None:
    """Load ``tacocat.<locale>.json`` once (eagerly, so pygame_gui widgets find our keys)."""
    folder = translations_dir()
    if (folder, locale) in _loaded:
        return
    _loaded.add((folder, locale))
    _configure()
    filename = f"{NAMESPACE}.{locale}.json"
    if not (folder / filename).is_file():
        log.warning("no translation file %s in %s", filename, folder)
        return
    try:
        i18n.resource_loader.load_translation_file(filename, str(folder), locale)
    except Exception:  # a broken data file must not stop the game
        log.exception("could not read translation file %s", folder / filename)


def set_language(language: str) -> None:
    """Make ``language`` current for :func:`tr` (pygame_gui follows via ``set_locale``)."""
    _ensure_loaded(FALLBACK)
    _ensure_loaded(language)
    i18n.set("locale", language)
    _texts.clear()


def language() -> str:
    """The current language code."""
    return str(i18n.get("locale"))


def has(key: str, locale: str | None = None) -> bool:
    """True when ``key`` has text in ``locale`` (default: the current language)."""
    locale = locale or language()
    _ensure_loaded(locale)
    return bool(i18n.translations.has(key, locale))


def tr(key: str, **kwargs: object) -> str:
    """The player-facing text for ``key`` in the current language.

    ``kwargs`` fill ``%{placeholders}``; ``count`` picks a plural form when the
    entry is a ``{"one": ..., "many": ...}`` dict.
    """
    current = language()
    try:
        cache_key = (current, key, tuple(sorted(kwargs.items())))
        text = _texts.get(cache_key)
    except TypeError:  # an unhashable argument: look it up every time
        cache_key, text = None, None
    if text is None:
        text = _lookup(current, key, kwargs)
        if cache_key is not None:
            if len(_texts) >= _MAX_TEXTS:
                _texts.clear()
            _texts[cache_key] = text
    return text


def _lookup(current: str, key: str, kwargs: dict[str, object]) -> str:
    for locale in dict.fromkeys((current, FALLBACK)):
        if has(key, locale):
            if locale != current:
                _warn_once(key, f"has no {current!r} text; using English")
            return str(i18n.t(key, locale=locale, **kwargs))
    _warn_once(key, "has no text at all; showing the key")
    return key


def _warn_once(key: str, problem: str) -> None:
    if (key, problem) not in _warned:
        _warned.add((key, problem))
        log.warning("translation key %r %s", key, problem)
