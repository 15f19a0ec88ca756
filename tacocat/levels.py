"""The computer's levels and the player kinds: the one list everyone reads.

A pure module (no pygame, nothing of ours imported), like :mod:`tacocat.languages`,
so the command line (``--level``, ``--p1``/``--p2``), the AI's factory
(:func:`tacocat.ai.make_bot`), the New game screen and the settings, statistics
and save checks all name the levels from here. Adding a level: a row in
:data:`AI_LEVELS`, its bot in ``tacocat/ai`` and its factory entry (a test
checks every kind here has one), its name in :data:`AILevel` and :data:`PlayerKind`,
and the translation keys ``tacocat.new_game.<name>`` and ``tacocat.stats.level_<name>``
in the five languages.
"""

from __future__ import annotations

from typing import Literal

#: A level's name (mypy holds every use to these; a test holds :data:`AI_LEVELS` to them).
AILevel = Literal["easy", "medium", "hard"]
#: A computer player's name: a level or a yardstick.
PlayerKind = Literal["random", "easy", "medium", "hard", "heuristic"]

#: The computer's levels a person can play against, weakest first. These names
#: are stored in settings, statistics and saves: renaming one breaks old files.
AI_LEVELS: tuple[AILevel, ...] = ("easy", "medium", "hard")
#: The level a new player meets (and the fallback for an unknown stored level).
DEFAULT_LEVEL: AILevel = "medium"
#: Every kind of computer player: the levels plus two yardsticks the simulator
#: and the benchmarks use (uniformly random, and the plain heuristic).
PLAYER_KINDS: tuple[PlayerKind, ...] = ("random", *AI_LEVELS, "heuristic")
