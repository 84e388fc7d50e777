"""Errors by clause and progress by skill, read from the score cards of finished rounds.

A finished round's score card keeps every wrong attempt with the clause it broke (``ScoreCard.errors``); a report
counts each wrong step once against each clause it broke, as the card's accuracy counts it once
(``ScoreCard.wrong_steps``: a step tried wrong three times against one clause is one wrong step). The card keeps every
step with its skill, whether it was right at the first attempt and its time (``ScoreCard.step_times``), so a report
reads one row per round. Rows of the heatmap are clauses grouped by section in the order of the clause catalogue
(:mod:`simulator.core.clauses`); its columns are a cohort's trainees, or one trainee's weeks.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from fractions import Fraction
from itertools import groupby
from statistics import median
from typing import Any, Protocol

from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.utils import timezone

from grading.scoring import ScoreCard, percent_text, seconds_text
from grading.standards import SKILLS
from reports.charts import Y_TICKS, ChartPoint, ChartWords, line_chart
from simulator.core.citations import Citation
from simulator.core.clauses import catalogue_order, section_of
from trainer.felt_signs import PROVENANCE_CLASSES
from trainer.models import Attempt
from trainer.table_page import citation_html

MOST_MISSED = 5
"""How many of the clauses most often missed a report lists with their text."""


@dataclass(frozen=True)
class FinishedRound:
    """A finished round as a report reads it: the attempt, its trainee, the week dealt, its score card and game."""

    attempt_id: int
    trainee_id: int
    week: date
    card: ScoreCard
    game: str

    def errors_at(self, clause: str) -> int:
        """How many wrong steps of the round broke the clause."""
        return sum(error.graded.citation.clause == clause for error in self.card.wrong_steps)


@dataclass(frozen=True)
class Column:
    """A column of the heatmap: its key (a trainee's id or a week), its heading and its filter of the attempt list."""

    key: Hashable
    heading: str
    query: str


def week_of(moment: datetime) -> date:
    """The Monday of the week a moment falls in, in the school's time zone."""
    day = timezone.localtime(moment).date()
    return day - timedelta(days=day.weekday())


def week_heading(week: date) -> str:
    """A week as a column heading: "Week of Nov 30, 2026"."""
    return f"Week of {week:%b} {week.day}, {week.year}"


def finished_rounds(attempts: QuerySet[Attempt]) -> list[FinishedRound]:
    """The finished rounds among the attempts, oldest first, with their score cards."""
    rows = attempts.filter(finished_at__isnull=False).order_by("started_at", "pk")
    return [
        FinishedRound(pk, trainee_id, week_of(started_at), ScoreCard.from_json(card), game)
        for pk, trainee_id, started_at, card, game in rows.values_list(
            "pk", "trainee_id", "started_at", "score_card", "table__game"
        )
        if card is not None
    ]


def trainee_columns(trainees: Iterable[User]) -> list[Column]:
    """A column for each trainee, by username."""
    return [
        Column(trainee.pk, trainee.get_full_name() or trainee.get_username(), f"trainee={trainee.pk}")
        for trainee in trainees
    ]


class Weekly(Protocol):
    """A finished round, dealt or watched, as a week's column counts it."""

    @property
    def week(self) -> date:
        """The Monday of the week it was dealt or watched in."""


def week_columns(rounds: Sequence[Weekly]) -> list[Column]:
    """A column for each week the trainee finished a round in, oldest first."""
    return [Column(week, week_heading(week), f"week={week.isoformat()}") for week in sorted({r.week for r in rounds})]


def cited(rounds: Sequence[FinishedRound]) -> dict[str, Citation]:
    """Every clause broken in the rounds, with its citation as the score card kept it."""
    return {error.graded.citation.clause: error.graded.citation for r in rounds for error in r.card.wrong_steps}


def heatmap(
    rounds: Sequence[FinishedRound], columns: Sequence[Column], column_of: Callable[[FinishedRound], Hashable]
) -> list[dict[str, Any]]:
    """Rows of errors by clause, grouped by section in the catalogue's order; each cell the count in its column.

    Only clauses broken at least once have a row.
    """
    counts: Counter[tuple[str, Hashable]] = Counter(
        (error.graded.citation.clause, column_of(r)) for r in rounds for error in r.card.wrong_steps
    )
    return clause_heatmap(counts, cited(rounds).values(), columns)


def clause_heatmap(
    counts: Counter[tuple[str, Hashable]], cited: Iterable[Citation], columns: Sequence[Column]
) -> list[dict[str, Any]]:
    """Rows of counts by clause and column, grouped by section in the catalogue's order: a row for each clause cited."""
    citations = sorted(cited, key=lambda citation: catalogue_order(citation.clause))
    return [
        {
            "section": section,
            "rows": [
                {
                    "clause": citation.clause,
                    "provenance": PROVENANCE_CLASSES[citation.provenance],
                    "kind": citation.kind,
                    "cells": [cell(counts[citation.clause, column.key], column) for column in columns],
                    "total": sum(counts[citation.clause, column.key] for column in columns),
                }
                for citation in group
            ],
        }
        for section, group in groupby(citations, key=lambda citation: section_of(citation.clause))
    ]


HEAT_LEVELS = ((4, 3), (2, 2), (1, 1), (0, 0))
"""The shade of a cell by its count (at least 4, 2 or 3, 1, none); the count is always written in the cell too."""


def cell(count: int, column: Column) -> dict[str, Any]:
    """A heatmap cell: its count, the shade it is drawn in and its column (whose filter its link carries)."""
    return {"count": count, "level": next(level for least, level in HEAT_LEVELS if count >= least), "column": column}


def most_missed(rounds: Sequence[FinishedRound]) -> list[dict[str, Any]]:
    """The clauses most often broken, most first (the catalogue's order breaks a tie), with their text."""
    counts = Counter(error.graded.citation.clause for r in rounds for error in r.card.wrong_steps)
    citations = cited(rounds)
    ranked = sorted(counts, key=lambda clause: (-counts[clause], catalogue_order(clause)))[:MOST_MISSED]
    return [{"clause": clause, "count": counts[clause], "html": citation_html(citations[clause])} for clause in ranked]


@dataclass(frozen=True)
class SkillWeek:
    """A skill's steps in one week: how many, how many right at the first attempt, their median time."""

    week: date
    steps: int
    right: int
    median_ms: int

    @property
    def accuracy(self) -> Fraction:
        """The share of the week's steps right at the first attempt."""
        return Fraction(self.right, self.steps)


def skill_weeks(rounds: Sequence[FinishedRound]) -> dict[str, list[SkillWeek]]:
    """Each skill the rounds exercised, in the order of the skills, with its figures week by week."""
    times: dict[str, dict[date, list[tuple[bool, int]]]] = {}
    for r in rounds:
        for time in r.card.step_times:
            if time.skill is not None:
                times.setdefault(time.skill, {}).setdefault(r.week, []).append((time.right_first_time, time.elapsed_ms))
    return {
        skill: [
            SkillWeek(week, len(steps), sum(right for right, _ in steps), int(median(ms for _, ms in steps)))
            for week, steps in sorted(times[skill].items())
        ]
        for skill in SKILLS
        if skill in times
    }


def skill_charts(rounds: Sequence[FinishedRound], whose: str) -> list[dict[str, Any]]:
    """For each skill the rounds exercised: its accuracy and speed charts week by week, with their figures."""
    exercised = skill_weeks(rounds).items()
    return [skill_chart(number, skill, weeks, whose) for number, (skill, weeks) in enumerate(exercised, start=1)]


def skill_chart(number: int, skill: str, weeks: Sequence[SkillWeek], whose: str) -> dict[str, Any]:
    """A skill's accuracy chart and speed chart (its median time against the school's target), and their figures."""
    name, target = SKILLS[skill].name, SKILLS[skill].target_seconds
    accuracy = [ChartPoint(week_label(w.week), float(w.accuracy * 100), percent_text(w.accuracy)) for w in weeks]
    speed = [ChartPoint(week_label(w.week), w.median_ms / 1000, seconds_text(w.median_ms)) for w in weeks]
    top = math.ceil(max([target, *(point.value for point in speed)]) / Y_TICKS) * Y_TICKS
    return {
        "name": name,
        "accuracy": line_chart(
            f"skill-{number}-accuracy",
            f"{name}: accuracy by week, {whose}",
            ChartWords("Accuracy by week", "Week beginning", "Right at the first attempt (%)"),
            f"Share of steps right at the first attempt, week by week: {points_text(accuracy)}.",
            accuracy,
            100,
            "%",
        ),
        "speed": line_chart(
            f"skill-{number}-speed",
            f"{name}: median time per step by week, {whose}",
            ChartWords("Speed by week", "Week beginning", "Median time per step (s)"),
            f"Median time per step against the school's target of {target} s, week by week: {points_text(speed)}.",
            speed,
            top,
            " s",
            target=target,
        ),
        "target": f"{target} s",
        "weeks": [
            {
                "heading": week_heading(w.week),
                "steps": w.steps,
                "right": w.right,
                "accuracy": percent_text(w.accuracy),
                "median": seconds_text(w.median_ms),
            }
            for w in weeks
        ],
    }


def week_label(week: date) -> str:
    """A week as the time axis marks it: "Nov 30"."""
    return f"{week:%b} {week.day}"


def points_text(points: Sequence[ChartPoint]) -> str:
    """A chart's points in words, for its description."""
    return "; ".join(f"{point.label}: {point.text}" for point in points)
