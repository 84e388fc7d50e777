"""What the tables ask of the school's Rules Submission: the rules it deals, its wording, a house paytable's label.

The Rules Submission is an app above the tables (rules_submission), which gives its answers to :func:`answer_with`
once it is ready, so the tables never import it. Until an app answers, a table deals its own rules, every citation
keeps the catalogue's wording and a paytable nothing filed is labelled the default.
"""

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from grading.scoring import GradedStep
from simulator.core.citations import Citation
from simulator.core.json_values import JsonValue

FiledRules = Callable[[str, Mapping[str, JsonValue]], Mapping[str, JsonValue]]
"""For a game and a table's rules, the rules as the school's Rules Submission deals them."""

SchoolCitations = Callable[[Iterable[Citation]], list[Citation]]
"""The citations as the school words its house procedures."""

SchoolGraded = Callable[[GradedStep], GradedStep]
"""A graded step citing the school's wording of its house procedures."""

FilingLabel = Callable[[Citation], str]
"""Where a house paytable's numbers come from: the filing it names, else the default's label."""


@dataclass
class SubmissionAnswers:
    """The answers of the app that keeps the Rules Submission; none until it gives them."""

    filed_rules: FiledRules | None = None
    school_citations: SchoolCitations | None = None
    school_graded: SchoolGraded | None = None
    filing_label: FilingLabel | None = None


ANSWERS = SubmissionAnswers()


def answer_with(
    filed_rules: FiledRules, school_citations: SchoolCitations, school_graded: SchoolGraded, filing_label: FilingLabel
) -> None:
    """Let the Rules Submission's app answer the tables' questions (called from its ``AppConfig.ready``)."""
    ANSWERS.filed_rules, ANSWERS.school_citations = filed_rules, school_citations
    ANSWERS.school_graded, ANSWERS.filing_label = school_graded, filing_label


def filed_rules(game: str, rules: Mapping[str, JsonValue]) -> Mapping[str, JsonValue]:
    """A table's rules as the school's Rules Submission deals them; as they are without one."""
    return rules if ANSWERS.filed_rules is None else ANSWERS.filed_rules(game, rules)


def school_citations(citations: Iterable[Citation]) -> list[Citation]:
    """The citations as the school words its house procedures; as the catalogue words them without a submission."""
    return list(citations) if ANSWERS.school_citations is None else ANSWERS.school_citations(citations)


def school_graded(graded: GradedStep) -> GradedStep:
    """A graded step citing the school's wording of its house procedures; as graded without a submission."""
    return graded if ANSWERS.school_graded is None else ANSWERS.school_graded(graded)


def filing_label(citation: Citation) -> str:
    """Where a house paytable's numbers come from: its filing, else the default's label."""
    if ANSWERS.filing_label is None:
        return citation.submission or "Default"
    return ANSWERS.filing_label(citation)
