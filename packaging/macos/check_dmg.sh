#!/usr/bin/env bash
# Open a disk image made by make_dmg.sh as a player would, and play a whole demo game
# with the app inside it, on this Mac's CPU:
#
#   bash packaging/macos/check_dmg.sh dist/tacocat-<version>-macos-universal.dmg
#
# Checks the image holds Tacocat.app (with both halves when it is named universal) and
# the Applications link, that the app's signature verifies (ad-hoc or Developer ID), and
# that the game runs from the image, from an empty folder, writing only its data folder.
# The release workflow runs it on Apple silicon and again on an Intel Mac.
set -euo pipefail
DMG="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
WORK="$(mktemp -d)"
MOUNT="$WORK/mount"
mkdir -p "$MOUNT" "$WORK/cwd"
hdiutil attach -nobrowse -readonly -mountpoint "$MOUNT" "$DMG" >/dev/null
trap 'hdiutil detach "$MOUNT" >/dev/null || true; rm -rf "$WORK"' EXIT
APP="$MOUNT/Tacocat.app"
test -d "$APP" && test -L "$MOUNT/Applications"
archs="$(lipo -archs "$APP/Contents/MacOS/tacocat")"
echo "dmg: $(basename "$DMG"): Tacocat.app for $archs, running on $(uname -m)"
case "$DMG" in
    *-universal.dmg) [[ " $archs " == *" x86_64 "* && " $archs " == *" arm64 "* ]] \
        || { echo "FAILED: a universal image holds a $archs app" >&2; exit 1; } ;;
esac
codesign --verify --strict --verbose=2 "$APP"
(cd "$WORK/cwd" && SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
    "$APP/Contents/MacOS/tacocat" --demo --speed 40 --seed 1 --data-dir "$WORK/data")
test -z "$(ls -A "$WORK/cwd")" || { echo "FAILED: it wrote into the working folder" >&2; exit 1; }
echo "demo game ok from the disk image"
