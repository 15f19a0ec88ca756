"""tools/make_assets.py (the package tools/assets/): every asset is generated, well-formed,
deterministic and committed."""

from __future__ import annotations

import inspect
import io
import json
import re
import struct
import subprocess
import sys
import wave
from array import array
from pathlib import Path

import pygame
import pytest

from tools.assets import build, icons, music, ogg_vorbis, palette, sounds, synth, theme

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "assets"

CARD = (100, 140)
IMAGE_SIZES: dict[str, tuple[int, int]] = {
    **{f"images/cards/card_{v:02d}.png": CARD for v in range(1, 13)},
    "images/cards/card_back.png": CARD,
    "images/cards/card_shadow.png": (116, 156),
    "images/cards/card_highlight.png": CARD,
    "images/cards/card_focus.png": CARD,
    "images/board/board_frame.png": (1100, 230),
    "images/board/space.png": (110, 110),
    "images/board/space_centre.png": (110, 110),
    "images/board/tile.png": (110, 110),
    "images/board/goal_1.png": (130, 150),
    "images/board/goal_2.png": (130, 150),
    "images/board/arrow_1.png": (44, 44),
    "images/board/arrow_2.png": (44, 44),
    "images/token/tacocat.png": (120, 100),
    "images/token/tacocat_shadow.png": (112, 30),
    "images/ui/background.png": (1280, 720),
    "images/ui/title_logo.png": (760, 200),
    "images/ui/panel.png": (64, 64),
    "images/ui/confetti.png": (72, 32),
    "images/icon.png": (256, 256),
}
GAME_SOUNDS = {
    "deal",
    "flip",
    "play",
    "slide",
    "hop",
    "tile",
    "win",
    "round",
    "click",
    "error",
    "lose",
    "tie",
}
SOUND_FILES = {f"sounds/{name}.wav" for name in GAME_SOUNDS}
MUSIC_FILE = "sounds/music.ogg"
OTHER_FILES = {"icon.ico", "icon.icns", "palette.json", "theme.json", "LICENSE-ASSETS.md"}
HICOLOR = {
    f"icons/hicolor/{n}x{n}/apps/org.tacocat.Tacocat.png": n
    for n in (16, 24, 32, 48, 64, 128, 256, 512)
}
EXPECTED = set(IMAGE_SIZES) | SOUND_FILES | {MUSIC_FILE} | OTHER_FILES | set(HICOLOR)
FULL_SCALE = 32768
MINUS_1_DBFS = round(FULL_SCALE * 10 ** (-1 / 20))


def _files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def _read_wav(path: Path) -> tuple[wave._wave_params, array]:
    with wave.open(str(path), "rb") as wav:
        params = wav.getparams()
        samples = array("h", wav.readframes(wav.getnframes()))
    return params, samples


def _pixels(path: Path) -> tuple[tuple[int, int], bytes]:
    surf = pygame.image.load(str(path))
    return surf.get_size(), pygame.image.tobytes(surf, "RGBA")


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The assets as the documented command writes them (``python -m tools.make_assets``)."""
    folder = tmp_path_factory.mktemp("assets")
    subprocess.run(
        [sys.executable, "-m", "tools.make_assets", "--out", str(folder)],
        check=True,
        cwd=ROOT,
        capture_output=True,
        timeout=300,
    )
    return folder


def test_generator_writes_exactly_the_expected_files(out: Path) -> None:
    assert _files(out) == EXPECTED
    assert set(build.expected_files()) == EXPECTED


@pytest.mark.parametrize("rel", sorted(IMAGE_SIZES))
def test_images_have_their_size_and_visible_pixels(out: Path, rel: str) -> None:
    surf = pygame.image.load(str(out / rel))
    assert surf.get_size() == IMAGE_SIZES[rel]
    assert surf.get_bounding_rect(min_alpha=16).width > 0, "image is fully transparent"
    colours = {
        surf.get_at((x, y))[:3]
        for x in range(0, surf.get_width(), 5)
        for y in range(0, surf.get_height(), 5)
    }
    if "shadow" not in rel:
        assert len(colours) > 2, "image is a flat fill"


def test_card_faces_are_pairwise_different(out: Path) -> None:
    faces = [_pixels(out / f"images/cards/card_{v:02d}.png")[1] for v in range(1, 13)]
    assert len(set(faces)) == 12
    back = _pixels(out / "images/cards/card_back.png")[1]
    assert back not in faces


def test_card_corners_are_transparent_and_centre_opaque(out: Path) -> None:
    for name in ("card_01", "card_12", "card_back"):
        surf = pygame.image.load(str(out / f"images/cards/{name}.png"))
        assert surf.get_at((0, 0)).a == 0  # rounded corners
        assert surf.get_at((50, 70)).a == 255


@pytest.mark.parametrize("rel", sorted(SOUND_FILES))
def test_sounds_are_mono_16bit_22050_clean(out: Path, rel: str) -> None:
    params, samples = _read_wav(out / rel)
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 22050)
    peak = max(abs(s) for s in samples)
    assert peak > FULL_SCALE // 10, "sound is (nearly) silent"
    assert peak <= MINUS_1_DBFS, "peak above -1 dBFS"
    assert abs(samples[0]) < FULL_SCALE // 100 and abs(samples[-1]) < FULL_SCALE // 100, (
        "ends click"
    )


def test_game_sound_names_never_depend_on_a_card_value(out: Path) -> None:
    names = {p.stem for p in (out / "sounds").glob("*.*")}
    assert names == GAME_SOUNDS | {"music"}
    assert not any(re.search(r"\d", name) for name in names)
    # and no sound function can be told a value: they take no arguments
    for make in sounds.SOUNDS.values():
        assert not inspect.signature(make).parameters
    for name in GAME_SOUNDS:
        params, _ = _read_wav(out / f"sounds/{name}.wav")
        assert params.nframes / params.framerate <= 2.0, f"{name} is too long for an effect"


def _read_ogg(path: Path) -> tuple[int, list[int]]:
    """(sample rate, 16-bit mono samples) of an Ogg Vorbis file, decoded by libsndfile."""
    soundfile = pytest.importorskip("soundfile", reason="in requirements-dev.txt")
    data, rate = soundfile.read(str(path), dtype="int16", always_2d=True)
    assert data.shape[1] == 1, "mono"
    return rate, data[:, 0].tolist()


def test_music_is_an_ogg_vorbis_loop_of_20_to_30_s_under_200_kb(out: Path) -> None:
    path = out / MUSIC_FILE
    assert path.read_bytes()[:4] == b"OggS" and b"\x01vorbis" in path.read_bytes()[:64]
    rate, samples = _read_ogg(path)
    assert rate == 22050 and 20 <= len(samples) / rate <= 30
    assert path.stat().st_size < 200_000  # the WAV was 1 MB
    peak = max(abs(s) for s in samples)
    assert FULL_SCALE // 10 < peak <= FULL_SCALE * 0.95
    assert tuple(reversed(music.MELODY)) == music.MELODY, "the melody is a palindrome"


def test_music_loads_in_pygame(out: Path) -> None:
    pygame.mixer.init()
    try:
        assert 23.5 <= pygame.mixer.Sound(str(out / MUSIC_FILE)).get_length() <= 24.5
        pygame.mixer.music.load(str(out / MUSIC_FILE))  # how the game streams it
    finally:
        pygame.mixer.quit()


def test_ogg_pages_get_a_fixed_serial_and_valid_checksums() -> None:
    """libsndfile picks a random stream serial: rewritten so the file is the same every run."""
    pcm = synth.pcm16(sounds.sfx_win(), 0.8)
    first, again = (ogg_vorbis.ogg_vorbis_bytes(pcm, 22050) for _ in range(2))
    assert first == again
    at = 0
    while at < len(first):
        count = first[at + 26]
        size = 27 + count + sum(first[at + 27 : at + 27 + count])
        page = bytearray(first[at : at + size])
        assert struct.unpack_from("<I", page, 14)[0] == ogg_vorbis.SERIAL
        crc = struct.unpack_from("<I", page, 22)[0]
        struct.pack_into("<I", page, 22, 0)
        assert ogg_vorbis.ogg_crc(bytes(page)) == crc
        at += size


@pytest.mark.parametrize("rel", sorted(HICOLOR))
def test_hicolor_icons_are_drawn_at_each_standard_size(out: Path, rel: str) -> None:
    from tacocat import APP_ID

    assert Path(rel).stem == APP_ID  # the name the .desktop entry's Icon= gives
    surf = pygame.image.load(str(out / rel))
    assert surf.get_size() == (HICOLOR[rel], HICOLOR[rel])
    assert surf.get_at((0, 0)).a == 0 and surf.get_at((surf.get_width() // 2,) * 2).a == 255


def test_palette_json(out: Path) -> None:
    colours = json.loads((out / "palette.json").read_text(encoding="utf-8"))
    assert all(re.fullmatch(r"#[0-9A-Fa-f]{6}", v) for v in colours.values())
    for key in ("table", "box_floor", "box_rim", "salsa", "avocado", "cheese", "ink", "card_face"):
        assert key in colours
    assert colours["seat_1"] == colours["avocado"]
    assert colours["seat_2"] == colours["salsa"]
    assert colours["table"].upper() == "#17323A"


HEX_COLOUR = re.compile(r"#[0-9A-Fa-f]{6}(?:[0-9A-Fa-f]{2})?")


def _theme_colours(node: object) -> list[str]:
    """Every value of a ``"colours"`` block in a pygame_gui theme."""
    if not isinstance(node, dict):
        return []
    found = list(node.get("colours", {}).values())
    for key, value in node.items():
        if key != "colours":
            found += _theme_colours(value)
    return found


def _strings(node: object) -> list[str]:
    """Every string value (not key) in a JSON document."""
    if isinstance(node, dict):
        return [s for value in node.values() for s in _strings(value)]
    return [node] if isinstance(node, str) else []


def test_theme_json_is_written_from_the_palette() -> None:
    """A colour edited by hand in assets/theme.json (not in tools/assets/) fails here."""
    committed = (COMMITTED / "theme.json").read_bytes()
    assert committed == theme.theme_json(), (
        "assets/theme.json differs from tools/assets/theme.json + the palette: edit those "
        "and run python -m tools.make_assets"
    )
    template = json.loads(theme.TEMPLATE.read_text(encoding="utf-8"))
    assert not [s for s in _strings(template) if HEX_COLOUR.fullmatch(s)], "a hex colour"
    colours = _theme_colours(template)
    assert len(colours) > 100 and all(theme.NAMED_COLOUR.fullmatch(f'"{c}"') for c in colours)
    named = {v.upper() for v in palette.palette().values()}
    for value in _theme_colours(json.loads(committed)):
        assert value[:7].upper() in named, value


def test_theme_json_follows_a_palette_change() -> None:
    colours = dict(palette.palette(), ink="#010203")
    changed = json.loads(theme.theme_json(colours=colours))
    assert changed["defaults"]["colours"]["normal_text"] == "#010203"
    assert changed["#overlay_dim"]["colours"]["dark_bg"] == palette.palette()["night"] + "B8"
    with pytest.raises(KeyError, match="no_such"):
        theme.theme_json('{"colours": {"normal_bg": "$no_such"}}')


def test_ico_holds_png_entries_16_32_48_256(out: Path) -> None:
    data = (out / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, 4)
    sizes = []
    for i in range(count):
        w, h, _, _, planes, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        blob = data[offset : offset + length]
        assert blob.startswith(b"\x89PNG\r\n\x1a\n")
        assert (planes, bits) == (1, 32)
        image = pygame.image.load(io.BytesIO(blob), "entry.png")
        assert image.get_size() == (w or 256, h or 256)
        sizes.append(image.get_width())
    assert sizes == [16, 32, 48, 256]


def _icns_entries(path: Path) -> list[tuple[str, int]]:
    """(OSType, pixel width) of each entry of an .icns file, each checked to be a PNG."""
    data = path.read_bytes()
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    offset, entries = 8, []
    while offset < len(data):
        kind = data[offset : offset + 4].decode("ascii")
        (length,) = struct.unpack_from(">I", data, offset + 4)
        blob = data[offset + 8 : offset + length]
        assert blob.startswith(b"\x89PNG\r\n\x1a\n"), kind
        image = pygame.image.load(io.BytesIO(blob), "entry.png")
        assert image.get_width() == image.get_height(), kind
        entries.append((kind, image.get_width()))
        offset += length
    return entries


def test_icns_holds_png_entries_for_the_mac_app_up_to_1024_px(out: Path) -> None:
    # ic10 (1024 px, 512 pt at 2x) is what Finder and the Dock show on a Retina screen.
    expected = [
        ("icp4", 16),
        ("icp5", 32),
        ("icp6", 64),
        ("ic07", 128),
        ("ic08", 256),
        ("ic09", 512),
        ("ic10", 1024),
    ]
    assert _icns_entries(out / "icon.icns") == expected
    assert _icns_entries(COMMITTED / "icon.icns") == expected  # regenerated, not just drawn


def test_generation_is_deterministic(out: Path, tmp_path: Path) -> None:
    jobs = build.image_jobs()
    for rel in ("images/cards/card_07.png", "images/token/tacocat.png", "images/board/goal_2.png"):
        again = tmp_path / Path(rel).name
        pygame.image.save(jobs[rel](), str(again))
        assert again.read_bytes() == (out / rel).read_bytes(), rel
    drawn = [icons.icon(size) for size in icons.ICON_SIZES]
    assert icons.ico_bytes(drawn) == (out / "icon.ico").read_bytes()
    for name in ("deal", "win"):
        path = tmp_path / f"{name}.wav"
        synth.write_wav(path, sounds.SOUNDS[name](), sounds.SOUND_PEAKS.get(name, 0.8))
        assert path.read_bytes() == (out / f"sounds/{name}.wav").read_bytes(), name


def test_committed_assets_match_the_generator(out: Path) -> None:
    """Catches a forgotten `python -m tools.make_assets` after changing the art or the list."""
    committed = _files(COMMITTED)
    # images/ and sounds/ belong to the generator alone; hand-written files (translations,
    # fonts) may sit next to them in assets/.
    owned = {rel for rel in committed if rel.startswith(("images/", "sounds/", "icons/"))}
    assert owned | (committed & OTHER_FILES) == _files(out)
    for rel in ("palette.json", "theme.json", "LICENSE-ASSETS.md"):
        assert (COMMITTED / rel).read_bytes() == (out / rel).read_bytes(), rel
    for rel in sorted(IMAGE_SIZES) + sorted(HICOLOR):
        new, old = (out / rel).read_bytes(), (COMMITTED / rel).read_bytes()
        if new == old:
            continue
        # a different platform may encode or anti-alias slightly differently: allow a few pixels
        (size_a, a), (size_b, b) = _pixels(out / rel), _pixels(COMMITTED / rel)
        assert size_a == size_b, rel
        off = sum(1 for x, y in zip(a, b, strict=True) if abs(x - y) > 24)
        assert off <= len(a) // 100, f"{rel} is stale: run python -m tools.make_assets"
    for rel in sorted(SOUND_FILES):
        (pa, a), (pb, b) = _read_wav(out / rel), _read_wav(COMMITTED / rel)
        assert pa == pb, rel
        assert max((abs(x - y) for x, y in zip(a, b, strict=True)), default=0) <= 2, (
            f"{rel} is stale"
        )
    # Vorbis is lossy and float: another libvorbis build may round a little differently.
    (rate_a, a), (rate_b, b) = _read_ogg(out / MUSIC_FILE), _read_ogg(COMMITTED / MUSIC_FILE)
    assert rate_a == rate_b and len(a) == len(b), f"{MUSIC_FILE} is stale"
    assert max(abs(x - y) for x, y in zip(a, b, strict=True)) <= FULL_SCALE // 100, (
        f"{MUSIC_FILE} is stale"
    )
