"""Sample helpers for the sounds and the music (standard library only): noise, a swept
band-pass, tones, mixing, and 16-bit mono WAV output at :data:`SOUND_RATE`."""

from __future__ import annotations

import math
import operator
import random
import sys
import wave
from array import array
from collections.abc import Callable, Sequence
from pathlib import Path

SOUND_RATE = 22050


def frames(seconds: float) -> int:
    """The number of samples in ``seconds``."""
    return round(seconds * SOUND_RATE)


def lp_coef(cutoff_hz: float) -> float:
    return 1 - math.exp(-2 * math.pi * cutoff_hz / SOUND_RATE)


def pcm16(samples: Sequence[float], peak: float = 0.8, fade: float = 0.004) -> array:
    """Normalise to ``peak`` (<= 0.89, i.e. -1 dBFS) and fade the ends: 16-bit samples."""
    top = max((abs(x) for x in samples), default=0.0) or 1.0
    gain = min(peak, 0.89) / top
    n, nf = len(samples), min(max(1, frames(fade)), len(samples) // 2)
    ints = [round(x * gain * 32767) for x in samples]
    for i in range(nf):  # fade in and out so there is never a click
        ints[i] = round(samples[i] * gain * 32767 * i / nf)
        ints[n - 1 - i] = round(samples[n - 1 - i] * gain * 32767 * i / nf)
    return array("h", ints)


def write_wav(path: Path, samples: Sequence[float], peak: float = 0.8, fade: float = 0.004) -> None:
    """Normalise to ``peak`` (<= 0.89, i.e. -1 dBFS), fade the ends, write 16-bit mono."""
    out = pcm16(samples, peak, fade)
    if sys.byteorder == "big":  # pragma: no cover
        out.byteswap()
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(SOUND_RATE)
        wav.writeframes(out.tobytes())


def white_noise(n: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    return [rng.uniform(-1.0, 1.0) for _ in range(n)]


def swept_band(
    noise: Sequence[float], cutoff: Callable[[float], float], width: float = 0.5
) -> list[float]:
    """Noise through a band-pass whose centre follows ``cutoff(t)`` (two one-pole low-passes)."""
    lo = hi = 0.0
    out = []
    for i, x in enumerate(noise):
        fc = cutoff(i / SOUND_RATE)
        hi += lp_coef(fc) * (x - hi)
        lo += lp_coef(fc * width) * (x - lo)
        out.append(hi - lo)
    return out


def tone(freq: float, dur: float, harmonics: Sequence[tuple[float, float]], attack: float,
          decay: float, release: float = 0.03) -> list[float]:  # fmt: skip
    """A note: summed partials (multiple, amplitude), exponential decay, short attack/release."""
    n, nr = frames(dur), max(1, frames(release))
    out = [0.0] * n
    for m, a in harmonics:
        w = 2 * math.pi * freq * m / SOUND_RATE
        out = list(map(operator.add, out, [a * math.sin(w * i) for i in range(n)]))
    env = [min(1.0, i / SOUND_RATE / attack if attack else 1.0, (n - i) / nr) * math.exp(-i / SOUND_RATE * decay)
           for i in range(n)]  # fmt: skip
    return list(map(operator.mul, out, env))


def mix_into(buf: list[float], part: Sequence[float], at: float, gain: float = 1.0) -> None:
    """Add ``part`` (times ``gain``) into ``buf`` starting at ``at`` seconds, clipped to ``buf``."""
    s0 = frames(at)
    end = min(len(buf), s0 + len(part))
    if gain != 1.0:
        part = [gain * x for x in part]
    buf[s0:end] = map(operator.add, buf[s0:end], part)


def midi_hz(note: int) -> float:
    return 440.0 * 2 ** ((note - 69) / 12)
