"""Speech engines the narrator can speak through.

An engine is used from one thread only (the narrator's worker): it is opened
there (:meth:`Engine.open`), speaks one sentence at a time (:meth:`Engine.say`
may block until the sentence is spoken) and is closed there.

* :class:`Pyttsx3Engine`: `pyttsx3 <https://pypi.org/project/pyttsx3/>`_,
  which reaches SAPI 5 on Windows, NSSpeechSynthesizer on macOS and eSpeak NG
  (libespeak-ng) on Linux; it picks a voice for the game's language.
* :class:`RecordingEngine`: remembers what it was asked to say (tests).

Why pyttsx3 and not accessible_output2, speechlight or speech-dispatcher's
bindings: docs/accessibility.md.
"""

from __future__ import annotations

import threading
from typing import Any, Protocol


class NoVoice(Exception):
    """The engine has no voice for the language (the narrator stays silent)."""


class Engine(Protocol):
    """What the narrator needs of a speech engine."""

    def open(self, language: str) -> None:
        """Get ready to speak ``language``; raises :class:`NoVoice` or any error."""

    def say(self, text: str) -> None:
        """Speak ``text`` (may block until it has been spoken)."""

    def close(self) -> None:
        """Release the engine."""


#: Our language codes -> the ISO 639 codes an engine's voices may list.
VOICE_LANGUAGES = {"en": ("en",), "fil": ("fil", "tl"), "lv": ("lv",), "lo": ("lo",), "sq": ("sq",)}
#: Windows' SAPI lists a voice's language as a hexadecimal LCID.
LCIDS = {
    "en": ("409", "809", "c09", "1009", "1409"),
    "fil": ("464",),
    "lv": ("426",),
    "lo": ("454",),
    "sq": ("41c",),
}


def voice_for(voices: list[Any], language: str) -> Any | None:
    """The first voice whose languages (or id) name ``language``, else None."""
    wanted = VOICE_LANGUAGES.get(language, (language,))
    lcids = LCIDS.get(language, ())
    for voice in voices:
        tags = [_tag(lang) for lang in (getattr(voice, "languages", None) or [])]
        ident = str(getattr(voice, "id", "")).lower()
        tail = ident.replace("\\", "/").rsplit("/", 1)[-1]
        if any(tag in lcids for tag in tags):
            return voice
        for code in wanted:
            if (
                any(
                    tag == code or tag.startswith(code + "-") or tag.startswith(code + "_")
                    for tag in tags
                )
                or tail == code
            ):
                return voice
    return None


def _tag(language: Any) -> str:
    """A voice's language as a lower-case tag (SAPI and espeak give str, old macOS bytes)."""
    if isinstance(language, bytes):
        language = language.decode("ascii", "ignore").lstrip("\x05")
    return str(language).lower()


class Pyttsx3Engine:
    """Speech through pyttsx3 (the system's own speech engine)."""

    def __init__(self, rate: int | None = None) -> None:
        self._engine: Any = None
        self._rate = rate

    def open(self, language: str) -> None:
        import pyttsx3  # not at module import: a missing library only silences narration

        engine = pyttsx3.init()
        voice = voice_for(list(engine.getProperty("voices") or []), language)
        if voice is None:
            raise NoVoice(language)
        engine.setProperty("voice", voice.id)
        if self._rate is not None:
            engine.setProperty("rate", self._rate)
        self._engine = engine

    def say(self, text: str) -> None:
        self._engine.say(text)
        self._engine.runAndWait()

    def close(self) -> None:
        engine, self._engine = self._engine, None
        if engine is not None:
            engine.stop()


class RecordingEngine:
    """Remembers every sentence instead of speaking it (tests; ``--narrate-to``-like runs).

    ``spoken`` holds ``(language, text)`` pairs in the order the worker spoke them.
    """

    def __init__(self, languages: tuple[str, ...] | None = None) -> None:
        self.spoken: list[tuple[str, str]] = []
        self.opened: list[str] = []
        self._languages = languages
        self._language = ""
        self.lock = threading.Lock()

    def open(self, language: str) -> None:
        if self._languages is not None and language not in self._languages:
            raise NoVoice(language)
        self._language = language
        self.opened.append(language)

    def say(self, text: str) -> None:
        with self.lock:
            self.spoken.append((self._language, text))

    def close(self) -> None:
        pass

    def texts(self) -> list[str]:
        with self.lock:
            return [text for _, text in self.spoken]
