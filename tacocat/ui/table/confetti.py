"""Confetti over the winner's goal: the pieces and their physics (no drawing).

The animator starts a burst when the game is won; the pieces fall, drift and
spin on their own (they never hold up input). The painter draws them.
"""

from __future__ import annotations

import math
import random

from tacocat.ui.widgets import layout as L

#: Pieces in one burst.
PIECES = 90
#: Colours in the confetti sheet (``assets/images/ui/confetti.png``).
COLOURS = 6


class Particle:
    """One confetti piece: position, velocity, spin, colour (a sheet column), age."""

    __slots__ = ("x", "y", "vx", "vy", "spin", "angle", "colour", "life", "age")

    def __init__(
        self, x: float, y: float, vx: float, vy: float, spin: float, colour: int, life: float
    ) -> None:
        self.x, self.y, self.vx, self.vy = x, y, vx, vy
        self.spin = spin
        self.angle = 0.0
        self.colour = colour
        self.life = life
        self.age = 0.0


def burst(rng: random.Random, seat: int) -> list[Particle]:
    """A burst of pieces over ``seat``'s goal (seat 0's is at the board's left end)."""
    x, y = L.goal_centre(seat)
    pieces = []
    for _ in range(PIECES):
        angle = rng.uniform(-math.pi * 0.9, -math.pi * 0.1)
        speed = rng.uniform(180, 520)
        pieces.append(
            Particle(
                x + rng.uniform(-30, 30),
                y + rng.uniform(-20, 20),
                math.cos(angle) * speed,
                math.sin(angle) * speed,
                rng.uniform(-9, 9),
                rng.randrange(COLOURS),
                rng.uniform(1.6, 2.8),
            )
        )
    return pieces


def step(particles: list[Particle], dt: float, speed: float) -> list[Particle]:
    """The pieces still alive after ``dt`` seconds at animation speed ``speed``."""
    if math.isinf(speed):
        return []
    step = dt * min(speed, 3.0)
    alive = []
    for p in particles:
        p.age += step
        if p.age >= p.life:
            continue
        p.vy += 640 * step
        p.vx *= 1 - 0.9 * step
        p.x += p.vx * step
        p.y += p.vy * step
        p.angle += p.spin * step
        alive.append(p)
    return alive
