"""The narrator: sentences queued by the frame loop, spoken by a worker thread.

The frame loop only appends to a queue (:meth:`Narrator.speak` costs a lock
and a list append), so speech never delays a frame. The worker thread opens
the speech engine, in the game's language, the first time there is something
to say, and speaks one sentence at a time. ``interrupt=True`` (a new prompt)
drops the sentences still waiting: the player hears what is current, not a
backlog. A sentence of a ``kind`` (the table's prompt) replaces one of the
same kind still waiting, so a quickly changing prompt is said once, after
the log lines that led to it.

Silence is the failure mode: no library, no engine, no voice for the
language, or an engine that raises - each is logged once and narration then
says nothing until the language changes or narration is switched on again.

What may be said is the callers' business (:mod:`tacocat.ui.speech.table`
says only what the seat at the screen may see).
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable

from tacocat.ui.speech.engines import Engine, NoVoice, Pyttsx3Engine

log = logging.getLogger(__name__)

#: Sentences kept waiting at most (older ones are dropped: they are stale).
MAX_WAITING = 24


class Narrator:
    """Speaks text off the main loop. Off until :meth:`set_enabled` (the setting)."""

    def __init__(
        self,
        make_engine: Callable[[], Engine] = Pyttsx3Engine,
        *,
        enabled: bool = False,
        language: str = "en",
    ) -> None:
        self._make_engine = make_engine
        self._enabled = enabled
        self._language = language
        self._waiting: deque[tuple[str | None, str]] = deque(maxlen=MAX_WAITING)
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closing = False
        self._speaking = False
        #: Bumped when the language changes or narration is switched on: the
        #: worker (re)opens its engine for it.
        self._generation = 0
        self._failed_generation = -1
        self._logged: set[str] = set()

    # --- the API the game uses ------------------------------------------------------------

    @property
    def enabled(self) -> bool:
        return self._enabled

    def set_enabled(self, enabled: bool) -> None:
        """Narration on or off (the *Narration* setting); off drops what waits."""
        with self._wake:
            if enabled and not self._enabled:
                self._generation += 1  # a failed engine gets another try
            self._enabled = enabled
            if not enabled:
                self._waiting.clear()

    def set_language(self, language: str) -> None:
        """Speak ``language`` from now on (the engine is reopened with its voice)."""
        with self._wake:
            if language != self._language:
                self._language = language
                self._generation += 1
                self._waiting.clear()

    def speak(self, text: str | None, interrupt: bool = False, kind: str | None = None) -> None:
        """Say ``text`` after what is waiting, or instead of it with ``interrupt``;
        a ``kind`` replaces a waiting sentence of the same kind.

        Never blocks. Does nothing while narration is off or the engine failed.
        """
        if not self._enabled or not text:
            return
        text = " ".join(text.replace("\u200b", "").split())  # Lao's word breaks are not spoken
        if not text:
            return
        with self._wake:
            if self._failed_generation == self._generation:
                return
            if interrupt:
                self._waiting.clear()
            elif kind is not None and any(k == kind for k, _ in self._waiting):
                kept = [item for item in self._waiting if item[0] != kind]
                self._waiting.clear()
                self._waiting.extend(kept)
            self._waiting.append((kind, text))
            self._start_worker()
            self._wake.notify()

    def say_focus(self, label: str, state: str | None = None) -> None:
        """The focused control, e.g. ``say_focus("Reduced motion", "on")``: interrupts."""
        self.speak(f"{label}, {state}" if state else label, interrupt=True)

    def idle(self) -> bool:
        """True when nothing waits and nothing is being spoken."""
        with self._wake:
            return not self._waiting and not self._speaking

    def wait_idle(self, timeout: float = 5.0) -> bool:
        """Block until :meth:`idle` (tests and benches only, never the frame loop)."""
        with self._wake:
            return self._wake.wait_for(lambda: not self._waiting and not self._speaking, timeout)

    def close(self) -> None:
        """Stop the worker (the app's quit hook); what waits is dropped."""
        with self._wake:
            self._closing = True
            self._waiting.clear()
            self._wake.notify_all()
        thread = self._thread
        if thread is not None:
            thread.join(timeout=2.0)

    # --- the worker ---------------------------------------------------------------------------

    def _start_worker(self) -> None:
        if self._thread is None and not self._closing:
            self._thread = threading.Thread(target=self._run, name="narrator", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        engine: Engine | None = None
        opened_for = -1
        try:
            while True:
                with self._wake:
                    self._speaking = False
                    self._wake.notify_all()
                    self._wake.wait_for(lambda: self._closing or self._waiting)
                    if self._closing:
                        return
                    _, text = self._waiting.popleft()
                    generation, language = self._generation, self._language
                    self._speaking = True
                if opened_for != generation:
                    if engine is not None:
                        self._quietly(engine.close)
                    engine = self._open(language, generation)
                    opened_for = generation
                if engine is None:
                    continue
                try:
                    engine.say(text)
                except Exception as error:  # an engine's own failure: silence, logged once
                    self._fail(generation, f"speech engine failed: {error!r}")
                    self._quietly(engine.close)
                    engine = None
        finally:
            if engine is not None:
                self._quietly(engine.close)
            with self._wake:
                self._speaking = False
                self._wake.notify_all()

    def _open(self, language: str, generation: int) -> Engine | None:
        try:
            engine = self._make_engine()
            engine.open(language)
            return engine
        except NoVoice:
            self._fail(generation, f"no voice for {language!r}: narration is silent")
        except ImportError as error:
            self._fail(generation, f"no speech library ({error}): narration is silent")
        except Exception as error:
            self._fail(generation, f"speech engine could not start: {error!r}")
        return None

    def _fail(self, generation: int, message: str) -> None:
        with self._wake:
            if generation == self._generation:
                self._failed_generation = generation
                self._waiting.clear()
        if message not in self._logged:  # once, not per sentence
            self._logged.add(message)
            log.warning("narration: %s", message)

    @staticmethod
    def _quietly(action: Callable[[], None]) -> None:
        try:
            action()
        except Exception:
            log.debug("narration: engine close failed", exc_info=True)
