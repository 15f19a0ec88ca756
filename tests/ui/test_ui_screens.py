"""The screens, driven with synthetic clicks and keys on the dummy driver."""

from __future__ import annotations

import re

import pygame
import pygame_gui
import pytest

from tacocat.persistence.settings import load_settings
from tacocat.rules import Ruleset
from tacocat.rules.variants import VARIANTS
from tacocat.ui.scenes.new_game import NewGameScene
from tacocat.ui.scenes.pass_device import PassDeviceScene
from tacocat.ui.scenes.rules import PAGES, RulesScene, rules_text
from tacocat.ui.scenes.settings import SAVE_DELAY, SettingsScene
from tacocat.ui.text.i18n import tr


def _settle(app, run_frames):
    """Skip the title's intro (Space, as a player may) so buttons sit where they are clicked."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    run_frames(app, 2)
    assert not app.scenes.is_animating()


def _button_texts(scene) -> list[str]:
    return [b.text for b in scene.buttons.values()]


def test_title_offers_continue_only_when_a_save_exists(make_app, fake_saves, run_frames):
    with_save = make_app(saves=fake_saves(autosave=True))
    assert "continue" in with_save.scenes.top.buttons
    assert tr("tacocat.title.continue") in _button_texts(with_save.scenes.top)
    with_save._shutdown()
    without = make_app(saves=fake_saves(autosave=False))
    assert "continue" not in without.scenes.top.buttons
    assert tr("tacocat.title.continue") not in _button_texts(without.scenes.top)


def test_clicking_continue_asks_the_save_store(make_app, fake_saves, run_frames, click):
    saves = fake_saves(autosave=True, problem="Your saved game is damaged.")
    app = make_app(saves=saves)
    _settle(app, run_frames)
    click(app, app.scenes.top.buttons["continue"])
    assert saves.loads and app.scenes.top.name == "message"


def test_clicking_new_game_opens_the_new_game_screen(make_app, run_frames, click):
    app = make_app()
    _settle(app, run_frames)
    click(app, app.scenes.top.buttons["new_game"])
    assert app.scenes.top.name == "new_game"


def test_an_overlay_swallows_clicks_meant_for_the_scene_below(make_app, run_frames, click):
    app = make_app()
    _settle(app, run_frames)
    title = app.scenes.top
    app.open("settings")
    run_frames(app, 2)
    click(app, title.buttons["new_game"])  # where the button is, under the settings panel
    assert [s.name for s in app.scenes.stack] == ["title", "settings"]


def test_new_game_builds_a_hotseat_config_and_remembers_names(make_app, run_frames, click):
    app = make_app()
    started = []
    app.start_game = started.append
    app.scenes.switch(NewGameScene(app))
    scene = app.scenes.top
    run_frames(app, 2)
    click(app, scene.hotseat_button)
    scene.first_name.set_text("  Ana  ")
    scene.second_name.set_text("Bruno")
    assert list(scene.variant_boxes) == [v.name for v in VARIANTS]  # the rules' table
    click(app, scene.variant_boxes["tie_goes_to_arrow"])
    click(app, scene.start_button)
    config = started[0]
    assert (config.mode, config.names) == ("hotseat", ("Ana", "Bruno"))
    assert config.ruleset == Ruleset(tie_goes_to_arrow=True)
    assert load_settings(app.data_dir)[0].player_names == ("Ana", "Bruno")


def test_new_game_vs_ai_second_seat_puts_the_human_second(make_app, run_frames, click):
    app = make_app()
    started = []
    app.start_game = started.append
    app.scenes.switch(NewGameScene(app))
    scene = app.scenes.top
    run_frames(app, 2)
    click(app, scene.level_buttons["hard"])
    click(app, scene.seat_buttons[1])
    scene.your_name.set_text("")  # an empty name falls back to the default
    click(app, scene.start_button)
    config = started[0]
    assert (config.mode, config.level, config.human_seat, config.ruleset) == (
        "vs_ai",
        "hard",
        1,
        Ruleset(),
    )
    assert config.names == (tr("tacocat.names.computer"), tr("tacocat.names.moon"))
    assert load_settings(app.data_dir)[0].ai_level == "hard"


def test_pass_device_ignores_early_clicks_and_accepts_later_ones(make_app, run_frames, click):
    app = make_app()
    ready = []
    scene = PassDeviceScene(app, "Ana", lambda: ready.append("Ana"), seat=0, other="Bruno")
    app.scenes.push(scene)
    run_frames(app, 1, dt=0.1)  # 0.1 s after it appeared
    click(app, scene.button, frames=2, dt=0.0)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    run_frames(app, 1, dt=0.0)
    assert ready == [] and app.scenes.top is scene
    run_frames(app, 4, dt=0.1)  # 0.5 s
    click(app, scene.button)
    assert ready == ["Ana"] and app.scenes.top is not scene


def test_pass_device_covers_everything_below(make_app):
    app = make_app()
    scene = PassDeviceScene(app, "Bruno", lambda: None, seat=1)
    app.scenes.push(scene)
    assert scene.opaque  # the scene below is not even drawn


def test_settings_changes_are_saved(make_app, run_frames, click):
    app = make_app()
    app.scenes.push(SettingsScene(app))
    scene = app.scenes.top
    run_frames(app, 2)
    click(app, scene.speed_buttons["fast"])
    click(app, scene.mute_box)
    click(app, scene.motion_box)
    saved = load_settings(app.data_dir)[0]
    assert (saved.animation_speed, saved.muted, saved.reduced_motion) == ("fast", True, True)
    assert app.audio.muted


def test_dragging_a_volume_slider_applies_live_and_saves_after_a_pause(make_app, run_frames):
    app = make_app()
    app.scenes.push(SettingsScene(app))
    scene = app.scenes.top
    scene.sound_slider.set_current_value(30)
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=scene.sound_slider, value=30
        )
    )
    run_frames(app, 1)
    assert app.settings.sound_volume == pytest.approx(0.3)
    assert app.audio.sound_volume == pytest.approx(0.3)
    assert load_settings(app.data_dir)[0].sound_volume == pytest.approx(0.8)  # not yet
    run_frames(app, int(SAVE_DELAY / 0.05) + 2, dt=0.05)
    assert load_settings(app.data_dir)[0].sound_volume == pytest.approx(0.3)


def test_settings_done_closes_the_overlay(make_app, run_frames, click):
    app = make_app()
    app.open("settings")
    run_frames(app, 2)
    click(app, app.scenes.top.done_button)
    assert app.scenes.top.name == "title"


def test_every_rules_page_has_its_text(make_app):
    make_app()
    from tacocat.ui.scenes.rules import page_text, page_title

    for page in PAGES:
        assert "tacocat." not in page_text(page) and "tacocat." not in page_title(page)


@pytest.mark.parametrize(
    ("ruling", "phrases"),
    [
        ("deck composition", ["38 cards", "three of each value from 1 to 12", "two more 7s"]),
        ("board", ["4 5 6 7 6 5 4", "two arrows", "behind"]),
        ("secret centre replacement", ["in secret", "revealed together"]),
        ("replacement limit", ["up to the same number", "once"]),
        (
            "draw order",
            [
                "first cards off the shuffled deck",
                "Whoever replaces first draws first",
                "first player draws first",
            ],
        ),
        (
            "tie duel and last card to showdown",
            ["duel again", "single card", "straight to the showdown"],
        ),
        (
            "sets and sequences",
            ["two or more cards of the same value", "three or more cards in a row"],
        ),
        ("last card rule", ["never attack with your last card"]),
        ("defence", ["equal or higher", "always counts as a defence"]),
        ("sacrifice", ["lowest"]),
        ("jumbo order", ["from its lowest card to its highest"]),
        ("showdown", ["lower card wins the round"]),
        ("ties", ["same space", "arrow's player", "except on the centre space"]),
        ("movement", ["skipping covered spaces", "enters the goal"]),
        ("winning", ["first player to win 4 rounds"]),
    ],
)
def test_rules_text_covers_each_rule_and_ruling(make_app, ruling, phrases):
    make_app()
    text = re.sub(r"<[^>]+>", "", rules_text()).replace("\u00a0", " ")  # drop the markup
    for phrase in phrases:
        assert phrase in text, f"{ruling}: {phrase!r} missing"


def test_rules_buttons_and_arrows_turn_pages(make_app, run_frames, click):
    app = make_app()
    app.scenes.push(RulesScene(app))
    scene = app.scenes.top
    run_frames(app, 2)
    click(app, scene.next_button)
    assert scene.page == PAGES[1]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    run_frames(app, 1)
    assert scene.page == PAGES[2]


def test_menu_resume_and_quit_to_title(make_app, run_frames, click):
    app = make_app()
    app.open("menu")
    app.open("menu")  # a second Esc does not stack a second menu
    assert [s.name for s in app.scenes.stack] == ["title", "menu"]
    run_frames(app, 2)
    click(app, app.scenes.top.resume_button)
    assert app.scenes.top.name == "title"
    app.open("menu")
    run_frames(app, 2)
    click(app, app.scenes.top.quit_button)
    assert [s.name for s in app.scenes.stack] == ["title"]


def test_message_ok_closes_and_calls_back(make_app, run_frames, click):
    app = make_app()
    closed = []
    scene = app.show_message(
        "Save refused", "The file is damaged.", on_close=lambda: closed.append(1)
    )
    run_frames(app, 2)
    click(app, scene.ok_button)
    assert closed == [1] and app.scenes.top.name == "title"
