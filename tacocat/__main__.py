"""``python -m tacocat``: the same program as the ``tacocat`` command and ``main.py``."""

import sys

from tacocat.cli import main

if __name__ == "__main__":  # not when the AI worker process re-imports this module
    sys.exit(main())
