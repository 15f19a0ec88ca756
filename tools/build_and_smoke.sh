#!/usr/bin/env bash
# Build the executable with PyInstaller and play one whole demo game with it,
# headless, from another working directory. Used by .ci/run.
#   bash tools/build_and_smoke.sh [PYTHON]      (default: python3)
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${1:-python3}"
ROOT="$(pwd)"

"$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN build.spec

DATA="$(mktemp -d)"
trap 'rm -rf "$DATA"' EXIT
cd "$DATA"   # not the source tree: resources must come from the bundle
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy timeout 300 \
    "$ROOT/dist/tacocat/tacocat" --demo --speed 40 --seed 1 --data-dir "$DATA/data"
echo "frozen demo: exit 0; bundle $(du -sm "$ROOT/dist/tacocat" | cut -f1) MB"
test -z "$(ls "$ROOT/dist/tacocat" | grep -E '^(settings|autosave|tacocat\.log)' || true)"
