"""The guided game: its end hands over to a real game; the coach points at what it names,
keeps clear of the prompt, shows the round log it covers, and offers no take-back."""

from __future__ import annotations

import pygame
from table_helpers import step
from tutorial_driver import play_to_the_end, start_tutorial, wait_for_move

import tacocat.ui.tutorial.coach as coach_module
from tacocat.ui.scenes.game_over import GameOverScene
from tacocat.ui.stage.game_config import GameConfig
from tacocat.ui.table.scene import TableScene
from tacocat.ui.tutorial.coach import CoachMark
from tacocat.ui.tutorial.scene import TutorialScene
from tacocat.ui.widgets import text_box
from tests.ui.text_fit import placement_problems


def test_the_end_hands_over_to_a_real_game_on_easy(make_app):
    app, scene = start_tutorial(make_app, step_index=20)
    play_to_the_end(app, scene)
    over = app.scenes.top
    assert isinstance(over, GameOverScene)
    assert over.rematch_button.label == "Play a real game (easy)"
    over.on_button(over.rematch_button)
    step(app, 2)
    table = next(s for s in app.scenes.stack if isinstance(s, TableScene))
    assert not isinstance(table, TutorialScene)  # not the lesson again
    assert table.config == GameConfig("vs_ai", "easy", 0, table.config.names)
    assert table.session.state.round_number == 1


def test_the_first_steps_arrow_points_at_the_12_it_names(make_app):
    app, scene = start_tutorial(make_app, step_index=0)
    wait_for_move(app, scene)
    twelve = next(s for s in scene.my_hand() if s.value == 12)
    first = scene.my_hand()[0]
    assert first.value == 1
    targets = scene.coach_targets()
    assert targets[0] == scene.card_rect(twelve)  # the arrow goes to the first target


def test_the_ring_round_the_play_mat_keeps_clear_of_the_prompt(make_app):
    for index in (7, 11):  # defend, and the Jumbo attack
        app, scene = start_tutorial(make_app, step_index=index)
        wait_for_move(app, scene)
        step(app, 2)
        scene.draw(app.screen)
        prompt = scene.painter.prompt_rect
        assert prompt.height > 0
        rings = [r.inflate(20, 20) for r in scene.coach_targets()]
        mat = max(rings, key=lambda r: r.width * (r.top < prompt.top))
        assert mat.bottom < prompt.top, (index, mat, prompt)
        assert scene.buttons["undo"].visible is False  # no take-back in a scripted lesson


def test_the_coach_panel_shows_the_round_log_it_covers(make_app, monkeypatch):
    app, scene = start_tutorial(make_app, step_index=7)
    wait_for_move(app, scene)
    log = tuple(scene.view.log)
    assert log  # the computer's attack is in it
    drawn: list[str] = []

    def spy(original):
        def draw(surface, cache, text, *args, **kwargs):
            drawn.append(text)
            return original(surface, cache, text, *args, **kwargs)

        return draw

    # The heading is one line; each entry is wrapped to the panel's width.
    for name in ("draw_text", "draw_lines"):
        monkeypatch.setattr(coach_module, name, spy(getattr(coach_module, name)))
    coach = CoachMark(scene.text)
    coach.draw(pygame.Surface((1280, 720)), 7, 22, "Defend the 4.", [], log)
    assert log[-1] in drawn


def test_a_long_log_entry_wraps_inside_the_coach_panel_newest_at_the_bottom(make_app):
    app, scene = start_tutorial(make_app, step_index=7)
    long = "Computer lays down a card for the duel, and then another sentence follows it."
    log = ("Round 1.", long)
    coach = CoachMark(scene.text)
    with text_box.recording() as ledger:
        panel = coach.panel("Guided game · step 8 of 22", "Defend the 4.", log)
    assert placement_problems(ledger) == []
    pieces = [p for p in ledger if p.text in long and p.text != long]
    assert len(pieces) >= 2  # wrapped, not shrunk to one line
    newest = max(p.ink.bottom for p in pieces)
    assert all(p.ink.bottom < newest for p in ledger if p.text == "Round 1.")
    assert newest <= panel.get_height() - coach_module.PAD


def test_the_arrow_goes_round_the_prompt_line():
    surface = pygame.Surface((1280, 720))
    panel = pygame.Rect(14, 290, 410, 214)
    prompt = pygame.Rect(268, 495, 744, 33)
    twelve = pygame.Rect(866, 566, 100, 140).inflate(18, 18)
    coach_module._arrow(surface, panel, twelve, prompt)
    crossed = [
        (x, y)
        for x in range(prompt.left, prompt.right, 4)
        for y in range(prompt.top, prompt.bottom, 3)
        if surface.get_at((x, y))[:3] != (0, 0, 0)
    ]
    assert crossed == []
    assert surface.get_at((twelve.centerx, twelve.top + 8))[:3] != (0, 0, 0)  # it arrives
