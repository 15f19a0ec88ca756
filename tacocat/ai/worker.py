"""Computer moves and hints, computed off the main loop.

The bots are pure Python. A search running in a thread of the game process
would hold the GIL in long stretches and stutter the frame loop, so by
default every request goes to **one separate worker process** (started with
``spawn``: a fresh interpreter that imports only the rules and the AI, never
pygame). Requests and answers travel over a pipe; the main loop calls
:meth:`AIWorker.poll` once a frame, which never blocks, and each request's
:class:`concurrent.futures.Future` is completed there.

Closing never waits for a bot to finish thinking: :meth:`AIWorker.close`
terminates the process (or abandons the daemon thread) at once, so closing the
window while the computer thinks exits immediately.

Modes:

* ``"process"`` - the default (see above);
* ``"thread"`` - a daemon thread (used when a process cannot be started). Its
  search holds the GIL in long stretches: frames stall while it thinks
  (docs/performance.md), so it is only the fallback. Frozen builds use a
  process too: ``main.py`` calls ``multiprocessing.freeze_support()``;
* ``"inline"`` - computed inside ``submit`` (tests, and the last resort).

This module must not import pygame: the worker process imports it (an
import-linter contract in pyproject.toml keeps it so).
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import os
import queue
import random
import sys
import threading
import time
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from tacocat.ai.base import Bot
    from tacocat.ai.hints import Hint
    from tacocat.levels import PlayerKind
    from tacocat.rules import Action, GameRecord, Observation

#: A request to the worker: ``("choose", kind, key, observation, legal, seed)``,
#: ``("hint", observation, legal)``, ``("review", record, seat)``,
#: ``("cancel", request id)`` or ``("ping",)``.
Request = tuple[Any, ...]
#: One reply: ``(request id, ok, result or error text)``; a review's progress
#: comes as ``(request id, PROGRESS, (done, total))`` before its reply.
Reply = tuple[int, object, object]
PROGRESS = "progress"
#: Reports to a running request: its progress, and whether it was cancelled.
Report = Callable[[int, int], None]
Cancelled = Callable[[], bool]

log = logging.getLogger(__name__)

#: Seconds an answer may take before the worker is presumed dead and the
#: request is answered in the main process instead.
DEFAULT_TIMEOUT = 30.0


class _Brains:
    """The bots of one process, kept between requests (a bot may learn in a game)."""

    def __init__(self) -> None:
        self._bots: dict[tuple[str, Hashable], Bot] = {}

    def choose(
        self,
        kind: PlayerKind,
        key: Hashable,
        observation: Observation,
        legal: Sequence[Action],
        seed: int,
    ) -> Action:
        from tacocat.ai import make_bot  # here: the game process imports the bots only when needed

        bot = self._bots.get((kind, key))
        if bot is None:
            bot = make_bot(kind)
            self._bots[(kind, key)] = bot
        return bot.choose(observation, list(legal), random.Random(seed))

    def run(
        self, request: Request, report: Report | None = None, cancelled: Cancelled | None = None
    ) -> object:
        what = request[0]
        if what == "review":
            return self.review(request[1], request[2], report, cancelled)
        if what == "cancel":
            return None  # the review it names has ended already
        if what == "choose":
            _, kind, key, observation, legal, seed = request
            return self.choose(kind, key, observation, legal, seed)
        if what == "hint":
            from tacocat.ai.hints import suggest

            _, observation, legal = request
            return suggest(observation, list(legal))
        if what == "ping":
            return "pong"
        raise ValueError(f"unknown request {what!r}")

    @staticmethod
    def review(
        record: Any, seat: int, report: Report | None, cancelled: Cancelled | None
    ) -> object:
        """A game review as plain JSON data (:mod:`tacocat.ai.review`), None when cancelled."""
        from tacocat.ai.review import ReviewCancelled, review_game

        try:
            return review_game(record, seat, progress=report, cancelled=cancelled).to_dict()
        except ReviewCancelled:
            return None


#: How much lower the worker runs than the game (POSIX nice increment). On a
#: busy machine the frame loop then gets the CPU first; the computer's answer
#: comes a little later, which the move pacing hides.
WORKER_NICENESS = 10


def _lower_priority() -> None:
    """Make this process yield the CPU to the game's frame loop (best effort)."""
    try:
        if hasattr(os, "nice"):
            os.nice(WORKER_NICENESS)
        elif sys.platform == "win32":
            import ctypes

            below_normal = 0x00004000  # BELOW_NORMAL_PRIORITY_CLASS
            kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
            kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), below_normal)
    except Exception:  # an unusual platform or a sandbox: think at normal priority
        log.debug("could not lower the AI worker's priority", exc_info=True)


class _Inbox:
    """The worker process's end of the pipe, with a backlog: while a review runs,
    what arrives is read between its decisions (a cancel of it, or work for later)."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn
        self.backlog: list[Any] = []

    def next(self) -> Any:
        return self.backlog.pop(0) if self.backlog else self.conn.recv()

    def reporter(self, request_id: int) -> Report:
        def report(done: int, total: int) -> None:
            self.conn.send((request_id, PROGRESS, (done, total)))

        return report

    def canceller(self, request_id: int) -> Cancelled:
        def cancelled() -> bool:
            while self.conn.poll():
                waiting = self.conn.recv()
                if waiting is None:  # the game is closing: stop, then end the loop
                    self.backlog.append(None)
                    return True
                if tuple(waiting[1]) == ("cancel", request_id):
                    return True
                self.backlog.append(waiting)
            return False

        return cancelled


def _serve(conn: Any) -> None:
    """The worker process: answer requests until the pipe closes."""
    _lower_priority()
    brains = _Brains()
    inbox = _Inbox(conn)
    while True:
        try:
            message = inbox.next()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        if message is None:
            return
        request_id, request = message
        try:
            result = brains.run(request, inbox.reporter(request_id), inbox.canceller(request_id))
            reply: Reply = (request_id, True, result)
        except Exception as error:  # report it; the game answers in-process
            reply = (request_id, False, f"{type(error).__name__}: {error}")
        try:
            conn.send(reply)
        except (OSError, ValueError):
            return


class AIWorker:
    """Answers ``choose`` and ``hint`` requests without blocking the caller.

    :param mode: ``"process"``, ``"thread"`` or ``"inline"`` (see the module
        docstring); ``None`` picks ``process`` (or ``$TACOCAT_AI_WORKER``).
    """

    #: The worker process's main function (a test double may serve slowly).
    serve: Callable[[Any], None] = staticmethod(_serve)

    def __init__(self, mode: str | None = None, timeout: float = DEFAULT_TIMEOUT) -> None:
        if mode is None:
            mode = os.environ.get("TACOCAT_AI_WORKER") or "process"
        if mode not in ("process", "thread", "inline"):
            raise ValueError(f"unknown AI worker mode {mode!r}")
        self.mode = mode
        self.timeout = timeout
        self._ids = itertools.count(1)
        self._futures: dict[int, tuple[Future[Any], tuple[Any, ...], float]] = {}
        self._brains = _Brains()  # for inline answers and fallbacks
        self._process: Any = None
        self._conn: Any = None
        self._thread: threading.Thread | None = None
        self._inbox: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._outbox: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._closed = False
        #: Seconds each answered request took (for measurements and logs).
        self.latencies: list[float] = []
        self._reporters: dict[int, Report] = {}  # a running review's progress callback
        self._cancelled: set[int] = set()  # reviews cancelled (read by a thread worker)

    # --- starting -----------------------------------------------------------------

    def start(self) -> None:
        """Start the worker now (otherwise the first request starts it)."""
        if self._closed:
            return
        if self.mode == "process" and self._process is None:
            try:
                import multiprocessing

                context = multiprocessing.get_context("spawn")
                parent, child = context.Pipe()
                process = context.Process(
                    target=self.serve, args=(child,), name="tacocat-ai", daemon=True
                )
                process.start()
                child.close()
                self._process, self._conn = process, parent
            except Exception as error:
                log.warning("could not start the AI process (%s); thinking in a thread", error)
                self.mode = "thread"
        if self.mode == "thread" and self._thread is None:
            self._thread = threading.Thread(
                target=self._thread_main, name="tacocat-ai", daemon=True
            )
            self._thread.start()

    def _thread_main(self) -> None:
        brains = _Brains()
        while True:
            message = self._inbox.get()
            if message is None:
                return
            request_id, request = message

            def report(done: int, total: int, request_id: int = request_id) -> None:
                self._outbox.put((request_id, PROGRESS, (done, total)))

            def cancelled(request_id: int = request_id) -> bool:
                return request_id in self._cancelled

            try:
                self._outbox.put((request_id, True, brains.run(request, report, cancelled)))
            except Exception as error:
                self._outbox.put((request_id, False, f"{type(error).__name__}: {error}"))

    # --- requests -----------------------------------------------------------------

    # (Each public request says what its future holds; the worker's plumbing carries
    # any request, so the cast is where the type is known.)

    def choose(
        self,
        kind: PlayerKind,
        key: Hashable,
        observation: Observation,
        legal: Sequence[Action],
        seed: int,
    ) -> Future[Action]:
        """A bot of ``kind`` (kept per ``key``) picks one of ``legal``."""
        return cast(
            "Future[Action]", self._submit(("choose", kind, key, observation, tuple(legal), seed))
        )

    def hint(self, observation: Observation, legal: Sequence[Action]) -> Future[Hint | None]:
        """A :class:`tacocat.ai.hints.Hint` for this position (deterministic: no seed)."""
        return cast("Future[Hint | None]", self._submit(("hint", observation, tuple(legal))))

    def review(
        self, record: GameRecord, seat: int, progress: Report | None = None
    ) -> Future[dict[str, Any] | None]:
        """A game review of ``seat`` in ``record`` (a :class:`~tacocat.rules.GameRecord`):
        the future's result is :meth:`tacocat.ai.review.Review.to_dict`'s plain data, or
        None when cancelled (:meth:`cancel`). ``progress(done, total)`` is called from
        :meth:`poll` as decisions are rated. A failed review is not redone in the game
        process (it would stall the frames): its future holds the error."""
        return cast(
            "Future[dict[str, Any] | None]", self._submit(("review", record, seat), progress)
        )

    def cancel(self, future: Future[Any]) -> None:
        """Stop a review between two decisions; its future's result becomes None."""
        for request_id, (pending, _, _) in list(self._futures.items()):
            if pending is future:
                self._cancelled.add(request_id)
                if self.mode == "process":
                    with contextlib.suppress(OSError, ValueError, AttributeError):
                        self._conn.send((0, ("cancel", request_id)))

    def _submit(self, request: tuple[Any, ...], progress: Report | None = None) -> Future[Any]:
        future: Future[Any] = Future()
        if self._closed:
            future.cancel()
            return future
        if self.mode == "inline":
            self._answer_here(future, request, progress)
            return future
        self.start()
        request_id = next(self._ids)
        if progress is not None:
            self._reporters[request_id] = progress
        self._futures[request_id] = (future, request, time.monotonic())
        if self.mode == "process":
            try:
                self._conn.send((request_id, request))
            except (OSError, ValueError, AttributeError) as error:
                self._worker_lost(f"could not send a request ({error})")
        else:
            self._inbox.put((request_id, request))
        return future

    def _answer_here(
        self, future: Future[Any], request: tuple[Any, ...], progress: Report | None = None
    ) -> None:
        started = time.perf_counter()
        try:
            future.set_result(self._brains.run(request, progress))
        except Exception as error:
            future.set_exception(error)
        self.latencies.append(time.perf_counter() - started)

    @property
    def busy(self) -> bool:
        """True while some request is unanswered."""
        return bool(self._futures)

    def poll(self) -> None:
        """Complete the futures whose answers have arrived. Never blocks."""
        if self._closed or not self._futures:
            return
        replies = []
        if self.mode == "process":
            try:
                while self._conn.poll():
                    replies.append(self._conn.recv())
            except (EOFError, OSError) as error:
                for reply in replies:
                    self._deliver(*reply)
                self._worker_lost(f"the AI process stopped ({error})")
                return
        else:
            while True:
                try:
                    replies.append(self._outbox.get_nowait())
                except queue.Empty:
                    break
        for reply in replies:
            self._deliver(*reply)
        now = time.monotonic()
        for request_id, (_, _, sent) in list(self._futures.items()):
            if now - sent > self.timeout:
                self._worker_lost(f"request {request_id} took more than {self.timeout:.0f} s")
                break

    def _deliver(self, request_id: int, ok: object, result: Any) -> None:
        if ok == PROGRESS:
            self._progress(request_id, result)
            return
        self._reporters.pop(request_id, None)
        self._cancelled.discard(request_id)
        entry = self._futures.pop(request_id, None)
        if entry is None:
            return
        future, request, sent = entry
        self.latencies.append(time.monotonic() - sent)
        if future.cancelled():
            return
        if ok:
            future.set_result(result)
        else:
            log.warning("the AI failed (%s); answering in the game process", result)
            self._fallback(future, request)

    def _fallback(self, future: Future[Any], request: tuple[Any, ...]) -> None:
        """Answer here what the worker could not - but not a review: a whole game's
        analysis in the game process would stall the frames."""
        if request[0] == "review":
            future.set_exception(RuntimeError("the AI worker could not review the game"))
        else:
            self._answer_here(future, request)

    def _progress(self, request_id: int, counts: tuple[int, int]) -> None:
        entry = self._futures.get(request_id)
        if entry is None:
            return
        # A review reporting progress is alive: its timeout counts from the last report.
        self._futures[request_id] = (entry[0], entry[1], time.monotonic())
        report = self._reporters.get(request_id)
        if report is not None:
            report(*counts)

    def _worker_lost(self, why: str) -> None:
        """The worker died or hung: answer what is pending here, think inline from now on."""
        log.warning("%s; the computer now thinks in the game process", why)
        self._stop_worker()
        self.mode = "inline"
        pending, self._futures = self._futures, {}
        for future, request, _ in pending.values():
            if not future.cancelled():
                self._fallback(future, request)

    # --- stopping -----------------------------------------------------------------

    def cancel_all(self) -> None:
        """Forget every pending request (their answers will be ignored)."""
        for future, _, _ in self._futures.values():
            future.cancel()
        self._futures.clear()

    def close(self) -> None:
        """Stop at once, without waiting for a bot that is thinking."""
        if self._closed:
            return
        self._closed = True
        self.cancel_all()
        self._stop_worker()

    def _stop_worker(self) -> None:
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if conn is not None:
            with contextlib.suppress(OSError):
                conn.close()
        if process is not None:
            try:
                if process.is_alive():
                    process.terminate()
                process.join(timeout=0.5)
                if process.is_alive():
                    process.kill()
                    process.join(timeout=0.5)
            except Exception:  # never let shutting down raise
                log.debug("stopping the AI process failed", exc_info=True)
        if self._thread is not None:
            # A daemon thread: it cannot be killed, but it cannot keep the app alive either.
            self._inbox.put(None)
            self._thread = None

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()
