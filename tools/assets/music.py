"""The background music (``sounds/music.ogg``): 100 bpm, 10 bars of 4/4 = 24 s, a palindromic
melody over a triangle bass, a pad and a shaker, encoded as Ogg Vorbis."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable
from pathlib import Path

from .synth import SOUND_RATE, frames, midi_hz, mix_into, pcm16, swept_band, white_noise


def write_music(path: Path) -> None:
    """``sounds/music.ogg``: the loop as Ogg Vorbis (:mod:`.ogg_vorbis`), 1/8 of the WAV."""
    from .ogg_vorbis import write_ogg_vorbis  # needs the soundfile package: imported when used

    write_ogg_vorbis(path, pcm16(music(), MUSIC_PEAK, fade=0.002), SOUND_RATE)


# The music: 100 bpm, 10 bars of 4/4 = 24 s.  The melody is a palindrome (the note sequence,
# pitches and lengths, reads the same backwards); the chords mirror around the middle too.
MUSIC_BPM = 100
MUSIC_CHORDS = ("C", "Am", "F", "G", "C", "C", "G", "F", "Am", "C")
CHORD_NOTES = {"C": (48, 52, 55), "Am": (45, 48, 52), "F": (41, 45, 48), "G": (43, 47, 50)}
MELODY_HALF: tuple[tuple[int | None, float], ...] = (
    (76, 1), (79, 0.5), (81, 0.5), (79, 1), (76, 1),  # C
    (72, 1), (74, 0.5), (76, 0.5), (69, 2),  # Am
    (81, 1), (79, 0.5), (77, 0.5), (76, 1), (72, 1),  # F
    (74, 1.5), (76, 0.5), (79, 1), (71, 1),  # G
    (72, 1), (76, 1), (79, 2),  # C
)  # fmt: skip
MELODY = MELODY_HALF + tuple(reversed(MELODY_HALF))


def _triangle(p: float) -> float:
    return 4 * abs((p % 1.0) - 0.5) - 1


def _soft_pulse(p: float) -> float:
    x = 2 * math.pi * p
    return math.sin(x) + 0.2 * math.sin(3 * x) + 0.06 * math.sin(5 * x)


WAVETABLE_SIZE = 2048
WAVE_SHAPES: dict[str, Callable[[float], float]] = {"triangle": _triangle, "pulse": _soft_pulse}


@functools.cache
def _wavetable(shape: str) -> tuple[float, ...]:
    return tuple(WAVE_SHAPES[shape](i / WAVETABLE_SIZE) for i in range(WAVETABLE_SIZE))


@functools.cache
def _adsr(n: int, attack: float, decay: float, sustain: float, release: float) -> tuple[float, ...]:
    """Attack ramp, linear decay to ``sustain``, hold, and a linear release over the last samples."""
    na, nd, nr = max(1, frames(attack)), max(1, frames(decay)), max(1, frames(release))
    env = [i / na for i in range(na)] + [1 - (1 - sustain) * j / nd for j in range(nd)]
    env = env[:n] + [sustain] * max(0, n - len(env))
    for k in range(min(nr, n)):
        env[n - 1 - k] *= k / nr
    return tuple(env)


@functools.cache
def _note(
    shape: str, midi: int, n: int, adsr: tuple[float, float, float, float]
) -> tuple[float, ...]:
    """One rendered note (cached: the tune repeats itself a lot)."""
    table, size = _wavetable(shape), WAVETABLE_SIZE
    inc = midi_hz(midi) / SOUND_RATE * size
    return tuple(e * table[int(i * inc) % size] for i, e in enumerate(_adsr(n, *adsr)))


def _music_voice(buf: list[float], notes: Iterable[tuple[float, int, float]], beat: float,
                 shape: str, adsr: tuple[float, float, float, float], gain: float) -> None:  # fmt: skip
    """Add notes given as (start beat, midi note, length in beats)."""
    for start, midi, beats in notes:
        mix_into(buf, _note(shape, midi, frames(beats * beat), adsr), start * beat, gain)


def music() -> list[float]:
    """The loop: palindromic melody (soft pulse), triangle bass, a quiet pad and a shaker."""
    beat = 60 / MUSIC_BPM
    total = frames(len(MUSIC_CHORDS) * 4 * beat)
    buf = [0.0] * total
    melody, t = [], 0.0
    for note, beats in MELODY:
        if note is not None:
            melody.append((t, note, beats))
        t += beats
    _music_voice(buf, melody, beat, "pulse", (0.012, 0.18, 0.55, 0.08), 0.32)
    bass, pad = [], []
    for bar, chord in enumerate(MUSIC_CHORDS):
        root, third, fifth = CHORD_NOTES[chord]
        b0 = bar * 4
        bass += [
            (b0, root - 12, 1.5),
            (b0 + 1.5, fifth - 12, 0.5),
            (b0 + 2, root, 1),
            (b0 + 3, fifth - 12, 1),
        ]
        pad += [(b0, note + 12, 4) for note in (root, third, fifth)]
    _music_voice(buf, bass, beat, "triangle", (0.01, 0.2, 0.7, 0.06), 0.34)
    _music_voice(buf, pad, beat, "triangle", (0.6, 0.5, 0.8, 0.5), 0.05)
    shaker = [
        x * math.exp(-i / 300)
        for i, x in enumerate(swept_band(white_noise(frames(0.08), 12), lambda t: 9000, 0.5))
    ]
    for k in range(1, len(MUSIC_CHORDS) * 8, 2):  # soft shaker on the off-beats
        mix_into(buf, shaker, k * beat / 2, 0.25 if k % 4 == 3 else 0.14)
    return buf


MUSIC_PEAK = 0.5  # background music sits under the effects
