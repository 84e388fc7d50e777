"""Exact Mystery Bonus figures for each configuration: minimum wagers between hits and the expected award.

After a reset the meter stands at the minimum m (cents) and every minimum qualifying wager adds
c = rate × minimum wager (cents). The hit value H is uniform over the K = max − m whole cents m, m + 1, …,
max − 1 (see :data:`simulator.core.mystery_meter.HIT_VALUE_DRAW`). The n-th contribution hits when m + n·c > H for
the first time, so the number of wagers from one reset to the next hit is N(H) = ⌊(H − m) / c⌋ + 1, and

    E[N] = 1 + (1/K) · Σ_{j=0}^{K−1} ⌊j / c⌋,        E[award] = m + c · E[N].

The rough figure (E[H] − m) / c, with E[H] = (min + max) / 2, leaves out the crossing wager itself: on
average the last contribution carries the meter about half a contribution past the hit value, so E[N] is close to
that figure plus one half. Both means are computed here exactly with fractions, assuming only minimum wagers
and no contributions carried over a reset.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from simulator.core.money import format_cents
from simulator.core.mystery_meter import MYSTERY_CONFIGURATIONS, MysteryConfiguration


@dataclass(frozen=True)
class MysteryOdds:
    """Exact expectations for one configuration: wagers between hits and the award, in cents."""

    configuration: MysteryConfiguration
    expected_wagers: Fraction
    expected_award: Fraction


def mystery_odds(configuration: MysteryConfiguration) -> MysteryOdds:
    """The exact expected number of minimum qualifying wagers between hits, and the expected award.

    >>> from simulator.core.mystery_meter import mystery_configuration
    >>> odds = mystery_odds(mystery_configuration("A", 100))
    >>> odds.expected_wagers, odds.expected_award
    (Fraction(5001, 2), Fraction(15001, 1))
    """
    contribution = Fraction(configuration.contribution(configuration.minimum_wager))
    values = configuration.maximum_value - configuration.minimum_value
    floors = sum(j * contribution.denominator // contribution.numerator for j in range(values))
    expected_wagers = 1 + Fraction(floors, values)
    return MysteryOdds(configuration, expected_wagers, configuration.minimum_value + contribution * expected_wagers)


def _decimal(value: Fraction, places: str) -> Decimal:
    """A fraction rounded half up to the given places, for printing only."""
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal(places), rounding=ROUND_HALF_UP)


def mystery_odds_report() -> str:
    """A table of the twelve configurations with the exact expectations, rounded only for printing."""
    lines = [
        "Must-Hit-By Mystery Bonus: minimum qualifying wagers between hits and the expected award",
        "(hit value uniform in whole cents from the minimum up to, not including, the maximum)",
    ]
    for configuration in MYSTERY_CONFIGURATIONS:
        odds = mystery_odds(configuration)
        contribution = configuration.contribution(configuration.minimum_wager)
        lines.append(
            f"{configuration.name}: {format_cents(configuration.minimum_value)} to "
            f"{format_cents(configuration.maximum_value)}, {format_cents(contribution)} a wager; "
            f"{_decimal(odds.expected_wagers, '0.01'):,} wagers between hits; "
            f"expected award {format_cents(_decimal(odds.expected_award, '0.01'))}"
        )
    return "\n".join(lines)
