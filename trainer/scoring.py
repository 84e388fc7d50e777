"""Grading a trainee's dealer steps against the regulation: severities, modes, graded steps and the score card.

Plain Python on top of :mod:`simulator.procedure`; it never imports Django, so it imports and tests without
Django settings. The web layer calls :func:`grade_step` for each step the trainee performs and stores the
returned :class:`GradedStep` (``to_json``); at the end of the round it builds a :class:`ScoreCard` from them.

* **Correct step**: the round performs it; the grade cites the rule the step followed.
* **Wrong step** (the round raised :class:`~simulator.procedure.IllegalOperation`): the grade holds the
  expected action (the round's ``next_action()``), the rule broken and a :class:`Severity` from
  :data:`SEVERITIES`. In :attr:`Mode.PRACTICE` the round is left as it was, so the trainee may try again;
  in :attr:`Mode.EXAM` the engine performs the expected action and the round goes on from the correct state.
* After every attempt the round performs its automations (``round.advance()``), so the next step waiting is
  always a person's. Call ``advance()`` once yourself when the round is dealt, before the first step.
* Any exception other than IllegalOperation is an engine or caller bug and propagates; nothing is recorded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any

from simulator.citations import Citation, Provenance
from simulator.json_values import JsonValue
from simulator.procedure import Action, ErrorCode, IllegalOperation, Round


class Severity(StrEnum):
    """How much a wrong step matters: critical (money, cards, a house-way setting, a check) or minor (order)."""

    CRITICAL = "critical"
    MINOR = "minor"


SEVERITIES: Mapping[ErrorCode, tuple[Severity, str]] = {
    ErrorCode.OUT_OF_ORDER: (
        Severity.MINOR,
        "A step taken out of turn moves no chips and no cards; skipping a check is the exception (severity_of).",
    ),
    ErrorCode.ROUND_OVER: (Severity.MINOR, "A step tried after the table is cleared changes nothing."),
    ErrorCode.UNKNOWN_STEP: (Severity.MINOR, "A step this game does not have changes nothing at the table."),
    ErrorCode.MALFORMED_STEP: (
        Severity.CRITICAL,
        "A step without the values it needs (a payment with no amount) leaves the work as undone as a wrong value.",
    ),
    ErrorCode.MALFORMED_CARDS: (
        Severity.CRITICAL,
        "Cards that cannot be read are a hand setting the dealer did not make.",
    ),
    ErrorCode.WRONG_SETTLEMENT: (
        Severity.CRITICAL,
        "Paying a loser, collecting a winner or pushing either moves wrong chips.",
    ),
    ErrorCode.WRONG_AMOUNT: (Severity.CRITICAL, "A wrong payout, commission or bonus is a wrong amount (issue 4)."),
    ErrorCode.WRONG_SEAT: (
        Severity.CRITICAL,
        "The right action at the wrong seat pays, selects, confirms or validates the wrong player.",
    ),
    ErrorCode.WRONG_LAMMERS: (
        Severity.CRITICAL,
        "The lammers decide who is paid Envy: a wrong set is a wrong payout to come.",
    ),
    ErrorCode.TOO_FEW_SHAKES: (Severity.CRITICAL, "Fewer than three shakes breaks the protection of the dice outcome."),
    ErrorCode.WRONG_DICE: (
        Severity.CRITICAL,
        "A wrong dice announcement settles every dice wager and finds the starting position from wrong numbers.",
    ),
    ErrorCode.WRONG_STARTING_POSITION: (
        Severity.CRITICAL,
        "A wrong starting position gives every place another's cards.",
    ),
    ErrorCode.WRONG_DELIVERY_ORDER: (
        Severity.CRITICAL,
        "A stack delivered to the wrong place changes the players' hands, which is more than an order slip.",
    ),
    ErrorCode.WRONG_POSITION: (
        Severity.CRITICAL,
        "A card dealt to the wrong position changes the players' hands, which is more than an order slip.",
    ),
    ErrorCode.WRONG_CARDS: (Severity.CRITICAL, "A hand set with cards it was not dealt is a wrong setting."),
    ErrorCode.NOT_HOUSE_WAY: (
        Severity.CRITICAL,
        "A dealer's hand not set by the house way is a wrong setting (issue 4).",
    ),
    ErrorCode.WRONG_TIGER_NINE: (
        Severity.CRITICAL,
        "The Tiger 9 call decides whether every Pai Gow Poker wager pushes and every Tiger 9 wager pays.",
    ),
    ErrorCode.WRONG_CHIP_COUNT: (
        Severity.CRITICAL,
        "A wrong progressive chip count is a failed check of the money dropped into the container.",
    ),
    ErrorCode.WRONG_HAND: (
        Severity.CRITICAL,
        "Confirming the wrong progressive hand is a failed validation of a payout.",
    ),
    ErrorCode.WRONG_PAYMENT_SOURCE: (
        Severity.CRITICAL,
        "Paying from the wrong source (table inventory or jackpot slip) breaks the award's paper trail.",
    ),
    ErrorCode.LATE_WAGER_ACCEPTED: (
        Severity.CRITICAL,
        'Going on while a late wager waits accepts a wager placed or changed after "No more bets".',
    ),
    ErrorCode.CHIP_MISMATCH_MISSED: (
        Severity.CRITICAL,
        "Counting or dropping chips that do not match the accepted wagers passes a failed check of the money.",
    ),
    ErrorCode.BAD_SEAT: (Severity.CRITICAL, "A seat the table refuses; raised while a table is set up, not by a step."),
    ErrorCode.BAD_WAGER: (
        Severity.CRITICAL,
        "A wager the table refuses; raised while a table is set up, not by a step.",
    ),
}
"""Every :class:`~simulator.procedure.ErrorCode`: its severity and why."""

CHECK_STEP_PREFIXES = ("validate_", "confirm_", "count_")
"""Steps that check something before money moves: a floorperson's validation, a confirmed light or hand, a count."""


def is_check_step(step: str) -> bool:
    """Whether a step is a check (validation, confirmation or count) that must not be skipped.

    >>> is_check_step("validate_mystery_payout"), is_check_step("pay_mystery_bonus")
    (True, False)
    """
    return step.startswith(CHECK_STEP_PREFIXES)


def severity_of(error: IllegalOperation, expected: Action | None) -> Severity:
    """The severity of a refused step, given the action that was expected instead.

    The code's entry in :data:`SEVERITIES` decides, with one exception: an ``out_of_order`` step taken while
    the expected action is a check (:func:`is_check_step`) skips that validation, and is critical.
    """
    if error.code is ErrorCode.OUT_OF_ORDER and expected is not None and is_check_step(expected.step):
        return Severity.CRITICAL
    severity, _reason = SEVERITIES[error.code]
    return severity


class Mode(StrEnum):
    """How a round is graded: practice shows each grade at once; an exam records silently and corrects the round."""

    PRACTICE = "practice"
    """Show the feedback and the rule's text at once; a wrong step leaves the round so the trainee may retry."""
    EXAM = "exam"
    """Record silently; after a wrong step the engine performs the expected action and the round goes on."""


def _citation_json(citation: Citation) -> dict[str, JsonValue]:
    """A citation as JSON-ready values (the provenance by its name; the note only when there is one)."""
    data: dict[str, JsonValue] = {
        "clause": citation.clause,
        "provenance": citation.provenance.name,
        "text": citation.text,
    }
    if citation.note:
        data["note"] = citation.note
    return data


def _citation_from_json(data: Mapping[str, Any]) -> Citation:
    """Rebuild a citation saved by :func:`_citation_json`, or by a version that had no notes."""
    return Citation(data["clause"], Provenance[data["provenance"]], data["text"], data.get("note", ""))


@dataclass(frozen=True)
class GradedStep:
    """One attempt at one step: what the trainee did, whether it was right, the rule, and the time it took.

    ``number`` is the place the step takes in the round's operation log, so a practice retry shares the number
    of the wrong attempt before it. ``citation`` is the rule the step followed (when correct) or broke (when
    wrong). The expected action, the error code, the severity and the message are None when the step is correct.
    """

    number: int
    step: str
    arguments: Mapping[str, JsonValue]
    correct: bool
    citation: Citation
    elapsed_ms: int
    expected_step: str | None = None
    expected_arguments: Mapping[str, JsonValue] | None = None
    expected_description: str | None = None
    code: ErrorCode | None = None
    severity: Severity | None = None
    message: str | None = None

    def to_json(self) -> dict[str, JsonValue]:
        """The graded step as JSON-ready values."""
        return {
            "number": self.number,
            "step": self.step,
            "arguments": dict(self.arguments),
            "correct": self.correct,
            "citation": _citation_json(self.citation),
            "elapsed_ms": self.elapsed_ms,
            "expected_step": self.expected_step,
            "expected_arguments": None if self.expected_arguments is None else dict(self.expected_arguments),
            "expected_description": self.expected_description,
            "code": None if self.code is None else self.code.value,
            "severity": None if self.severity is None else self.severity.value,
            "message": self.message,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GradedStep:
        """Rebuild a graded step saved by :meth:`to_json`."""
        severity = data["severity"]
        return cls(
            number=data["number"],
            step=data["step"],
            arguments=data["arguments"],
            correct=data["correct"],
            citation=_citation_from_json(data["citation"]),
            elapsed_ms=data["elapsed_ms"],
            expected_step=data["expected_step"],
            expected_arguments=data["expected_arguments"],
            expected_description=data["expected_description"],
            code=None if data["code"] is None else ErrorCode(data["code"]),
            severity=None if severity is None else Severity(severity),
            message=data["message"],
        )


def grade_step(
    game_round: Round, step: str, arguments: Mapping[str, JsonValue], mode: Mode, elapsed_ms: int
) -> GradedStep:
    """Perform the trainee's step on the round, grade it, correct the round in an exam, then run the automations.

    ``elapsed_ms`` is the whole milliseconds the trainee took over the step; a negative or non-integer time is
    a ValueError and changes nothing.
    """
    if isinstance(elapsed_ms, bool) or not isinstance(elapsed_ms, int) or elapsed_ms < 0:
        raise ValueError(f"The time a step took is a whole number of milliseconds, not {elapsed_ms!r}.")
    number = len(game_round.operations) + 1
    try:
        operation = game_round.perform(step, arguments)
    except IllegalOperation as error:
        expected = game_round.next_action()
        graded = GradedStep(
            number=number,
            step=step,
            arguments=dict(arguments),
            correct=False,
            citation=error.citation,
            elapsed_ms=elapsed_ms,
            expected_step=None if expected is None else expected.step,
            expected_arguments=None if expected is None else dict(expected.arguments),
            expected_description=None if expected is None else expected.description,
            code=error.code,
            severity=severity_of(error, expected),
            message=error.message,
        )
        if mode is Mode.EXAM and expected is not None:
            game_round.perform(expected.step, expected.arguments)
    else:
        graded = GradedStep(number, step, dict(arguments), True, operation.action.citation, elapsed_ms)
    game_round.advance()
    return graded


DEFAULT_PASS_THRESHOLD = Fraction(9, 10)
"""The school's default pass mark: 90% of steps right at the first attempt (and no critical error)."""


@dataclass(frozen=True)
class ScoreCard:
    """The end-of-round summary: steps, first-attempt accuracy, every error with its rule, time, pass or fail.

    Accuracy counts first attempts only: a step retried in practice counts once, as wrong. ``errors`` lists
    every wrong attempt, retries included, and ``critical_errors`` counts the critical ones among them. A
    round passes when it has no critical error and its accuracy is at least ``pass_threshold``; a round with
    no graded step does not pass.
    """

    steps: int
    attempts: int
    correct: int
    errors: tuple[GradedStep, ...]
    critical_errors: int
    total_ms: int
    accuracy: Fraction
    pass_threshold: Fraction
    passed: bool

    @classmethod
    def from_steps(cls, graded: Sequence[GradedStep], pass_threshold: Fraction = DEFAULT_PASS_THRESHOLD) -> ScoreCard:
        """Summarise a round's graded steps, in the order they were attempted, against a pass mark from 0 to 1."""
        if not 0 <= pass_threshold <= 1:
            raise ValueError(f"The pass mark is a fraction from 0 to 1, not {pass_threshold}.")
        first_attempts: dict[int, GradedStep] = {}
        for attempt in graded:
            first_attempts.setdefault(attempt.number, attempt)
        steps = len(first_attempts)
        correct = sum(attempt.correct for attempt in first_attempts.values())
        errors = tuple(attempt for attempt in graded if not attempt.correct)
        critical_errors = sum(error.severity is Severity.CRITICAL for error in errors)
        accuracy = Fraction(correct, steps) if steps else Fraction(0)
        return cls(
            steps=steps,
            attempts=len(graded),
            correct=correct,
            errors=errors,
            critical_errors=critical_errors,
            total_ms=sum(attempt.elapsed_ms for attempt in graded),
            accuracy=accuracy,
            pass_threshold=pass_threshold,
            passed=steps > 0 and critical_errors == 0 and accuracy >= pass_threshold,
        )

    @property
    def accuracy_text(self) -> str:
        """The accuracy as a percentage with one decimal, cut (never rounded up, so 99.96% is not 100.0%).

        >>> ScoreCard.from_steps([]).accuracy_text
        '0.0%'
        """
        tenths = int(self.accuracy * 1000)
        return f"{tenths // 10}.{tenths % 10}%"

    def to_json(self) -> dict[str, JsonValue]:
        """The score card as JSON-ready values; fractions are written as "12/13"."""
        return {
            "steps": self.steps,
            "attempts": self.attempts,
            "correct": self.correct,
            "errors": [error.to_json() for error in self.errors],
            "critical_errors": self.critical_errors,
            "total_ms": self.total_ms,
            "accuracy": str(self.accuracy),
            "accuracy_text": self.accuracy_text,
            "pass_threshold": str(self.pass_threshold),
            "passed": self.passed,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ScoreCard:
        """Rebuild a score card saved by :meth:`to_json`."""
        return cls(
            steps=data["steps"],
            attempts=data["attempts"],
            correct=data["correct"],
            errors=tuple(GradedStep.from_json(error) for error in data["errors"]),
            critical_errors=data["critical_errors"],
            total_ms=data["total_ms"],
            accuracy=Fraction(data["accuracy"]),
            pass_threshold=Fraction(data["pass_threshold"]),
            passed=data["passed"],
        )
