"""The scene stack: switch / push / pop, who gets events, who is drawn."""

from __future__ import annotations

import pytest

from tacocat.ui.stage.scene import Scene, SceneManager


class Recorder(Scene):
    def __init__(self, name: str, log: list, opaque: bool = True, animating: bool = False):
        super().__init__(app=None)
        self.name = name
        self.opaque = opaque
        self.log = log
        self.animating = animating

    def enter(self):
        self.log.append(f"enter {self.name}")

    def exit(self):
        self.log.append(f"exit {self.name}")

    def covered(self):
        self.log.append(f"covered {self.name}")

    def uncovered(self):
        self.log.append(f"uncovered {self.name}")

    def handle_event(self, event):
        self.log.append(f"event {self.name}")

    def update(self, dt):
        self.log.append(f"update {self.name}")

    def draw(self, surface):
        self.log.append(f"draw {self.name}")

    def is_animating(self):
        return self.animating


@pytest.fixture
def log():
    return []


def test_switch_exits_every_scene_top_first_then_enters_the_new_one(log):
    manager = SceneManager()
    manager.switch(Recorder("table", log))
    manager.push(Recorder("menu", log, opaque=False))
    log.clear()
    manager.switch(Recorder("title", log))
    assert log == ["exit menu", "exit table", "enter title"]
    assert [s.name for s in manager.stack] == ["title"]


def test_push_and_pop_keep_the_scene_below_and_tell_it(log):
    manager = SceneManager()
    table = Recorder("table", log)
    manager.switch(table)
    menu = Recorder("menu", log, opaque=False)
    manager.push(menu)
    assert manager.top is menu
    assert manager.pop() is menu
    assert manager.top is table
    assert log == ["enter table", "covered table", "enter menu", "exit menu", "uncovered table"]


def test_only_the_top_scene_gets_events_and_updates(log):
    manager = SceneManager()
    manager.switch(Recorder("table", log))
    manager.push(Recorder("menu", log, opaque=False))
    log.clear()
    manager.handle_event(object())
    manager.update(0.1)
    assert log == ["event menu", "update menu"]


def test_scenes_are_drawn_from_the_topmost_opaque_one_upward(log):
    manager = SceneManager()
    manager.switch(Recorder("table", log))
    manager.push(Recorder("pass", log, opaque=True))
    manager.push(Recorder("menu", log, opaque=False))
    log.clear()
    manager.draw(None)
    assert log == ["draw pass", "draw menu"]
    manager.pop()
    manager.pop()
    log.clear()
    manager.draw(None)
    assert log == ["draw table"]


def test_translucent_overlay_shows_the_scene_below(log):
    manager = SceneManager()
    manager.switch(Recorder("title", log))
    manager.push(Recorder("settings", log, opaque=False))
    log.clear()
    manager.draw(None)
    assert log == ["draw title", "draw settings"]


def test_pop_with_a_scene_that_is_not_on_top_does_nothing(log):
    manager = SceneManager()
    table = Recorder("table", log)
    manager.switch(table)
    menu = Recorder("menu", log, opaque=False)
    manager.push(menu)
    assert manager.pop(table) is None
    assert manager.pop(menu) is menu
    assert manager.pop(menu) is None  # a second OK click in the same frame
    assert manager.top is table


def test_is_animating_asks_only_the_updated_top_scene(log):
    manager = SceneManager()
    manager.switch(Recorder("title", log, animating=True))
    assert manager.is_animating()
    manager.push(Recorder("settings", log, opaque=False))
    assert not manager.is_animating()


def test_clear_exits_every_scene_even_if_one_exit_fails(log):
    class Broken(Recorder):
        def exit(self):
            raise RuntimeError("boom")

    manager = SceneManager()
    manager.switch(Recorder("table", log))
    manager.push(Broken("menu", log, opaque=False))
    log.clear()
    manager.clear()
    assert log == ["exit table"] and len(manager) == 0


def test_on_change_reports_the_new_top(log):
    tops = []
    manager = SceneManager(on_change=lambda top: tops.append(top.name if top else None))
    manager.switch(Recorder("title", log))
    manager.push(Recorder("rules", log, opaque=False))
    manager.pop()
    assert tops == ["title", "rules", "title"]
