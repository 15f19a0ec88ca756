#!/usr/bin/env bash
# Build the double-click executable with PyInstaller and prove it works, headless, from
# another working directory. Used by .ci/run; see docs/building.md.
#
#   bash tools/build_and_smoke.sh [PYTHON]      (default: python3)
#
# The steps live in tools/smoke.py (one piece of code on every system: the release
# workflow runs it on Windows and macOS too); this wrapper is kept for the command line
# the docs and CI have always used. Set TACOCAT_SMOKE_ONEFILE=0 to skip the onefile build.
set -euo pipefail
cd "$(dirname "$0")/.."
exec "${1:-python3}" -m tools.smoke
