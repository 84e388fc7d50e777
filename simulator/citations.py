"""Where a rule comes from: the regulation clause cited and how sure that citation is."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Provenance(StrEnum):
    """How a rule is known: seed text, another PA chapter (inferred), or the house's own procedure."""

    SEED = "seed text (51 Pa.B. 5607)"
    PA_INFERRED = "Chapter 645a / other PA chapter, inferred"
    HOUSE = "house procedure"


@dataclass(frozen=True)
class Citation:
    """A rule as the trainee sees it: the clause, its provenance, its text and a note on where it comes from."""

    clause: str
    provenance: Provenance
    text: str
    note: str = ""

    def __str__(self) -> str:
        """Write the clause with its provenance."""
        return f"{self.clause} [{self.provenance}]"


def seed(clause: str, text: str, note: str = "") -> Citation:
    """A rule read in 51 Pa.B. 5607 itself; ``text`` is quoted from it ("…" marks words left out)."""
    return Citation(clause, Provenance.SEED, text, note)


def inferred(clause: str, text: str, note: str = "") -> Citation:
    """A rule inferred from Chapter 645a's structure or another Pennsylvania chapter."""
    return Citation(clause, Provenance.PA_INFERRED, text, note)


def house(clause: str, text: str, note: str = "") -> Citation:
    """A casino's own procedure or a configuration option that fills a gap in the regulation."""
    return Citation(clause, Provenance.HOUSE, text, note)
