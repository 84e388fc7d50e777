"""Watched rounds in the records: the faults caught of those seeded, false flags, time to flag, missed by clause.

Read from each finished watched round's score (``surveillance.watches.finish_watch``), one row per round, in a fixed
number of queries however many rounds there are.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from datetime import date
from statistics import median
from typing import Any

from django.db.models import QuerySet

from grading.scoring import seconds_text
from reports.error_report import Column, clause_heatmap, week_of
from simulator.core.clauses import CLAUSES
from surveillance.models import WatchedRound


@dataclass(frozen=True)
class WatchedScore:
    """A finished watched round as a report reads it: its trainee, the week it was watched and its score."""

    record_id: int
    trainee_id: int
    week: date
    score: dict[str, Any]


def finished_watches(records: QuerySet[WatchedRound]) -> list[WatchedScore]:
    """The finished watched rounds among the records, oldest first, with their scores."""
    rows = records.filter(finished_at__isnull=False).order_by("started_at", "pk")
    return [
        WatchedScore(pk, trainee_id, week_of(started_at), score)
        for pk, trainee_id, started_at, score in rows.values_list("pk", "trainee_id", "started_at", "score")
        if score is not None
    ]


@dataclass(frozen=True)
class WatchedTotals:
    """Watched rounds added up: faults seeded and caught, false flags, clauses named right, median time to flag."""

    rounds: int
    faults: int
    caught: int
    false_flags: int
    clauses_right: int
    median_delay_ms: int | None

    @property
    def caught_text(self) -> str:
        """The faults caught of those seeded: "5 of 8"."""
        return f"{self.caught} of {self.faults}"

    @property
    def delay_text(self) -> str | None:
        """The median time from a fault to the flag that caught it, in seconds; None when none was caught."""
        return None if self.median_delay_ms is None else seconds_text(self.median_delay_ms)


def watched_totals(watches: Sequence[WatchedScore]) -> WatchedTotals | None:
    """The watched rounds' totals; None without a finished watched round."""
    if not watches:
        return None
    delays = [delay for watch in watches for delay in watch.score["delays_ms"]]
    return WatchedTotals(
        rounds=len(watches),
        faults=sum(watch.score["faults"] for watch in watches),
        caught=sum(watch.score["caught"] for watch in watches),
        false_flags=sum(watch.score["false_flags"] for watch in watches),
        clauses_right=sum(watch.score["clauses_right"] for watch in watches),
        median_delay_ms=int(median(delays)) if delays else None,
    )


def missed_heatmap(
    watches: Sequence[WatchedScore], columns: Sequence[Column], column_of: Callable[[WatchedScore], Hashable]
) -> list[dict[str, Any]]:
    """Rows of the faults missed while watching, by the clause each broke, grouped by section; a cell per column."""
    counts: Counter[tuple[str, Hashable]] = Counter(
        (clause, column_of(watch)) for watch in watches for clause in watch.score["missed_clauses"]
    )
    cited = {clause: CLAUSES[clause] for clause, _ in counts if clause in CLAUSES}
    return clause_heatmap(counts, cited.values(), columns)
