"""The one translation function for player-facing text: :func:`tr`.

We use python-i18n, the package pygame_gui already uses, with files in its
format: ``assets/translations/tacocat.<lang>.json`` holding
``{"<lang>": {"title": {"new_game": "New game"}}}``. Keys are therefore
``"tacocat.title.new_game"``; because pygame_gui translates widget text through
the same package, a widget can be given such a key directly.

Placeholders use python-i18n's syntax, ``%{name}``:
``tr("tacocat.pass.button", name="Ana")``.

Plurals follow CLDR through Babel, not python-i18n's English-shaped rule: an
entry that varies with a number is a dict keyed by the language's CLDR plural
categories (``zero one two few many other``; English ``one``/``other``,
Latvian ``zero``/``one``/``other``, Lao ``other`` only), and
``tr(key, count=n)`` picks ``Locale.plural_form(n)``'s category (falling back
to ``other``). Numbers, percentages and dates for the screen go through
:func:`number`, :func:`percent` and :func:`date` (Babel, per locale).

A missing key falls back to English, then to the key itself; either fallback
is logged once per key. Adding a language is a data file (plus a font in the
theme if its script needs one).
"""

from __future__ import annotations

import datetime as _dt
import functools
import logging
from collections.abc import Mapping
from pathlib import Path

import babel
import babel.dates
import babel.numbers
import i18n
from i18n.translator import TranslationFormatter

from tacocat.resources import asset_path

log = logging.getLogger(__name__)

NAMESPACE = "tacocat"
FALLBACK = "en"
#: CLDR plural categories, the only sub-keys a plural entry may have.
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")

_loaded: set[tuple[Path, str]] = set()
_warned: set[tuple[str, str]] = set()
#: Looked-up texts by (language, key, arguments): scenes ask every frame, and a
#: python-i18n lookup costs a fraction of a millisecond. Cleared on a language change.
_texts: dict[tuple[object, ...], str] = {}
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
    return bool(i18n.translations.has(key, locale) or i18n.translations.has(f"{key}.other", locale))


def tr(key: str, **kwargs: object) -> str:
    """The player-facing text for ``key`` in the current language.

    ``kwargs`` fill ``%{placeholders}``; ``count`` picks the CLDR plural form
    when the entry is a dict of plural categories (see the module docstring).
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
        entry = _entry(key, locale, kwargs.get("count"))
        if entry is not None:
            if locale != current:
                _warn_once(key, f"has no {current!r} text; using English")
            if "count" in kwargs:
                kwargs = {**kwargs, "count": number(kwargs["count"], locale)}
            return str(TranslationFormatter(entry).format(**kwargs))
    _warn_once(key, "has no text at all; showing the key")
    return key


def _entry(key: str, locale: str, count: object) -> str | None:
    """The raw text of ``key`` in ``locale`` (its plural form for ``count``), or None."""
    _ensure_loaded(locale)
    store = i18n.translations
    if count is None:
        value = store.get(key, locale) if store.has(key, locale) else None
        return value if isinstance(value, str) else None
    category = plural_category(count, locale)
    if store.has(key, locale):  # a dict python-i18n kept whole (two or more categories)
        forms = store.get(key, locale)
        if isinstance(forms, dict):
            text = forms.get(category, forms.get("other"))
            return text if isinstance(text, str) else None
        return forms if isinstance(forms, str) else None
    for sub in (category, "other"):  # a one-category dict (Lao) was flattened to key.other
        if store.has(f"{key}.{sub}", locale):
            return str(store.get(f"{key}.{sub}", locale))
    return None


@functools.lru_cache(maxsize=16)
def _babel_locale(locale: str) -> babel.Locale:
    try:
        return babel.Locale.parse(locale)
    except (ValueError, babel.UnknownLocaleError):
        return babel.Locale.parse(FALLBACK)


def plural_category(count: object, locale: str | None = None) -> str:
    """The CLDR plural category of ``count`` in ``locale`` (Babel's rules)."""
    try:
        return str(_babel_locale(locale or language()).plural_form(count))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return "other"


def plural_categories(locale: str) -> set[str]:
    """Every plural category ``locale`` uses (always including ``other``)."""
    return set(_babel_locale(locale).plural_form.tags) | {"other"}


def number(value: object, locale: str | None = None) -> str:
    """``value`` as the locale writes numbers (digit grouping, decimal sign)."""
    if not isinstance(value, int | float):
        return str(value)
    return babel.numbers.format_decimal(value, locale=_babel_locale(locale or language()))


def percent(fraction: float, locale: str | None = None, decimals: int = 0) -> str:
    """``fraction`` (0..1) as a percentage the locale's way (``"51.3%"`` in English,
    ``"51,3%"`` in Albanian), rounded to ``decimals`` places (trailing zeros dropped)."""
    locale_ = _babel_locale(locale or language())
    # The locale's own pattern ("#,##0%", "#,##0 %") places the sign; only the decimals are ours.
    pattern = locale_.percent_formats[None].pattern
    if decimals:
        pattern = pattern.replace("0", "0." + "#" * decimals, 1)
    return babel.numbers.format_percent(fraction, pattern, locale=locale_)


def decimal(value: float, decimals: int = 1, locale: str | None = None) -> str:
    """``value`` rounded to ``decimals`` places, the locale's decimal sign (``"19,7"`` in Latvian)."""
    pattern = "#,##0" + ("." + "#" * decimals if decimals else "")
    return babel.numbers.format_decimal(value, pattern, locale=_babel_locale(locale or language()))


def percents(params: Mapping[str, object]) -> dict[str, object]:
    """``params`` with each whole-number percentage (a ``pct`` or ``*_pct`` parameter, the
    analysis' convention: ``{"pct": 72}``) written the locale's way (``"72%"``)."""
    return {
        name: percent(value / 100)
        if (name == "pct" or name.endswith("_pct"))
        and isinstance(value, int | float)
        and not isinstance(value, bool)
        else value
        for name, value in params.items()
    }


def date(value: _dt.date | _dt.datetime, locale: str | None = None) -> str:
    """A date in the locale's medium format (``1 Dec 2026``, ``2026. gada 1. dec.``)."""
    return babel.dates.format_date(
        value, format="medium", locale=_babel_locale(locale or language())
    )


#: The names a new settings file holds (``persistence.settings``): stored in
#: English, shown in the player's language as the seats' houses, the Sun and the
#: Moon (names without digits: "Sun 2 – 1 Moon" reads as a score; ``tacocat.ui.text.names``).
LEGACY_DEFAULT_NAMES = ("Player 1", "Player 2")
_DEFAULT_NAMES = tuple(
    zip(LEGACY_DEFAULT_NAMES, ("tacocat.names.sun", "tacocat.names.moon"), strict=True)
)


def localised_names(names: tuple[str, str]) -> tuple[str, str]:
    """``names`` with the untouched default names ("Player 1") in the current language."""
    shown = [
        tr(key) if name == default else name
        for name, (default, key) in zip(names, _DEFAULT_NAMES, strict=True)
    ]
    return (shown[0], shown[1])


def _warn_once(key: str, problem: str) -> None:
    if (key, problem) not in _warned:
        _warned.add((key, problem))
        log.warning("translation key %r %s", key, problem)
