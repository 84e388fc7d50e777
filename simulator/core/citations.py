"""Where a rule comes from: a clause, how sure its citation is, its text and a note; built only in clauses.py."""

from __future__ import annotations

import re
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
    """A rule as the trainee sees it: the clause, its provenance, its text and a note on where it comes from.

    ``submission`` names, for a house procedure, the Rules Submission whose wording or numbers it is, or says it is
    a default; a school's layer sets it, the catalogue never does.
    """

    clause: str
    provenance: Provenance
    text: str
    note: str = ""
    submission: str = ""

    def __str__(self) -> str:
        """Write the clause with its kind, as a sentence that names the rule shows it: "§645b.1(h) [Regulation]"."""
        return f"{self.title} [{self.kind}]"

    @property
    def title(self) -> str:
        """The clause in floor words: a house procedure without the option key that sets it, no MHB for the bonus.

        >>> Citation("MHB award rounding, option award_rounding", Provenance.HOUSE, "…").title
        'Must-Hit-By Mystery Bonus award rounding'
        >>> Citation("§645b.1(h)", Provenance.SEED, "…").title
        '§645b.1(h)'
        """
        name = self.clause.partition(", option ")[0]
        return re.sub(r"\bMHB\b", "Must-Hit-By Mystery Bonus", name)

    @property
    def kind(self) -> str:
        """The provenance in a school's words: regulation, inferred, or the house's own procedure."""
        return KINDS[self.provenance]

    @property
    def source(self) -> str:
        """The regulation text that says it; for an inferred rule, what it is from; for a house one, its filing.

        >>> Citation("§645b.1(h)", Provenance.SEED, "…").label
        'Regulation (51 Pa.B. 5607 §645b.1(h))'
        >>> Citation("§645a.11(f)", Provenance.PA_INFERRED, "…", "from §645b.1(f)(2)").label
        'Inferred (not in the regulation text we have: from §645b.1(f)(2))'
        >>> Citation("House way", Provenance.HOUSE, "…", submission="Rules Submission of Keystone, version 2").label
        'Your house procedure (Rules Submission of Keystone, version 2)'
        """
        if self.publication:
            return f"({self.publication} {self.clause})"
        if self.provenance is Provenance.PA_INFERRED:
            return f"(not in the regulation text we have: {self.note})"
        if self.submission:
            return f"({self.submission})"
        return ""

    @property
    def publication(self) -> str:
        """The regulation text the rule is quoted from: 51 Pa.B. 5607 or 58 Pa. Code; none for any other rule."""
        return PUBLICATIONS.get(self.provenance, "")

    @property
    def label(self) -> str:
        """The provenance as every page labels it: its kind and its source."""
        return f"{self.kind} {self.source}".strip()


PUBLICATIONS = {Provenance.SEED: "51 Pa.B. 5607", Provenance.PA_CODE: "58 Pa. Code"}
"""The regulation text each quoted provenance is read in."""

KINDS = {
    Provenance.SEED: "Regulation",
    Provenance.PA_CODE: "Regulation",
    Provenance.PA_INFERRED: "Inferred",
    Provenance.HOUSE: "Your house procedure",
}
"""Each provenance as a school names it; the legend page explains the three."""
