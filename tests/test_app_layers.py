"""The apps stand on floors, each importing only the apps below it: the engine at the bottom, the reports at the top.

The project package (settings, URLs, ASGI, serving) stands on all of them; no app imports it, each reads the
settings through ``django.conf.settings``.

Read from the code's own import statements (``ast``), wherever they stand in a module, a function's body included.
An app above answers a question of an app below by registering the answer (``trainer.sittings``), or writes with
its steps by listening to them (``trainer.step_listeners``), never by being imported by it.
"""

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FLOORS = (
    "simulator",
    "core",
    "grading",
    "trainer",
    "rules_submission",
    "xapi",
    "surveillance",
    "scenarios",
    "school",
    "certification",
    "reports",
)
"""The apps from the bottom up: each may import those before it, never one after it."""

PROJECT_PACKAGE = "dealer_school"
"""The Django project: the settings, the root URLs, the ASGI application and the server's command."""


def imported_apps(path: Path) -> set[str]:
    """The top-level packages a module imports, by absolute import."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return {name.partition(".")[0] for name in names}


def app_imports() -> Iterator[tuple[str, str, str]]:
    """Each import of one app by another: the importing module's path, its app, the app imported."""
    for app in FLOORS:
        for path in sorted((ROOT / app).rglob("*.py")):
            for imported in sorted(imported_apps(path) & set(FLOORS) - {app}):
                yield path.relative_to(ROOT).as_posix(), app, imported


def test_every_app_imports_only_the_apps_on_the_floors_below_it():
    upward = {(path, imported) for path, app, imported in app_imports() if FLOORS.index(imported) > FLOORS.index(app)}
    assert upward == set(), "an app imports one above it: answer through a hook the upper app sets"


def test_the_engine_imports_no_app():
    assert [path for path, app, _ in app_imports() if app == "simulator"] == []


def test_no_app_imports_the_project_package():
    importers = [
        path for app in FLOORS for path in sorted((ROOT / app).rglob("*.py")) if PROJECT_PACKAGE in imported_apps(path)
    ]
    assert importers == [], "an app imports the project package: read the setting through django.conf.settings"


def test_the_project_package_holds_no_app():
    assert (ROOT / PROJECT_PACKAGE / "settings.py").is_file()
    assert not (ROOT / PROJECT_PACKAGE / "apps.py").exists()
    assert not (ROOT / PROJECT_PACKAGE / "models.py").exists()


def test_every_app_of_the_project_stands_on_a_floor():
    apps = {config.parent.name for config in ROOT.glob("*/apps.py")}
    assert apps | {"simulator"} == set(FLOORS)


def test_no_migration_imports_the_schools_code_but_the_model_modules_its_fields_validate_with():
    """A migration runs as its code stood when it was written: it copies what it needs, so a later change to the
    app's code never changes what migrating an old database does. Django's own ``import <app>.models``, for a
    field's validator or default, is the one import it keeps."""
    ours = set(FLOORS) | {PROJECT_PACKAGE}
    imports = []
    for path in sorted(ROOT.glob("*/migrations/*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names if not alias.name.endswith(".models")]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            imports += [f"{path.relative_to(ROOT)}: {name}" for name in names if name.partition(".")[0] in ours]
    assert imports == []
