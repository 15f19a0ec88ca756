#!/usr/bin/env bash
# Round trips of the Linux packages made by tools/linux/package.sh (run by .ci/run):
#
# 1. the .deb (as root only): dpkg -i; the menu entry validates; a whole demo game runs
#    headless from the entry's Exec line; dpkg --purge; nothing it installed is left;
# 2. the tarball's per-user install into a temporary HOME: install.sh, a demo from the
#    installed entry's Exec line, install.sh --uninstall, HOME is empty again.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT="$(pwd)"
APP_ID="$(sed -n 's/^APP_ID = "\(.*\)"/\1/p' tacocat/__init__.py)"
VERSION="$(sed -n 's/^__version__ = "\(.*\)"/\1/p' tacocat/__init__.py)"
DEB="$ROOT/dist/tacocat_${VERSION}_$(dpkg --print-architecture).deb"
TARBALL="$ROOT/dist/tacocat-$VERSION-linux-$(uname -m).tar.gz"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
say() { printf '== %s\n' "$*"; }

exec_line() {  # exec_line DESKTOP_FILE: its Exec= command (no field codes in ours)
    sed -n 's/^Exec=//p' "$1" | head -n 1
}

demo_from_entry() {  # demo_from_entry DESKTOP_FILE DATA_DIR: a whole game, from an empty folder
    local command
    command="$(exec_line "$1")"
    mkdir -p "$WORK/cwd"
    # shellcheck disable=SC2086  # the Exec line is a command and its arguments
    (cd "$WORK/cwd" && timeout 300 $command --demo --speed 40 --seed 1 --data-dir "$2")
    test -z "$(ls -A "$WORK/cwd")" || { say "FAILED: it wrote into the working folder"; exit 1; }
    say "demo game ok from the menu entry: $command"
}

# Everything a package may touch, to compare before and after (the icon cache that
# dpkg's trigger may rebuild is the system's, not ours).
snapshot() {
    find /opt /usr/bin /usr/share/applications /usr/share/icons/hicolor /usr/share/metainfo \
         /usr/share/doc 2>/dev/null | grep -v 'icon-theme.cache$' | sort
}

if [ "$(id -u)" = 0 ] && command -v dpkg >/dev/null 2>&1; then
    say "deb: $DEB"
    if dpkg -s tacocat >/dev/null 2>&1; then say "FAILED: tacocat is already installed"; exit 1; fi
    before="$(snapshot)"
    # A failed check must not leave the package installed on the CI machine.
    trap 'dpkg --purge tacocat >/dev/null 2>&1 || true; rm -rf "$WORK"' EXIT
    dpkg -i "$DEB" >/dev/null
    test -L /usr/bin/tacocat && test -x /opt/tacocat/tacocat
    desktop-file-validate "/usr/share/applications/$APP_ID.desktop"
    test -f "/usr/share/icons/hicolor/256x256/apps/$APP_ID.png"
    test -f "/usr/share/metainfo/$APP_ID.metainfo.xml"
    test "$(tacocat --version)" = "tacocat $VERSION"  # through the /usr/bin link
    demo_from_entry "/usr/share/applications/$APP_ID.desktop" "$WORK/deb-data"
    dpkg --purge tacocat >/dev/null 2>&1
    trap 'rm -rf "$WORK"' EXIT
    if [ "$before" != "$(snapshot)" ]; then
        say "FAILED: the .deb left files behind:"
        diff <(echo "$before") <(snapshot) || true
        exit 1
    fi
    say "deb: installed, played, purged; nothing left"
else
    say "deb round trip skipped (needs root and dpkg)"
fi

say "per-user install: $TARBALL"
mkdir -p "$WORK/home" "$WORK/unpacked"
tar -C "$WORK/unpacked" -xzf "$TARBALL"
(export HOME="$WORK/home" XDG_DATA_HOME="$WORK/home/.local/share"
 "$WORK"/unpacked/*/install.sh >/dev/null
 entry="$HOME/.local/share/applications/$APP_ID.desktop"
 desktop-file-validate "$entry"
 test -x "$HOME/.local/bin/tacocat" && test -f "$HOME/.local/share/icons/hicolor/48x48/apps/$APP_ID.png"
 demo_from_entry "$entry" "$WORK/user-data"
 "$WORK"/unpacked/*/install.sh --uninstall >/dev/null)
left="$(find "$WORK/home" -type f -o -type l)"
if [ -n "$left" ]; then say "FAILED: the per-user uninstall left: $left"; exit 1; fi
say "per-user install: installed, played, removed; nothing left"
