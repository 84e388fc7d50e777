"""A school's filed Fortune/Envy and Progressive Payout paytables: read field by field, dealt, written back exactly."""

import pytest

from simulator.core.money import Odds
from simulator.core.progressive import MeterShare
from simulator.core.rules import RulesError
from simulator.pai_gow.filed_paytables import (
    fortune_paytable_json,
    progressive_paytable_json,
    read_fortune_paytable,
    read_progressive_paytable,
)
from simulator.pai_gow.rules import TableRules, WagerLimits

SUBMISSION = "Rules Submission of Keystone, version 3"
FORTUNE = {
    "name": "Keystone Fortune A",
    "submission": SUBMISSION,
    "pays": {"royal flush": "150 to 1", "straight": "15 to 2"},
    "envy": {"royal flush": 5000},
}
PROGRESSIVE = {
    "name": "Keystone Progressive",
    "submission": SUBMISSION,
    "wager": 500,
    "awards": {"royal flush": "100%", "four of a kind": 12500},
    "seed_amount": 500000,
    "rate": "0.2",
}


def test_645a13_a_filed_fortune_paytable_pays_its_own_odds_and_is_cited_as_the_rules_submission():
    paytable = read_fortune_paytable(FORTUNE)
    assert paytable.pays[next(iter(paytable.pays))] == Odds(150)
    assert paytable.citation.label == f"Your house procedure ({SUBMISSION})"
    assert fortune_paytable_json(paytable) == FORTUNE


def test_645a13_a_filed_progressive_paytable_pays_shares_and_amounts_and_files_its_rate():
    paytable = read_progressive_paytable(PROGRESSIVE)
    assert list(paytable.awards.values()) == [MeterShare(100), 12500]
    assert paytable.rate_citation.submission == SUBMISSION and "20%" in paytable.rate_citation.text
    assert progressive_paytable_json(paytable) == PROGRESSIVE


@pytest.mark.parametrize(
    ("reader", "data", "field"),
    [
        (read_fortune_paytable, FORTUNE | {"pays": {"straight": "2.5 to 1"}}, "pays.straight"),
        (read_fortune_paytable, FORTUNE | {"pays": {"straight": 2.5}}, "pays.straight"),
        (read_fortune_paytable, FORTUNE | {"pays": {"pair": "1 to 1"}}, "pays.pair"),
        (read_fortune_paytable, FORTUNE | {"envy": {"flush": 500}}, "envy.flush"),
        (read_fortune_paytable, FORTUNE | {"envy": {"royal flush": 0}}, "envy.royal flush"),
        (read_fortune_paytable, FORTUNE | {"pays": {}}, "pays"),
        (read_fortune_paytable, FORTUNE | {"name": ""}, "name"),
        (read_progressive_paytable, PROGRESSIVE | {"rate": 0.2}, "rate"),
        (read_progressive_paytable, PROGRESSIVE | {"rate": "1.5"}, "rate"),
        (read_progressive_paytable, PROGRESSIVE | {"wager": True}, "wager"),
        (read_progressive_paytable, PROGRESSIVE | {"awards": {"royal flush": "0%"}}, "awards.royal flush"),
        (read_progressive_paytable, PROGRESSIVE | {"seed": 1}, "seed"),
    ],
)
def test_a_bad_field_of_a_filed_paytable_is_named_and_nothing_is_built(reader, data, field):
    with pytest.raises(RulesError) as refused:
        reader(data)
    assert list(refused.value.errors) == [field]


def test_a_table_deals_the_filed_paytables_and_saves_them_whole_so_its_rounds_replay_as_dealt():
    data = TableRules().to_json() | {"fortune_paytable": FORTUNE, "progressive_paytable": PROGRESSIVE}
    rules = TableRules.from_json(data | {"progressive_wager": 500})
    assert rules.fortune_paytable == read_fortune_paytable(FORTUNE)
    assert TableRules.from_json(rules.to_json()) == rules
    assert TableRules().to_json()["fortune_paytable"] == "Washington State Fortune Bonus paytable"


def test_a_filed_fortune_line_the_side_wager_unit_cannot_pay_in_whole_cents_is_refused():
    with pytest.raises(RulesError) as refused:
        TableRules(fortune_paytable=read_fortune_paytable(FORTUNE), side_wager_limits=WagerLimits(1, 10000, 1))
    assert refused.value.errors == {
        "fortune_paytable": 'Keystone Fortune A pays 15 to 2 ("straight"), which cannot pay a $0.01 wager in whole '
        "cents: choose odds or a side wager unit that can."
    }
