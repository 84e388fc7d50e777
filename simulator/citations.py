"""Where a rule comes from: a clause, how sure its citation is, its text and a note; built only in clauses.py."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Provenance(StrEnum):
    """How a rule is known: 51 Pa.B. 5607 itself, 58 Pa. Code read, inferred, or the house's own procedure."""

    SEED = "seed text (51 Pa.B. 5607)"
    PA_CODE = "58 Pa. Code text"
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
