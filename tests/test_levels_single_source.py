"""The computer's levels are listed once, in tacocat/levels.py, and everyone reads that list.

Before, the levels were written out four times (cli.py, ai/__init__.py,
ui/game_config.py, persistence/fields.py) and only two of them were compared.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import get_args

import pytest

from tacocat import levels
from tacocat.levels import AI_LEVELS, DEFAULT_LEVEL, PLAYER_KINDS

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("en", "fil", "lv", "lo", "sq")


def test_every_consumer_reads_the_one_list() -> None:
    import tacocat.ai
    import tacocat.cli
    import tacocat.persistence.fields
    import tacocat.ui.stage.game_config

    # The same objects, not equal copies: a copy is where the lists drift apart.
    assert tacocat.cli.AI_LEVELS is AI_LEVELS
    assert tacocat.cli.SIM_KINDS is PLAYER_KINDS
    assert tacocat.ai.BOT_KINDS is PLAYER_KINDS
    assert tacocat.ui.stage.game_config.LEVELS is AI_LEVELS
    assert tacocat.persistence.fields.AI_LEVELS is AI_LEVELS


def test_the_levels_module_is_pure() -> None:
    """Anyone may import it (the settings check runs before any window): it imports nothing of ours."""
    tree = ast.parse((ROOT / "tacocat/levels.py").read_text("utf-8"))
    imported = [
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    ]
    imported += [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    assert set(imported) <= {"__future__", "typing"}, imported  # the standard library only
    assert levels.__doc__


def test_every_kind_has_a_bot_and_every_level_a_setting() -> None:
    from tacocat.ai import make_bot
    from tacocat.persistence.settings import Settings, settings_from_json

    assert DEFAULT_LEVEL in AI_LEVELS and set(AI_LEVELS) < set(PLAYER_KINDS)
    for kind in PLAYER_KINDS:
        assert make_bot(kind).name == kind
    assert Settings().ai_level == DEFAULT_LEVEL
    for level in AI_LEVELS:
        settings, problems = settings_from_json({"ai_level": level})
        assert settings.ai_level == level and not problems
    settings, problems = settings_from_json({"ai_level": "grandmaster"})
    assert settings.ai_level == DEFAULT_LEVEL and problems


@pytest.mark.parametrize("level", AI_LEVELS)
def test_the_command_line_and_the_game_config_take_every_level(level: str) -> None:
    from tacocat.cli import parse_args
    from tacocat.ui.stage.game_config import GameConfig

    assert parse_args(["--level", level]).level == level
    assert GameConfig("vs_ai", level=level).level == level
    assert GameConfig("vs_ai").level == DEFAULT_LEVEL


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_level_is_named_in_every_language(language: str) -> None:
    tree = json.loads((ROOT / f"assets/translations/tacocat.{language}.json").read_text("utf-8"))[
        language
    ]
    for level in AI_LEVELS:
        assert tree["new_game"][level], (language, level)
        assert tree["stats"][f"level_{level}"], (language, level)


def test_the_typed_names_are_the_lists() -> None:
    """mypy holds each use of a level or kind to the Literal types; they name the same
    levels, in no other order than the lists (a level added to one only fails here)."""
    assert set(get_args(levels.AILevel)) == set(AI_LEVELS)
    assert set(get_args(levels.PlayerKind)) == set(PLAYER_KINDS)
    assert DEFAULT_LEVEL in AI_LEVELS
