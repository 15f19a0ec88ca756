"""The licence notices' opening part (tools/notices.py writes the rest): what the notices
are, and how to replace the LGPL libraries in each kind of build. Prose, kept apart from the
code that gathers and writes the components' sections."""

from __future__ import annotations

from tacocat.ui.scenes.licences import LGPL_SECTION


def header(pygame_ce: str) -> str:
    """The notices' opening part: what they are and how to replace the LGPL libraries."""
    return f"""\
THIRD-PARTY NOTICES: Tacocat Spelled Backwards

Tacocat Spelled Backwards is free software under the MIT licence (the file LICENSE, in the
source and next to the game in every bundle). It ships with the software and fonts listed
below, each under its own licence, whose text follows in this file. One file serves Linux,
Windows and macOS: a component that ships on some of them only says so ("Ships on:"). This file
is written by tools/notices.py when the game's dependencies change.

REPLACING THE LGPL LIBRARIES

pygame-ce (LGPL 2.1), and the libraries under the LGPL that it loads on Linux and macOS
(mpg123, FluidSynth, libsndfile; the Windows build has none of them), are separate shared
libraries: the game loads them when it starts and contains no copy of them of its own. You may
replace them with your own compatible builds (for the same Python version, 3.11):

* The folder build (a folder holding the program "tacocat" and a folder "_internal"):
  pygame-ce is the folder _internal/pygame/ (its modules, *.so or *.pyd files). The libraries
  it loads are in _internal/pygame_ce.libs/ on Linux (with links to them directly under
  _internal/), the .dll files directly in _internal/ on Windows, and _internal/pygame/.dylibs/
  on macOS (the .app holds the same folder under Contents/Frameworks/). Replace those files
  with your build and start the game as before.
* The single-file build unpacks the same files into a temporary folder at each start, so
  replace them in the folder build instead, or make your own single file: install your
  pygame-ce into a Python environment and run "python -m PyInstaller build.spec -- --onefile"
  (docs/building.md says how).
* A game installed with pip uses the pygame-ce installed in the same Python environment:
  "pip install" your build there.

zeroconf (LGPL 2.1 or later), which finds games on the home network, is a Python package of
its own in the same way: the folder _internal/zeroconf/ in the bundles (its modules, some
compiled as *.so or *.pyd files), or the zeroconf installed beside a game installed with pip.
Replace it with your own build as above; its source is named in its section below.

The game's complete source, build.spec included, is in its repository, under the MIT
licence. The shipped pygame-ce's source is at
https://github.com/pygame-community/pygame-ce/tree/{pygame_ce}; its buildconfig/ folder is the
recipe that built the libraries its wheels carry, each at the version its section's "Source:"
line names. SDL's source: https://github.com/libsdl-org. The full text of the GNU Lesser
General Public License 2.1 is in the last section of this file, "{LGPL_SECTION}".
"""
