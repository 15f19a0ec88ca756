#!/usr/bin/env bash
# Install Tacocat Spelled Backwards for this user only (no root), from the unpacked tarball:
#
#   ./install.sh              install into ~/.local (or $XDG_DATA_HOME): the program in
#                             ~/.local/opt/tacocat, a `tacocat` command in ~/.local/bin,
#                             the menu entry, icons and metainfo in ~/.local/share
#   ./install.sh --uninstall  remove all of that again (saves and settings stay, in
#                             ~/.local/share/tacocat, the game's data folder)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
APP_ID="org.tacocat.Tacocat"
SHARE="${XDG_DATA_HOME:-$HOME/.local/share}"
OPT="$HOME/.local/opt/tacocat"
BIN="$HOME/.local/bin"

# No update-desktop-database or icon cache: the entry has no MIME types, desktops watch
# ~/.local/share/applications, and a per-user icon folder is read without a cache (the
# caches would be files left behind by --uninstall).

if [ "${1:-}" = "--uninstall" ]; then
    rm -rf "$OPT"
    rm -f "$BIN/tacocat" "$SHARE/applications/$APP_ID.desktop" "$SHARE/metainfo/$APP_ID.metainfo.xml"
    find "$SHARE/icons/hicolor" -name "$APP_ID.png" -delete 2>/dev/null || true
    echo "Tacocat removed (your games and settings stay in $SHARE/tacocat)."
    exit 0
fi

rm -rf "$OPT"
mkdir -p "$OPT" "$BIN" "$SHARE/applications" "$SHARE/metainfo"
cp -a "$HERE/tacocat/." "$OPT/"
[ -f "$HERE/LICENSE" ] && cp "$HERE/LICENSE" "$OPT/LICENSE"
ln -sf "$OPT/tacocat" "$BIN/tacocat"
# The menu starts the program by its full path: ~/.local/bin is not always on PATH.
sed "s|^Exec=tacocat|Exec=$OPT/tacocat|" "$HERE/share/applications/$APP_ID.desktop" \
    > "$SHARE/applications/$APP_ID.desktop"
cp "$HERE/share/metainfo/$APP_ID.metainfo.xml" "$SHARE/metainfo/"
mkdir -p "$SHARE/icons"
cp -r "$HERE/share/icons/hicolor" "$SHARE/icons/"
echo "Tacocat installed: find it in your menu, or run $BIN/tacocat"
