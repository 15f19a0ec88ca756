"""The guided first game on the real table (dummy video driver)."""

from __future__ import annotations

import json

import pygame
import pytest
from table_helpers import click, key, step
from tutorial_driver import make_move, play_to_the_end, start_tutorial, tutorial_of, wait_for_move

from tacocat.persistence.tutorial import load_progress
from tacocat.rules import Respond
from tacocat.tutorial import LESSONS
from tacocat.ui.text import i18n

LANGUAGES = sorted(p.name.split(".")[1] for p in i18n.translations_dir().glob("tacocat.*.json"))


@pytest.fixture
def language():
    """Run a test in a language, then back to English."""
    yield i18n.set_language
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("lang", "keys"),
    [(lang, False) for lang in LANGUAGES] + [("en", True)],
    ids=[*LANGUAGES, "en-keyboard"],
)
def test_the_guided_game_completes_by_clicks_and_teaches_every_lesson(
    make_app, language, lang, keys
):
    language(lang)
    app, scene = start_tutorial(make_app)
    play_to_the_end(app, scene, keys=keys)
    state = scene.session.state
    assert state.is_over and state.winner == 0
    assert state.wins[0] >= 4 and state.tied_rounds >= 1
    # What the player's moves (and the answers they forced) caused, read from the events.
    assert sorted(scene.session.learned) == sorted(LESSONS)
    assert scene.session.refusals == []
    from tacocat.ui.scenes.game_over import GameOverScene

    assert isinstance(app.scenes.top, GameOverScene)
    assert load_progress(app.data_dir).finished
    assert app.stats.games_played == 0  # a lesson, not a game
    for step_ in scene.tutorial.steps:
        text = i18n.tr(f"tacocat.tutorial.coach.{step_.coach}")
        assert text != f"tacocat.tutorial.coach.{step_.coach}"


def test_a_wrong_move_is_refused_with_a_friendly_word_and_changes_nothing(make_app):
    app, scene = start_tutorial(make_app)
    wait_for_move(app, scene)
    state = scene.session.state
    # Step 1 teaches replacing the 12: keeping the hand (a legal move) is refused.
    click(app, scene.buttons["secondary"].rect.center)
    assert scene.session.state is state
    text, tone = scene.prompt_text()
    assert tone == "error"
    assert text.startswith(i18n.tr("tacocat.tutorial.refused"))
    assert scene.session.refusals
    # An illegal move is refused in the same words.
    assert scene.session.submit(Respond(0, 1)) == scene.session.refusals[-1]
    assert scene.session.state is state
    make_move(app, scene, scene.tutorial.steps[0].expect)
    assert scene.session.step == 1


def test_the_hint_is_the_taught_move(make_app):
    app, scene = start_tutorial(make_app, 3)
    wait_for_move(app, scene)
    key(app, pygame.K_h)
    step(app, 2)
    assert [s.value for s in scene.controls.selected] == [9]
    text, tone = scene.prompt_text()
    assert tone == "hint" and i18n.tr("tacocat.tutorial.hint") in text
    click(app, scene.buttons["primary"].rect.center)
    assert scene.session.step == 4


def test_leave_and_resume_continues_at_the_step(make_app):
    app, scene = start_tutorial(make_app)
    tutorial = scene.tutorial
    for index in range(7):
        wait_for_move(app, scene)
        make_move(app, scene, tutorial.steps[index].expect)
    wait_for_move(app, scene)
    # Esc -> the menu -> Quit to title.
    key(app, pygame.K_ESCAPE)
    click(app, app.scenes.top.quit_button.rect.center)
    step(app, 3)
    assert app.scenes.top.name == "title"
    saved = json.loads((app.data_dir / "tutorial.json").read_text())
    assert saved["step"] == 7 and saved["finished"] is False
    # --tutorial picks it up at that step, where the same move is expected.
    app2 = make_app("--tutorial")
    app2.settings = app.settings
    step(app2, 3)
    scene2 = tutorial_of(app2)
    assert scene2.session.step == 7
    assert scene2.session.state.hands == tutorial.state_at(7).hands
    wait_for_move(app2, scene2)
    assert scene2.coach_showing()
    make_move(app2, scene2, tutorial.steps[7].expect)
    assert scene2.session.step == 8


def _title_has_tutorial(app: object) -> bool:
    from tacocat.ui.scenes.title import TitleScene

    title = app.scenes.top  # type: ignore[attr-defined]
    assert isinstance(title, TitleScene)
    return "tutorial" in title.buttons


def test_the_title_offers_it_until_a_game_or_the_guided_game_is_finished(make_app, tmp_path):
    from tacocat.persistence.stats import save_stats
    from tacocat.persistence.tutorial import TutorialProgress, save_progress

    app = make_app()
    assert _title_has_tutorial(app)
    key(app, pygame.K_SPACE)  # the buttons rise into place: land them
    click(app, app.scenes.top.buttons["tutorial"].rect.center, frames=4)
    assert app.scenes.top.name == "tutorial"
    save_stats(tmp_path, app.stats.record_game("vs_ai", "easy", True, rounds_won=4, rounds_lost=0))
    assert not _title_has_tutorial(make_app())
    (tmp_path / "stats.json").unlink()
    save_progress(tmp_path, TutorialProgress(0, True))
    assert not _title_has_tutorial(make_app())


def test_how_to_play_always_reaches_it(make_app, tmp_path):
    from tacocat.persistence.tutorial import TutorialProgress, save_progress

    save_progress(tmp_path, TutorialProgress(3, True))
    app = make_app()
    app.open("rules")
    step(app, 3)
    click(app, app.scenes.top.tutorial_button.rect.center, frames=4)
    scene = tutorial_of(app)
    assert scene.session.step == 3


def test_the_command_line_opens_it():
    from tacocat.cli import parse_args

    assert parse_args(["--tutorial"]).tutorial
    with pytest.raises(SystemExit):
        parse_args(["--tutorial", "--demo"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_coach_text_fits_its_panel(make_app, language, lang):
    from tacocat.tutorial import Tutorial
    from tacocat.ui.tutorial import coach as C
    from tacocat.ui.tutorial.session import coach_text
    from tacocat.ui.widgets.style import TextCache
    from tacocat.ui.widgets.text_box import recording

    language(lang)
    app = make_app()
    mark = C.CoachMark(TextCache(lambda size, bold: app.assets.font(size, bold=bold)))
    tutorial = Tutorial()
    for index in range(len(tutorial)):
        body = coach_text(tutorial, index)
        heading = i18n.tr("tacocat.tutorial.heading", step=index + 1, steps=len(tutorial))
        with recording() as placed:
            panel = mark.panel(heading, body)
        assert placed, "the coach panel drew no text"
        for item in placed:
            where = (lang, tutorial.steps[index].coach, item.text)
            assert not item.squeezed, where
            assert panel.get_rect().contains(item.box), where
            assert item.box.contains(item.ink), where
        assert mark.panel(heading, body).get_height() <= C.PANEL_MAX_HEIGHT + 8  # + shadow
