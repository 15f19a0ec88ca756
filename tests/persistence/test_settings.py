"""Settings: the agreed fields, round trips, and every kind of bad file."""

from __future__ import annotations

import dataclasses
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tacocat.persistence import PersistenceError, Settings, load_settings, save_settings
from tacocat.persistence import documents as documents_module
from tacocat.persistence.settings import SETTINGS_FILE, SETTINGS_FORMAT

from .cases import WHOLE_FILE_CASES

CUSTOM = Settings(
    sound_volume=0.25,
    music_volume=0.0,
    muted=True,
    animation_speed="instant",
    reduced_motion=True,
    fullscreen=True,
    window_size=(1920, 1080),
    ai_level="hard",
    player_names=("Zoë", "Māris"),
    language="lv",
)


def write_raw(folder: Path, data: bytes) -> Path:
    path = folder / SETTINGS_FILE
    path.write_bytes(data)
    return path


def write_fields(folder: Path, **fields: Any) -> Path:
    """A settings file with the envelope and the given fields only."""
    return write_raw(
        folder, json.dumps({"format": SETTINGS_FORMAT, "version": 1, **fields}).encode()
    )


def backups(folder: Path) -> list[Path]:
    return sorted(folder.glob(SETTINGS_FILE + ".bad-*"))


def test_fields_and_defaults_are_the_agreed_ones() -> None:
    # Other modules code against these names and defaults: changing one breaks them.
    defaults = {f.name: f.default for f in dataclasses.fields(Settings)}
    assert defaults == {
        "sound_volume": 0.8,
        "music_volume": 0.5,
        "muted": False,
        "animation_speed": "normal",
        "reduced_motion": False,
        "fullscreen": False,
        "window_size": (1280, 720),
        "ai_level": "medium",
        "player_names": ("Player 1", "Player 2"),
        "language": "en",
        "table_keys": (
            ("left", "left"),
            ("right", "right"),
            ("select", "space"),
            ("confirm", "return"),
            ("hint", "h"),
            ("discards", "d"),
            ("undo", "u"),
            ("read_hand", "r"),
        ),
        "replay_keys": (
            ("play_pause", "space"),
            ("step_back", "left"),
            ("step_forward", "right"),
            ("round_previous", "page up"),
            ("round_next", "page down"),
            ("first_move", "home"),
            ("last_move", "end"),
            ("faster", "+"),
            ("slower", "-"),
        ),
        "history_keys": (("export", "e"), ("open_file", "o")),
        "text_size": 100,
        "narration": False,
        "server_url": "",
    }


def test_ai_levels_match_the_command_line() -> None:
    from tacocat.cli import AI_LEVELS as CLI_LEVELS
    from tacocat.persistence.fields import AI_LEVELS

    assert AI_LEVELS == CLI_LEVELS


def test_settings_are_immutable() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Settings().muted = True  # type: ignore[misc]


def test_construction_normalises_lists_and_ints() -> None:
    s = Settings(window_size=[800, 600], player_names=["A", "B"], sound_volume=1)  # type: ignore[arg-type]
    assert s.window_size == (800, 600)
    assert s.player_names == ("A", "B")
    assert s.sound_volume == 1.0 and type(s.sound_volume) is float
    assert s == dataclasses.replace(
        Settings(), window_size=(800, 600), player_names=("A", "B"), sound_volume=1.0
    )


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("sound_volume", 1.2),
        ("sound_volume", -0.1),
        ("sound_volume", True),
        ("music_volume", float("nan")),
        ("muted", 1),
        ("animation_speed", "turbo"),
        ("window_size", (10, 10)),
        ("window_size", (1280,)),
        ("ai_level", "Hard"),
        ("player_names", ("", "B")),
        ("player_names", ("A\nB", "C")),
        ("player_names", ("x" * 25, "B")),
        ("language", "English"),
        ("language", ""),
    ],
)
def test_construction_refuses_invalid_values(field: str, value: object) -> None:
    with pytest.raises(ValueError, match=f"Settings.{field}"):
        Settings(**{field: value})


def test_round_trip(tmp_path: Path) -> None:
    save_settings(tmp_path, CUSTOM)
    assert load_settings(tmp_path) == (CUSTOM, None)
    assert backups(tmp_path) == []


def test_file_format(tmp_path: Path) -> None:
    save_settings(tmp_path, CUSTOM)
    data = json.loads((tmp_path / SETTINGS_FILE).read_text(encoding="utf-8"))
    assert data["format"] == "tacocat-settings" and data["version"] == 1
    assert data["window_size"] == [1920, 1080]
    assert data["player_names"] == ["Zoë", "Māris"]


def test_missing_file_gives_defaults_silently(tmp_path: Path) -> None:
    assert load_settings(tmp_path) == (Settings(), None)
    assert list(tmp_path.iterdir()) == []


def test_missing_fields_take_defaults_without_a_message(tmp_path: Path) -> None:
    write_fields(tmp_path, muted=True)
    assert load_settings(tmp_path) == (Settings(muted=True), None)
    assert backups(tmp_path) == []


def test_unknown_fields_are_ignored(tmp_path: Path) -> None:
    write_fields(tmp_path, muted=True, colour_scheme="dark")
    assert load_settings(tmp_path) == (Settings(muted=True), None)
    assert backups(tmp_path) == []


def test_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    write_raw(
        tmp_path,
        b"\xef\xbb\xbf"
        + json.dumps({"format": SETTINGS_FORMAT, "version": 1, "language": "de"}).encode(),
    )
    assert load_settings(tmp_path) == (Settings(language="de"), None)


@pytest.mark.parametrize(("case", "build"), WHOLE_FILE_CASES, ids=[c for c, _ in WHOLE_FILE_CASES])
def test_bad_file_gives_defaults_message_and_backup(tmp_path: Path, case: str, build: Any) -> None:
    raw = build(SETTINGS_FORMAT)
    write_raw(tmp_path, raw)
    loaded, message = load_settings(tmp_path)
    assert loaded == Settings()
    assert message is not None
    (backup,) = backups(tmp_path)
    assert backup.read_bytes() == raw  # the player's file is kept byte for byte
    assert str(backup) in message
    assert message.startswith("Your settings file ")
    assert message.count(". ") <= 1  # one or two sentences
    assert not (tmp_path / SETTINGS_FILE).exists()
    # The next start is clean: defaults without a message.
    assert load_settings(tmp_path) == (Settings(), None)


def test_future_version_says_so(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"format": SETTINGS_FORMAT, "version": 2}))
    _, message = load_settings(tmp_path)
    assert message is not None and "newer version of Tacocat" in message


def test_a_folder_in_place_of_the_file(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).mkdir()
    loaded, message = load_settings(tmp_path)
    assert loaded == Settings()
    assert message is not None and "could not be read" in message
    assert backups(tmp_path)[0].is_dir()


BAD_FIELDS = [
    ("sound_volume", 1.5),
    ("sound_volume", "loud"),
    ("sound_volume", None),
    ("sound_volume", False),
    ("music_volume", -1),
    ("music_volume", [0.5]),
    ("muted", "yes"),
    ("muted", 0),
    ("reduced_motion", None),
    ("fullscreen", 1),
    ("animation_speed", "ludicrous"),
    ("animation_speed", 2),
    ("window_size", [1280]),
    ("window_size", [1280, 720, 1]),
    ("window_size", [-1280, 720]),
    ("window_size", [1280.0, 720]),
    ("window_size", "1280x720"),
    ("window_size", [99999, 720]),
    ("window_size", [True, 720]),
    ("ai_level", "impossible"),
    ("ai_level", None),
    ("player_names", ["Only one"]),
    ("player_names", ["A", 2]),
    ("player_names", ["A", "   "]),
    ("player_names", ["A", "x" * 1000]),
    ("player_names", ["A", "tab\there"]),
    ("player_names", "AB"),
    ("player_names", ["A", "\ud800"]),
    ("language", "EN"),
    ("language", "en/../../etc"),
    ("language", 7),
]


@pytest.mark.parametrize(("field", "value"), BAD_FIELDS)
def test_a_bad_field_resets_only_that_field(tmp_path: Path, field: str, value: Any) -> None:
    good = {k: v for k, v in CUSTOM.to_json().items() if k != field}
    write_fields(tmp_path, **good, **{field: value})
    loaded, message = load_settings(tmp_path)
    expected = dataclasses.replace(CUSTOM, **{field: getattr(Settings(), field)})
    assert loaded == expected
    assert message is not None
    assert field.replace("_", " ") in message
    assert "other settings were kept" in message
    (backup,) = backups(tmp_path)
    assert str(backup) in message
    assert json.loads(backup.read_text(encoding="utf-8"))[field] == value


def test_several_bad_fields_are_all_named(tmp_path: Path) -> None:
    write_fields(tmp_path, sound_volume=7, language=None, muted=True)
    loaded, message = load_settings(tmp_path)
    assert loaded == Settings(muted=True)
    assert message is not None and "sound volume" in message and "language" in message


def test_backup_failure_still_gives_a_result(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(path: Path) -> Path:
        raise PersistenceError(f"Could not move the bad file {path} aside: Permission denied.")

    monkeypatch.setattr(documents_module, "backup_bad_file", refuse)
    write_raw(tmp_path, b"{broken")
    loaded, message = load_settings(tmp_path)
    assert loaded == Settings()
    assert message is not None and "Permission denied" in message and "damaged" in message


def test_save_failure_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save_settings(tmp_path, CUSTOM)
    before = (tmp_path / SETTINGS_FILE).read_bytes()

    def refuse(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("tacocat.persistence.atomic.os.replace", refuse)
    with pytest.raises(PersistenceError, match="No space left"):
        save_settings(tmp_path, Settings())
    assert (tmp_path / SETTINGS_FILE).read_bytes() == before


# --- fuzzing ---------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=10,
)
FIELD_NAMES = [f.name for f in dataclasses.fields(Settings)]
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(raw=st.binary(max_size=2000))
def test_fuzz_random_bytes_never_raise(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        write_raw(folder, raw)
        loaded, message = load_settings(folder)
        assert isinstance(loaded, Settings)
        assert message is not None  # random bytes are never a valid settings file
        assert backups(folder)[0].read_bytes() == raw


@FUZZ
@given(fields=st.dictionaries(st.sampled_from(FIELD_NAMES), JSON_VALUES, max_size=6))
@example(fields={"table_keys": [[[], None]]})  # an action that is a list: was a TypeError
def test_fuzz_field_values(fields: dict[str, Any]) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        write_fields(folder, **fields)
        loaded, message = load_settings(folder)
        assert isinstance(loaded, Settings)  # constructing it re-checked every field
        for field in FIELD_NAMES:
            value = getattr(loaded, field)
            if field not in fields:
                assert value == getattr(Settings(), field)
        # A message (and a backup) exactly when some present field was refused.
        refused = [f for f in fields if getattr(loaded, f) != _canonical(f, fields[f])]
        assert (message is None) == (not refused)
        assert bool(backups(folder)) == bool(refused)


def _canonical(field: str, value: Any) -> Any:
    """What Settings would store for ``value``, or a sentinel when it refuses it."""
    try:
        return getattr(Settings(**{field: value}), field)
    except (ValueError, TypeError):
        return object()


@FUZZ
@given(data=st.data())
def test_fuzz_mutated_valid_file(data: st.DataObject) -> None:
    text = json.dumps({"format": SETTINGS_FORMAT, "version": 1, **CUSTOM.to_json()})
    raw = bytearray(text.encode())
    for _ in range(data.draw(st.integers(1, 4))):
        action = data.draw(st.sampled_from(["flip", "cut", "insert"]))
        pos = data.draw(st.integers(0, len(raw)))
        if action == "flip" and pos < len(raw):
            raw[pos] = data.draw(st.integers(0, 255))
        elif action == "cut":
            del raw[pos:]
        else:
            raw[pos:pos] = data.draw(st.binary(min_size=1, max_size=5))
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        write_raw(folder, bytes(raw))
        loaded, message = load_settings(folder)
        assert isinstance(loaded, Settings)
        assert (message is None) == (not backups(folder))


# --- accessibility fields (issue 19) ---------------------------------------------------


def test_text_size_and_narration_default_and_round_trip(tmp_path):
    from tacocat.persistence.settings import Settings, load_settings, save_settings

    assert (Settings().text_size, Settings().narration) == (100, False)
    save_settings(tmp_path, Settings(text_size=150, narration=True))
    loaded, problem = load_settings(tmp_path)
    assert problem is None and (loaded.text_size, loaded.narration) == (150, True)


@pytest.mark.parametrize("bad", [110, "150", True, 150.0, None])
def test_a_bad_text_size_resets_alone(bad):
    from tacocat.persistence.settings import settings_from_json

    settings, bad_fields = settings_from_json({"text_size": bad, "narration": True})
    assert bad_fields == ["text_size"]
    assert settings.text_size == 100 and settings.narration is True


# --- online play (issue 43): the server's address ---------------------------------------


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("", ""),
        ("  ", ""),
        (" ws://127.0.0.1:8765/ ", "ws://127.0.0.1:8765/"),
        ("wss://tacocat.example.org", "wss://tacocat.example.org"),
        ("ws://[::1]:8765", "ws://[::1]:8765"),
    ],
)
def test_a_server_address_is_kept_trimmed(tmp_path, typed, kept):
    from tacocat.persistence.settings import Settings, load_settings, save_settings

    assert Settings(server_url=typed).server_url == kept
    save_settings(tmp_path, Settings(server_url=typed))
    loaded, problem = load_settings(tmp_path)
    assert problem is None and loaded.server_url == kept


@pytest.mark.parametrize(
    ("bad", "code"),
    [
        ("http://example.org", "scheme"),
        ("example.org:8765", "scheme"),
        ("ws://", "host"),
        ("ws://host:99999", "port"),
        ("ws://host:port", "port"),
        ("ws://host:0", "port"),
        ("ws://a host", "spaces"),
        ("ws://host/?x=1", "form"),
        ("ws://" + "a" * 300, "long"),
        (8765, "long"),
        (None, "long"),
    ],
)
def test_a_bad_server_address_is_refused_with_its_reason_and_resets_alone(bad, code):
    from tacocat.persistence.settings import ServerUrlError, check_server_url, settings_from_json

    with pytest.raises(ServerUrlError) as refused:
        check_server_url(bad)
    assert refused.value.code == code
    settings, bad_fields = settings_from_json({"server_url": bad, "narration": True})
    assert bad_fields == ["server_url"]
    assert settings.server_url == "" and settings.narration is True
