"""The import graph of ``engine``, ``ai``, ``saves``, ``hall`` and ``tui``: no cycles
at all, dependencies one way only, and no generic module naming a game;
and every string of the registry (``engine.games``) names something there.

Every module is parsed (never imported); every ``import`` counts, inside
functions and ``if TYPE_CHECKING:`` blocks too, with relative imports
resolved. The registry's strings are resolved for real: each
"module:attribute" imported, each "package:file" found, so a typo there
fails here rather than when a screen opens. Run it as a script to print
the graph's cycles: ``.venv/bin/python -m tests.test_imports``.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from engine import games
from tests.toygame import ENTRY as TOY

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "ai", "saves", "hall", "tui")
FORBIDDEN = {  # package -> packages it must never import
    "engine": ("ai", "tui", "saves", "hall"),
    "ai": ("tui", "saves", "hall"),
    "saves": ("tui", "ai", "hall"),
    "hall": ("tui",),
}
GENERIC = ("engine/core.py", "engine/match.py", "engine/flow*.py", "ai/*.py", "ai/mcts",
           "saves", "hall", "tui/*.py", "tui/screens", "tui/widgets", "tui/ssh")


@dataclass(frozen=True)
class Import:
    """``source`` imports ``target`` at ``line``."""

    source: str
    target: str
    line: int

    def __str__(self) -> str:
        return f"{self.source} -> {self.target} ({module_path(self.source)}:{self.line})"


def module_files() -> dict[str, Path]:
    """Module name -> file, for every module of the packages."""
    out = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


MODULES = module_files()


def module_path(name: str) -> str:
    return str(MODULES[name].relative_to(ROOT))


def imports(name: str) -> Iterator[Import]:
    """Every module ``name`` imports, by its full dotted name (``from a
    import b`` names ``a.b`` when that is a module, else ``a``)."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(name, alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                yield Import(name, sub if sub in MODULES else base, node.lineno)


def graph() -> dict[str, list[Import]]:
    """Each module's imports of modules in the packages."""
    return {m: [i for i in imports(m) if i.target in MODULES and i.target != m]
            for m in MODULES}


def cycles(edges: dict[str, list[Import]]) -> list[list[Import]]:
    """One cycle for each group of modules that import each other
    (strongly connected components, Tarjan), shortest first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for e in edges[v]:
            if e.target not in index:
                visit(e.target)
                low[v] = min(low[v], low[e.target])
            elif e.target in stack:
                low[v] = min(low[v], index[e.target])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * len(edges)))
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted((_cycle_in(g, edges) for g in groups), key=len)


def _cycle_in(group: set[str], edges: dict[str, list[Import]]) -> list[Import]:
    """A shortest cycle through the group's first module (breadth first)."""
    start = min(group)
    paths: dict[str, list[Import]] = {start: []}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for e in edges[v]:
                if e.target == start:
                    return [*paths[v], e]
                if e.target in group and e.target not in paths:
                    paths[e.target] = [*paths[v], e]
                    nxt.append(e.target)
        frontier = nxt
    raise AssertionError("a strongly connected group always has a cycle")


def describe(cycle: list[Import]) -> str:
    return " -> ".join([cycle[0].source] + [e.target for e in cycle]) + "\n" + "\n".join(
        f"    {e}" for e in cycle)


def game_packages() -> set[str]:
    """Each registered game's own packages: where its rules, its bots'
    knowledge and its table live (e.g. ``engine.<game>``)."""
    out = set()
    for e in games.GAMES:
        for where in (e.engine, e.knowledge, e.table):
            if where:
                out.add(".".join(where.partition(":")[0].split(".")[:2]))
    return out


def generic_files() -> list[Path]:
    out: set[Path] = set()
    for pattern in GENERIC:
        for path in ROOT.glob(pattern):
            out.update(path.rglob("*.py") if path.is_dir() else [path])
    return sorted(out)


def module_of(path: Path) -> str:
    return next(m for m, p in MODULES.items() if p == path)


# ---------------------------------------------------------------- the tests


def test_no_module_imports_another_that_imports_it_back() -> None:
    found = cycles(graph())
    assert not found, f"{len(found)} import cycle(s):\n" + "\n".join(map(describe, found))


def test_dependencies_point_one_way() -> None:
    wrong = [str(i) for m in MODULES for i in imports(m)
             if i.target.split(".")[0] in FORBIDDEN.get(m.split(".")[0], ())]
    assert not wrong, "imports against the direction tui -> hall -> ai/saves -> engine:\n" + \
        "\n".join(wrong)


def test_generic_modules_name_no_game() -> None:
    names = [e.id for e in games.GAMES] + [e.title for e in games.GAMES]
    names += sorted({p.rpartition(".")[2] for p in game_packages()})
    # a name between non-letters ("nim" is not in "animate", "ageofrome" is
    # in "ageofrome_helpers"), so a short game id does not forbid a word
    word = re.compile("(?<![a-z])(?:" + "|".join(re.escape(n) for n in names) + ")(?![a-z])",
                      re.IGNORECASE)
    files = generic_files()
    assert len(files) > 20
    named = [f"{p.relative_to(ROOT)}:{n}: {line.strip()[:80]}"
             for p in files for n, line in enumerate(p.read_text("utf-8").splitlines(), 1)
             if word.search(line)]
    assert not named, "generic modules that name a game:\n" + "\n".join(named)


def test_generic_modules_import_no_game_package() -> None:
    own = game_packages()
    assert own, "every game has packages of its own"
    direct = [str(i) for p in generic_files() for i in imports(module_of(p))
              if any(i.target == g or i.target.startswith(g + ".") for g in own)]
    assert not direct, "generic modules importing a game's package:\n" + "\n".join(direct)


def unresolved(entry: games.GameEntry) -> list[str]:
    """Each string of ``entry`` that names nothing, with the reason."""
    wrong = []
    for what, where in entry.attributes().items():
        try:
            games.load(where)
        except (ImportError, AttributeError, ValueError) as e:
            wrong.append(f"{entry.id}.{what} = {where!r}: {type(e).__name__}: {e}")
    for what, where in entry.resources().items():
        package, _, name = where.partition(":")
        try:
            found = resources.files(package).joinpath(name).is_file()
        except ImportError as e:
            found, why = False, f"{type(e).__name__}: {e}"
        else:
            why = "no such file"
        if not found:
            wrong.append(f"{entry.id}.{what} = {where!r}: {why}")
    return wrong


def test_every_string_of_the_registry_resolves() -> None:
    entries = (*games.GAMES, TOY)
    wrong = [line for e in entries for line in unresolved(e)]
    assert not wrong, "registry strings that name nothing:\n" + "\n".join(wrong)
    named = {what for e in entries for what in (*e.attributes(), *e.resources())}
    assert {"engine", "knowledge", "table", "stylesheet", "rulebook", "invariants",
            "bench.tally", "reference"} <= named, "every kind of string is followed"


def test_a_string_that_names_nothing_is_caught() -> None:
    """The check itself: a module, an attribute and a file that are not there."""
    e = games.GameEntry("typo", "Typo", engine="engine.provincia:Provincium",
                        table="tui.provincia.tabel:ProvinciaUI",
                        rulebook="tui.rules:no-such-rulebook.txt",
                        stylesheet="tui.no_such_package:x.tcss")
    assert [line.split(" = ")[0] for line in unresolved(e)] == [
        "typo.engine", "typo.table", "typo.stylesheet", "typo.rulebook"]


def test_the_checks_see_a_cycle_and_resolve_relative_imports() -> None:
    """The checker itself: a made-up loop is found, and a relative import
    inside a function resolves to the module it names."""
    edges = {"a": [Import("a", "b", 1)], "b": [Import("b", "c", 2)],
             "c": [Import("c", "a", 3)], "d": [Import("d", "a", 4)]}
    assert [[e.source for e in c] for c in cycles(edges)] == [["a", "b", "c"]]
    targets = {i.target for i in imports("tui.app")}
    assert "tui.crash" in targets  # ``from . import crash``


def main() -> int:
    found = cycles(graph())
    for c in found:
        print(describe(c))
    print(f"{len(found)} cycle(s) among {len(MODULES)} modules")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
