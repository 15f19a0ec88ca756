"""Run Windows programs on this Linux machine under Wine, bounded and quiet.

One :class:`Wine` is one Wine prefix (a dedicated ``WINEPREFIX``: its own ``C:`` drive,
registry and user folders), made on first use. Every call has a timeout; on a timeout
the prefix's wineserver is killed, so nothing is left running. Output is always piped:
Windows CPython started by Wine with its output redirected straight to a file stops
with "WinError 6 Invalid handle" (docs/building.md, "Windows").

Used by tools/windows/build.py and tools/windows/installer.py.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path, PureWindowsPath

#: Wine's debug channels off; no Mono or Gecko set-up dialogs (nothing here uses .NET or
#: an HTML engine, and there is no one to answer a dialog).
QUIET = {"WINEDEBUG": "-all", "WINEDLLOVERRIDES": "mscoree,mshtml="}


class WineError(RuntimeError):
    """A Windows program failed, timed out, or Wine is not installed."""


@dataclass(frozen=True)
class Done:
    """What a finished program left: its exit code and its output (stdout and stderr)."""

    returncode: int
    output: str


@dataclass(frozen=True)
class Wine:
    """A Wine prefix at ``prefix``."""

    prefix: Path

    @staticmethod
    def available() -> bool:
        return shutil.which("wine") is not None and shutil.which("wineserver") is not None

    def env(self, extra: Mapping[str, str] | None = None) -> dict[str, str]:
        return {
            **os.environ,
            **QUIET,
            "WINEPREFIX": str(self.prefix),
            "WINEARCH": "win64",
            **(extra or {}),
        }

    def ensure(self, timeout: float = 300) -> None:
        """Make the prefix if it is not there yet (tens of seconds, once)."""
        if not self.available():
            raise WineError(
                "Wine is not installed: apt-get install -y --no-install-recommends "
                "wine wine64 (see docs/building.md, 'Windows')"
            )
        if (self.prefix / "system.reg").is_file():
            return
        self.prefix.parent.mkdir(parents=True, exist_ok=True)
        self.run(["wineboot", "--init"], timeout=timeout)
        self.wait()

    def run(
        self,
        args: Sequence[str],
        *,
        timeout: float,
        cwd: Path | None = None,
        env: Mapping[str, str] | None = None,
        check: bool = True,
    ) -> Done:
        """``wine args...``; raises WineError on a non-zero exit (when ``check``) or a timeout."""
        command = ["wine", *args]
        try:
            done = subprocess.run(
                command,
                cwd=cwd,
                env=self.env(env),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                timeout=timeout,
                check=False,
            )
        except subprocess.TimeoutExpired as expired:
            self.kill()
            output = (expired.output or b"").decode("utf-8", "replace")
            raise WineError(
                f"timed out after {timeout:.0f} s: {' '.join(command)}\n{output[-4000:]}"
            ) from None
        result = Done(done.returncode, done.stdout.decode("utf-8", "replace"))
        if check and result.returncode != 0:
            raise WineError(
                f"exit {result.returncode}: {' '.join(command)}\n{result.output[-6000:]}"
            )
        return result

    def wait(self, timeout: float = 60) -> None:
        """Wait until every program of the prefix has ended (the wineserver exits)."""
        try:
            subprocess.run(["wineserver", "--wait"], env=self.env(), timeout=timeout, check=False)
        except subprocess.TimeoutExpired:
            self.kill()
            raise WineError(
                f"programs still running in {self.prefix} after {timeout:.0f} s"
            ) from None

    def kill(self) -> None:
        """End every program of the prefix, and its wineserver."""
        subprocess.run(["wineserver", "--kill"], env=self.env(), timeout=60, check=False)

    # --- Paths --------------------------------------------------------------------------
    def windows_path(self, path: Path) -> str:
        """A Linux path as Windows programs see it: the prefix's ``drive_c`` is ``C:``,
        everything else is under ``Z:`` (Wine maps ``/`` there)."""
        path = path.resolve()
        drive_c = (self.prefix / "drive_c").resolve()
        if path.is_relative_to(drive_c):
            return str(PureWindowsPath("C:/", *path.relative_to(drive_c).parts))
        return str(PureWindowsPath("Z:/", *path.parts[1:]))

    def user_folder(self, known: str) -> Path:
        """A folder of the prefix's user on the Linux side: ``LocalAppData``,
        ``AppData`` (roaming), ``Desktop``..."""
        user = self.prefix / "drive_c" / "users" / os.environ.get("USER", "root")
        if not user.is_dir():
            found = [
                p
                for p in (self.prefix / "drive_c" / "users").iterdir()
                if p.name != "Public" and p.is_dir()
            ]
            user = found[0]
        parts = {
            "LocalAppData": ("AppData", "Local"),
            "AppData": ("AppData", "Roaming"),
            "Desktop": ("Desktop",),
        }[known]
        return user.joinpath(*parts)

    # --- The registry -------------------------------------------------------------------
    def reg_values(self, key: str) -> dict[str, str] | None:
        """The values of a registry key (name -> data as ``reg query`` prints it), or None
        when the key does not exist."""
        done = self.run(["reg", "query", key], timeout=60, check=False)
        return parse_reg_query(done.output) if done.returncode == 0 else None


def parse_reg_query(output: str) -> dict[str, str]:
    """``reg query KEY``'s values: lines of ``name  REG_TYPE  data`` under the key's name
    (names may hold single spaces; the columns are four spaces apart)."""
    values: dict[str, str] = {}
    for line in output.splitlines():
        fields = re.split(r" {2,}|\t", line.strip(), maxsplit=2)
        if len(fields) >= 2 and fields[1].startswith("REG_"):
            values[fields[0]] = fields[2] if len(fields) == 3 else ""
    return values
