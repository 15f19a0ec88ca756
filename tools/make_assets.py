"""Generate every image and sound in ``assets/``: ``python tools/make_assets.py [--out DIR]``.

The generator itself is the package :mod:`tools.assets` (one module per job); this file is
the command the README, docs/building.md and the tests have always used.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a plain script

from tools.assets.build import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
