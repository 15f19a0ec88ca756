"""No import cycles in tacocat: every module's imports, type-only and lazy ones included.

An import cycle is two-way knowledge between modules, even when it is only
for type checking (``if TYPE_CHECKING:``) and so harmless at import time: the
rules' old ``state -> observation -> state`` loop was one. The graph is
built by grimp (import-linter's library) from every ``import`` statement in
the source; a cycle is a strongly connected set of two or more modules.

The check is parametrised by package, so a failure names the layer it runs
through; together the groups cover every module of the package.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import grimp
import pytest

ROOT = "tacocat"
#: The modules directly in tacocat/ that are not packages (cli, sim, levels, ...).
TOP_LEVEL = "top-level modules"
#: Every part of the package: its sub-packages and its top-level modules.
CHECKED_PACKAGES: list[str] = [
    "tacocat.rules",
    "tacocat.ai",
    "tacocat.persistence",
    "tacocat.net",
    "tacocat.server",
    "tacocat.online",
    "tacocat.tutorial",
    "tacocat.ui",
    TOP_LEVEL,
]


def import_graph() -> dict[str, set[str]]:
    """Each tacocat module and the tacocat modules it imports (TYPE_CHECKING blocks included)."""
    graph = grimp.build_graph(ROOT, exclude_type_checking_imports=False, cache_dir=None)
    return {
        module: set(graph.find_modules_directly_imported_by(module)) for module in graph.modules
    }


def cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected sets of two or more modules (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter(sorted(graph[root])))]
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph.get(target, ())))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def in_group(module: str, group: str, graph: Mapping[str, Iterable[str]]) -> bool:
    if group == TOP_LEVEL:
        is_package = any(other.startswith(module + ".") for other in graph)
        return module == ROOT or (module.count(".") == 1 and not is_package)
    return module == group or module.startswith(group + ".")


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    return import_graph()


@pytest.mark.parametrize("group", CHECKED_PACKAGES)
def test_no_import_cycle(group: str, graph: dict[str, set[str]]) -> None:
    members = [m for m in graph if in_group(m, group, graph)]
    assert members, f"{group} has no modules: is the name right?"
    loops = [c for c in cycles(graph) if any(in_group(m, group, graph) for m in c)]
    assert not loops, f"import cycles through {group}: " + "; ".join(" <-> ".join(c) for c in loops)


def test_the_graph_holds_type_only_and_lazy_imports(graph: dict[str, set[str]]) -> None:
    """The check would be toothless without them: game_config imports the rules only for
    type checking, and the command line imports the app inside a function."""
    assert "tacocat.rules" in graph["tacocat.ui.stage.game_config"]
    assert "tacocat.ui.shell.launch" in graph["tacocat.cli"]


def test_the_groups_cover_every_module(graph: dict[str, set[str]]) -> None:
    assert all(any(in_group(m, g, graph) for g in CHECKED_PACKAGES) for m in graph)


def test_cycles_finds_loops_and_only_loops() -> None:
    graph = {
        "a": {"b"},
        "b": {"c"},
        "c": {"a"},
        "d": {"a", "e"},
        "e": {"d"},
        "f": {"a"},
        "g": set(),
    }
    assert sorted(cycles(graph)) == [["a", "b", "c"], ["d", "e"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
