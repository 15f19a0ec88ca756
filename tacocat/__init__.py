"""Tacocat Spelled Backwards: the two-player card game, for the desktop.

Packages:

* :mod:`tacocat.rules` - the pure rules engine (no pygame).
* :mod:`tacocat.ai` - computer opponents that see only their seat's observation.
* :mod:`tacocat.persistence` - saves, settings, statistics and the data folder.
* :mod:`tacocat.ui` - the pygame-ce / pygame_gui application.
"""

import sys

#: The oldest Python the game runs on; pyproject.toml's requires-python tells pip the same.
PYTHON_FLOOR = (3, 11)

# Every way in (main.py, `python -m tacocat`, the `tacocat` command) imports this package
# first, so an older Python stops here with one line, before any module written in 3.11
# syntax (enum.StrEnum, ...) fails with a traceback. This file stays readable by Python 2.7
# and 3.6+ (no f-strings, no annotations), and imports nothing but sys before the check.
if sys.version_info < PYTHON_FLOOR:
    sys.stderr.write(
        "Tacocat Spelled Backwards needs Python {need} or newer, but {python} is Python {found}: "
        "get Python {need} or newer from https://www.python.org/downloads/ (on Linux, your "
        "distribution's python{need} or newer) and start the game with it.\n".format(
            need=".".join(str(part) for part in PYTHON_FLOOR),
            python=sys.executable or "python",
            found=".".join(str(part) for part in sys.version_info[:3]),
        )
    )
    raise SystemExit(2)

__version__ = "0.1.0"
#: The application id: the Linux menu entry (org.tacocat.Tacocat.desktop), its icon and
#: AppStream metainfo, the window's WM_CLASS / Wayland app id, the macOS bundle identifier.
APP_ID = "org.tacocat.Tacocat"
