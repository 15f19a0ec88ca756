"""No import cycle inside ``tacocat.ui``, type-only imports included.

A cycle, even one that only goes through ``if TYPE_CHECKING:``, means two modules
know each other's insides (the review's §4.1: the table's scene, controls and
buttons; the replay's scene and controls; the scene stack and the App protocol).
The graph is grimp's (import-linter's library), which counts the imports under
``TYPE_CHECKING`` and inside functions as well as those at the top of a module.
"""

from __future__ import annotations

from collections.abc import Mapping, Set
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "tacocat.ui"


def cycles(edges: Mapping[str, Set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm,
    iterative: the graph has a few hundred modules)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    part.append(member)
                    if member == node:
                        break
                if len(part) > 1:
                    found.append(sorted(part))
    return found


def ui_imports() -> dict[str, set[str]]:
    """Module -> the ``tacocat.ui`` modules it imports (directly, type-only ones too)."""
    graph = grimp.build_graph("tacocat", cache_dir=None)
    modules = {m for m in graph.modules if m == PACKAGE or m.startswith(PACKAGE + ".")}
    return {m: {d for d in graph.find_modules_directly_imported_by(m) if d in modules}
            for m in modules}


def test_the_cycle_finder_finds_a_type_only_cycle():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(edges) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_grimp_counts_type_checking_imports(tmp_path, monkeypatch):
    """The graph sees an import under ``if TYPE_CHECKING:`` (else the test below proves
    nothing about the cycles the review found, which were all type-only)."""
    pkg = tmp_path / "cyclepkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from cyclepkg import b\n")
    (pkg / "b.py").write_text("from typing import TYPE_CHECKING\n"
                              "if TYPE_CHECKING:\n    from cyclepkg import a\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    graph = grimp.build_graph("cyclepkg", cache_dir=None)
    edges = {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    assert cycles(edges) == [["cyclepkg.a", "cyclepkg.b"]]


def test_no_import_cycle_inside_the_ui(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT))
    edges = ui_imports()
    found = cycles(edges)
    described = ["  " + " <-> ".join(part) + "\n" + "\n".join(
        f"      {a} -> {b}" for a in part for b in sorted(edges[a] & set(part)))
        for part in found]
    assert not found, "import cycles in tacocat.ui:\n" + "\n".join(described)
