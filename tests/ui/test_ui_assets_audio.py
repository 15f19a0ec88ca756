"""Missing pictures and sounds, and a machine without an audio device: never a crash."""

from __future__ import annotations

import logging

import pygame
import pytest

from tacocat.resources import asset_path, resource_root
from tacocat.ui.devices.assets import Assets, bundled_font_path, load_theme
from tacocat.ui.devices.audio import Audio
from tacocat.ui.scenes.title import TitleScene


def test_resource_paths_are_absolute_and_independent_of_the_cwd(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert resource_root().is_absolute()
    assert asset_path("theme.json").is_file()


def test_resource_root_is_the_bundle_when_frozen(tmp_path, monkeypatch):
    monkeypatch.setattr("sys._MEIPASS", str(tmp_path), raising=False)
    assert asset_path("theme.json") == tmp_path.resolve() / "assets" / "theme.json"


def test_theme_paths_are_made_absolute(tmp_path):
    theme = tmp_path / "theme.json"
    theme.write_text(
        '{"button": {"font": {"name": "x", "regular_path": "fonts/x.ttf"},'
        ' "images": {"normal_image": {"path": "/abs/pic.png"}}}}',
        encoding="utf-8",
    )
    loaded = load_theme(theme)
    assert loaded["button"]["font"]["regular_path"] == str((tmp_path / "fonts/x.ttf").resolve())
    assert loaded["button"]["images"]["normal_image"]["path"] == "/abs/pic.png"


def test_bundled_font_is_found():
    assert bundled_font_path(bold=True).is_file()


def test_missing_image_gives_a_placeholder_of_the_asked_size(tmp_path, caplog):
    assets = Assets(root=tmp_path)
    with caplog.at_level(logging.WARNING):
        image = assets.image("cards/card_99", (100, 140))
        again = assets.image("cards/card_99", (50, 70))
    assert image.get_size() == (100, 140) and again.get_size() == (50, 70)
    assert assets.missing == ["cards/card_99.png"]
    assert (
        len([r for r in caplog.records if "card_99" in r.getMessage()]) == 1
    )  # once, not per frame


def test_unreadable_image_also_gives_a_placeholder(tmp_path):
    (tmp_path / "broken.png").write_bytes(b"this is not a png")
    assets = Assets(root=tmp_path)
    assert assets.image("broken", placeholder_size=(30, 40)).get_size() == (30, 40)
    assert assets.missing == ["broken.png"]


def test_scaled_images_are_cached(tmp_path):
    picture = pygame.Surface((20, 10), pygame.SRCALPHA)
    pygame.image.save(picture, str(tmp_path / "pic.png"))
    assets = Assets(root=tmp_path)
    assert assets.image("pic", (40, 20)) is assets.image("pic.png", (40, 20))
    assert assets.image("pic").get_size() == (20, 10)
    assert assets.missing == []


def test_title_tells_the_player_when_pictures_are_missing(make_app, tmp_path):
    app = make_app()
    app.assets = Assets(root=tmp_path / "no-images")
    app.scenes.switch(TitleScene(app))
    title = app.scenes.top
    assert title.notice is not None
    assert "missing" in title.notice.text.lower() and "card_01" in title.notice.text
    app.step(1 / 60)  # and the title still draws


def test_title_has_no_notice_when_everything_is_there(make_app):
    app = make_app()
    assert app.assets.missing == [] and app.scenes.top.notice is None


@pytest.fixture
def no_audio_device(monkeypatch):
    def refuse(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)


def test_without_an_audio_device_the_game_is_silent_not_broken(no_audio_device, caplog):
    with caplog.at_level(logging.WARNING):
        audio = Audio()
    assert not audio.enabled
    assert "no audio device" in caplog.text
    audio.play("click")
    audio.start_music()
    audio.set_levels(0.2, 0.3, True)
    audio.stop_music()
    audio.close()


def test_app_starts_without_an_audio_device(no_audio_device, make_app):
    app = make_app("--frames", "2")
    assert not app.audio.enabled
    assert app.run() == 0


def test_missing_sound_is_logged_once_and_stays_silent(tmp_path, caplog):
    audio = Audio(folder=tmp_path)
    with caplog.at_level(logging.WARNING):
        audio.play("hop")
        audio.play("hop")
    records = [r for r in caplog.records if "hop.wav" in r.getMessage()]
    assert len(records) == (1 if audio.enabled else 0)


def test_volume_and_mute_apply_at_once():
    audio = Audio(sound_volume=0.8, music_volume=0.5)
    audio.set_levels(1.5, -1.0, True)
    assert (audio.sound_volume, audio.music_volume, audio.muted) == (1.0, 0.0, True)
    audio.close()
