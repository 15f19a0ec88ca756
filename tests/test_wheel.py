"""The Python package: build the wheel, install it into a fresh venv, play a demo game with it.

Proves what `pip install .` / `pipx install .` give a player: a `tacocat` command and
`python -m tacocat` that run from an empty folder, with every asset inside the wheel
(mapped from the repository's top-level assets/ to tacocat/assets/) and nothing of
bench/, tools/ or tests/.

Kept quick and offline: the wheel is built without build isolation (setuptools comes
from requirements-dev.txt), and the fresh venv sees the game's dependencies through a
.pth file naming this environment's site-packages folders, never the source tree. The
game itself is installed from the wheel alone (``--no-index --no-deps``), and ``pip
check`` then proves the wheel's declared dependencies are all met by what it sees.
"""

from __future__ import annotations

import email.parser
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from tacocat import __version__

ROOT = Path(__file__).resolve().parents[1]
#: What a source distribution of the game holds: all the wheel is built from.
SOURCES = ["pyproject.toml", "setup.py", "README.md", "LICENSE", "tacocat", "assets"]
#: The distributions the game imports (python-i18n directly, in tacocat/ui/text/i18n.py).
RUNTIME = {
    "pygame-ce",
    "pygame-gui",
    "python-i18n",
    "filelock",
    "platformdirs",
    "babel",
    "pyttsx3",
    "websockets",
    "msgspec",
    "zeroconf",
    "ifaddr",
}
#: The optional extras: PostgreSQL for the server (tacocat/server/storage/postgres.py).
EXTRAS = {"postgres": {"psycopg"}}

pytestmark = pytest.mark.slow


def _run(args: list[str], cwd: Path, timeout: float = 120, **env: str) -> str:
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    clean.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **env)
    done = subprocess.run(
        args, cwd=cwd, env=clean, capture_output=True, text=True, timeout=timeout, check=False
    )
    assert done.returncode == 0, f"{args}: exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("src")
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        elif path.is_file():
            shutil.copy2(path, src / name)
    out = tmp_path_factory.mktemp("wheels")
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "-q",
            "-w",
            str(out),
            str(src),
        ],
        cwd=src,
    )
    (built,) = out.glob("tacocat-*.whl")
    return built


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True)
    python = _venv_python(folder)
    purelib = Path(
        _run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
            cwd=folder,
        ).strip()
    )
    # The dependencies: this environment's site-packages (it has no tacocat: the
    # tests import the source tree through pytest's pythonpath, not an install).
    deps = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    (purelib / "_test_deps.pth").write_text("\n".join(sorted(deps)) + "\n", encoding="utf-8")
    pip = [sys.executable, "-m", "pip", "--python", str(python)]
    _run([*pip, "install", "-q", "--no-index", "--no-deps", str(wheel)], cwd=folder)
    _run([*pip, "check"], cwd=folder)  # every Requires-Dist of the wheel is met
    return folder


def _venv_python(folder: Path) -> Path:
    return folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def test_wheel_holds_the_package_and_every_asset_but_no_tools(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assets = {
        "tacocat/assets/" + p.relative_to(ROOT / "assets").as_posix()
        for p in (ROOT / "assets").rglob("*")
        if p.is_file()
    }
    assert assets <= names, sorted(assets - names)[:5]
    modules = {
        "tacocat/" + p.relative_to(ROOT / "tacocat").as_posix()
        for p in (ROOT / "tacocat").rglob("*.py")
    }
    assert modules <= names and "tacocat/__main__.py" in names
    tops = {n.split("/")[0] for n in names}
    assert tops == {"tacocat", f"tacocat-{__version__}.dist-info"}, tops  # no bench/ tools/ tests/


def test_wheel_metadata_names_the_dependencies_the_version_and_the_command(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        info = f"tacocat-{__version__}.dist-info"
        meta = email.parser.Parser().parsestr(archive.read(f"{info}/METADATA").decode())
        entry_points = archive.read(f"{info}/entry_points.txt").decode()
    assert meta["Version"] == __version__
    required: dict[str, set[str]] = {}
    for line in meta.get_all("Requires-Dist"):
        name = line.split(";")[0].split("<")[0].split(">")[0].split("=")[0].split("[")[0]
        extra = line.split("extra ==")[1].strip(" '\"") if "extra ==" in line else ""
        required.setdefault(extra, set()).add(name.strip().lower().replace("_", "-"))
    assert required.pop("") == RUNTIME
    assert required == EXTRAS
    assert "pygame" not in RUNTIME  # never plain pygame
    assert meta["License-Expression"] == "MIT"
    assert "tacocat = tacocat.cli:main" in entry_points
    assert "tacocat-server = tacocat.server.cli:main" in entry_points


def test_installed_command_prints_its_version_from_an_empty_folder(
    venv: Path, tmp_path: Path
) -> None:
    command = venv / ("Scripts/tacocat.exe" if os.name == "nt" else "bin/tacocat")
    assert _run([str(command), "--version"], cwd=tmp_path).strip() == f"tacocat {__version__}"
    out = _run([str(_venv_python(venv)), "-m", "tacocat", "--version"], cwd=tmp_path)
    assert out.strip() == f"tacocat {__version__}"
    where = _run(
        [
            str(_venv_python(venv)),
            "-c",
            "import tacocat, tacocat.resources as r; print(tacocat.__file__); "
            "print(r.asset_path('theme.json'))",
        ],
        cwd=tmp_path,
    ).splitlines()
    installed = venv.resolve()
    assert Path(where[0]).resolve().is_relative_to(installed), where  # not the source tree
    assert Path(where[1]).resolve().is_relative_to(installed) and Path(where[1]).is_file(), where


def test_installed_command_plays_a_whole_demo_game_headless(venv: Path, tmp_path: Path) -> None:
    command = venv / ("Scripts/tacocat.exe" if os.name == "nt" else "bin/tacocat")
    cwd, data = tmp_path / "cwd", tmp_path / "data"
    cwd.mkdir()
    _run(
        [str(command), "--demo", "--speed", "inf", "--seed", "1", "--data-dir", str(data)],
        cwd=cwd,
        timeout=300,
    )
    assert not list(cwd.iterdir()), "the game wrote into the working folder"
    log = (data / "tacocat.log").read_text(encoding="utf-8")
    assert "Traceback" not in log
