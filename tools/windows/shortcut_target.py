"""Print the program a Windows shortcut (.lnk) starts, as the Windows shell reads it.

    python tools/windows/shortcut_target.py "C:\\...\\Start Menu\\Programs\\X.lnk"

Runs on Windows (or under Wine) with pywin32, which the Windows build environment has:
the shell's own IShellLink reads the file, so the path is the one a click would start.
tools/windows/installer.py uses it to start the installed game from its Start-menu entry.
"""

from __future__ import annotations

import sys


def shortcut_target(path: str) -> str:
    import pythoncom
    from win32com.shell import shell

    link = pythoncom.CoCreateInstance(
        shell.CLSID_ShellLink, None, pythoncom.CLSCTX_INPROC_SERVER, shell.IID_IShellLink
    )
    link.QueryInterface(pythoncom.IID_IPersistFile).Load(path)
    return link.GetPath(shell.SLGP_RAWPATH)[0]


if __name__ == "__main__":
    print(shortcut_target(sys.argv[1]))
