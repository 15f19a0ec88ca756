"""A saved game is never replaced without the player's yes (issue 23, slip 2)."""

from __future__ import annotations

import pygame

from tacocat.persistence.saves import SaveStore
from tacocat.rules import GameRecord, Replace, new_game
from tacocat.ui.scenes.choice import ChoiceScene
from tacocat.ui.scenes.new_game import NewGameScene
from tacocat.ui.stage.game_config import GameConfig
from tacocat.ui.table.session import config_to_dict

DT = 1 / 60


def _saved_game(store: SaveStore, mode: str = "vs_ai") -> GameRecord:
    """A game in round 1, with moves made, in the autosave."""
    state, _ = new_game(9)
    while state.phase.value == "replace":
        seat = state.to_act[0]
        state, _ = state.apply(Replace(seat, ()))
    names = ("Ana", "Computer") if mode == "vs_ai" else ("Ana", "Ben")
    config = GameConfig(mode, "medium", 0, names, seed=9)
    record = GameRecord.from_state(state)
    store.write_autosave(config_to_dict(config), record)
    return record


def _new_game_screen(make_app, store):
    app = make_app(saves=store)
    app.step(DT)
    scene = NewGameScene(app)
    app.scenes.switch(scene)
    app.step(DT)
    return app, scene


def _table_started(app) -> bool:
    return any(s.name == "table" for s in app.scenes.stack)


def test_new_game_over_a_saved_game_asks_first_and_keep_keeps_it(make_app, tmp_path):
    store = SaveStore(tmp_path)
    record = _saved_game(store)
    app, scene = _new_game_screen(make_app, store)
    scene.start()
    app.step(DT)
    ask = app.scenes.top
    assert isinstance(ask, ChoiceScene), "a new game replaced the saved one without asking"
    assert not _table_started(app)
    assert ask.text == "Your game against the computer (Medium, 0–0, Round 1) will be lost."
    assert [label for label, _ in ask.choices] == ["Keep my game", "Start the new game"]
    # Esc (like Enter) keeps the game: the safe choice is the first.
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    )
    app.step(DT)
    assert app.scenes.top is scene and not _table_started(app)
    assert store.load_autosave().record.actions == record.actions


def test_the_players_yes_starts_the_new_game(make_app, tmp_path):
    store = SaveStore(tmp_path)
    _saved_game(store, mode="hotseat")
    app, scene = _new_game_screen(make_app, store)
    scene.start()
    ask = app.scenes.top
    assert isinstance(ask, ChoiceScene)
    assert ask.text == "Your game Ana against Ben (0–0, Round 1) will be lost."
    ask.choose(1)
    assert _table_started(app)


def test_with_nothing_saved_a_new_game_starts_at_once(make_app, tmp_path):
    app, scene = _new_game_screen(make_app, SaveStore(tmp_path))
    scene.start()
    assert _table_started(app)


def test_the_command_line_asks_too(make_app, tmp_path):
    store = SaveStore(tmp_path)
    _saved_game(store)
    app = make_app("--vs-ai", saves=store)
    app.step(DT)
    assert isinstance(app.scenes.top, ChoiceScene) and not _table_started(app)
