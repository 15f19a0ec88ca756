"""Shared test set-up: headless SDL before anything imports pygame."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import sys
from pathlib import Path

# Helpers shared by tests in several folders (worker_doubles) import by module name.
sys.path.insert(0, str(Path(__file__).resolve().parent))
# The game picks its language from the locale on a first start: tests start in
# English whatever the machine's locale is (language tests pass --lang or set it).
os.environ["LC_ALL"] = "C.UTF-8"

import pytest  # noqa: E402 - after the environment above

#: The folders and files of the quick subset (``pytest -m quick``, under a minute on two
#: cores): the rules engine, the wire format, persistence, the tutorial's script and the
#: docs' examples - pure code, no window, no subprocess. Slow tests there stay out.
QUICK = ("rules", "net", "persistence", "tutorial", "test_docs_examples.py")
_TESTS = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        parts = item.path.relative_to(_TESTS).parts
        if parts[0] in QUICK and item.get_closest_marker("slow") is None:
            item.add_marker(pytest.mark.quick)


@pytest.fixture
def loopback_server(tmp_path):
    """A real Tacocat server on 127.0.0.1, on a thread of its own, its games in tmp_path
    (tests/online/server_thread.py)."""
    from tests.online.server_thread import ServerThread

    running = ServerThread(tmp_path / "server.db").start()
    yield running
    running.stop()
