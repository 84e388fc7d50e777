"""Rules as validated data: every game's rules from JSON with field-by-field errors, options and house options."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from simulator.blackjack.table import DownUnderTable
from simulator.core.citations import Provenance
from simulator.core.mystery_meter import (
    DEFAULT_CONFIGURATION,
    MysteryMeter,
    MysteryRules,
    PaymentSource,
    mystery_configuration,
)
from simulator.core.rules import RulesError
from simulator.dice.wagers import SumPaytable
from simulator.mystery.games import MYSTERY_GAME_LIST, MYSTERY_GAMES
from simulator.mystery.tables import (
    MysterySeatWagers,
    MysteryTableRound,
    rules_from_json,
    rules_house_options,
    rules_options,
    rules_to_json,
)
from simulator.notation import replay_round
from simulator.pai_gow.rules import TableRules

MHB_GAMES = [game for game in MYSTERY_GAME_LIST if game.key != "pai-gow-poker"]
CHOOSING_GAMES = {"let-it-ride", "three-card-poker", "crazy-4-poker"}
THREE_CARD = "Three-Card Progressive Payout wager"
FOUR_CARD = "Four-Card Progressive Payout wager"
FIVE_CARD = "Five-Card Progressive Payout wager"

# What tables and rounds saved before this change hold (written by the code of that time).
PAI_GOW_SAVED = TableRules().to_json()
MHB_SAVED = {
    "configuration": "C",
    "minimum_wager": 200,
    "payment_source": "progressive jackpot slip",
    "award_rounding": "up",
}
DOWN_UNDER_SAVED = {
    "decks": 8,
    "paytable": 4,
    "match_wager": 500,
    "secondary_reading": "reset reserve",
    "award_rounding": "down",
}
SAVED_ROUNDS = json.loads((Path(__file__).parent / "rounds_saved_before_rules_as_data.json").read_text())


def errors_of(build, *arguments) -> dict[str, str]:
    with pytest.raises(RulesError) as error:
        build(*arguments)
    return error.value.errors


# --- Pai Gow Poker ---------------------------------------------------------------------------------------------


def test_601a2_pai_gow_rules_report_every_bad_field_at_once() -> None:
    errors = errors_of(
        TableRules.from_json,
        {
            "sum_paytable": "E",
            "pai_gow_limits": {"minimum": -100, "maximum": 100000, "unit": 100},
            "side_wager_limits": {"minimum": 5000, "maximum": 1000, "unit": 100},
            "mystery": {"configuration": "Z", "minimum_wager": 300},
            "envy_qualifying_wager": "500",
            "progressive_wager": True,
            "commission_free": 1,
            "commission_rate": 0.05,
            "dealer": "Sam",
        },
    )
    assert set(errors) == {
        "sum_paytable",
        "pai_gow_limits.minimum",
        "side_wager_limits.maximum",
        "mystery.configuration",
        "mystery.minimum_wager",
        "envy_qualifying_wager",
        "progressive_wager",
        "commission_free",
        "commission_rate",
        "dealer",
    }
    assert errors["sum_paytable"] == "'E' is not one of A, B, C, D, null"
    assert errors["dealer"] == "unknown option"
    assert "below the minimum" in errors["side_wager_limits.maximum"]


def test_645b1_d2_tiger_nine_only_in_commission_free_is_a_field_error() -> None:
    errors = errors_of(TableRules.from_json, {"commission_free": False})
    assert list(errors) == ["tiger_nine_offered"]
    assert "§645b.1(d)(2)" in errors["tiger_nine_offered"]


def test_645a7_a_limit_group_needs_all_its_fields() -> None:
    errors = errors_of(TableRules.from_json, {"pai_gow_limits": {"minimum": 1000}, "mystery": "A"})
    assert errors == {
        "pai_gow_limits.maximum": "missing",
        "pai_gow_limits.unit": "missing",
        "mystery": "a JSON object of options is wanted, not 'A'",
    }


def test_601a2_pai_gow_missing_fields_take_their_defaults() -> None:
    rules = TableRules.from_json({"sum_paytable": "C", "progressive_paytable": None, "mystery": None})
    assert rules == TableRules(sum_paytable=SumPaytable.C, progressive_paytable=None, mystery=None)


def test_601a2_pai_gow_options_list_every_field_with_its_default_and_citation() -> None:
    options = {option.name: option for option in TableRules.options()}
    assert list(options) == list(TableRules().to_json())
    assert {name: option.default for name, option in options.items()} == TableRules().to_json()
    assert options["sum_paytable"].choices == ("A", "B", "C", "D", None)
    assert options["sum_paytable"].clause == "§645b.2(e)(1)" and options["sum_paytable"].provenance is Provenance.SEED
    assert options["shaker_selection"].provenance is Provenance.HOUSE
    assert [part.name for part in options["pai_gow_limits"].parts] == ["minimum", "maximum", "unit"]
    assert [part.choices for part in options["mystery"].parts] == [("A", "B", "C", "D"), (100, 200, 500)]


def test_601a2_pai_gow_house_options_show_the_tables_value_and_the_default() -> None:
    rules = TableRules(commission_free=False, tiger_nine_offered=False, commission_rate=Decimal("0.04"))
    options = {option.name: option for option in rules.house_options()}
    assert (options["commission_rate"].value, options["commission_rate"].default) == ("4%", "5%")
    assert options["pai_gow_limits"].value == "$10.00 to $1,000.00"
    assert options["tiger_nine_pushes_fouled_hands"].value == "yes"
    assert "sum_paytable" not in options  # a seed choice, not a gap


# --- the other MHB games -----------------------------------------------------------------------------------------


def test_mhb_c4_rules_report_every_bad_field_at_once() -> None:
    errors = errors_of(
        rules_from_json,
        {"configuration": "Z", "minimum_wager": 300, "payment_source": "cash", "award_rounding": True, "meter": 1},
        MYSTERY_GAMES["mississippi-stud"],
    )
    assert set(errors) == {"configuration", "minimum_wager", "payment_source", "award_rounding", "meter"}
    assert errors["minimum_wager"] == "300 is not one of 100, 200, 500"


def test_mhb_c4_a_minimum_wager_of_true_is_not_one_dollar() -> None:
    assert errors_of(rules_from_json, {"minimum_wager": True}) == {"minimum_wager": "True is not one of 100, 200, 500"}


@pytest.mark.parametrize("game", MHB_GAMES, ids=lambda game: game.key)
def test_mhb_c1_only_three_sections_let_the_rules_submission_choose_the_qualifying_wager(game) -> None:
    options = {option.name: option for option in rules_options(game)}
    assert list(options)[:4] == ["configuration", "minimum_wager", "payment_source", "award_rounding"]
    if game.key in CHOOSING_GAMES:
        chosen = options["qualifying_wager"]
        assert chosen.default == game.progressive_wagers[0].name
        assert chosen.choices == tuple(spot.name for spot in game.progressive_wagers)
        assert chosen.clause == f"{game.section}(c)(1)" and chosen.provenance is Provenance.SEED
        assert "as indicated by the certificate holder" in chosen.citation.text
    else:
        assert "qualifying_wager" not in options
        errors = errors_of(rules_from_json, {"qualifying_wager": game.progressive_wagers[0].name}, game)
        assert errors == {"qualifying_wager": f"{game.display_name} names one progressive wager: there is no choice"}


def test_649b1_c1_a_wager_three_card_poker_does_not_name_is_refused() -> None:
    errors = errors_of(rules_from_json, {"qualifying_wager": FOUR_CARD}, MYSTERY_GAMES["three-card-poker"])
    assert list(errors) == ["qualifying_wager"]


def test_655b1_c1_a_round_refuses_a_qualifying_wager_choice_the_game_does_not_offer() -> None:
    rules = rules_from_json({"qualifying_wager": "Progressive Payout wager"})  # no game: the round checks it
    with pytest.raises(ValueError, match="Mississippi Stud names one progressive wager"):
        MysteryTableRound(MYSTERY_GAMES["mississippi-stud"], rules, [], 1)


def test_mhb_missing_fields_take_their_defaults_and_a_choice_is_saved() -> None:
    game = MYSTERY_GAMES["crazy-4-poker"]
    assert rules_from_json({}, game) == MysteryRules(DEFAULT_CONFIGURATION)
    chosen = rules_from_json({"qualifying_wager": FIVE_CARD}, game)
    assert rules_to_json(chosen)["qualifying_wager"] == FIVE_CARD
    assert rules_from_json(rules_to_json(chosen), game) == chosen


def test_mhb_house_options_are_the_engines_with_the_tables_values() -> None:
    game = MYSTERY_GAMES["let-it-ride"]
    rules = MysteryRules(
        mystery_configuration("B", 500), PaymentSource.PROGRESSIVE_JACKPOT_SLIP, qualifying_wager=FIVE_CARD
    )
    options = {option.name: option for option in rules_house_options(rules, game)}
    assert "payment_source" not in options  # the Rules Submission's choice under (c)(6), not a gap
    assert options["award_rounding"].value == "up to the cent"
    assert (options["qualifying_wager"].value, options["qualifying_wager"].default) == (FIVE_CARD, THREE_CARD)
    assert options["base game"].citation.clause == "MHB training table base game"
    assert "qualifying_wager" not in {
        option.name for option in rules_house_options(rules, MYSTERY_GAMES["dj-wild-stud"])
    }


# --- the qualifying wager on the meter: contributions from the sections' rates --------------------------------


def contributions(
    key: str, rules: MysteryRules, seats: list[MysterySeatWagers], start: Decimal
) -> tuple[list, Decimal]:
    """The round's contribution facts and what they added to a meter that does not hit."""
    meter = MysteryMeter(rules.configuration, start, rules.configuration.maximum_value - 1)
    round_ = MysteryTableRound(MYSTERY_GAMES[key], rules, seats, 3, meter=meter)
    round_.play_out()
    facts = next(op.facts["contributions"] for op in round_.operations if op.action.step == "add_mystery_contributions")
    return [(fact["seat"], fact["wager"]) for fact in facts], round_.mystery.meter.amount - start


def test_643b1_c1_only_the_chosen_progressive_wager_qualifies() -> None:
    # Configuration B, $5: 2% of each qualifying wager (§643b.1(c)(4)); the table chose the Five-Card wager.
    rules = MysteryRules(mystery_configuration("B", 500), qualifying_wager=FIVE_CARD)
    seats = [
        MysterySeatWagers(2, 1000, ((THREE_CARD, 500), (FIVE_CARD, 500))),
        MysterySeatWagers(4, 1500, ((THREE_CARD, 1000),)),
    ]
    facts, added = contributions("let-it-ride", rules, seats, Decimal(20000))
    assert facts == [(2, FIVE_CARD)]
    assert added == Decimal("0.02") * 500  # one contribution of 10 cents, not two


def test_649b1_c1_by_default_the_three_card_wager_qualifies() -> None:
    # Configuration A, $1: 2% (§649b.1(c)(4)); no choice filed, so the first wager the section names qualifies.
    rules = MysteryRules(mystery_configuration("A", 100))
    seats = [
        MysterySeatWagers(1, 500, ((THREE_CARD, 100), (FIVE_CARD, 100))),
        MysterySeatWagers(3, 500, ((FIVE_CARD, 500),)),
    ]
    facts, added = contributions("three-card-poker", rules, seats, Decimal(10000))
    assert facts == [(1, THREE_CARD)]
    assert added == Decimal("0.02") * 100


def test_657b1_c1_only_the_chosen_progressive_wager_qualifies() -> None:
    # Configuration D, $2: 3% (§657b.1(c)(4)); the table chose the Five-Card wager over the Four-Card wager.
    rules = MysteryRules(mystery_configuration("D", 200), qualifying_wager=FIVE_CARD)
    seats = [
        MysterySeatWagers(1, 1000, ((FOUR_CARD, 200), (FIVE_CARD, 200))),
        MysterySeatWagers(5, 1000, ((FIVE_CARD, 1000),)),
    ]
    facts, added = contributions("crazy-4-poker", rules, seats, Decimal(25000))
    assert facts == [(1, FIVE_CARD), (5, FIVE_CARD)]
    assert added == Decimal("0.03") * 200 + Decimal("0.03") * 1000


# --- Down Under Blackjack ------------------------------------------------------------------------------------------


def test_685b1_b_seven_decks_are_refused_field_by_field() -> None:
    errors = errors_of(
        DownUnderTable.from_json,
        {"decks": 7, "paytable": "1", "match_wager": 200, "secondary_reading": "both", "award_rounding": "sideways"},
    )
    assert errors == {
        "decks": "7 is not one of 6, 8",
        "paytable": "'1' is not one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10",
        "match_wager": "200 is not one of 100, 500",
        "secondary_reading": "'both' is not one of reset reserve, seed recovery",
        "award_rounding": "'sideways' is not one of down, up, half up",
    }


def test_685b1_b_true_is_not_a_deck_count_and_unknown_keys_are_refused() -> None:
    assert errors_of(DownUnderTable.from_json, {"decks": True, "shoe": "continuous"}) == {
        "shoe": "unknown option",
        "decks": "True is not one of 6, 8",
    }
    with pytest.raises(RulesError):
        DownUnderTable(decks=7)


def test_685b1_options_and_house_options() -> None:
    options = {option.name: option for option in DownUnderTable.options()}
    assert {name: option.default for name, option in options.items()} == DownUnderTable().to_json()
    assert options["decks"].choices == (6, 8) and options["decks"].clause == "§685b.1(b)"
    assert DownUnderTable.from_json({}) == DownUnderTable()
    house = {option.name: option for option in DownUnderTable(match_wager=500).house_options()}
    assert (house["match_wager"].value, house["match_wager"].default) == ("$5.00", "$1.00")
    assert {"secondary_reading", "award_rounding", "stake", "settlement order", "the blackjack hand"} <= set(house)


# --- what was saved before rules became validated data -----------------------------------------------------------


def test_601a2_rules_saved_today_load_unchanged() -> None:
    assert TableRules.from_json(PAI_GOW_SAVED).to_json() == PAI_GOW_SAVED
    for game in MHB_GAMES:
        assert rules_to_json(rules_from_json(MHB_SAVED, game)) == MHB_SAVED
    assert rules_to_json(rules_from_json(MHB_SAVED)) == MHB_SAVED
    assert DownUnderTable.from_json(DOWN_UNDER_SAVED).to_json() == DOWN_UNDER_SAVED | DOWN_UNDER_ADDED | CHIPS_ADDED


RENAMED_PAYTABLES = {
    "Representative industry Fortune Bonus paytable": "Washington State Fortune Bonus paytable",
    "EXAMPLE Progressive Payout paytable (Pennsylvania's §645a.13 paytable not retrieved)": (
        "Training Progressive Payout paytable, $1 wager (not Pennsylvania's)"
    ),
}
"""The paytables renamed since those rounds were saved, which write their names now."""


DOWN_UNDER_ADDED = {
    "trainee_deals": "the Match the Dealer procedure",
    "dealer_drawing": "stands on all 17s",
    "blackjack_pays": "3 to 2",
    "double_down_on": "any two cards",
}
"""The Down Under Blackjack options added since those rules were saved, read at their defaults: today's dealing."""

CHIPS_ADDED = {
    "rack": "$1,000.00 orange; $500.00 purple; $100.00 black; $25.00 green; $5.00 red; $1.00 white",
    "chipping": "highest_first",
    "buy_in_mix": "unit_500_20",
}
"""The chip rack, chipping procedure and buy-in mix every table has had since, at their defaults; an MHB table writes
them only where it changes them, as it writes its qualifying wager."""


@pytest.mark.parametrize("name", sorted(SAVED_ROUNDS))
def test_601a2_rounds_saved_before_replay_to_the_end(name: str) -> None:
    round_ = replay_round(SAVED_ROUNDS[name])
    assert round_.finished
    saved = SAVED_ROUNDS[name]["setup"]["rules"]
    renamed = {key: RENAMED_PAYTABLES[value] for key, value in saved.items() if str(value) in RENAMED_PAYTABLES}
    added = (DOWN_UNDER_ADDED if name == "down_under" else {}) | ({} if name == "mystery" else CHIPS_ADDED)
    assert round_.setup_json()["rules"] == saved | renamed | added


def test_601a2_a_house_option_reads_by_its_floor_name_where_its_key_is_not_one() -> None:
    titles = {option.name: option.title for option in TableRules().house_options()}
    assert titles["tiger_nine_pushes_fouled_hands"] == "Tiger 9 pushes fouled hands"
    assert titles["pai_gow_limits"] == "Pai Gow Poker wager limits"
    assert titles["shaker_selection"] == "shaker selection"


def test_rules_saved_under_the_paytables_former_names_still_read() -> None:
    former = {RENAMED_PAYTABLES[name]: name for name in RENAMED_PAYTABLES}
    rules = TableRules().to_json()
    saved = rules | {field: former[rules[field]] for field in ("fortune_paytable", "progressive_paytable")}
    assert TableRules.from_json(saved) == TableRules()
