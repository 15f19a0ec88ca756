"""``python -m tacocat.server``: start the game server (tacocat/server/cli.py)."""

import sys

from tacocat.server.cli import main

sys.exit(main())
