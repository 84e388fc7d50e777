"""axe-core in the page: every WCAG 2.1 A and AA rule it can check, run on the page as it stands."""

from pathlib import Path

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core as npm installs it from package-lock.json (the school never serves it)."""
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def wcag_violations(page: Page) -> list[str]:
    """Each WCAG 2.1 A/AA violation axe finds on the page: the rule, its help and the elements it names."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # Evaluated by the test, not added as an inline script tag, which the Content-Security-Policy refuses.
        page.evaluate(AXE.read_text())
    result = page.evaluate(
        "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})", WCAG_21_AA
    )
    return [
        f"{violation['id']}: {violation['help']} — {', '.join(node['target'][0] for node in violation['nodes'])}"
        for violation in result["violations"]
    ]
