"""The Must-Hit-By Mystery Bonus meter, checked against §645b.3(c)(2)–(7)."""

from __future__ import annotations

import json
import random
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.core.money import Rounding
from simulator.core.mystery_meter import (
    MYSTERY_CONFIGURATIONS,
    MysteryConfiguration,
    MysteryMeter,
    MysteryRules,
    PaymentSource,
    draw_hit_value,
    mystery_clause,
    mystery_configuration,
)

# §645b.3(c)(4), as the seed prints it: letter, minimum wager, minimum value, maximum value, rate.
SEED_TABLE = [
    ("A", "$1", "$100", "$200", "2%"),
    ("A", "$2", "$100", "$200", "1.5%"),
    ("A", "$5", "$100", "$250", "1%"),
    ("B", "$1", "$100", "$500", "5%"),
    ("B", "$2", "$100", "$500", "3.5%"),
    ("B", "$5", "$100", "$500", "2%"),
    ("C", "$1", "$250", "$500", "2%"),
    ("C", "$2", "$250", "$500", "1.5%"),
    ("C", "$5", "$250", "$500", "0.5%"),
    ("D", "$1", "$250", "$1,000", "5%"),
    ("D", "$2", "$250", "$1,000", "3%"),
    ("D", "$5", "$250", "$1,000", "2%"),
]


def dollars(text: str) -> int:
    return int(text.removeprefix("$").replace(",", "")) * 100


@pytest.mark.parametrize(("letter", "wager", "minimum", "maximum", "rate"), SEED_TABLE)
def test_645b3_c4_configuration_as_printed(letter: str, wager: str, minimum: str, maximum: str, rate: str) -> None:
    configuration = mystery_configuration(letter, dollars(wager))
    assert configuration.minimum_value == dollars(minimum)
    assert configuration.maximum_value == dollars(maximum)
    assert configuration.contribution_rate == Decimal(rate.removesuffix("%")) / 100


def test_645b3_c4_exactly_twelve_configurations() -> None:
    assert len(MYSTERY_CONFIGURATIONS) == 12
    assert {(c.letter, c.minimum_wager) for c in MYSTERY_CONFIGURATIONS} == {
        (letter, dollars(wager)) for letter, wager, *_ in SEED_TABLE
    }
    with pytest.raises(ValueError):
        mystery_configuration("E", 100)
    with pytest.raises(ValueError):
        mystery_configuration("A", 1000)


def test_645b3_c2_half_percent_of_five_dollars_is_two_and_a_half_cents() -> None:
    assert mystery_configuration("C", 500).contribution(500) == Decimal("2.5")
    # Configuration B $2: 3.5% of $2 is 7 cents.
    assert mystery_configuration("B", 200).contribution(200) == Decimal(7)


def test_645b3_c2_no_drift_over_ten_thousand_contributions() -> None:
    configuration = mystery_configuration("C", 500)
    meter = MysteryMeter(configuration, Decimal(25000), 49999)
    hits = [meter.contribute(1, 500) for _ in range(9999)]
    # $250 + 9,999 × $0.025 = $499.975, still not in excess of $499.99.
    assert not any(hits)
    assert meter.amount == Decimal(25000) + 9999 * Decimal("2.5") == Decimal("49997.5")
    # The 10,000th reaches $500.00, the maximum: it must hit.
    assert meter.contribute(1, 500)
    assert meter.award() == Decimal(50000)


def test_645b3_c3_hit_needs_excess_not_equality() -> None:
    configuration = mystery_configuration("A", 100)
    meter = MysteryMeter(configuration, Decimal(10000), 10004)
    assert not meter.contribute(1, 100)  # $100.02
    assert not meter.contribute(2, 100)  # $100.04 equals the hit value: not in excess
    assert meter.contribute(3, 100)  # $100.06
    assert meter.hit is not None and meter.hit.seat == 3


configurations = st.sampled_from(MYSTERY_CONFIGURATIONS)


@settings(max_examples=60, deadline=None)
@given(configurations, st.integers(0, 10**6), st.lists(st.integers(1, 5), min_size=1, max_size=40))
def test_645b3_c3_meter_rise_equals_sum_of_contributions_and_stays_below_maximum(
    configuration: MysteryConfiguration, draw_seed: int, multiples: list[int]
) -> None:
    meter = MysteryMeter.start(configuration, random.Random(draw_seed))
    start = meter.amount
    total = Decimal(0)
    for seat, multiple in enumerate(multiples, start=1):
        wager = configuration.minimum_wager * multiple
        contribution = configuration.contribution(wager)
        before = meter.amount
        hit = meter.contribute(seat, wager)
        total += contribution
        assert meter.amount == start + total
        if hit:
            # It hit by the maximum: the meter was below the maximum before this contribution.
            assert before < configuration.maximum_value
            assert meter.amount - contribution < configuration.maximum_value
            break
        assert meter.amount < configuration.maximum_value


@settings(max_examples=60, deadline=None)
@given(configurations, st.integers(0, 10**6))
def test_645b3_c4_minimum_wagers_always_hit_by_the_maximum(configuration: MysteryConfiguration, draw_seed: int) -> None:
    meter = MysteryMeter.start(configuration, random.Random(draw_seed))
    contribution = configuration.contribution(configuration.minimum_wager)
    span = configuration.maximum_value - configuration.minimum_value
    most = -(-Decimal(span) // contribution)  # ceil(span / contribution) wagers reach the maximum
    count = 0
    while not meter.contribute(1, configuration.minimum_wager):
        count += 1
        assert count < most
    assert meter.award() < configuration.maximum_value + contribution


@pytest.mark.parametrize("configuration", MYSTERY_CONFIGURATIONS, ids=lambda c: c.name)
def test_645b3_c3_every_draw_lies_within_the_bounds(configuration: MysteryConfiguration) -> None:
    rng = random.Random(645)
    draws = [draw_hit_value(configuration, rng) for _ in range(2000)]
    assert all(configuration.minimum_value <= draw < configuration.maximum_value for draw in draws)


def test_645b3_c3_draws_are_uniform_chi_square() -> None:
    configuration = mystery_configuration("D", 100)  # $250.00 to $999.99: 75,000 whole cents
    rng = random.Random(20210904)
    bins = 25
    width = (configuration.maximum_value - configuration.minimum_value) // bins  # 3,000 cents each
    counts = [0] * bins
    draws = 50_000
    for _ in range(draws):
        counts[(draw_hit_value(configuration, rng) - configuration.minimum_value) // width] += 1
    expected = draws / bins
    chi_square = sum((count - expected) ** 2 / expected for count in counts)
    # The chi-square critical value for 24 degrees of freedom at the 0.001 level is 51.18.
    assert chi_square < 51.18
    # The bottom and top cents are both reachable: min is drawn and max − 1 cent is the largest value.
    small = mystery_configuration("A", 100)
    values = {draw_hit_value(small, rng) for _ in range(200_000)}
    assert min(values) == 10000 and max(values) == 19999


def test_645b3_c7_award_is_all_of_the_meter() -> None:
    configuration = mystery_configuration("B", 500)
    meter = MysteryMeter(configuration, Decimal(31234), 31240)
    with pytest.raises(ValueError):
        meter.award()
    assert meter.contribute(4, 500)
    assert meter.award() == Decimal(31244)


def test_house_award_rounding_pays_whole_cents() -> None:
    configuration = mystery_configuration("C", 500)
    assert MysteryRules(configuration).award_cents(Decimal("30002.5")) == 30003
    assert MysteryRules(configuration, award_rounding=Rounding.DOWN).award_cents(Decimal("30002.5")) == 30002
    assert MysteryRules(configuration).payment_source is PaymentSource.TABLE_INVENTORY


def test_645b3_c5_iv_reset_to_minimum_with_a_new_hit_value() -> None:
    configuration = mystery_configuration("A", 500)
    meter = MysteryMeter(configuration, Decimal(20000), 20001)
    assert meter.contribute(1, 500)
    assert not meter.reset(random.Random(3))
    assert meter.amount == Decimal(10000) and meter.hit is None
    assert configuration.minimum_value <= meter.to_json()["hit_value"] < configuration.maximum_value


class LowestDraw(random.Random):
    """A random source whose draws are always the lowest value."""

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:  # type: ignore[override]
        return start


def test_house_contribution_after_hit_goes_onto_the_reset_meter() -> None:
    configuration = mystery_configuration("A", 100)
    meter = MysteryMeter(configuration, Decimal(15000), 15000)
    assert meter.contribute(2, 100)
    assert not meter.contribute(5, 100)
    assert meter.award() == Decimal(15002)  # the later contribution is not part of seat 2's award
    assert meter.amount == Decimal(15002)
    assert not meter.reset(random.Random(9))
    assert meter.amount == Decimal(10002)


def test_house_carried_contribution_can_hit_the_new_meter() -> None:
    configuration = mystery_configuration("A", 100)
    meter = MysteryMeter(configuration, Decimal(15000), 15000)
    meter.contribute(2, 100)
    meter.contribute(5, 100)
    # The new hit value is the $100 minimum, so seat 5's carried 2 cents passes it.
    assert meter.reset(LowestDraw())
    assert meter.hit is not None and meter.hit.seat == 5 and meter.award() == Decimal(10002)


def test_645b3_meter_survives_a_restart_through_json() -> None:
    configuration = mystery_configuration("C", 500)
    meter = MysteryMeter(configuration, Decimal("30000.5"), 30001)
    meter.contribute(1, 500)
    meter.contribute(6, 1000)
    saved = json.loads(json.dumps(meter.to_json()))
    restored = MysteryMeter.from_json(saved)
    assert restored.to_json() == meter.to_json()
    assert restored.award() == Decimal("30003.0")
    assert restored.carried == [(6, 1000)]
    fresh = MysteryMeter.start(configuration, random.Random(1))
    assert MysteryMeter.from_json(json.loads(json.dumps(fresh.to_json()))).to_json() == fresh.to_json()


def test_645b3_c3_hit_value_is_secret_in_the_public_view() -> None:
    configuration = mystery_configuration("D", 500)
    meter = MysteryMeter(configuration, Decimal(25000), 73421)
    view = json.dumps(meter.public_view())
    assert "hit_value" not in view and "73421" not in view and "734.21" not in view
    assert meter.public_view()["display"] == "$250.00"


def test_645b3_force_hit_makes_the_next_contribution_win() -> None:
    configuration = mystery_configuration("C", 500)
    meter = MysteryMeter(configuration, Decimal("26000.5"), 45000)
    meter.force_hit()
    assert meter.contribute(3, 500)
    assert meter.award() == Decimal("26003.0")


def test_645b3_c3_hit_value_bounds_are_enforced() -> None:
    configuration = mystery_configuration("A", 100)
    with pytest.raises(ValueError):
        MysteryMeter(configuration, Decimal(10000), 20000)  # the maximum itself is never a hit value
    with pytest.raises(ValueError):
        MysteryMeter(configuration, Decimal(10000), 9999)
    with pytest.raises(ValueError):
        MysteryMeter(configuration, Decimal(12000), 11000)


def test_645b3_clauses_are_seed_text_in_each_section() -> None:
    citation = mystery_clause("§657b.1", "(c)(5)(ii)")
    assert citation.clause == "§657b.1(c)(5)(ii)"
    assert "floorperson" in citation.text
