"""Grading a trainee's dealer steps against the regulation: severities, modes, graded steps and the score card.

Plain Python on top of :mod:`simulator.core.procedure`; it never imports Django, so it imports and tests without
Django settings. The web layer calls :func:`grade_step` for each step the trainee performs and stores the
returned :class:`GradedStep` (``to_json``); at the end of the round it builds a :class:`ScoreCard` from them.

* **Correct step**: the round performs it; the grade cites the rule the step followed.
* **Wrong step** (the round raised :class:`~simulator.core.procedure.IllegalOperation`): the grade holds the
  expected action (the round's ``next_action()``), the rule broken and a :class:`Severity` from
  :data:`SEVERITIES`. The round is left as it was, so the trainee carries on: in :attr:`Mode.PRACTICE` they may
  try again at once; in :attr:`Mode.EXAM` the engine never takes the expected step in the trainee's place.
* **Money slip** (exam only): the due wager settled or paid with other money (:data:`MONEY_SLIPS`) stands as the
  trainee settled it: the wager is booked as settled, the grade is wrong and marked ``stood``, and the exam felt
  draws the trainee's settlement and amount until the score card.
* Steps the table performed for a trainee who left them out (``omitted``) are kept only in rounds graded before
  exams stopped doing so; they are read and shown as they were.
* After every attempt the round performs its automations (``round.advance()``), so the next step waiting is
  always a person's. Call ``advance()`` once yourself when the round is dealt, before the first step.
* Any exception other than IllegalOperation is an engine or caller bug and propagates; nothing is recorded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from statistics import median
from typing import Any, Protocol

from grading.standards import SKILLS, skill_of, target_seconds
from simulator.core.citations import Citation, Provenance
from simulator.core.json_values import JsonValue
from simulator.core.procedure import Action, ErrorCode, IllegalOperation, Round


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
    ErrorCode.WRONG_CHIPS: (
        Severity.MINOR,
        "The right total in chips the house's chipping procedure would not pay: the player is paid right, the house "
        "procedure is not followed (a mispay, the wrong total, is a wrong amount).",
    ),
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
"""Every :class:`~simulator.core.procedure.ErrorCode`: its severity and why."""

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
    """How a round is graded: practice shows each grade at once; an exam records silently."""

    PRACTICE = "practice"
    """Show the feedback and the rule's text at once; a wrong step leaves the round so the trainee may retry."""
    EXAM = "exam"
    """Record silently; a wrong step changes nothing but a money slip, which stands (:data:`MONEY_SLIPS`)."""

    @property
    def label(self) -> str:
        """The mode as a page names it: "Practice" or "Exam"."""
        return self.value.capitalize()


def _citation_json(citation: Citation) -> dict[str, JsonValue]:
    """A citation as JSON-ready values (the provenance by its name; the note and the submission only when set)."""
    data: dict[str, JsonValue] = {
        "clause": citation.clause,
        "provenance": citation.provenance.name,
        "text": citation.text,
    }
    if citation.note:
        data["note"] = citation.note
    if citation.submission:
        data["submission"] = citation.submission
    return data


def _citation_from_json(data: Mapping[str, Any]) -> Citation:
    """Rebuild a citation saved by :func:`_citation_json`, or by a version that had no notes or submissions."""
    return Citation(
        data["clause"], Provenance[data["provenance"]], data["text"], data.get("note", ""), data.get("submission", "")
    )


@dataclass(frozen=True)
class GradedStep:
    """One attempt at one step: what the trainee did, whether it was right, the rule, and the time it took.

    ``number`` is the place the step takes in the round's operation log, so a practice retry shares the number
    of the wrong attempt before it. ``citation`` is the rule the step followed (when correct) or broke (when
    wrong). The expected action, the error code, the severity and the message are None when the step is correct.
    The trainee's own step numbers, 1 to N, are :func:`step_numbers`.

    An exam money slip that stands (:data:`MONEY_SLIPS`) is ``stood``. In rounds graded before exams stopped
    performing steps left out, such a step, which the table performed, is ``omitted``: its step and arguments are the
    table's and its time is 0. The trainee's step that showed it was left out holds it as its ``omission`` (stored
    so, one grade a frame); :func:`one_by_one` lists it as a graded step of its own, just before that step.
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
    omitted: bool = False
    omission: GradedStep | None = None
    stood: bool = False

    def to_json(self) -> dict[str, JsonValue]:
        """The graded step as JSON-ready values; ``omitted``, ``omission`` and ``stood`` only when set."""
        data: dict[str, JsonValue] = {
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
        if self.omitted:
            data["omitted"] = True
        if self.omission is not None:
            data["omission"] = self.omission.to_json()
        if self.stood:
            data["stood"] = True
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GradedStep:
        """Rebuild a graded step saved by :meth:`to_json`, or by a version before omissions."""
        severity = data["severity"]
        omission = data.get("omission")
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
            omitted=data.get("omitted", False),
            omission=None if omission is None else cls.from_json(omission),
            stood=data.get("stood", False),
        )


def one_by_one(graded: Sequence[GradedStep]) -> list[GradedStep]:
    """The graded steps in the order the round took them, each omission listed just before the step that showed it."""
    steps = []
    for step in graded:
        if step.omission is not None:
            steps += [step.omission, replace(step, omission=None)]
        else:
            steps.append(step)
    return steps


def _refused(
    number: int,
    step: str,
    arguments: Mapping[str, JsonValue],
    error: IllegalOperation,
    expected: Action | None,
    elapsed_ms: int,
) -> GradedStep:
    """The grade of a step the round refused with ``error``, while ``expected`` was the action due."""
    return GradedStep(
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


MONEY_SLIPS = frozenset(
    {ErrorCode.WRONG_SETTLEMENT, ErrorCode.WRONG_AMOUNT, ErrorCode.WRONG_CHIPS, ErrorCode.WRONG_PAYMENT_SOURCE}
)
"""Refusals of the due wager's settlement or payment for its money alone: paid, pushed or collected otherwise, a
wrong amount, the right amount in chips the house would not pay, or a wrong source. The round raises them only at
the wager it waits for (another wager is out of order).
"""


def _stood(game_round: Round, refused: GradedStep, expected: Action) -> GradedStep:
    """In an exam, a money slip stands as the trainee made it: the due wager is booked settled and the grade says so.

    The felt draws the trainee's settlement, amount and source (:func:`trainer.felt.stood_steps`), so the reply is
    the right step's but for the trainee's own money.
    """
    game_round.perform(expected.step, expected.arguments)
    return replace(refused, stood=True)


def grade_step(
    game_round: Round, step: str, arguments: Mapping[str, JsonValue], mode: Mode, elapsed_ms: int
) -> GradedStep:
    """Perform the trainee's step on the round, grade it, let a money slip stand in an exam, then run the automations.

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
        graded = _refused(number, step, arguments, error, expected, elapsed_ms)
        if mode is Mode.EXAM and expected is not None and error.code in MONEY_SLIPS:
            graded = _stood(game_round, graded, expected)
    else:
        graded = GradedStep(number, step, dict(arguments), True, operation.action.citation, elapsed_ms)
    game_round.advance()
    return graded


def step_numbers(graded: Sequence[GradedStep]) -> list[int]:
    """Each attempt's step number as the trainee counts steps: 1 to N in the order performed; a retry shares its step's.

    A graded step's own ``number`` is its line in the round's log, which counts the engine's automated steps too.
    """
    places: dict[int, int] = {}
    return [places.setdefault(attempt.number, len(places) + 1) for attempt in graded]


def clock_text(milliseconds: int) -> str:
    """A time in minutes and whole seconds, cut, as a stopwatch shows it.

    >>> clock_text(754_900), clock_text(5_000)
    ('12:34', '0:05')
    """
    return f"{milliseconds // 60000}:{milliseconds // 1000 % 60:02d}"


def seconds_text(milliseconds: int) -> str:
    """A step's time in seconds with one decimal, cut.

    >>> seconds_text(12_345)
    '12.3 s'
    """
    return f"{milliseconds // 1000}.{milliseconds // 100 % 10} s"


def percent_text(fraction: Fraction) -> str:
    """A fraction from 0 to 1 as a percentage with one decimal, cut (never rounded up, so 99.96% is not 100.0%).

    >>> percent_text(Fraction(12, 13)), percent_text(Fraction(9, 10))
    ('92.3%', '90.0%')
    """
    tenths = int(fraction * 1000)
    return f"{tenths // 10}.{tenths % 10}%"


DEFAULT_PASS_THRESHOLD = Fraction(9, 10)
"""The school's default pass mark: 90% of steps right at the first attempt (and no critical error)."""


@dataclass(frozen=True)
class PassRule:
    """A table's rule for passing a round: the accuracy mark, whether a critical error fails, an optional time limit.

    The time limit is on the round's time as the score card counts it: the sum of the trainee's step times.
    A rule that cannot be met as written (a mark outside 0 to 1, a time limit that is not a positive whole
    number of seconds) is a ValueError.
    """

    accuracy: Fraction = DEFAULT_PASS_THRESHOLD
    critical_error_fails: bool = True
    time_limit_seconds: int | None = None

    def __post_init__(self) -> None:
        """Refuse a rule that cannot be met as written."""
        if not 0 <= self.accuracy <= 1:
            raise ValueError(f"The pass mark is a fraction from 0 to 1, not {self.accuracy}.")
        limit = self.time_limit_seconds
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit <= 0):
            raise ValueError(f"A round's time limit is a positive whole number of seconds, not {limit!r}.")

    @property
    def text(self) -> str:
        """The rule in words, as the tables page, the exam table and the score card state it.

        >>> PassRule().text
        'at least 90.0% of steps right at the first attempt, no critical error, no time limit'
        """
        return self.stated()

    def stated(self, judged: str = "round") -> str:
        """The rule in words for what it judges: a round, or a scenario's attempt (its rounds together)."""
        parts = [f"at least {percent_text(self.accuracy)} of steps right at the first attempt"]
        parts.append("no critical error" if self.critical_error_fails else "critical errors allowed")
        limit = self.time_limit_seconds
        parts.append("no time limit" if limit is None else f"within {clock_text(limit * 1000)} for the {judged}")
        return ", ".join(parts)

    def to_json(self) -> dict[str, JsonValue]:
        """The rule as JSON-ready values; the mark is written as "9/10"."""
        return {
            "accuracy": str(self.accuracy),
            "critical_error_fails": self.critical_error_fails,
            "time_limit_seconds": self.time_limit_seconds,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> PassRule:
        """Rebuild a rule saved by :meth:`to_json`; None (an attempt dealt before rules were kept) is the default."""
        if data is None:
            return cls()
        return cls(Fraction(data["accuracy"]), data["critical_error_fails"], data["time_limit_seconds"])


@dataclass(frozen=True)
class Failure:
    """One part of the pass rule a round did not meet: which part (steps, accuracy, critical, time_limit) and why."""

    part: str
    text: str


def failures_of(
    rule: PassRule, steps: int, accuracy: Fraction, critical_errors: int, total_ms: int, judged: str = "round"
) -> list[Failure]:
    """The parts of the rule the figures of a round (or the ``judged`` whole: an exam, an attempt) do not meet."""
    failed = []
    if steps == 0:
        failed.append(Failure("steps", "no step was graded"))
    if accuracy < rule.accuracy:
        accuracy_text = percent_text(accuracy)
        failed.append(
            Failure("accuracy", f"accuracy {accuracy_text} is below the mark of {percent_text(rule.accuracy)}")
        )
    if rule.critical_error_fails and critical_errors:
        errors = f"{critical_errors} critical error{'s' if critical_errors > 1 else ''}"
        failed.append(Failure("critical", f"{errors} (the pass rule allows none)"))
    limit = rule.time_limit_seconds
    if limit is not None and total_ms > limit * 1000:
        over = clock_text(total_ms - limit * 1000)
        text = f"the {judged} took {clock_text(total_ms)}, over the {clock_text(limit * 1000)} time limit by {over}"
        failed.append(Failure("time_limit", text))
    return failed


@dataclass(frozen=True)
class StepTime:
    """One of the trainee's steps on the score card: its number (1 to N), the step, its skill and the time it took.

    ``elapsed_ms`` is the time over every attempt at the step (a practice retry adds its time); ``skill`` is the
    key of the skill in :data:`grading.standards.SKILLS`, or None for a step without a timed standard or ``omitted``
    (left out by the trainee in an exam and performed by the table).
    """

    number: int
    step: str
    arguments: Mapping[str, JsonValue]
    skill: str | None
    attempts: int
    right_first_time: bool
    elapsed_ms: int
    omitted: bool = False

    def to_json(self) -> dict[str, JsonValue]:
        """The step's time as JSON-ready values; ``omitted`` only when set."""
        data: dict[str, JsonValue] = {
            "number": self.number,
            "step": self.step,
            "arguments": dict(self.arguments),
            "skill": self.skill,
            "attempts": self.attempts,
            "right_first_time": self.right_first_time,
            "elapsed_ms": self.elapsed_ms,
        }
        if self.omitted:
            data["omitted"] = True
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> StepTime:
        """Rebuild a step's time saved by :meth:`to_json`."""
        return cls(
            data["number"],
            data["step"],
            data["arguments"],
            data["skill"],
            data["attempts"],
            data["right_first_time"],
            data["elapsed_ms"],
            data.get("omitted", False),
        )


def step_times(graded: Sequence[GradedStep]) -> list[StepTime]:
    """Every step of the trainee's, numbered 1 to N, with its skill and the time over all its attempts.

    A step the trainee left out (omitted) has no skill: its time of 0 is no speed.
    """
    times: dict[int, StepTime] = {}
    for number, attempt in zip(step_numbers(graded), graded, strict=True):
        held = times.get(number)
        if held is None:
            skill = None if attempt.omitted else skill_of(attempt.step, attempt.arguments)
            times[number] = StepTime(
                number, attempt.step, attempt.arguments, skill, 1, attempt.correct, attempt.elapsed_ms, attempt.omitted
            )
        else:
            times[number] = replace(held, attempts=held.attempts + 1, elapsed_ms=held.elapsed_ms + attempt.elapsed_ms)
    return list(times.values())


@dataclass(frozen=True)
class SkillTime:
    """A skill's speed on the score card: the steps done, their median time, the target and how many were over it."""

    skill: str
    steps: int
    median_ms: int
    target_seconds: int
    over_target: int

    @property
    def name(self) -> str:
        """The skill's name."""
        return SKILLS[self.skill].name

    def to_json(self) -> dict[str, JsonValue]:
        """The skill's speed as JSON-ready values."""
        return {
            "skill": self.skill,
            "steps": self.steps,
            "median_ms": self.median_ms,
            "target_seconds": self.target_seconds,
            "over_target": self.over_target,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SkillTime:
        """Rebuild a skill's speed saved by :meth:`to_json`."""
        return cls(data["skill"], data["steps"], data["median_ms"], data["target_seconds"], data["over_target"])


def skill_times(times: Sequence[StepTime], targets: Mapping[str, int]) -> list[SkillTime]:
    """Each skill the round exercised, in the order of :data:`~grading.standards.SKILLS`, against its target."""
    by_skill: dict[str, list[int]] = {}
    for time in times:
        if time.skill is not None:
            by_skill.setdefault(time.skill, []).append(time.elapsed_ms)
    return [
        SkillTime(
            skill,
            len(by_skill[skill]),
            int(median(by_skill[skill])),
            targets[skill],
            sum(elapsed > targets[skill] * 1000 for elapsed in by_skill[skill]),
        )
        for skill in SKILLS
        if skill in by_skill
    ]


@dataclass(frozen=True)
class ScoredError:
    """A wrong attempt on the score card with the number of its step (1 to N); None on a card saved before numbers."""

    step_number: int | None
    graded: GradedStep

    def to_json(self) -> dict[str, JsonValue]:
        """The graded step's JSON with its step number."""
        return self.graded.to_json() | {"step_number": self.step_number}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ScoredError:
        """Rebuild an error saved by :meth:`to_json`, or by a version that saved the graded step alone."""
        return cls(data.get("step_number"), GradedStep.from_json(data))


@dataclass(frozen=True)
class ScoreCard:
    """The end-of-round summary: steps, first-attempt accuracy, every error with its rule, time, pass or fail.

    Accuracy counts first attempts only: a step retried in practice counts once, as wrong. ``errors`` lists
    every wrong attempt, retries included, and ``critical_errors`` counts the critical ones among them. A round
    passes when it meets every part of its :class:`PassRule`; ``failures`` names each part it did not meet, and
    a round with no graded step does not pass. Speed counts toward passing only through the rule's time limit;
    ``step_times`` and ``skills`` set each step and skill against the school's timed standards, for the record.
    Cards saved before the rule, the step times and the skills were kept load with the default rule, the
    failures worked out from their figures, and no step times or skills.
    """

    steps: int
    attempts: int
    correct: int
    errors: tuple[ScoredError, ...]
    critical_errors: int
    total_ms: int
    accuracy: Fraction
    rule: PassRule
    passed: bool
    failures: tuple[Failure, ...]
    step_times: tuple[StepTime, ...]
    skills: tuple[SkillTime, ...]

    @classmethod
    def from_steps(
        cls,
        graded: Sequence[GradedStep],
        rule: PassRule = PassRule(),
        target_overrides: Mapping[str, int] | None = None,
    ) -> ScoreCard:
        """Summarise a round's graded steps, in the order they were attempted, against its pass rule and targets."""
        graded = one_by_one(graded)
        times = step_times(graded)
        steps = len(times)
        correct = sum(time.right_first_time for time in times)
        numbers = step_numbers(graded)
        errors = tuple(
            ScoredError(n, attempt) for n, attempt in zip(numbers, graded, strict=True) if not attempt.correct
        )
        critical_errors = sum(error.graded.severity is Severity.CRITICAL for error in errors)
        accuracy = Fraction(correct, steps) if steps else Fraction(0)
        total_ms = sum(attempt.elapsed_ms for attempt in graded)
        failures = failures_of(rule, steps, accuracy, critical_errors, total_ms)
        return cls(
            steps=steps,
            attempts=len(graded),
            correct=correct,
            errors=errors,
            critical_errors=critical_errors,
            total_ms=total_ms,
            accuracy=accuracy,
            rule=rule,
            passed=not failures,
            failures=tuple(failures),
            step_times=tuple(times),
            skills=tuple(skill_times(times, target_seconds(target_overrides or {}))),
        )

    @property
    def wrong_steps(self) -> tuple[ScoredError, ...]:
        """Each step not right at the first attempt, once for each clause its wrong attempts broke, as first broken.

        A step tried wrong three times against one clause before it was right is one wrong step, as the card's
        accuracy counts it; attempts that broke two clauses count once against each. A card saved before step
        numbers lists each wrong attempt.
        """
        seen: set[tuple[int, str]] = set()
        firsts = []
        for error in self.errors:
            if error.step_number is None:
                firsts.append(error)
            elif (key := (error.step_number, error.graded.citation.clause)) not in seen:
                seen.add(key)
                firsts.append(error)
        return tuple(firsts)

    @property
    def accuracy_text(self) -> str:
        """The accuracy as a percentage with one decimal, cut (never rounded up, so 99.96% is not 100.0%).

        >>> ScoreCard.from_steps([]).accuracy_text
        '0.0%'
        """
        return percent_text(self.accuracy)

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
            "pass_threshold": str(self.rule.accuracy),
            "pass_rule": self.rule.to_json(),
            "passed": self.passed,
            "failures": [{"part": failure.part, "text": failure.text} for failure in self.failures],
            "step_times": [time.to_json() for time in self.step_times],
            "skills": [skill.to_json() for skill in self.skills],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ScoreCard:
        """Rebuild a score card saved by :meth:`to_json`, or by a version before the pass rule and step times."""
        rule = (
            PassRule.from_json(data["pass_rule"]) if "pass_rule" in data else PassRule(Fraction(data["pass_threshold"]))
        )
        accuracy = Fraction(data["accuracy"])
        if "failures" in data:
            failures = [Failure(failure["part"], failure["text"]) for failure in data["failures"]]
        else:
            failures = failures_of(rule, data["steps"], accuracy, data["critical_errors"], data["total_ms"])
        return cls(
            steps=data["steps"],
            attempts=data["attempts"],
            correct=data["correct"],
            errors=tuple(ScoredError.from_json(error) for error in data["errors"]),
            critical_errors=data["critical_errors"],
            total_ms=data["total_ms"],
            accuracy=accuracy,
            rule=rule,
            passed=data["passed"],
            failures=tuple(failures),
            step_times=tuple(StepTime.from_json(time) for time in data.get("step_times", ())),
            skills=tuple(SkillTime.from_json(skill) for skill in data.get("skills", ())),
        )


class Tally(Protocol):
    """A round's figures as rounds judged together add them up: a score card's, or a watched round's in an exam."""

    @property
    def steps(self) -> int:
        """The steps counted."""

    @property
    def correct(self) -> int:
        """The steps right at the first attempt."""

    @property
    def critical_errors(self) -> int:
        """The critical errors."""

    @property
    def total_ms(self) -> int:
        """The time taken, in milliseconds."""


@dataclass(frozen=True)
class CombinedResult:
    """Several rounds judged together against one pass rule: an exam sitting's rounds, or a scenario run's.

    Accuracy is over every step of the rounds, the critical errors and the time (the sum of step times) are added
    up; ``failures`` names each part of the rule the rounds together did not meet.
    """

    steps: int
    correct: int
    critical_errors: int
    total_ms: int
    accuracy: Fraction
    rule: PassRule
    failures: tuple[Failure, ...]

    @classmethod
    def of(cls, cards: Sequence[Tally], rule: PassRule, judged: str) -> CombinedResult:
        """The rounds' figures added up and judged by the rule; ``judged`` names the whole in the time failure."""
        steps = sum(card.steps for card in cards)
        correct = sum(card.correct for card in cards)
        critical = sum(card.critical_errors for card in cards)
        total_ms = sum(card.total_ms for card in cards)
        accuracy = Fraction(correct, steps) if steps else Fraction(0)
        failures = failures_of(rule, steps, accuracy, critical, total_ms, judged=judged)
        return cls(steps, correct, critical, total_ms, accuracy, rule, tuple(failures))

    @property
    def passed(self) -> bool:
        """Whether the rounds together meet every part of the rule."""
        return not self.failures
