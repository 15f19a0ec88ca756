"""Generate every image and sound in ``assets/``: ``python -m tools.make_assets [--out DIR]``.

The generator itself is the package :mod:`tools.assets` (one module per job); this file is
the command the README, docs/building.md and the tests have always used.
"""

from __future__ import annotations

import sys

from tools.assets.build import main

if __name__ == "__main__":
    sys.exit(main())
