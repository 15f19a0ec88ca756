"""The data folder: platform defaults, the override, and clear errors."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import pytest

from tacocat.persistence import PersistenceError, data_dir, default_data_dir


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fake home folder, with no XDG or APPDATA variable set."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.delenv("APPDATA", raising=False)
    return home


@pytest.mark.parametrize(
    ("platform", "env", "expected"),
    [
        ("win32", {"APPDATA": "{tmp}/Roaming"}, "{tmp}/Roaming/Tacocat"),
        ("darwin", {"XDG_DATA_HOME": "{tmp}/xdg"}, "{home}/Library/Application Support/Tacocat"),
        ("linux", {"XDG_DATA_HOME": "{tmp}/xdg"}, "{tmp}/xdg/tacocat"),
        ("linux", {}, "{home}/.local/share/tacocat"),
        ("linux", {"XDG_DATA_HOME": ""}, "{home}/.local/share/tacocat"),
        ("linux", {"XDG_DATA_HOME": "relative/xdg"}, "{home}/.local/share/tacocat"),
        ("freebsd13", {"XDG_DATA_HOME": "{tmp}/xdg"}, "{tmp}/xdg/tacocat"),
    ],
)
def test_platform_default(
    platform: str,
    env: dict[str, str],
    expected: str,
    home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "platform", platform)
    if platform == "win32":
        # Off Windows, platformdirs cannot ask the shell for the folder; on
        # Windows it asks SHGetKnownFolderPath, whose answer %APPDATA% mirrors.
        import platformdirs.windows as windows

        monkeypatch.setattr(windows, "_RESOLVE_WIN_FOLDER", windows.get_win_folder_from_env_vars)
    for key, value in env.items():
        monkeypatch.setenv(key, value.format(tmp=tmp_path, home=home))
    assert default_data_dir() == Path(expected.format(tmp=tmp_path, home=home))


def test_default_folder_is_created(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    folder = data_dir()
    assert folder == home / ".local" / "share" / "tacocat"
    assert folder.is_dir()


def test_override_is_created_with_parents(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "data"
    assert data_dir(target) == target
    assert target.is_dir()


def test_existing_override_is_kept_as_is(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text("{}")
    assert data_dir(tmp_path) == tmp_path
    assert (tmp_path / "settings.json").read_text() == "{}"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]  # no test file left


def test_relative_override_becomes_absolute(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    folder = data_dir(Path("rel"))
    assert folder.is_absolute()
    assert folder == tmp_path / "rel"


def test_tilde_override_is_expanded(home: Path) -> None:
    assert data_dir(Path("~/games/tacocat")) == home / "games" / "tacocat"


def test_override_that_is_a_file(tmp_path: Path) -> None:
    target = tmp_path / "data"
    target.write_text("not a folder")
    with pytest.raises(PersistenceError, match="is a file, not a folder") as caught:
        data_dir(target)
    assert str(target) in str(caught.value)
    assert "--data-dir" in str(caught.value)


def test_override_below_a_file_cannot_be_created(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(PersistenceError, match="Could not create the data folder"):
        data_dir(tmp_path / "file" / "data")


def test_unwritable_folder_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Root ignores permission bits, so the refusal is simulated where the check happens.
    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "TemporaryFile", refuse)
    with pytest.raises(PersistenceError, match="Cannot write into the data folder") as caught:
        data_dir(tmp_path)
    assert "Permission denied" in str(caught.value)
    assert str(tmp_path) in str(caught.value)
