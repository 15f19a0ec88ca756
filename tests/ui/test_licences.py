"""tacocat.ui.scenes.licences: the notices file read back into sections, licence texts reflowed."""

from __future__ import annotations

from tacocat.ui.scenes.licences import RULE, components, reflow, sections

LONG = "Permission is hereby granted, free of charge, to any person obtaining a"


def test_sections_split_on_the_rule_title_rule_headings(tmp_path):
    path = tmp_path / "notices.txt"
    path.write_text(
        f"Intro\n\n{RULE}\nzlib\n{RULE}\nLicense: Zlib\n\n{RULE}\nSDL2 2.32.10\n"
        f"{RULE}\nLicense: Zlib\ntext\n",
        encoding="utf-8",
    )
    assert sections(path) == {
        "": "Intro",
        "zlib": "License: Zlib",
        "SDL2 2.32.10": "License: Zlib\ntext",
    }
    assert sections(tmp_path / "missing.txt") == {}


def test_the_shipped_files_agree():
    found = sections()
    assert found[""].startswith("THIRD-PARTY NOTICES")
    listed = components()
    assert listed and all(c.title in found for c in listed)


def test_broken_summary_gives_an_empty_list(tmp_path):
    (tmp_path / "a.json").write_text('{"components": [{"name": 1}]}', encoding="utf-8")
    assert components(tmp_path / "a.json") == []
    assert components(tmp_path / "none.json") == []


def test_reflow_joins_wrapped_lines_and_keeps_lists_short_lines_and_tables():
    text = "\n".join(
        [
            LONG,
            "copy of this software.",
            "",
            "Copyright (c) 2010 Someone with a very long name and a long company name, Inc.",
            "Copyright (c) 2011 Another",
            "Short line",
            "next line",
            f"1. {LONG}",
            "   continued here.",
            f"2. {LONG}",
            "  babel 2.19.0      BSD-3-Clause",
            "  zlib              Zlib",
            "=" * 70,
            "after the rule",
        ]
    )
    assert reflow(text).split("\n") == [
        f"{LONG} copy of this software.",
        "",
        "Copyright (c) 2010 Someone with a very long name and a long company name, Inc.",
        "Copyright (c) 2011 Another",
        "Short line",
        "next line",
        f"1. {LONG} continued here.",
        f"2. {LONG}",
        "  babel 2.19.0      BSD-3-Clause",
        "  zlib              Zlib",
        "=" * 70,
        "after the rule",
    ]


def test_installed_version_is_the_metadatas_else_the_notices(monkeypatch):
    from importlib import metadata

    from tacocat.ui.scenes import licences
    from tacocat.ui.scenes.licences import Component, installed_version

    def version(name: str) -> str:
        if name == "filelock":
            return "4.3.2"  # pip installed a newer one than the lock
        raise metadata.PackageNotFoundError(name)  # a frozen bundle keeps no metadata

    monkeypatch.setattr(licences.metadata, "version", version)
    assert installed_version(Component("filelock", "4.3.1", "MIT", "python")) == "4.3.2"
    assert installed_version(Component("pywin32", "312", "PSF-2.0", "python")) == "312"
    assert installed_version(Component("zlib", "", "Zlib", "library")) == ""
