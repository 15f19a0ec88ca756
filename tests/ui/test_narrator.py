"""The narrator: speech off the frame loop, interrupts, and silence when speech cannot work."""

from __future__ import annotations

import logging
import threading
import time

from tacocat.ui.speech.engines import NoVoice, RecordingEngine, voice_for
from tacocat.ui.speech.narrator import Narrator


class SlowEngine(RecordingEngine):
    """Takes ``delay`` seconds per sentence, on the thread it was called from."""

    def __init__(self, delay: float) -> None:
        super().__init__()
        self.delay = delay
        self.threads: set[str] = set()

    def say(self, text: str) -> None:
        self.threads.add(threading.current_thread().name)
        time.sleep(self.delay)
        super().say(text)


def test_speaking_never_blocks_the_caller_and_runs_on_the_worker():
    engine = SlowEngine(0.2)
    narrator = Narrator(lambda: engine, enabled=True)
    start = time.perf_counter()
    for n in range(5):
        narrator.speak(f"line {n}")
    assert time.perf_counter() - start < 0.05  # five sentences of 0.2 s queued at once
    assert narrator.wait_idle(3.0)
    assert engine.texts() == [f"line {n}" for n in range(5)]
    assert engine.threads == {"narrator"}
    narrator.close()


def test_interrupt_drops_what_waits_and_a_kind_replaces_its_own():
    engine = SlowEngine(0.15)
    narrator = Narrator(lambda: engine, enabled=True)
    narrator.speak("first")
    time.sleep(0.05)  # "first" is being spoken
    narrator.speak("stale 1")
    narrator.speak("prompt A", kind="prompt")
    narrator.speak("log line")
    narrator.speak("prompt B", kind="prompt")
    assert narrator.wait_idle(3.0)
    assert engine.texts() == ["first", "stale 1", "log line", "prompt B"]
    narrator.speak("x")
    time.sleep(0.05)
    narrator.speak("stale 2")
    narrator.say_focus("Narration", "on")
    assert narrator.wait_idle(3.0)
    assert engine.texts()[-2:] == ["x", "Narration, on"]
    narrator.close()


def test_lao_word_breaks_are_not_spoken():
    engine = RecordingEngine()
    narrator = Narrator(lambda: engine, enabled=True, language="lo")
    narrator.speak("ໄພ່\u200bໃນ\u200bມື")
    assert narrator.wait_idle(2.0) and engine.spoken == [("lo", "ໄພ່ໃນມື")]
    narrator.close()


def test_no_voice_for_the_language_is_silent_and_logged_once(caplog):
    engine = RecordingEngine(languages=("en", "lv"))
    narrator = Narrator(lambda: engine, enabled=True, language="lo")
    with caplog.at_level(logging.WARNING, logger="tacocat.ui.speech.narrator"):
        for _ in range(3):
            narrator.speak("ສະບາຍດີ")
            narrator.wait_idle(2.0)
    assert engine.spoken == []
    assert len([r for r in caplog.records if "no voice" in r.getMessage()]) == 1
    narrator.set_language("lv")  # a language with a voice speaks again
    narrator.speak("Sveiki")
    assert narrator.wait_idle(2.0) and engine.spoken == [("lv", "Sveiki")]
    narrator.close()


def test_a_missing_library_or_failing_engine_goes_silent(caplog):
    def missing():
        raise ImportError("No module named 'pyttsx3'")

    narrator = Narrator(missing, enabled=True)
    with caplog.at_level(logging.WARNING, logger="tacocat.ui.speech.narrator"):
        narrator.speak("hello")
        assert narrator.wait_idle(2.0)
        narrator.speak("again")  # refused at once: the engine failed for this language
        assert narrator.idle()
    assert [r.getMessage() for r in caplog.records if "no speech library" in r.getMessage()]
    narrator.close()

    class Broken(RecordingEngine):
        def say(self, text: str) -> None:
            raise OSError("audio device gone")

    narrator = Narrator(Broken, enabled=True)
    narrator.speak("hello")
    assert narrator.wait_idle(2.0)
    narrator.speak("again")
    assert narrator.idle()
    narrator.close()


def test_off_says_nothing_and_starts_no_thread():
    narrator = Narrator(RecordingEngine, enabled=False)
    narrator.speak("hello")
    assert narrator._thread is None and narrator.idle()


def test_a_voice_is_chosen_by_language():
    class Voice:
        def __init__(self, ident, languages):
            self.id, self.languages = ident, languages

    voices = [
        Voice("gmw/en", ["en"]),
        Voice("bat/lv", ["lv"]),
        Voice("ine/sq", ["sq"]),
        Voice("HKEY\\TTS\\MS-Anna", ["409"]),
        Voice("com.apple.voice.Laura", ["en_US"]),
    ]
    assert voice_for(voices, "lv").id == "bat/lv"
    assert voice_for(voices, "sq").id == "ine/sq"
    assert voice_for(voices, "en").id == "gmw/en"
    assert voice_for(voices, "lo") is None
    assert voice_for([Voice("x", [b"\x05fil"])], "fil").id == "x"
    assert voice_for([Voice("MS-Anna", ["409"]), Voice("MS-Ieva", ["426"])], "lv").id == "MS-Ieva"
    assert voice_for([Voice("com.apple.voice.Laura", ["en_US"])], "en") is not None


def test_no_voice_error_is_an_exception():
    assert issubclass(NoVoice, Exception)


def test_every_language_has_a_voice_row():
    """A language added to the game without its voice codes would speak English words
    in no voice at all: each needs its ISO codes and its Windows LCIDs."""
    from tacocat.languages import LANGUAGES
    from tacocat.ui.speech.engines import LCIDS, VOICE_LANGUAGES

    assert set(VOICE_LANGUAGES) == set(LANGUAGES) == set(LCIDS)
