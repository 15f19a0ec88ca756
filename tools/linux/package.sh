#!/usr/bin/env bash
# Linux packages from the onedir build (dist/tacocat/, made by build.spec):
#   dist/tacocat_<version>_<arch>.deb          (dpkg-deb: /opt/tacocat, /usr/bin/tacocat,
#                                               the menu entry, icons, AppStream metainfo)
#   dist/tacocat-<version>-linux-<machine>.tar.gz  (the onedir + install.sh for ~/.local)
#
#   bash tools/linux/package.sh [ONEDIR [OUTDIR]]   (defaults: dist/tacocat, dist;
#                                                   after: python -m PyInstaller --noconfirm build.spec)
#
# Reproducible: two runs on the same onedir give byte-identical files. Every timestamp
# inside is SOURCE_DATE_EPOCH (default: the time of the checkout's HEAD commit), names are
# sorted, owners are root, modes are normalised, and gzip stores no name or time.
# tests/test_linux_packaging.py builds both twice and compares the bytes.
#
# tools/linux/check_packages.sh installs both, plays a demo from the menu entry and
# removes them again (.ci/run runs it). See docs/building.md, "Linux packages".
set -euo pipefail
ONEDIR="$(realpath "${1:-$(dirname "$0")/../../dist/tacocat}")"
OUT="$(realpath -m "${2:-$(dirname "$0")/../../dist}")"
cd "$(dirname "$0")/../.."
SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}"
export SOURCE_DATE_EPOCH  # dpkg-deb reads it too (the ar member times)
APP_ID="$(sed -n 's/^APP_ID = "\(.*\)"/\1/p' tacocat/__init__.py)"
VERSION="$(sed -n 's/^__version__ = "\(.*\)"/\1/p' tacocat/__init__.py)"
ARCH="$(dpkg --print-architecture 2>/dev/null || echo amd64)"
MACHINE="$(uname -m)"
test -x "$ONEDIR/tacocat" || { echo "no onedir build in $ONEDIR: run PyInstaller first" >&2; exit 1; }

mkdir -p "$OUT"
STAGE="$(mktemp -d)"
trap 'rm -rf "$STAGE"' EXIT

# Every file, folder and link under $1 gets the time SOURCE_DATE_EPOCH (the onedir's own
# times are the build's, the staged files' are now) and a mode that does not depend on
# the umask PyInstaller ran under (readable by all, writable by the owner only).
normalise() {
    chmod -R u+rwX,go+rX,go-w "$1"
    find "$1" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
}

# Files both packages carry next to the program: the menu entry, icons, metainfo, licences.
share_files() {  # share_files DEST_SHARE: DEST_SHARE/{applications,icons,metainfo}
    local share="$1"
    install -Dm644 "packaging/linux/$APP_ID.desktop" "$share/applications/$APP_ID.desktop"
    install -Dm644 "packaging/linux/$APP_ID.metainfo.xml" "$share/metainfo/$APP_ID.metainfo.xml"
    mkdir -p "$share/icons"
    cp -r assets/icons/hicolor "$share/icons/"
}

# --- the .deb -----------------------------------------------------------------------
DEB="$STAGE/deb"
mkdir -p "$DEB/opt" "$DEB/usr/bin" "$DEB/DEBIAN" "$DEB/usr/share/doc/tacocat"
cp -a "$ONEDIR" "$DEB/opt/tacocat"
[ -f LICENSE ] && install -m644 LICENSE "$DEB/opt/tacocat/LICENSE"
ln -s /opt/tacocat/tacocat "$DEB/usr/bin/tacocat"
share_files "$DEB/usr/share"
{
    echo "Tacocat Spelled Backwards $VERSION, installed under /opt/tacocat."
    echo
    [ -f LICENSE ] && cat LICENSE && echo
    echo "The notices and licences of every bundled library and font are in"
    echo "/opt/tacocat/_internal/assets/ (THIRD-PARTY-NOTICES.txt, LICENSE-ASSETS.md, fonts/OFL.txt)"
    echo "and /opt/tacocat/_internal/pygame_gui/data/licenses/."
} > "$DEB/usr/share/doc/tacocat/copyright"
# The oldest glibc the bundle needs (its newest GLIBC_ symbol version, objdump -T).
FLOOR="$(python3 -m tools.linux.glibc_floor "$ONEDIR" --top 0 | tail -n 1 \
         | python3 -c 'import json, sys; print(json.load(sys.stdin)["floor"])')"
# Installed-Size as dpkg-gencontrol counts it (KiB per file rounded up, 1 per folder or
# link): from the files alone, unlike du, whose answer depends on the file system.
SIZE_KB="$(find "$DEB" -path "$DEB/DEBIAN" -prune -o -printf '%y %s\n' \
           | awk '{ kb += ($1 == "f") ? int(($2 + 1023) / 1024) : 1 } END { print kb }')"
cat > "$DEB/DEBIAN/control" <<CONTROL
Package: tacocat
Version: $VERSION
Architecture: $ARCH
Maintainer: The Tacocat developers <tacocat@localhost>
Installed-Size: $SIZE_KB
Depends: libc6 (>= $FLOOR), libstdc++6, zlib1g
Recommends: libx11-6 | libwayland-client0, libasound2 | libpulse0
Suggests: libespeak-ng1
Section: games
Priority: optional
Description: Tacocat Spelled Backwards, the two-player card game
 Play a friend on the same computer, with a pass-the-device screen that
 hides each hand, or the computer at three levels. A self-contained build
 (its own Python, SDL and libraries) under /opt/tacocat.
CONTROL
normalise "$DEB"
dpkg-deb --root-owner-group -Zxz --build "$DEB" "$OUT/tacocat_${VERSION}_${ARCH}.deb" >/dev/null
echo "deb: $OUT/tacocat_${VERSION}_${ARCH}.deb ($(du -k "$OUT/tacocat_${VERSION}_${ARCH}.deb" | cut -f1) KB, Depends libc6 >= $FLOOR)"

# --- the tarball (per-user install, no root) -----------------------------------------
NAME="tacocat-$VERSION-linux-$MACHINE"
TAR="$STAGE/$NAME"
mkdir -p "$TAR"
cp -a "$ONEDIR" "$TAR/tacocat"
[ -f LICENSE ] && install -m644 LICENSE "$TAR/LICENSE"
share_files "$TAR/share"
install -m755 tools/linux/install_user.sh "$TAR/install.sh"
normalise "$TAR"
tar -C "$STAGE" --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner \
    -cf - "$NAME" | gzip -n > "$OUT/$NAME.tar.gz"
echo "tarball: $OUT/$NAME.tar.gz ($(du -k "$OUT/$NAME.tar.gz" | cut -f1) KB)"
