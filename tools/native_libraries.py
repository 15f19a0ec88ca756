"""The shared libraries that come with the game but have no Python metadata of their own.

Three kinds: what pygame-ce's wheels carry (SDL and the image, sound and font libraries it
loads; ``pygame_ce.libs/`` on Linux, ``pygame/*.dll`` on Windows, which pygame-ce's PyInstaller
hook puts at the top of ``_internal/``, ``pygame/.dylibs/`` on macOS), what PyInstaller copies
from the build machine next to the interpreter (zlib, bzip2, libffi...), and what CPython
compiles into its own modules (expat, libmpdec). Each entry names the library, its licence, the
file names it goes by on the three systems, the systems that ship it, and the licence text in
``tools/licenses/`` (where each text comes from: tools/licenses/README.md).

``tools/notices.py`` writes a section for every entry, and the bundle check fails when a shared
library in a bundle matches none of them: a new library can never ship without its notice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: The systems a bundle is built for, as the notices name them.
LINUX, WINDOWS, MACOS = "Linux", "Windows", "macOS"
EVERYWHERE = (LINUX, WINDOWS, MACOS)


@dataclass(frozen=True)
class NativeLibrary:
    """One native library: ``files`` matches its file names (lower case, any system);
    ``shipped_by`` says where the bundle gets it;
    ``systems`` are those whose bundle holds it (the bundle check fails when a bundle holds it
    on another); ``source`` says where its source is at the shipped version (LGPL ones)."""

    name: str
    license: str
    files: str
    text: str
    shipped_by: str
    systems: tuple[str, ...] = EVERYWHERE
    source: str = ""

    def matches(self, file_name: str) -> bool:
        return re.match(self.files, file_name.lower()) is not None


PYGAME = "shared library from the pygame-ce wheel"
BUILD = "shared library from the build machine (copied by PyInstaller)"
CPYTHON = "compiled into CPython's {module} module (no file of its own)"
#: The pygame-ce release whose build recipe (buildconfig/manylinux-build/docker_base/, which
#: its macOS build uses too) the library versions below were read from. A test fails when the
#: installed pygame-ce is another: read the recipe of the new one and update them.
PYGAME_CE_RECIPE = "2.5.8"
_RECIPE = (
    f"built by pygame-ce {PYGAME_CE_RECIPE}'s recipe (https://github.com/pygame-community/"
    f"pygame-ce/tree/{PYGAME_CE_RECIPE}/buildconfig/manylinux-build/docker_base)"
)
#: Where each system's files were seen: Linux, the onedir; Windows, the pygame-ce win_amd64
#: wheel (its DLLs; SDL2_mixer there decodes MP3, Vorbis and FLAC itself) and the embeddable
#: CPython 3.11.9 (libffi-8.dll, sqlite3.dll; bzip2, liblzma and zlib are linked into _bz2.pyd,
#: _lzma.pyd and python311.dll); macOS, the universal2 wheel's pygame/.dylibs/. The build
#: machine's libraries are named for macOS too, unmeasured (no Mac here): CPython's build
#: links most of them into its modules.
_NO_WINDOWS = (LINUX, MACOS)

#: Sorted by name; ``files`` patterns are anchored at the start of the file's name.
NATIVE_LIBRARIES: tuple[NativeLibrary, ...] = (
    NativeLibrary("Brotli", "MIT", r"libbrotli", "Brotli.txt", PYGAME, _NO_WINDOWS),
    NativeLibrary("bzip2", "bzip2-1.0.6", r"(lib)?bz2", "bzip2.txt", BUILD),
    NativeLibrary("expat", "MIT", r"(lib)?expat", "expat.txt", CPYTHON.format(module="pyexpat")),
    NativeLibrary("FLAC", "BSD-3-Clause", r"libflac", "FLAC.txt", PYGAME, _NO_WINDOWS),
    NativeLibrary(
        "FluidSynth",
        "LGPL-2.1-or-later",
        r"(lib)?fluidsynth",
        "FluidSynth.txt",
        PYGAME,
        _NO_WINDOWS,
        f"FluidSynth 2.5.7, {_RECIPE}: https://github.com/FluidSynth/fluidsynth/"
        "archive/v2.5.7.tar.gz",
    ),
    NativeLibrary("FreeType", "FTL", r"(lib)?freetype", "FreeType.txt", PYGAME),
    NativeLibrary("HarfBuzz", "MIT-Modern-Variant", r"libharfbuzz", "HarfBuzz.txt", PYGAME),
    NativeLibrary("libffi", "MIT", r"libffi", "libffi.txt", BUILD),
    NativeLibrary(
        "libjpeg-turbo",
        "IJG AND BSD-3-Clause AND Zlib",
        r"libjpeg|libturbojpeg",
        "libjpeg-turbo.txt",
        PYGAME,
    ),
    NativeLibrary(
        "libmpdec", "BSD-2-Clause", r"libmpdec", "libmpdec.txt", CPYTHON.format(module="_decimal")
    ),
    NativeLibrary("libpng", "libpng-2.0", r"libpng", "libpng.txt", PYGAME),
    NativeLibrary(
        "libsndfile",
        "LGPL-2.1-or-later",
        r"libsndfile",
        "libsndfile.txt",
        PYGAME,
        _NO_WINDOWS,
        f"libsndfile 1.2.2, {_RECIPE}: https://github.com/libsndfile/libsndfile/"
        "releases/download/1.2.2/libsndfile-1.2.2.tar.xz",
    ),
    NativeLibrary("libtiff", "libtiff", r"libtiff", "libtiff.txt", PYGAME),
    NativeLibrary(
        "libwebp (with sharpyuv)", "BSD-3-Clause", r"lib(webp|sharpyuv)", "libwebp.txt", PYGAME
    ),
    NativeLibrary("libxmp", "MIT", r"libxmp", "libxmp.txt", PYGAME),
    NativeLibrary(
        "mpg123",
        "LGPL-2.1",
        r"libmpg123|libout123|libsyn123",
        "mpg123.txt",
        PYGAME,
        _NO_WINDOWS,
        f"mpg123 1.33.7, {_RECIPE}: https://downloads.sourceforge.net/sourceforge/"
        "mpg123/mpg123-1.33.7.tar.bz2",
    ),
    NativeLibrary("Ogg and Vorbis", "BSD-3-Clause", r"lib(ogg|vorbis)", "Ogg-Vorbis.txt", PYGAME),
    NativeLibrary("OpenSSL", "Apache-2.0", r"lib(ssl|crypto)", "OpenSSL.txt", BUILD),
    NativeLibrary("Opus", "BSD-3-Clause", r"libopus(?!file)", "Opus.txt", PYGAME),
    NativeLibrary("opusfile", "BSD-3-Clause", r"libopusfile", "opusfile.txt", PYGAME),
    # Linux: pygame-ce's wheel has it, but nothing imports pygame.pypm, so it stays out.
    NativeLibrary(
        "PortMidi", "Apache-2.0", r"(lib)?portmidi", "PortMidi.txt", PYGAME, (WINDOWS, MACOS)
    ),
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
CPYTHON_FILES = re.compile(
    r"(libpython3|python3\d*\.dll|python3\.dll|python$|vcruntime|"
    r"msvcp|api-ms-win|ucrtbase)"
)
#: Shared libraries a Python distribution installs outside its package folder: its own notice
#: covers them (pywin32's pywin32_system32/, which PyInstaller puts at the bundle's top).
DISTRIBUTION_FILES = {"pywin32": re.compile(r"(pythoncom|pywintypes)3\d+\.dll$")}


def native_library(file_name: str) -> NativeLibrary | None:
    """The entry whose pattern matches ``file_name`` (a base name), or None."""
    for library in NATIVE_LIBRARIES:
        if library.matches(file_name):
            return library
    return None


def distribution_of_file(file_name: str) -> str | None:
    """The distribution whose shared library ``file_name`` (a base name) is, or None."""
    return next(
        (name for name, pattern in DISTRIBUTION_FILES.items() if pattern.match(file_name.lower())),
        None,
    )
