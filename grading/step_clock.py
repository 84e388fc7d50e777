"""A step's clock: the time the trainee could act on the step, stopped while the table is closed or a dialog is open.

The clock of a round's first step starts with the socket's first frame (the table shown), not when the round was
dealt; each later step's starts when the step before it is committed. The trainee's table page stops it while its
socket is down and while the trainee reads (the keyboard shortcuts' help, the posted paytables, a paytable sign or
the house rules open, or a wrong step's verdict until they turn back to the controls or the felt), and starts it
again. The server measures every stretch itself: the page only says when reading starts and stops (a "dialog"
frame), and a step taken while the clock is stopped counts the stopped time too (nobody takes a step while reading),
so a page can never take time off a step it was acting on.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

MILLISECOND = timedelta(milliseconds=1)


def whole_milliseconds(start: datetime, end: datetime) -> int:
    """The whole milliseconds from ``start`` to ``end``, 0 if the end is not after the start."""
    return max(0, (end - start) // MILLISECOND)


@dataclass(frozen=True)
class StepClock:
    """The current step's clock: time counted before it last stopped, whether it runs, since when it ran or stood."""

    banked_ms: int
    running: bool
    since: datetime

    def started(self, now: datetime) -> StepClock:
        """The clock running from ``now`` on (unchanged if it already runs)."""
        return self if self.running else StepClock(self.banked_ms, True, now)

    def stopped(self, now: datetime) -> StepClock:
        """The clock stopped at ``now``, the time it ran kept (unchanged if it already stands)."""
        if not self.running:
            return self
        return StepClock(self.banked_ms + whole_milliseconds(self.since, now), False, now)

    def step_taken(self, now: datetime) -> int:
        """The whole milliseconds the step took when taken at ``now``: a stopped clock counts since it stopped too."""
        return self.banked_ms + whole_milliseconds(self.since, now)
