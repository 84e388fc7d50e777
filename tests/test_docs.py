"""The docs a newcomer reads: one-screen README, links and anchors that resolve, file paths that exist."""

import re
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[1]
DOCS = sorted([PROJECT / "README.md", PROJECT / "CONTRIBUTING.md", *(PROJECT / "docs").rglob("*.md")])
README_MOST_LINES = 60
"""One screen: what it is, a screenshot, the two commands, the demo accounts and where to go next."""
RUN_COMMAND = (
    "python3.11 -m venv .venv && .venv/bin/pip install -r requirements.txt && .venv/bin/python manage.py school"
)
TEST_COMMAND = "bash .ci/run"

FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
INLINE_CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)
ENVIRONMENT_NAME = re.compile(r"\"((?:DJANGO|DATABASE|REDIS)_[A-Z_]+)\"")


def prose(text: str) -> str:
    """The Markdown without its code: fenced blocks and inline code hold no links."""
    return INLINE_CODE.sub("", FENCE.sub("", text))


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "").lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading anchor of a Markdown file; a repeated heading gets -1, -2, … as on GitHub."""
    found: set[str] = set()
    for heading in HEADING.findall(FENCE.sub("", path.read_text())):
        anchor, number = slug(heading), 0
        while (anchor if number == 0 else f"{anchor}-{number}") in found:
            number += 1
        found.add(anchor if number == 0 else f"{anchor}-{number}")
    return found


def relative_links(path: Path) -> list[str]:
    """The links of a Markdown file that point inside the repository (no scheme, no mail)."""
    return [target for target in LINK.findall(prose(path.read_text())) if not re.match(r"[a-z]+:", target)]


@pytest.mark.parametrize("document", DOCS, ids=lambda path: str(path.relative_to(PROJECT)))
def test_every_relative_link_and_anchor_resolves(document: Path) -> None:
    links = relative_links(document)
    for target in links:
        file_part, _, anchor = target.partition("#")
        linked = (document.parent / file_part).resolve() if file_part else document
        assert linked.exists(), f"{document.name}: {target} links to no file"
        if anchor:
            assert linked.suffix == ".md", f"{document.name}: {target} has an anchor into a file that is not Markdown"
            assert anchor in anchors(linked), f"{document.name}: {target} names no heading of {linked.name}"


def test_the_readme_links_every_doc_and_the_docs_link_each_other() -> None:
    readme = {(PROJECT / link.partition("#")[0]).resolve() for link in relative_links(PROJECT / "README.md")}
    for document in DOCS:
        if document.name != "README.md" or document.parent != PROJECT:
            assert document in readme, f"README.md does not link {document.relative_to(PROJECT)}"
    assert (PROJECT / "docs/images/table.png").resolve() in readme, "README.md shows no screenshot"


def test_the_readme_is_one_screen_with_the_run_and_test_commands() -> None:
    readme = (PROJECT / "README.md").read_text()
    lines = readme.splitlines()
    assert len(lines) <= README_MOST_LINES, f"README.md has {len(lines)} lines, more than one screen"
    commands = [block.strip("`").partition("\n")[2].strip() for block in FENCE.findall(readme)]
    assert commands == [RUN_COMMAND, TEST_COMMAND], commands


def test_the_readmes_test_command_is_the_ci_script() -> None:
    assert (PROJECT / TEST_COMMAND.removeprefix("bash ")).is_file()


def written_paths(text: str) -> list[str]:
    """Every repository path written in code (inline or fenced): words with a slash, not an address or a URL route."""
    code = " ".join([*INLINE_CODE.findall(text), *FENCE.findall(text)])
    words = (word.lstrip("`(").rstrip("`.,;:)\\") for word in code.split())
    return [word for word in words if "/" in word and not word.startswith(("/", ".venv/", "http"))]


def test_every_file_adding_a_game_names_exists() -> None:
    paths = written_paths((PROJECT / "docs/adding-a-game.md").read_text())
    assert len(paths) >= 10
    for path in paths:
        pattern = re.sub(r"<\w+>", "*", path)
        assert any(PROJECT.glob(pattern)), f"docs/adding-a-game.md names {path}, which does not exist"


def test_every_setting_the_school_reads_is_documented_in_running_a_school() -> None:
    settings = (PROJECT / "dealer_school/settings.py").read_text()
    documented = (PROJECT / "docs/running-a-school.md").read_text()
    names = set(ENVIRONMENT_NAME.findall(settings)) - {"DJANGO_SETTINGS_MODULE"}
    assert len(names) >= 25
    missing = sorted(name for name in names if f"`{name}`" not in documented)
    assert not missing, f"docs/running-a-school.md does not document {missing}"
