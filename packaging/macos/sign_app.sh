#!/usr/bin/env bash
# Sign dist/Tacocat.app with a Developer ID, inside out, for notarisation:
#
#   bash packaging/macos/sign_app.sh "Developer ID Application: Name (TEAMID)" [APP]
#
# Not `codesign --deep`, which signs nested code in no guaranteed order and with the
# app's options, a known cause of notarisation rejections for PyInstaller apps. Instead:
# every Mach-O file under Contents/Frameworks and Contents/Resources first (the Python
# library, extension modules, SDL and the other dylibs; Resources holds links to most of
# them, and links are not signed), then each nested bundle (Python.framework), deepest
# first, then the app itself, which signs its main executable. All with the hardened
# runtime, a secure timestamp and packaging/macos/entitlements.plist. The release
# workflow runs it when the signing secrets exist (docs/building.md, "Signing").
set -euo pipefail
cd "$(dirname "$0")/../.."
IDENTITY="${1:?usage: sign_app.sh IDENTITY [APP]}"
APP="${2:-dist/Tacocat.app}"
ENTITLEMENTS="packaging/macos/entitlements.plist"
test -d "$APP/Contents" || { echo "no app bundle at $APP" >&2; exit 1; }

sign() {
    codesign --force --timestamp --options runtime --entitlements "$ENTITLEMENTS" \
        --sign "$IDENTITY" "$1"
}

count=0
while IFS= read -r -d '' file; do
    if file -b "$file" | grep -q '^Mach-O'; then
        sign "$file"
        count=$((count + 1))
    fi
done < <(find "$APP/Contents/Frameworks" "$APP/Contents/Resources" -type f -print0)
while IFS= read -r -d '' bundle; do
    sign "$bundle"
done < <(find "$APP/Contents" -depth -type d \( -name '*.framework' -o -name '*.app' \) -print0)
sign "$APP"
echo "signed $count Mach-O files inside, then $APP"
codesign --verify --strict --verbose=2 "$APP"
