#!/usr/bin/env bash
# dist/Tacocat.app (the onedir build's BUNDLE in build.spec) -> dist/tacocat-<version>-macos-<arch>.dmg
# (<arch>: universal for an app with both Intel and Apple silicon halves, as the release
# builds; else the app's one architecture, arm64 or x86_64)
#
#   bash packaging/macos/make_dmg.sh
#
# The disk image holds the app and a link to /Applications to drag it onto. Signing and
# notarisation, when the release workflow has the secrets, happen before (the app) and
# after (the image) this step: see .github/workflows/release.yml and docs/building.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
VERSION="$(sed -n 's/^__version__ = "\(.*\)"/\1/p' tacocat/__init__.py)"
test -d dist/Tacocat.app || { echo "no dist/Tacocat.app: build on macOS first" >&2; exit 1; }
ARCH="$(lipo -archs dist/Tacocat.app/Contents/MacOS/tacocat)"  # "x86_64 arm64", or one of them
if [[ " $ARCH " == *" x86_64 "* && " $ARCH " == *" arm64 "* ]]; then ARCH=universal; fi
STAGE="$(mktemp -d)"
trap 'rm -rf "$STAGE"' EXIT
cp -R dist/Tacocat.app "$STAGE/"
ln -s /Applications "$STAGE/Applications"
[ -f LICENSE ] && cp LICENSE "$STAGE/LICENSE.txt"
OUT="dist/tacocat-$VERSION-macos-$ARCH.dmg"
rm -f "$OUT"
hdiutil create -volname "Tacocat Spelled Backwards" -srcfolder "$STAGE" -fs HFS+ \
    -format UDZO -ov "$OUT"
echo "dmg: $OUT"
