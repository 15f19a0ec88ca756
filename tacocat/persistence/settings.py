"""The player's preferences: :class:`Settings`, kept in ``settings.json``.

File format (indented, key-sorted JSON so a player can read and edit it)::

    {"format": "tacocat-settings", "version": 1,
     "sound_volume": 0.8, "music_volume": 0.5, "muted": false,
     "animation_speed": "normal", "reduced_motion": false,
     "fullscreen": false, "window_size": [1280, 720], "ai_level": "medium",
     "player_names": ["Player 1", "Player 2"], "language": "en",
     "table_keys": {"left": "left", "right": "right", "select": "space",
                    "confirm": "return", "hint": "h", "discards": "d", "undo": "u",
                    "read_hand": "r"},
     "replay_keys": {"play_pause": "space", "step_back": "left", ...},
     "history_keys": {"export": "e", "open_file": "o"},
     "text_size": 100, "narration": false, "server_url": ""}

How a bad file is handled (:func:`load_settings`):

* missing file: the defaults, no message (the first start).
* a file that cannot be used as a whole - unreadable, empty, not UTF-8, not
  JSON, cut short, not an object, another format, a newer version, too large:
  every setting takes its default.
* a readable file with some bad fields (wrong type, out of range, unknown
  choice): **only those fields** take their default; the others are kept.
  We chose this because one mistyped value in a hand-edited file should not
  throw away the player's other choices.

In both bad cases the original file is moved aside as a backup
(``settings.json.bad-YYYYmmdd-HHMMSS``) and the player gets a one- or two-
sentence message saying what was wrong and where the backup is. Missing fields
take their default silently (a file from an older build that lacked a field is
not bad) and unknown fields are ignored with a log line.
"""

from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tacocat.levels import DEFAULT_LEVEL, AILevel
from tacocat.persistence.documents import BadDocument, load_checked_document, write_document
from tacocat.persistence.fields import (
    AI_LEVELS,
    check_bool,
    check_choice,
    check_fraction,
    check_name_pair,
)
from tacocat.persistence.problems import Problem, joined

log = logging.getLogger(__name__)

SETTINGS_FILE = "settings.json"
SETTINGS_FORMAT = "tacocat-settings"
SETTINGS_VERSION = 1
#: A settings file is a few hundred bytes; anything past this is not one.
SETTINGS_MAX_BYTES = 64 * 1024

ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
#: Window sizes accepted, in pixels (inclusive). The UI may enforce a larger
#: minimum of its own; these bounds only reject nonsense.
MIN_WINDOW_SIZE = (640, 360)
MAX_WINDOW_SIDE = 16384
#: A language tag such as "en", "lv", "pt-BR", "zh_Hans" (BCP 47-like).
_LANGUAGE_TAG = re.compile(r"[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*")
_MAX_LANGUAGE_LENGTH = 35


def _check_window_size(value: Any) -> tuple[int, int]:
    """Two whole numbers [width, height] within the accepted bounds."""
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or any(type(side) is not int for side in value)
        or not MIN_WINDOW_SIZE[0] <= value[0] <= MAX_WINDOW_SIDE
        or not MIN_WINDOW_SIZE[1] <= value[1] <= MAX_WINDOW_SIDE
    ):
        raise ValueError(
            f"must be [width, height] from {MIN_WINDOW_SIZE[0]}x{MIN_WINDOW_SIZE[1]} "
            f"to {MAX_WINDOW_SIDE}x{MAX_WINDOW_SIDE}"
        )
    return (value[0], value[1])


#: Text size choices, in percent of the designed sizes.
TEXT_SIZES = (100, 125, 150)


def _check_text_size(value: Any) -> int:
    """One of :data:`TEXT_SIZES` (a whole number; a bool is refused)."""
    if type(value) is not int or value not in TEXT_SIZES:
        raise ValueError(f"must be one of {', '.join(map(str, TEXT_SIZES))}")
    return value


def _check_language(value: Any) -> str:
    """A language tag such as ``"en"`` or ``"pt-BR"`` (whether we ship it is the UI's call)."""
    if (
        not isinstance(value, str)
        or len(value) > _MAX_LANGUAGE_LENGTH
        or not _LANGUAGE_TAG.fullmatch(value)
    ):
        raise ValueError('must be a language code such as "en" or "pt-BR"')
    return value


#: The longest server address accepted (a real one is a few dozen characters).
MAX_SERVER_URL = 200


class ServerUrlError(ValueError):
    """A server address that is not one; ``code`` says why, for the player's words:
    ``long``, ``spaces``, ``scheme``, ``host``, ``port`` or ``form``."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code


def check_server_url(value: Any) -> str:
    """The online server's address: empty (none set), or ``ws://host[:port][/path]`` or
    ``wss://...`` (surrounding spaces trimmed). Raises :class:`ServerUrlError`."""
    if not isinstance(value, str) or len(value) > MAX_SERVER_URL:
        raise ServerUrlError("long", f"must be text of at most {MAX_SERVER_URL} characters")
    url = value.strip()
    if not url:
        return ""
    if not url.isprintable() or any(c.isspace() for c in url):
        raise ServerUrlError("spaces", "must not contain spaces")
    parts = urlsplit(url)
    if parts.scheme not in ("ws", "wss"):
        raise ServerUrlError("scheme", 'must start with "ws://" or "wss://"')
    try:
        port = parts.port
    except ValueError:
        raise ServerUrlError("port", "has a port that is not a number from 1 to 65535") from None
    if not parts.hostname:
        raise ServerUrlError("host", "must name a host after ws:// or wss://")
    if port == 0:
        raise ServerUrlError("port", "has a port that is not a number from 1 to 65535")
    if parts.query or parts.fragment or parts.username or parts.password:
        raise ServerUrlError("form", 'must be "ws://host:port" or "wss://host:port"')
    return url


# --- keys you choose: the table's, the replay's and the History's key bindings ----------
# Stored as {"action": "key name"} with pygame's key names ("space", "h", "left"), one
# object per screen (table_keys, replay_keys, history_keys); this module only checks their
# shape (persistence imports no pygame): a name pygame does not know falls back to the
# action's default key in tacocat.ui.input.actionmap, and the other keys of each
# action (keypad Enter, the arrows, a controller's buttons) are in
# tacocat.ui.input.bindings.

#: The table's actions a player may rebind, with their default keys, in Settings order.
DEFAULT_TABLE_KEYS: tuple[tuple[str, str], ...] = (
    ("left", "left"),
    ("right", "right"),
    ("select", "space"),
    ("confirm", "return"),
    ("hint", "h"),
    ("discards", "d"),
    ("undo", "u"),
    ("read_hand", "r"),
)
TABLE_ACTIONS = tuple(action for action, _ in DEFAULT_TABLE_KEYS)
#: The replay's actions a player may rebind, with their default keys, in Settings order.
#: (A file from before they could be chosen has none: they take these.)
DEFAULT_REPLAY_KEYS: tuple[tuple[str, str], ...] = (
    ("play_pause", "space"),
    ("step_back", "left"),
    ("step_forward", "right"),
    ("round_previous", "page up"),
    ("round_next", "page down"),
    ("first_move", "home"),
    ("last_move", "end"),
    ("faster", "+"),
    ("slower", "-"),
)
REPLAY_ACTIONS = tuple(action for action, _ in DEFAULT_REPLAY_KEYS)
#: The History's actions a player may rebind (its list moves with the menus' keys).
DEFAULT_HISTORY_KEYS: tuple[tuple[str, str], ...] = (
    ("export", "e"),
    ("open_file", "o"),
)
HISTORY_ACTIONS = tuple(action for action, _ in DEFAULT_HISTORY_KEYS)
#: Keys no action may take: they keep one meaning everywhere (back/menu, focus, full screen).
RESERVED_KEYS = frozenset({"escape", "tab", "f11", "up", "down"})
_MAX_KEY_NAME = 24


class KeyConflictError(ValueError):
    """Two actions were given the same key (``action`` already has it), or a reserved one."""

    def __init__(self, key: str, action: str | None) -> None:
        self.key, self.action = key, action
        what = f"is already used by {action}" if action else "is reserved"
        super().__init__(f"key {key!r} {what}")


def check_keys(value: Any, defaults: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """``{action: key name}`` (or pairs) -> every action's key in the order of
    ``defaults``, the default for the ones left out. Unknown actions, bad names,
    reserved keys and a key used twice are refused (:class:`ValueError`)."""
    if not isinstance(value, dict | list | tuple):
        raise ValueError("must map actions to key names")
    pairs: list[Any] = list(value.items()) if isinstance(value, dict) else list(value)
    chosen = dict(defaults)
    owners: dict[str, str] = {}
    for pair in pairs:
        if not isinstance(pair, list | tuple) or len(pair) != 2:
            raise ValueError("must map actions to key names")
        action, key = pair
        if not isinstance(action, str) or action not in chosen:
            raise ValueError(f"has an unknown action {action!r}")
        if (
            not isinstance(key, str)
            or not key
            or len(key) > _MAX_KEY_NAME
            or not key.isprintable()
            or key != key.strip().lower()
        ):
            raise ValueError(f"has a bad key name for {action}")
        chosen[action] = key
    for action, _ in defaults:
        key = chosen[action]
        if key in RESERVED_KEYS:
            raise KeyConflictError(key, None)
        if key in owners:
            raise KeyConflictError(key, owners[key])
        owners[key] = action
    return tuple((action, chosen[action]) for action, _ in defaults)


def check_table_keys(value: Any) -> tuple[tuple[str, str], ...]:
    """The table's keys (:func:`check_keys` with :data:`DEFAULT_TABLE_KEYS`)."""
    return check_keys(value, DEFAULT_TABLE_KEYS)


def check_replay_keys(value: Any) -> tuple[tuple[str, str], ...]:
    """The replay's keys (:func:`check_keys` with :data:`DEFAULT_REPLAY_KEYS`)."""
    return check_keys(value, DEFAULT_REPLAY_KEYS)


def check_history_keys(value: Any) -> tuple[tuple[str, str], ...]:
    """The History's keys (:func:`check_keys` with :data:`DEFAULT_HISTORY_KEYS`)."""
    return check_keys(value, DEFAULT_HISTORY_KEYS)


#: Field name -> check that returns the canonical value or raises ValueError.
_CHECKS: dict[str, Callable[[Any], Any]] = {
    "sound_volume": check_fraction,
    "music_volume": check_fraction,
    "muted": check_bool,
    "animation_speed": lambda v: check_choice(v, ANIMATION_SPEEDS),
    "reduced_motion": check_bool,
    "fullscreen": check_bool,
    "window_size": _check_window_size,
    "ai_level": lambda v: check_choice(v, AI_LEVELS),
    "player_names": check_name_pair,
    "language": _check_language,
    "table_keys": check_table_keys,
    "replay_keys": check_replay_keys,
    "history_keys": check_history_keys,
    # --- accessibility (issue 19): text size and narration ------------------------------
    "text_size": _check_text_size,
    "narration": check_bool,
    # --- online play (issue 43): the server's address ------------------------------------
    "server_url": check_server_url,
}


@dataclass(frozen=True)
class Settings:
    """The player's preferences. Immutable: change one with :func:`dataclasses.replace`.

    Every field is checked on construction; an invalid value raises
    :class:`ValueError` naming the field (so a UI bug that sets a volume of 1.2
    fails loudly where it happens, not at the next start). Lists are accepted
    for the pair fields and stored as tuples, ints as floats for the volumes.

    :ivar sound_volume: sound effects volume, 0 to 1.
    :ivar music_volume: music volume, 0 to 1.
    :ivar muted: all sound off, volumes kept.
    :ivar animation_speed: one of :data:`ANIMATION_SPEEDS`.
    :ivar reduced_motion: replace movement with fades, no shaking.
    :ivar fullscreen: start in full screen.
    :ivar window_size: (width, height) of the window when not full screen.
    :ivar ai_level: the computer's level, one of :data:`AI_LEVELS`.
    :ivar player_names: the two names used in hot-seat games (first seat first).
    :ivar language: the UI language tag, e.g. ``"en"``.
    :ivar table_keys: the table's key for each action in :data:`TABLE_ACTIONS`.
    :ivar replay_keys: the replay's key for each action in :data:`REPLAY_ACTIONS`.
    :ivar history_keys: the History's key for each action in :data:`HISTORY_ACTIONS`.
    :ivar text_size: every text's size in percent, one of :data:`TEXT_SIZES`.
    :ivar narration: speak the prompt, the log and the round result (off by default).
    :ivar server_url: the online server's address (``ws://`` or ``wss://``), empty when
        none is set (games on this network need none).
    """

    sound_volume: float = 0.8
    music_volume: float = 0.5
    muted: bool = False
    animation_speed: str = "normal"
    reduced_motion: bool = False
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 720)
    ai_level: AILevel = DEFAULT_LEVEL
    player_names: tuple[str, str] = ("Player 1", "Player 2")
    language: str = "en"
    #: The table's keys (see "keys you choose" above): ((action, key name), ...).
    table_keys: tuple[tuple[str, str], ...] = DEFAULT_TABLE_KEYS
    #: The replay's keys, the same way (a file without them: the defaults).
    replay_keys: tuple[tuple[str, str], ...] = DEFAULT_REPLAY_KEYS
    #: The History's keys, the same way.
    history_keys: tuple[tuple[str, str], ...] = DEFAULT_HISTORY_KEYS
    # --- accessibility (issue 19) ---
    text_size: int = 100
    narration: bool = False
    # --- online play (issue 43) ---
    server_url: str = ""

    def __post_init__(self) -> None:
        for name, check in _CHECKS.items():
            try:
                canonical = check(getattr(self, name))
            except ValueError as error:
                raise ValueError(f"Settings.{name} {error}, got {getattr(self, name)!r}") from None
            # Frozen: the canonical form (tuple, float) is stored the only way allowed.
            object.__setattr__(self, name, canonical)

    def to_json(self) -> dict[str, Any]:
        """The fields as JSON data (tuples become lists), without the envelope."""
        data = dataclasses.asdict(self)
        data["window_size"] = list(self.window_size)
        data["player_names"] = list(self.player_names)
        data["table_keys"] = dict(self.table_keys)
        data["replay_keys"] = dict(self.replay_keys)
        data["history_keys"] = dict(self.history_keys)
        return data


assert set(_CHECKS) == {f.name for f in dataclasses.fields(Settings)}, "a field lacks a check"


def settings_from_json(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Build :class:`Settings` from a decoded file, field by field.

    :returns: the settings (bad or missing fields at their default) and the
        names of the fields that were present but bad, in field order.
    """
    values: dict[str, Any] = {}
    bad: list[str] = []
    for name, check in _CHECKS.items():
        if name not in data:
            continue
        try:
            values[name] = check(data[name])
        except ValueError as error:
            # The value itself is not logged: the file may be a link to something private.
            log.warning("settings: %s %s", name, error)
            bad.append(name)
    unknown = set(data) - set(_CHECKS) - {"format", "version"}
    if unknown:
        log.info("settings: ignoring unknown fields %s", sorted(unknown))
    return Settings(**values), bad


def load_settings(directory: Path) -> tuple[Settings, Problem | None]:
    """Read ``settings.json`` from the data folder; never raises for a bad file.

    :returns: ``(settings, message)``. ``message`` is ``None`` when the file
        was fine or missing; otherwise it tells the player what was wrong and
        where the backup of the old file is (see the module docstring for
        which problems reset everything and which reset only the bad fields).
        After a partial repair the repaired settings are written back at once.
    """
    return load_checked_document(
        Path(directory) / SETTINGS_FILE,
        fmt=SETTINGS_FORMAT,
        version=SETTINGS_VERSION,
        max_bytes=SETTINGS_MAX_BYTES,
        parse=settings_from_json,
        default=Settings(),
        whole_problem=_whole_problem,
        partial_problem=_partial_problem,
        write=lambda settings: save_settings(directory, settings),
    )


def _whole_problem(bad: BadDocument) -> Problem:
    return Problem(
        f"Your settings file {bad.reason}, so the default settings are used.",
        "settings_whole",
        reason=bad.problem,
    )


def _partial_problem(bad: list[str]) -> Problem:
    fields = [Problem(name.replace("_", " "), f"field.{name}") for name in bad]
    return Problem(
        "Some of your settings were not valid ("
        + joined(fields)
        + ") and were reset to their defaults; your other settings were kept.",
        "settings_partial",
        fields=fields,
    )


def save_settings(directory: Path, settings: Settings) -> None:
    """Write ``settings`` to ``settings.json`` in the data folder, atomically.

    :raises PersistenceError: the file could not be written (the old one is intact).
    """
    write_document(
        Path(directory) / SETTINGS_FILE,
        fmt=SETTINGS_FORMAT,
        version=SETTINGS_VERSION,
        payload=settings.to_json(),
    )
