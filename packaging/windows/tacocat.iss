; Inno Setup script: the Windows installer, from the onedir build (dist\tacocat\).
;
;   iscc /DAppVersion=0.1.0 packaging\windows\tacocat.iss
;
; A per-user install without admin rights (PrivilegesRequired=lowest: into
; %LOCALAPPDATA%\Programs\Tacocat), a Start-menu shortcut, an uninstaller in
; Settings -> Apps, the game's icon and version. Written for .github/workflows/release.yml,
; which builds it on windows-latest; see docs/building.md ("Windows").

#ifndef AppVersion
  #error Pass the version: iscc /DAppVersion=X.Y.Z packaging\windows\tacocat.iss
#endif
#define AppName "Tacocat Spelled Backwards"
#define Root "..\.."

[Setup]
; The AppId identifies the installation for upgrades and the uninstaller: never change it.
AppId={{5D3B8F4A-7C21-4E0B-9A6D-2F7E1C8B4A10}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=The Tacocat developers
VersionInfoVersion={#AppVersion}
VersionInfoProductName={#AppName}
DefaultDirName={autopf}\Tacocat
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#Root}\dist
OutputBaseFilename=tacocat-{#AppVersion}-windows-x86_64-setup
SetupIconFile={#Root}\assets\icon.ico
UninstallDisplayIcon={app}\tacocat.exe
UninstallDisplayName={#AppName}
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
#if FileExists(AddBackslash(SourcePath) + Root + "\LICENSE")
LicenseFile={#Root}\LICENSE
#endif

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#Root}\dist\tacocat\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs
#if FileExists(AddBackslash(SourcePath) + Root + "\LICENSE")
Source: "{#Root}\LICENSE"; DestDir: "{app}"; Flags: ignoreversion
#endif

[Icons]
; Straight in the Start menu's program list (no folder, as Windows 10 and 11 prefer);
; the uninstaller is in Settings -> Apps (and {app}\unins000.exe).
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\tacocat.exe"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\tacocat.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\tacocat.exe"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
