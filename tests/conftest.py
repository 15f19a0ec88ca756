"""Shared test set-up: headless SDL before anything imports pygame."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import sys
from pathlib import Path

# Helpers shared by tests in several folders (worker_doubles) import by module name.
sys.path.insert(0, str(Path(__file__).resolve().parent))
