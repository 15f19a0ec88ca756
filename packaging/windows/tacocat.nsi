; The Windows installer (NSIS 3), from the onedir build. Built on Linux by Debian's
; makensis and on Windows by NSIS's, always through tools/windows/installer.py, which
; passes the defines below (docs/building.md, "Windows"):
;
;   python -m tools.windows.installer build --dist DIST\tacocat --out DIR
;
; A per-user install without administrator rights into %LOCALAPPDATA%\Programs\Tacocat,
; a Start-menu shortcut, an optional desktop shortcut (unticked; /DESKTOPICON ticks it in a
; silent install), the MIT licence page, and an uninstaller listed in Settings -> Apps
; (HKCU uninstall key: name, icon, version, publisher, size). The player's saves and
; settings live in the user data folder, not here: uninstalling keeps them.
;
; Silent: setup.exe /S [/DESKTOPICON] [/D=C:\path]   uninstall.exe /S

!ifndef VERSION | VIVERSION | DIST | OUTFILE | ROOT
  !error "Pass -DVERSION=X.Y.Z -DVIVERSION=X.Y.Z.0 -DDIST=<onedir folder> -DOUTFILE=<setup.exe> -DROOT=<source tree>"
!endif

!define APP_NAME "Tacocat Spelled Backwards"
!define PUBLISHER "The Tacocat Spelled Backwards developers"
; The uninstall key's name: never change it (it is how Windows knows an upgrade).
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\org.tacocat.Tacocat"

Unicode true
; 64-bit stubs: the game is x64 only, and 32-bit programs cannot run in this project's Wine.
Target amd64-unicode
SetCompressor /SOLID lzma
RequestExecutionLevel user
ManifestDPIAware true

Name "${APP_NAME}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\Tacocat"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
BrandingText "${APP_NAME} ${VERSION}"

VIProductVersion "${VIVERSION}"
VIAddVersionKey /LANG=1033 "ProductName" "${APP_NAME}"
VIAddVersionKey /LANG=1033 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileDescription" "${APP_NAME} installer"
VIAddVersionKey /LANG=1033 "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=1033 "LegalCopyright" "Copyright (c) ${PUBLISHER}"

!include "MUI2.nsh"
!include "FileFunc.nsh"
!include "LogicLib.nsh"
!include "Sections.nsh"

!define MUI_ICON "${ROOT}\assets\icon.ico"
!define MUI_UNICON "${ROOT}\assets\icon.ico"
; The game's own pictures (tools/windows/installer_art.py), not NSIS's stock ones.
!define MUI_WELCOMEFINISHPAGE_BITMAP "${ROOT}\packaging\windows\wizard.bmp"
!define MUI_UNWELCOMEFINISHPAGE_BITMAP "${ROOT}\packaging\windows\wizard.bmp"
!define MUI_HEADERIMAGE
!define MUI_HEADERIMAGE_RIGHT
!define MUI_HEADERIMAGE_BITMAP "${ROOT}\packaging\windows\header.bmp"
!define MUI_HEADERIMAGE_UNBITMAP "${ROOT}\packaging\windows\header.bmp"
!define MUI_ABORTWARNING
!define MUI_COMPONENTSPAGE_NODESC
!define MUI_FINISHPAGE_RUN "$INSTDIR\tacocat.exe"
!define MUI_FINISHPAGE_RUN_TEXT "&Play ${APP_NAME} now"

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_LICENSE "${ROOT}\LICENSE"
!insertmacro MUI_PAGE_COMPONENTS
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

Section "The game" SecGame
  SectionIn RO
  SetOutPath "$INSTDIR"
  ; An upgrade replaces the whole bundle: no file of an older version may linger.
  RMDir /r "$INSTDIR\_internal"
  File "${DIST}\tacocat.exe"
  File /r "${DIST}\_internal"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  ; Straight in the Start menu's program list (no folder, as Windows 10 and 11 prefer).
  CreateShortcut "$SMPROGRAMS\${APP_NAME}.lnk" "$INSTDIR\tacocat.exe"

  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP_NAME}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\tacocat.exe,0"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" $0
SectionEnd

Section /o "A shortcut on the desktop" SecDesktop
  CreateShortcut "$DESKTOP\${APP_NAME}.lnk" "$INSTDIR\tacocat.exe"
SectionEnd

Function .onInit
  ; /DESKTOPICON on the command line ticks the desktop shortcut (for silent installs).
  ${GetParameters} $R0
  ClearErrors
  ${GetOptions} $R0 "/DESKTOPICON" $R1
  ${IfNot} ${Errors}
    !insertmacro SelectSection ${SecDesktop}
  ${EndIf}
FunctionEnd

Section "Uninstall"
  Delete "$SMPROGRAMS\${APP_NAME}.lnk"
  Delete "$DESKTOP\${APP_NAME}.lnk"
  ; Only what the installer put there: the folder itself goes only if nothing else is in it.
  Delete "$INSTDIR\tacocat.exe"
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
SectionEnd
