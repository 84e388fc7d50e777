"""The chips of a table's rack as the felt draws them: a face for every colour a rack may take."""

import re
from pathlib import Path

from simulator.core.chips import CHIP_COLOURS

FELT_CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "felt.css"
"""The felt's stylesheet, where each chip colour's face is drawn (the rack's buttons and stacks take it too)."""


def test_every_colour_a_rack_may_take_has_its_face_on_the_felt():
    """A colour without its rule would be drawn as a white chip: a rack's pink and yellow chips must be told apart."""
    css = FELT_CSS.read_text()
    drawn = set(re.findall(r"^\.chip-([a-z]+) \{\n  --chip-face: #[0-9a-f]{6};", css, re.MULTILINE))
    assert drawn == set(CHIP_COLOURS) - {"white"}, "white is every chip's own face (.chip)"
