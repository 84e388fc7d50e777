"""Frame-reading benchmark: microseconds to read a few typical WebSocket frames into a step's engine arguments.

Run: .venv/bin/python bench/read_frames.py [--number 20000]
Prints figures only; nothing here is a pass/fail test. Figures are kept in bench/results/read_frames.md.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import timeit
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dealer_school.settings")

import django

django.setup()

from simulator.games import PAI_GOW_POKER  # noqa: E402
from trainer.controls import FrameError, read_step  # noqa: E402
from trainer.tables import table_description  # noqa: E402

HEADERS = {"HX-Request": "true", "HX-Trigger": "controls", "HX-Target": "controls", "HX-Current-URL": "/table/1/"}
FRAMES: dict[str, dict[str, Any]] = {
    "no fields (announce_no_more_bets)": {"step": "announce_no_more_bets", "seq": "12"},
    "seat, spot, chips (pay_wager)": {
        "step": "pay_wager",
        **{"seq": "12", "seat": "3", "spot": "sum", "chips": "2500x1 500x2 100x2", "amount": "0.50"},
    },
    "three dice (announce_dice)": {"step": "announce_dice", "seq": "12", "red": "4", "blue_1": "2", "blue_2": "6"},
    "two cards (set_dealer_hand)": {"step": "set_dealer_hand", "seq": "12", "low": ["Ks", "Qd"]},
    "three seats (place_envy_lammers)": {"step": "place_envy_lammers", "seq": "12", "seats": ["1", "3", "5"]},
    "unreadable chips (pay_wager)": {"step": "pay_wager", "seq": "12", "seat": "3", "spot": "sum", "chips": "abc"},
}
CONTROLS = table_description(PAI_GOW_POKER.key).step_controls
"""The Pai Gow Poker table's controls, which read every frame above."""
ALLOWED = frozenset(CONTROLS)


def read(frame: dict[str, Any]) -> None:
    """Read one frame as the consumer does, a refusal included."""
    with contextlib.suppress(FrameError):
        read_step(frame, CONTROLS, ALLOWED)


def main() -> None:
    """Print the best of five runs, in microseconds per frame, for each typical frame."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--number", type=int, default=20000, help="frames read per run")
    number = parser.parse_args().number
    for name, fields in FRAMES.items():
        frame = {**fields, "HEADERS": HEADERS}
        best = min(timeit.repeat(partial(read, frame), number=number, repeat=5))
        print(f"{name:36} {best / number * 1e6:7.1f} µs per frame")


if __name__ == "__main__":
    main()
