"""Start Tacocat Spelled Backwards: `python main.py --help` lists the options."""

import sys

from tacocat.cli import main

if __name__ == "__main__":
    if getattr(sys, "frozen", False):
        # A frozen build starts its AI worker process by running this program again;
        # freeze_support() turns that run into the worker (a no-op otherwise).
        from multiprocessing import freeze_support

        freeze_support()
    sys.exit(main())
