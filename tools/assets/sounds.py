"""The game's sound effects (``sounds/*.wav``): each a function of no arguments, so no
sound can depend on a card value (what the opponent hears must not tell a hidden card)."""

from __future__ import annotations

import math
from collections.abc import Callable

from .synth import SOUND_RATE, frames, midi_hz, mix_into, swept_band, tone, white_noise


def sfx_deal() -> list[float]:
    """A short card swish: band-passed noise sweeping down, quick rise, soft fall."""
    n = frames(0.2)
    band = swept_band(white_noise(n, 1), lambda t: 5200 - 14000 * t)
    return [
        x * math.sin(math.pi * min(1.0, i / n * 1.6)) ** 2 * (1 - i / n) for i, x in enumerate(band)
    ]


def sfx_flip() -> list[float]:
    """A card flip snap: a bright noise tick and a falling chirp."""
    n = frames(0.11)
    band = swept_band(white_noise(n, 2), lambda t: 7000 - 30000 * t, 0.3)
    out, phase = [], 0.0
    for i, x in enumerate(band):
        t = i / SOUND_RATE
        phase += 2 * math.pi * (2600 * math.exp(-t * 40) + 500) / SOUND_RATE
        env = min(1.0, t / 0.003) * math.exp(-t * 55)
        out.append(env * (x * 1.4 + 0.35 * math.sin(phase)))
    return out


def sfx_play() -> list[float]:
    """A card landing on felt: a low thud with a soft papery tap."""
    n = frames(0.2)
    noise = swept_band(white_noise(n, 3), lambda t: 2400, 0.15)
    out, phase = [], 0.0
    for i, x in enumerate(noise):
        t = i / SOUND_RATE
        phase += 2 * math.pi * (70 + 90 * math.exp(-t * 30)) / SOUND_RATE
        body = math.sin(phase) * math.exp(-t * 22)
        tap = x * math.exp(-t * 90) * 1.6
        out.append(min(1.0, t / 0.002) * (body + tap))
    return out


def sfx_slide() -> list[float]:
    """The token sliding: a 0.4 s whoosh (a band sweeping up then down) over a soft rumble."""
    d = 0.4
    n = frames(d)
    band = swept_band(white_noise(n, 4), lambda t: 500 + 1800 * math.sin(math.pi * t / d), 0.4)
    rumble = swept_band(white_noise(n, 44), lambda t: 220, 0.3)
    return [
        (b + 0.8 * r) * math.sin(math.pi * i / n) ** 2
        for i, (b, r) in enumerate(zip(band, rumble, strict=True))
    ]


def sfx_hop() -> list[float]:
    """A little boing: a rising, wobbling tone that dies away."""
    n = frames(0.32)
    out, phase = [], 0.0
    for i in range(n):
        t = i / SOUND_RATE
        f = (
            260
            + 360 * (1 - math.exp(-t * 22))
            + 55 * math.sin(2 * math.pi * 19 * t) * math.exp(-t * 7)
        )
        phase += 2 * math.pi * f / SOUND_RATE
        env = min(1.0, t / 0.006) * math.exp(-t * 9)
        out.append(env * (math.sin(phase) + 0.25 * math.sin(2 * phase)))
    return out


def sfx_tile() -> list[float]:
    """A tile drop: two woody clacks (damped modes), the second one softer."""
    n = frames(0.2)
    noise = white_noise(n, 6)
    out = [0.0] * n
    for start, amp in ((0.0, 1.0), (0.05, 0.45)):
        s0 = frames(start)
        for i in range(s0, n):
            t = (i - s0) / SOUND_RATE
            modes = sum(a * math.sin(2 * math.pi * f * t) * math.exp(-t * k)
                        for f, a, k in ((820, 1.0, 55), (1390, 0.6, 75), (2450, 0.35, 110)))  # fmt: skip
            out[i] += amp * (modes + noise[i] * math.exp(-t * 400))
    return out


SOFT_SQUARE = ((1, 1.0), (3, 0.26), (5, 0.09), (7, 0.04))
BELL = ((1, 1.0), (2.76, 0.35), (5.4, 0.12))


def sfx_win() -> list[float]:
    """A short happy fanfare: C-E-G run up to a held C major chord (about 1.5 s)."""
    out = [0.0] * frames(1.5)
    for k, note in enumerate((72, 76, 79)):
        mix_into(out, tone(midi_hz(note), 0.16, SOFT_SQUARE, 0.006, 4), 0.11 * k, 0.8)
    for note, g in ((72, 0.45), (76, 0.45), (79, 0.45), (84, 0.7), (48, 0.6)):
        mix_into(out, tone(midi_hz(note), 1.16, SOFT_SQUARE, 0.01, 2.6, 0.25), 0.33, g)
    mix_into(out, tone(midi_hz(96), 0.8, BELL, 0.002, 5), 0.33, 0.25)
    return out


def sfx_round() -> list[float]:
    """A round-won chime: two bell notes, G then C."""
    out = [0.0] * frames(0.95)
    mix_into(out, tone(midi_hz(79), 0.7, BELL, 0.002, 5.5, 0.1), 0.0, 0.8)
    mix_into(out, tone(midi_hz(84), 0.8, BELL, 0.002, 4.5, 0.15), 0.13, 1.0)
    return out


def sfx_lose() -> list[float]:
    """A lost round or game: a soft, slow fall (E, C, A minor), no bells (about 1.1 s)."""
    out = [0.0] * frames(1.15)
    mellow = ((1, 1.0), (2, 0.18), (3, 0.08))
    for k, note in enumerate((64, 60, 57)):
        mix_into(
            out, tone(midi_hz(note), 0.34 if k < 2 else 0.7, mellow, 0.01, 3.2, 0.12), 0.2 * k, 0.7
        )
    mix_into(out, tone(midi_hz(45), 0.75, mellow, 0.02, 2.4, 0.2), 0.4, 0.35)
    return out


def sfx_tie() -> list[float]:
    """A tie: the same note twice, even and neither up nor down."""
    out = [0.0] * frames(0.6)
    for k in range(2):
        mix_into(out, tone(midi_hz(69), 0.22, SOFT_SQUARE, 0.006, 5, 0.05), 0.2 * k, 0.6)
    return out


def sfx_click() -> list[float]:
    """A tiny UI tick."""
    tick = tone(1700, 0.045, ((1, 1.0), (2.3, 0.3)), 0.0008, 120, 0.008)
    noise = white_noise(len(tick), 9)
    return [
        x + 0.25 * nz * math.exp(-i / 60) for i, (x, nz) in enumerate(zip(tick, noise, strict=True))
    ]


def sfx_error() -> list[float]:
    """A soft "uh-oh": two mellow descending blips."""
    out = [0.0] * frames(0.34)
    mellow = ((1, 1.0), (3, 0.12))
    mix_into(out, tone(midi_hz(64), 0.12, mellow, 0.008, 6, 0.03), 0.0, 0.8)
    mix_into(out, tone(midi_hz(59), 0.2, mellow, 0.008, 6, 0.06), 0.13, 0.9)
    return out


SOUNDS: dict[str, Callable[[], list[float]]] = {
    "deal": sfx_deal, "flip": sfx_flip, "play": sfx_play, "slide": sfx_slide, "hop": sfx_hop,
    "tile": sfx_tile, "win": sfx_win, "round": sfx_round, "click": sfx_click, "error": sfx_error,
    "lose": sfx_lose, "tie": sfx_tie,
}  # fmt: skip
SOUND_PEAKS = {
    "click": 0.55,
    "error": 0.6,
    "deal": 0.7,
    "slide": 0.7,
    "lose": 0.6,
    "tie": 0.6,
}  # default 0.8 (-1.9 dBFS)
