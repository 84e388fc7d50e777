"""The engine's packages stand on floors: the core at the bottom, a package per game family on it, the content that
spans games (the registry, scenarios, drills, table deals) above them, the packages built on all games (surveillance)
at the top, and no module imports one that imports it back.

Read from the code's own import statements (``ast``), wherever they stand, a ``TYPE_CHECKING`` block included.
"""

import ast
import graphlib
from collections.abc import Iterator
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent.parent / "simulator"

TOP = ""
"""The package of the modules at the engine's top (the registry, scenarios, drills, table deals): none."""

PACKAGES = {
    "core": set(),
    "dice": {"core"},
    "carnival": {"core"},
    "blackjack": {"core"},
    "pai_gow": {"core", "dice"},
    "mystery": {"core", "carnival"},
    "surveillance": {"core", "dice", "carnival", "blackjack", "pai_gow", "mystery", TOP},
}
"""Each package of the engine and the packages it may import besides itself: the core none; a family the core, and
the family whose wagers (Pai Gow Poker's dice wagers) or base game (a carnival game's MHB table) its table holds; a
package built on every game (surveillance) the families and the modules at the top, which name the games."""

ABOVE_THE_TOP = frozenset(package for package, floor in PACKAGES.items() if TOP in floor)
"""The packages that stand on the modules at the top: none of those modules may import them."""


def module_name(path: Path) -> str:
    """The dotted name of an engine module."""
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(ENGINE.rglob("*.py"))}


def imported_modules(path: Path) -> set[str]:
    """The engine modules a module imports, ``from simulator.family import module`` read as that module."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            for alias in node.names:
                names.add(f"{node.module}.{alias.name}" if f"{node.module}.{alias.name}" in MODULES else node.module)
    return {name for name in names if name in MODULES}


def package(module: str) -> str:
    """The engine package a module belongs to, or "" for a module at the engine's top."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in PACKAGES) else ""


def package_imports() -> Iterator[tuple[str, str]]:
    """Each import of one engine module by another: the importing module, the module imported."""
    for module, path in MODULES.items():
        for imported in sorted(imported_modules(path) - {module}):
            yield module, imported


def test_every_package_of_the_engine_stands_on_a_floor():
    found = {path.parent.name for path in ENGINE.glob("*/__init__.py")}
    assert found == set(PACKAGES)


def test_each_package_imports_only_itself_and_the_packages_below_it():
    upward = [
        f"{module} -> {imported}"
        for module, imported in package_imports()
        if package(module) and package(imported) not in PACKAGES[package(module)] | {package(module)}
    ]
    assert upward == [], "a family needs another's code: what they share belongs in simulator/core/"


def test_the_modules_at_the_top_import_no_package_standing_on_them():
    upward = [
        f"{module} -> {imported}"
        for module, imported in package_imports()
        if package(module) == TOP and package(imported) in ABOVE_THE_TOP
    ]
    assert upward == [], "the registry and the content across games stand below the packages built on all games"


def circle(graph: dict[str, set[str]]) -> list[str]:
    """One circle of a graph of imports (each module and the modules it imports), or [] when there is none."""
    try:
        graphlib.TopologicalSorter(graph).prepare()
    except graphlib.CycleError as error:
        return list(error.args[1])
    return []


def test_a_module_importing_one_that_imports_it_back_is_a_circle():
    round_imports_hand_imports_round = {"round": {"hand", "cards"}, "hand": {"round"}, "cards": set()}
    assert sorted(set(circle(round_imports_hand_imports_round))) == ["hand", "round"]


def test_no_engine_module_imports_one_that_imports_it_back():
    graph: dict[str, set[str]] = {module: set() for module in MODULES}
    for module, imported in package_imports():
        graph[module].add(imported)
    assert circle(graph) == []
