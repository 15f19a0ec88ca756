"""Reviews in the AI worker: off the frame loop, with progress, cancellable."""

from __future__ import annotations

import time

import pytest

from tacocat.ai.review import review_game
from tacocat.ai.worker import AIWorker

from .test_review import played_game


def wait(worker: AIWorker, future, seconds: float = 90.0, until=None):
    deadline = time.monotonic() + seconds
    while not future.done() and time.monotonic() < deadline:
        worker.poll()
        if until is not None and until():
            return None
        time.sleep(0.01)
    return future.result(timeout=0)


@pytest.mark.parametrize("mode", ["process", "thread"])
def test_the_worker_reviews_a_game_and_reports_progress(mode):
    record, seen = played_game(8), []
    worker = AIWorker(mode)
    try:
        future = worker.review(record, 0, progress=lambda done, total: seen.append((done, total)))
        result = wait(worker, future)
    finally:
        worker.close()
    assert result == review_game(record, 0).to_dict()
    total = len(result["moments"])
    assert seen == [(n, total) for n in range(1, total + 1)]


@pytest.mark.parametrize("mode", ["process", "thread"])
def test_a_cancelled_review_stops_between_decisions(mode):
    record, seen = played_game(11), []
    worker = AIWorker(mode)
    try:
        future = worker.review(record, 1, progress=lambda done, total: seen.append((done, total)))
        wait(worker, future, until=lambda: bool(seen))  # the first decision is rated
        worker.cancel(future)
        result = wait(worker, future)
        # The worker is free again at once: the next request is answered.
        assert wait(worker, worker._submit(("ping",)), seconds=30) == "pong"
    finally:
        worker.close()
    assert result is None
    assert seen and seen[-1][0] < seen[-1][1]


def test_a_review_is_not_redone_in_the_game_process_when_the_worker_dies():
    worker = AIWorker("process")
    try:
        future = worker.review(played_game(8), 0)
        worker.start()
        worker._process.kill()
        worker._process.join()
        with pytest.raises(RuntimeError, match="could not review"):
            wait(worker, future, seconds=30)
    finally:
        worker.close()
