"""The guided first game: a scripted game that teaches every rule by doing it.

Pure (rules only, no pygame): :mod:`.script` holds the lesson as data - the
deals, the player's expected move at each step, the opponent's moves, the
coach's words (a translation key) and what the coach points at; :mod:`.course`
replays it through the real engine, answers for the scripted opponent and
names the lessons a move taught. The screen side is :mod:`tacocat.ui.tutorial`.
"""

from tacocat.tutorial.course import LESSONS, ScriptedBot, Tutorial, lessons_of, taught_by
from tacocat.tutorial.script import DEALS, STEPS, Deal, Step

__all__ = [
    "DEALS",
    "LESSONS",
    "STEPS",
    "Deal",
    "ScriptedBot",
    "Step",
    "Tutorial",
    "lessons_of",
    "taught_by",
]
