"""Sound effects and music that can never stop the game.

:class:`Audio` opens the mixer once. With no audio device (``pygame.error``)
it logs one line and stays silent: every method still works and does nothing.
Sounds are loaded on first use from ``assets/sounds/<name>.wav``; a missing or
broken file is logged once and then ignored. Volumes and mute apply at once,
also to the music that is already playing.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

from tacocat.resources import asset_path
from tacocat.ui.devices.stderr import c_stderr_captured

log = logging.getLogger(__name__)

#: The effects the game uses; other names work too if a file exists.
SOUND_NAMES = (
    "deal",
    "flip",
    "play",
    "slide",
    "hop",
    "tile",
    "win",
    "round",
    "click",
    "error",
    "lose",
    "tie",
)
MUSIC_FILE = "music.ogg"


class Audio:
    """The game's mixer front end.

    :param folder: where the ``.wav`` files are (default ``assets/sounds``).
    """

    def __init__(
        self,
        sound_volume: float = 0.8,
        music_volume: float = 0.5,
        muted: bool = False,
        folder: Path | None = None,
    ) -> None:
        self.folder = folder or asset_path("sounds")
        self.sound_volume = sound_volume
        self.music_volume = music_volume
        self.muted = muted
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._music_playing = False
        self.enabled = self._open_mixer()

    @staticmethod
    def _open_mixer() -> bool:
        # With no sound card, SDL's ALSA backend (the C library itself) prints
        # some eight lines to the process's stderr before failing; the player
        # should see only our one line, so that chatter goes to the debug log.
        with c_stderr_captured() as chatter:
            try:
                if not pygame.mixer.get_init():
                    # A small buffer keeps clicks in time with the animation.
                    pygame.mixer.pre_init(44100, -16, 2, 512)
                    pygame.mixer.init()
                error = None
            except pygame.error as failure:
                error = failure
        if chatter:
            log.debug("the audio system said: %s", " | ".join(chatter))
        if error is not None:
            log.warning("no audio device (%s); the game runs silently", error)
            return False
        return True

    # --- settings -----------------------------------------------------------------

    def set_levels(self, sound_volume: float, music_volume: float, muted: bool) -> None:
        """Apply new volumes (0..1) and mute now."""
        self.sound_volume = min(1.0, max(0.0, sound_volume))
        self.music_volume = min(1.0, max(0.0, music_volume))
        self.muted = muted
        if self.enabled and self._music_playing:
            pygame.mixer.music.set_volume(self._music_level())

    def _music_level(self) -> float:
        return 0.0 if self.muted else self.music_volume

    # --- effects ------------------------------------------------------------------

    def play(self, name: str) -> None:
        """Play the effect ``name`` once (nothing when silent, muted or missing)."""
        if not self.enabled or self.muted or self.sound_volume <= 0:
            return
        sound = self._sound(name)
        if sound is None:
            return
        sound.set_volume(self.sound_volume)
        try:
            sound.play()
        except pygame.error as error:  # device lost mid-game: keep playing silently
            log.warning("could not play %s (%s)", name, error)

    def preload(self, name: str) -> None:
        """Load the effect ``name`` now, so its first ``play`` does not read a file
        mid-animation (the app does this while idle)."""
        if self.enabled:
            self._sound(name)

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name in self._sounds:
            return self._sounds[name]
        path = self.folder / f"{name}.wav"
        sound: pygame.mixer.Sound | None
        try:
            sound = pygame.mixer.Sound(str(path))
        except (pygame.error, FileNotFoundError, OSError) as error:
            log.warning("sound %s could not be loaded (%s); it stays silent", path, error)
            sound = None
        self._sounds[name] = sound
        return sound

    # --- music --------------------------------------------------------------------

    def start_music(self) -> None:
        """Loop ``music.ogg`` (Ogg Vorbis, streamed by ``pygame.mixer.music``)."""
        if not self.enabled or self._music_playing:
            return
        path = self.folder / MUSIC_FILE
        try:
            pygame.mixer.music.load(str(path))
            pygame.mixer.music.set_volume(self._music_level())
            pygame.mixer.music.play(loops=-1, fade_ms=800)
        except (pygame.error, FileNotFoundError, OSError) as error:
            log.warning("music %s could not be played (%s)", path, error)
            return
        self._music_playing = True

    def stop_music(self) -> None:
        if self.enabled and self._music_playing:
            pygame.mixer.music.fadeout(300)
        self._music_playing = False

    @property
    def music_playing(self) -> bool:
        return self._music_playing

    def close(self) -> None:
        """Release the device (at exit)."""
        if self.enabled and pygame.mixer.get_init():
            pygame.mixer.music.stop()
            pygame.mixer.quit()
        self._music_playing = False
        self.enabled = False
