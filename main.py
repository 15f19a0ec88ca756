"""Start Tacocat Spelled Backwards: `python main.py --help` lists the options."""

import sys

from tacocat.cli import main

if __name__ == "__main__":
    sys.exit(main())
