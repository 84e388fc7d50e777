"""Exact Mystery Bonus expectations, derived by hand from the seed's configurations."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from simulator.core.mystery_meter import (
    MYSTERY_CONFIGURATIONS,
    MysteryConfiguration,
    MysteryMeter,
    mystery_configuration,
)
from simulator.mystery.odds import mystery_odds, mystery_odds_report


def test_645b3_c4_configuration_a_1_dollar_by_hand() -> None:
    # Configuration A $1: $100 to $200, 2% of $1 = 2 cents. The hit value H is one of 10,000 cents;
    # N(H) = floor((H - 10000) / 2) + 1, whose mean is 1 + (0 + 0 + 1 + 1 + ... + 4999 + 4999) / 10000 = 2500.5.
    odds = mystery_odds(mystery_configuration("A", 100))
    assert odds.expected_wagers == Fraction(5001, 2)
    assert odds.expected_award == 10000 + 2 * Fraction(5001, 2)  # $150.01


def test_645b3_c4_configuration_c_5_dollars_by_hand() -> None:
    # Configuration C $5: $250 to $500, 0.5% of $5 = 2.5 cents; 25,000 hit values.
    # floor(j / 2.5) over j = 5k .. 5k+4 is 2k, 2k, 2k, 2k+1, 2k+1: 10k + 2 for each k = 0 .. 4999,
    # a sum of 10 * 4999 * 5000 / 2 + 2 * 5000 = 124,985,000, a mean of 4999.4, so E[N] = 5000.4.
    odds = mystery_odds(mystery_configuration("C", 500))
    assert odds.expected_wagers == Fraction(50004, 10)
    assert odds.expected_award == 25000 + Fraction(5, 2) * Fraction(50004, 10)  # $375.01


@pytest.mark.parametrize("config", MYSTERY_CONFIGURATIONS, ids=lambda c: c.name)
def test_645b3_c3_wagers_to_hit_match_the_meter(config: MysteryConfiguration) -> None:
    # The formula N(H) = floor((H - min) / c) + 1 against the meter itself, for a spread of hit values.
    contribution = config.contribution(config.minimum_wager)
    for hit_value in range(config.minimum_value, config.maximum_value, 997):
        meter = MysteryMeter(config, Decimal(config.minimum_value), hit_value)
        count = 1
        while not meter.contribute(1, config.minimum_wager):
            count += 1
        assert count == int((hit_value - config.minimum_value) // contribution) + 1


def test_mystery_odds_report_lists_all_twelve() -> None:
    report = mystery_odds_report().splitlines()
    assert len(report) == 14
    assert "Configuration A, $1: $100.00 to $200.00, $0.02 a wager; 2,500.50 wagers between hits; " in report[2]
    assert report[2].endswith("expected award $150.01")
    assert report[10].startswith("Configuration C, $5") and report[10].endswith("expected award $375.01")
