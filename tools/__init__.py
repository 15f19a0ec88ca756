"""The tools that make, build, package and check the game; never shipped (the wheel and the
executable hold ``tacocat`` alone).

Each tool is a module of this package, run from the repository root::

    python -m tools.make_assets
    python -m tools.notices --check
    python -m tools.smoke
    python -m tools.windows.build

A tool imports the game (``tacocat``) and the other tools as packages (``from
tools.notice_bundle import ...``), never through ``sys.path``; the benchmarks under
``bench/`` follow the same rule (``python -m bench.NAME``). Two kinds of file are run
otherwise: the shell scripts (``bash tools/build_and_smoke.sh``, ``bash
tools/linux/package.sh``), and ``tools/windows/shortcut_target.py``, which imports nothing
of ours and is run by its path by the Windows Python under Wine. That Python, the
embeddable CPython, reads its module path from its ``python311._pth`` alone, so
``tools.windows.build`` starts ``tools.smoke`` there with the checkout put on that path
(``tools.windows.build.as_module``). ``tests/test_architecture.py`` runs ruff and mypy over
the tools.
"""
