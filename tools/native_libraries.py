"""The shared libraries that come with the game but have no Python metadata of their own.

Two kinds: what pygame-ce's wheels carry (SDL and the image, sound and font libraries it loads;
``pygame_ce.libs/`` on Linux, ``pygame/*.dll`` on Windows, ``pygame/.dylibs/`` on macOS), and
what PyInstaller copies from the build machine next to the interpreter (zlib, bzip2, libffi...).
Each entry names the library, its licence, the file names it goes by on the three systems and
the licence text in ``tools/licenses/`` (where each text comes from: tools/licenses/README.md).

``tools/notices.py`` writes a section for every entry, and the bundle check fails when a shared
library in a bundle matches none of them: a new library can never ship without its notice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class NativeLibrary:
    """One native library: ``files`` matches its file names (lower case, any system)."""

    name: str
    license: str
    files: str
    text: str
    shipped_by: str

    def matches(self, file_name: str) -> bool:
        return re.match(self.files, file_name.lower()) is not None


PYGAME = "the pygame-ce wheel"
BUILD = "the build machine (copied by PyInstaller)"

#: Sorted by name; ``files`` patterns are anchored at the start of the file's name.
NATIVE_LIBRARIES: tuple[NativeLibrary, ...] = (
    NativeLibrary("alsa-lib", "LGPL-2.1-or-later", r"libasound", "alsa-lib.txt", PYGAME),
    NativeLibrary("Brotli", "MIT", r"libbrotli", "Brotli.txt", PYGAME),
    NativeLibrary("bzip2", "bzip2-1.0.6", r"(lib)?bz2", "bzip2.txt", BUILD),
    NativeLibrary("FLAC", "BSD-3-Clause", r"libflac", "FLAC.txt", PYGAME),
    NativeLibrary("FluidSynth", "LGPL-2.1-or-later", r"(lib)?fluidsynth", "FluidSynth.txt",
                  PYGAME),
    NativeLibrary("FreeType", "FTL", r"libfreetype", "FreeType.txt", PYGAME),
    NativeLibrary("GCC runtime (libstdc++, libgcc_s)", "GPL-3.0-or-later WITH GCC-exception-3.1",
                  r"(libstdc\+\+|libgcc_s|libgcc_s_seh|libwinpthread)", "GCC-runtime.txt", BUILD),
    NativeLibrary("HarfBuzz", "MIT-Modern-Variant", r"libharfbuzz", "HarfBuzz.txt", PYGAME),
    NativeLibrary("libffi", "MIT", r"libffi", "libffi.txt", BUILD),
    NativeLibrary("libjpeg-turbo", "IJG AND BSD-3-Clause AND Zlib", r"libjpeg|libturbojpeg",
                  "libjpeg-turbo.txt", PYGAME),
    NativeLibrary("libpng", "libpng-2.0", r"libpng", "libpng.txt", PYGAME),
    NativeLibrary("libsndfile", "LGPL-2.1-or-later", r"libsndfile", "libsndfile.txt", PYGAME),
    NativeLibrary("libtiff", "libtiff", r"libtiff", "libtiff.txt", PYGAME),
    NativeLibrary("libwebp (with sharpyuv)", "BSD-3-Clause", r"lib(webp|sharpyuv)",
                  "libwebp.txt", PYGAME),
    NativeLibrary("libxmp", "MIT", r"libxmp", "libxmp.txt", PYGAME),
    NativeLibrary("mpg123", "LGPL-2.1", r"libmpg123|libout123|libsyn123", "mpg123.txt", PYGAME),
    NativeLibrary("Ogg and Vorbis", "BSD-3-Clause", r"lib(ogg|vorbis)", "Ogg-Vorbis.txt", PYGAME),
    NativeLibrary("Opus", "BSD-3-Clause", r"libopus(?!file)", "Opus.txt", PYGAME),
    NativeLibrary("opusfile", "BSD-3-Clause", r"libopusfile", "opusfile.txt", PYGAME),
    NativeLibrary("PortMidi", "Apache-2.0", r"(lib)?portmidi", "PortMidi.txt", PYGAME),
    NativeLibrary("SDL2", "Zlib", r"(lib)?sdl2(?![_a-z])", "SDL2.txt", PYGAME),
    NativeLibrary("SDL2_image", "Zlib", r"(lib)?sdl2_image", "SDL2_image.txt", PYGAME),
    NativeLibrary("SDL2_mixer", "Zlib", r"(lib)?sdl2_mixer", "SDL2_mixer.txt", PYGAME),
    NativeLibrary("SDL2_ttf", "Zlib", r"(lib)?sdl2_ttf", "SDL2_ttf.txt", PYGAME),
    NativeLibrary("SQLite", "blessing", r"(lib)?sqlite3", "SQLite.txt", BUILD),
    NativeLibrary("WavPack", "BSD-3-Clause", r"libwavpack", "WavPack.txt", PYGAME),
    NativeLibrary("XZ Utils (liblzma)", "public domain", r"liblzma", "XZ-liblzma.txt", BUILD),
    NativeLibrary("zlib", "Zlib", r"(libz\.|zlib)", "zlib.txt", BUILD),
)

#: CPython's own shared libraries (its section covers them), on the three systems.
CPYTHON_FILES = re.compile(r"(libpython3|python3\d*\.dll|python3\.dll|python$|vcruntime|"
                           r"msvcp|api-ms-win|ucrtbase)")


def native_library(file_name: str) -> NativeLibrary | None:
    """The entry whose pattern matches ``file_name`` (a base name), or None."""
    for library in NATIVE_LIBRARIES:
        if library.matches(file_name):
            return library
    return None
