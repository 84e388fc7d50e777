"""The chip rack and the chipping procedure: house options every game's table has, read, checked and listed."""

import functools
import re

import pytest

from simulator.core.chipping import (
    CHIPPINGS,
    DEFAULT_CHIPPING,
    Chipping,
    ChippingProcedure,
    chipping_fault,
    fewest_within,
    rack_fault,
)
from simulator.core.chips import DEFAULT_RACK, ChipPayment, ChipsError, Denomination, read_payment, read_rack
from simulator.core.citations import Provenance
from simulator.core.dice import DiceRoll
from simulator.core.money import format_cents
from simulator.core.procedure import ErrorCode, IllegalOperation
from simulator.core.rules import RulesError
from simulator.games import GAMES
from simulator.mystery.games import MYSTERY_GAMES
from simulator.mystery.tables import base_game_table, rules_from_json, rules_to_json
from simulator.notation import replay_round, save_round
from simulator.pai_gow.round import PaiGowRound, Scenario
from simulator.pai_gow.rules import TableRules
from simulator.table_deals import TableDeal

SCHOOL_RACK = "$100 black; $25 green; $5 red; $1 white"
"""A school's rack without the purple and orange chips."""


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_table_has_the_default_rack_paid_highest_first_unless_its_school_sets_another(key: str) -> None:
    """The option's words: $1,000 orange down to $1 white, highest denominations first; a school may change both."""
    game = GAMES[key]
    rules = game.read_rules({})
    assert rules.rack == DEFAULT_RACK
    assert rules.chipping == Chipping(ChippingProcedure.HIGHEST_FIRST) == DEFAULT_CHIPPING
    chosen = game.read_rules({"rack": SCHOOL_RACK, "chipping": "colour_for_colour"})
    assert chosen.rack == (
        Denomination(10000, "black"),
        Denomination(2500, "green"),
        Denomination(500, "red"),
        Denomination(100, "white"),
    )
    assert chosen.chipping.procedure is ChippingProcedure.COLOUR_FOR_COLOUR


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_table_lists_its_rack_and_chipping_as_its_house_procedure(key: str) -> None:
    """Both fill a gap (the regulation never says which chips pay): listed as the house's, with value and default."""
    game = GAMES[key]
    listed = {
        option.name: option
        for option in game.table_house_options({"rack": SCHOOL_RACK, "chipping": "at_most_5"})
        if option.name in ("rack", "chipping")
    }
    assert {name: option.citation.provenance for name, option in listed.items()} == {
        "rack": Provenance.HOUSE,
        "chipping": Provenance.HOUSE,
    }
    assert (listed["rack"].title, listed["rack"].value) == (
        "Chip rack",
        "$100.00 black; $25.00 green; $5.00 red; $1.00 white",
    )
    assert listed["rack"].default.startswith("$1,000.00 orange; $500.00 purple")
    assert (listed["chipping"].title, listed["chipping"].value, listed["chipping"].default) == (
        "Chipping procedure",
        "at most 5 chips of one denomination",
        "highest denominations first",
    )
    offered = {option.name: option for option in game.options()}
    assert offered["chipping"].choices[:3] == ("highest_first", "colour_for_colour", "at_most_1")


@pytest.mark.parametrize(
    ("rack", "refusal"),
    [
        (
            "$25 green; $5 teal",
            r"'teal' is not a chip colour: choose from white, pink, red, blue, yellow, green, black, purple, orange, "
            "grey, lavender",
        ),
        ("$5 red; $25 green", r"largest first: \$25\.00 comes before \$5\.00"),
        ("$25 green; $25 red", r"largest first"),
        ("$25 green; $5 green", "Two denominations are green"),
        ("$0 white", "more than nothing"),
        ("twenty-five green", "is not an amount in dollars"),
        ("", "at least one denomination"),
        ("$1 white; " * 40, "at most 300 characters"),
        (["$1 white"], "a rack written as text"),
    ],
)
def test_a_rack_the_felt_cannot_draw_or_a_dealer_cannot_read_is_refused_naming_the_option(rack, refusal) -> None:
    """Distinct values largest first, a colour the felt draws for each and no colour twice: else the option says why."""
    for game in GAMES.values():
        with pytest.raises(RulesError, match=refusal) as error:
            game.read_rules({"rack": rack})
        assert set(error.value.errors) == {"rack"}


def test_a_stated_mix_below_what_the_rack_needs_is_refused_when_the_table_is_set() -> None:
    """$4 takes four $1 whites below one $5 red: "at most 3 of one denomination" could never pay it."""
    for game in GAMES.values():
        with pytest.raises(
            RulesError, match=r"\$4\.00 takes at least 4 chips of one .*\(4 white, \$4\.00\): choose at least 4"
        ):
            game.read_rules({"chipping": "at_most_3"})
        assert game.read_rules({"chipping": "at_most_4"}).chipping == Chipping(ChippingProcedure.AT_MOST, 4)
    assert GAMES["pai-gow-poker"].read_rules({"rack": "$25 green; $10 black; $5 red", "chipping": "at_most_2"})


def test_an_mhb_table_writes_its_rack_only_where_it_changes_it_and_the_base_game_pays_from_it() -> None:
    """Rules saved before the rack keep their JSON; a trainee-dealt carnival game pays from the MHB table's rack."""
    game = MYSTERY_GAMES["three-card-poker"]
    assert "rack" not in rules_to_json(rules_from_json({}, game))
    rules = rules_from_json({"rack": SCHOOL_RACK, "base_game": "trainee", "chipping": "at_most_5"}, game)
    assert rules_to_json(rules)["rack"] == "$100.00 black; $25.00 green; $5.00 red; $1.00 white"
    table = base_game_table(rules, game)
    assert (table.rack, table.chipping) == (rules.rack, rules.chipping)


# --- the procedures, each derived from its words -------------------------------------------------------------------


def test_highest_first_pays_each_chip_as_large_as_the_amount_left_allows() -> None:
    """$180 highest first: one $100 black leaves $80, three $25 greens leave $5, one $5 red."""
    assert DEFAULT_CHIPPING.payment(180_00, DEFAULT_RACK) == ChipPayment({100_00: 1, 25_00: 3, 5_00: 1})
    assert DEFAULT_CHIPPING.follows({100_00: 1, 25_00: 3, 5_00: 1}, DEFAULT_RACK)
    assert not DEFAULT_CHIPPING.follows({25_00: 7, 5_00: 1}, DEFAULT_RACK)


def test_colour_for_colour_pays_in_no_chip_larger_than_the_wager_s_largest() -> None:
    """A $30 wager is one green and one red: its $45 (3 to 2) is one green and four red; a $10 wager's, nine red.

    The chips on a wager are not recorded, so a wager is taken as made up highest first.
    """
    colour_for_colour = CHIPPINGS["colour_for_colour"]
    assert colour_for_colour.payment(45_00, DEFAULT_RACK, wager=30_00).chips == {25_00: 1, 5_00: 4}
    assert colour_for_colour.payment(45_00, DEFAULT_RACK, wager=10_00).chips == {5_00: 9}
    assert not colour_for_colour.follows({25_00: 1, 5_00: 4}, DEFAULT_RACK, wager=10_00)
    assert colour_for_colour.payment(500_00, DEFAULT_RACK).chips == {500_00: 1}, "an award no wager's colours make up"


PINK_RACK = "$25 green; $5 red; $2.50 pink; $1 white"
"""A rack with a $2.50 pink: no two chips below the red make $4, nor pink and whites $3 or $4 (they make $3.50)."""


@pytest.mark.parametrize(("most", "unpaid"), [(2, "$3.00 takes at least 3"), (3, "$4.00 takes at least 4")])
def test_a_stated_mix_is_refused_for_an_amount_no_payment_from_a_pink_rack_keeps_within(most, unpaid) -> None:
    """$3 and $4 beside a pink are three and four $1 whites in every exact payment ($2.50 and $1s leave 50 cents):
    "at most 2" cannot pay $3, "at most 3" $4, though a pink sits between red and white; "at most 4" pays all."""
    rack = read_rack(PINK_RACK)
    count = unpaid[-1]
    fault = chipping_fault(rack, CHIPPINGS[f"at_most_{most}"])
    assert f"{unpaid} chips of one denomination" in fault and f"({count} white, ${count}.00)" in fault
    assert fault.endswith("choose at least 4.")
    with pytest.raises(RulesError, match=re.escape(unpaid)):
        GAMES["pai-gow-poker"].read_rules({"rack": PINK_RACK, "chipping": f"at_most_{most}"})
    assert chipping_fault(rack, CHIPPINGS["at_most_4"]) == ""


def test_at_most_four_pays_the_fewest_chips_within_it_the_larger_first_among_as_few() -> None:
    """Beside a pink, $9 highest first is a red and four whites (five chips); $10 two reds, not four pinks; $17.50
    within four of one denomination is three reds, a pink and no more (four chips: fewest); $4.50 a pink and two
    whites, no coin, and paying it in coin in place of a white breaks the procedure."""
    rack, at_most_four = read_rack(PINK_RACK), CHIPPINGS["at_most_4"]
    assert at_most_four.payment(9_00, rack) == ChipPayment({5_00: 1, 1_00: 4})
    assert at_most_four.payment(10_00, rack) == ChipPayment({5_00: 2})
    assert at_most_four.payment(17_50, rack) == ChipPayment({5_00: 3, 2_50: 1})
    assert at_most_four.payment(4_50, rack) == ChipPayment({2_50: 1, 1_00: 2})
    assert at_most_four.follows({2_50: 4, 1_00: 2}, rack) and at_most_four.payment(12_00, rack).chips == {
        5_00: 2,
        1_00: 2,
    }
    assert fewest_within(4_00, rack, 3) is None


def test_highest_first_and_colour_for_colour_with_a_pink() -> None:
    """Highest first beside a pink: $7.50 a red and a pink. Colour for colour on a $2 wager (two whites) pays its
    $2.50 (5 to 4) in a pink, highest first, since whites would leave 50 cents in coin; on a $7.50 wager (red and
    pink) its $11.25 (3 to 2) in two reds and a white with 25 cents in coin, the coin highest first leaves too."""
    rack, colour_for_colour = read_rack(PINK_RACK), CHIPPINGS["colour_for_colour"]
    assert DEFAULT_CHIPPING.payment(7_50, rack) == ChipPayment({5_00: 1, 2_50: 1})
    assert colour_for_colour.payment(2_50, rack, wager=2_00) == ChipPayment({2_50: 1})
    assert colour_for_colour.payment(11_25, rack, wager=7_50) == ChipPayment({5_00: 2, 1_00: 1}, 25)
    assert not colour_for_colour.follows({1_00: 2}, rack, wager=2_00, coin=50)


def test_at_most_four_of_one_denomination_allows_any_mix_within_it_the_largest_chip_excepted() -> None:
    """$180 as one black, two greens, four reds and ten whites breaks "at most 4"; seven $1,000 oranges do not."""
    at_most_four = CHIPPINGS["at_most_4"]
    assert at_most_four.words == "at most 4 chips of one denomination"
    assert not at_most_four.follows({100_00: 1, 25_00: 2, 5_00: 4, 1_00: 10}, DEFAULT_RACK)
    assert at_most_four.follows({100_00: 1, 25_00: 2, 5_00: 4, 1_00: 2} | {25_00: 3, 5_00: 1}, DEFAULT_RACK)
    assert at_most_four.follows({1000_00: 7, 500_00: 1, 100_00: 4}, DEFAULT_RACK)
    assert at_most_four.payment(180_00, DEFAULT_RACK).chips == {100_00: 1, 25_00: 3, 5_00: 1}


# --- every step that pays from the rack ----------------------------------------------------------------------------

PAY_STEPS = ("pay_wager", "pay_blackjack_wager", "pay_mystery_bonus", "pay_progressive_win")
"""The dealer's steps that pay a player out of the rack (a progressive or Mystery Bonus from the table inventory)."""

TABLES = (
    ("pai-gow-poker", {}),
    ("down-under-blackjack", {"trainee_deals": "the whole round", "match_wager": 500}),
    ("three-card-poker", {"base_game": "trainee"}),
)
"""A table of each family whose trainee pays from the rack: Pai Gow Poker's wagers, bonus and progressive, the
blackjack hand and Match the Dealer, a carnival poker game dealt by the trainee with its Mystery Bonus."""


def largest_first(amount: int, denominations: tuple[int, ...]) -> dict[int, int]:
    """Highest first, from the option's words: take each chip, largest first, as often as the amount left allows.

    What is left, less than the smallest chip, is paid in coin: under the key "coin".
    """
    chips = {}
    for cents in denominations:
        if amount // cents:
            chips[cents], amount = amount // cents, amount % cents
    return chips | ({"coin": amount} if amount else {})


def chip_text(chips: dict) -> str:
    """Chips as a step names them: "2500x3 500x1", then any coin, "coin50"."""
    stacks = sorted((cents, count) for cents, count in chips.items() if cents != "coin")
    coin = [f"coin{chips['coin']}"] if chips.get("coin") else []
    return " ".join([f"{cents}x{count}" for cents, count in reversed(stacks) if count] + coin)


def dealt_to(step: str, key: str, rules: dict, seed: int):
    """The round of the table and seed dealt to ``step`` paying $5 or more from the rack; or None."""
    round_ = GAMES[key].deal(TableDeal(rules, seed, frozenset(), force_mystery_hit=True, force_progressive_win=True))
    while (action := round_.next_action()) is not None:
        from_rack = action.arguments.get("source", "table inventory") == "table inventory"
        amount = action.arguments.get("amount", 0)
        if action.step == step and from_rack and amount >= 5_00:
            return round_, action
        round_.perform(action.step, action.arguments)
    return None


@functools.cache
def paying_table(step: str) -> tuple[int, int]:
    """The first of :data:`TABLES` and seed whose round comes to ``step``, found once."""
    for index, (key, rules) in enumerate(TABLES):
        for seed in range(40):
            if dealt_to(step, key, rules, seed) is not None:
                return index, seed
    raise AssertionError(f"no demo table pays {step} from the rack")


def at_a_pay_step(step: str):
    """A round of a table whose trainee pays from the rack, dealt to ``step``, and the action due."""
    index, seed = paying_table(step)
    found = dealt_to(step, *TABLES[index], seed)
    assert found is not None
    return found


def denominations() -> tuple[int, ...]:
    """The default rack's chips, largest first, as its option's default says: $1,000 down to $1."""
    return (1000_00, 500_00, 100_00, 25_00, 5_00, 1_00)


@pytest.mark.parametrize("step", PAY_STEPS)
def test_a_payout_in_the_house_s_chips_is_right_and_its_chips_are_logged_and_replayed(step: str) -> None:
    """The right total highest first is the step; the log keeps the chips, so the round replays with them."""
    round_, due = at_a_pay_step(step)
    chips = chip_text(largest_first(due.arguments["amount"], denominations()))
    operation = round_.perform(step, {**due.arguments, "chips": chips})
    assert operation.action.arguments["chips"] == chips
    assert operation.action.citation == due.citation
    replayed = replay_round(save_round(round_))
    assert [op.to_json() for op in replayed.operations] == [op.to_json() for op in round_.operations]


@pytest.mark.parametrize("step", PAY_STEPS)
def test_a_right_total_in_other_chips_is_the_house_procedure_not_a_mispay(step: str) -> None:
    """One chip broken into $1 whites: the total is right, the chips are not highest first; nothing changes."""
    round_, due = at_a_pay_step(step)
    right = largest_first(due.arguments["amount"], denominations())
    broken = min(cents for cents in right if cents != "coin" and cents > 1_00)
    mixed = dict(right) | {broken: right[broken] - 1, 1_00: right.get(1_00, 0) + broken // 1_00}
    before = len(round_.operations)
    with pytest.raises(IllegalOperation) as refused:
        round_.perform(step, {**due.arguments, "chips": chip_text(mixed)})
    error = refused.value
    assert error.code is ErrorCode.WRONG_CHIPS
    assert error.citation.provenance is Provenance.HOUSE and error.citation.clause.endswith("option chipping")
    assert error.message.startswith("House procedure (Chipping procedure, option chipping): Paid in ")
    assert "the house pays highest denominations first" in error.message
    assert error.expected is not None and error.expected.arguments["chips"] == chip_text(right)
    assert len(round_.operations) == before and round_.next_action() == due


@pytest.mark.parametrize("step", PAY_STEPS)
def test_a_wrong_total_in_chips_is_a_mispay_naming_the_chips_and_how_far_over(step: str) -> None:
    """One $1 white too many: a wrong amount, as a typed mispay is, its message saying the chips and "$1.00 over"."""
    round_, due = at_a_pay_step(step)
    right = largest_first(due.arguments["amount"], denominations())
    over = right | {1_00: right.get(1_00, 0) + 1}
    with pytest.raises(IllegalOperation) as refused:
        round_.perform(step, {**due.arguments, "amount": due.arguments["amount"] + 1_00, "chips": chip_text(over)})
    assert refused.value.code is ErrorCode.WRONG_AMOUNT
    message = refused.value.message
    assert f"Paid {format_cents(due.arguments['amount'] + 1_00)} in " in message
    assert f"{over[1_00]} white, {format_cents(over[1_00] * 1_00)}" in message and ", $1.00 over: " in message


MALFORMED_CHIPS = (
    ("700x1", r"Malformed step: The rack has no \$7\.00 chip\."),
    ("100x1", r"Malformed step: the chips make \$1\.00, not the \$.* paid\."),
    (["2500x1"], "chips are named as text"),
)
"""Chips the table lacks, that make another amount than the step's, or that are not text."""


@pytest.mark.parametrize("step", PAY_STEPS)
def test_chips_the_rack_cannot_name_or_that_make_another_amount_are_a_malformed_step(step: str) -> None:
    """A chip the table lacks, or chips whose total is not the amount sent: refused, and nothing changes."""
    round_, due = at_a_pay_step(step)
    for chips, refusal in MALFORMED_CHIPS:
        with pytest.raises(IllegalOperation, match=refusal) as refused:
            round_.perform(step, {**due.arguments, "chips": chips})
        assert refused.value.code is ErrorCode.MALFORMED_STEP
        assert round_.next_action() == due


def test_a_payment_by_progressive_jackpot_slip_names_no_chips() -> None:
    """A share of the meter is paid by jackpot slip (§685b.1(h)(4)), not from the rack: chips with it are malformed."""
    for seed in range(40):
        round_ = GAMES["down-under-blackjack"].deal(TableDeal({}, seed, frozenset(), force_mystery_hit=True))
        while (action := round_.next_action()) is not None and action.step != "pay_progressive_win":
            round_.perform(action.step, action.arguments)
        if action is not None and action.arguments["source"] == "progressive jackpot slip":
            with pytest.raises(IllegalOperation, match="moves no chips from the rack"):
                round_.perform(action.step, {**action.arguments, "chips": "100x1"})
            return
    raise AssertionError("no forced Match the Dealer hit was paid by jackpot slip")


# --- what the rack's chips cannot make -----------------------------------------------------------------------------


def blackjack_paying(wager: int, rules: dict[str, str] | None = None):
    """A whole-round Down Under Blackjack table (with ``rules`` besides) whose seat has a blackjack on ``wager``."""
    for seed in range(200):
        deal = TableDeal({"trainee_deals": "the whole round", **(rules or {})}, seed, frozenset())
        round_ = GAMES["down-under-blackjack"].deal(deal)
        while (action := round_.next_action()) is not None:
            if action.step == "pay_blackjack_wager" and action.arguments["amount"] == wager * 3 // 2:
                return round_, action
            round_.perform(action.step, action.arguments)
    raise AssertionError(f"no blackjack on {format_cents(wager)} in 200 rounds")


def test_a_payout_below_the_smallest_chip_is_paid_in_coin_beside_the_chips() -> None:
    """A 3 to 2 blackjack on $5 is $7.50: a $5 red, two $1 whites and 50 cents in coin, below the least chip."""
    round_, due = blackjack_paying(5_00)
    assert DEFAULT_CHIPPING.payment(7_50, DEFAULT_RACK) == ChipPayment({5_00: 1, 1_00: 2}, coin=50)
    with pytest.raises(IllegalOperation, match=r"\$0\.50 short \(less than the smallest chip, paid in coin\)"):
        round_.perform(due.step, {**due.arguments, "amount": 7_00, "chips": "500x1 100x2"})
    with pytest.raises(IllegalOperation, match=r"Coin pays only what is less than the smallest chip, \$1\.00"):
        round_.perform(due.step, {**due.arguments, "chips": "500x1 100x1 coin150"})
    operation = round_.perform(due.step, {**due.arguments, "chips": "500x1 100x2 coin50"})
    assert operation.action.arguments["chips"] == "500x1 100x2 coin50"
    assert operation.action.description.endswith("in 1 red, $5.00; 2 white, $2.00; $0.50 in coin")


def test_a_3_to_2_blackjack_on_5_is_paid_in_one_red_and_one_pink_where_the_rack_has_a_2_50_pink() -> None:
    """Issue 32: the option's words "$5 red; $2.50 pink": highest first makes $7.50 of a red and a pink, no coin."""
    rack = "$100 black; $25 green; $5 red; $2.50 pink; $1 white"
    round_, due = blackjack_paying(5_00, {"rack": rack})
    assert DEFAULT_CHIPPING.payment(7_50, read_rack(rack)) == ChipPayment({5_00: 1, 2_50: 1})
    with pytest.raises(IllegalOperation) as error:
        round_.perform(due.step, {**due.arguments, "chips": "500x1 100x2 coin50"})
    assert error.value.code is ErrorCode.WRONG_CHIPS
    operation = round_.perform(due.step, {**due.arguments, "chips": "500x1 250x1"})
    assert operation.action.description.endswith("in 1 red, $5.00; 1 pink, $2.50")


def test_a_payout_of_more_chips_than_a_payment_moves_is_paid_by_its_amount_and_chips_for_it_are_refused() -> None:
    """Fortune Bonus 8,000 to 1 on a $100 wager is $800,000: 800 $1,000 chips, more than the 500 one step moves."""
    assert rack_fault(800_000_00, DEFAULT_RACK) == (
        "$800,000.00 takes 800 chips highest first, more than the 500 one payment moves: it is paid by its amount."
    )
    assert rack_fault(500_000_00, DEFAULT_RACK) == ""
    with pytest.raises(ChipsError, match="at most 500 chips"):
        read_payment("100000x500 50000x1")


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_table_lists_paying_beyond_the_rack_as_its_house_procedure(key: str) -> None:
    """Coin for less than the smallest chip, and a payout too large for the rack by its amount: a fixed procedure."""
    listed = [option for option in GAMES[key].table_house_options({}) if option.name == "paying beyond the rack"]
    assert [option.citation.provenance for option in listed] == [Provenance.HOUSE]
    assert listed[0].value.startswith("coin for what is less than the smallest chip; a payout of more than 500 chips")


def test_a_school_s_rack_is_the_one_paid_from_and_replayed_with_at_a_trainee_dealt_base_game() -> None:
    """Without purple and orange chips, the carnival game's payout is paid from black down and replays so."""
    rules = {"base_game": "trainee", "rack": SCHOOL_RACK}
    found = next(
        found for seed in range(40) if (found := dealt_to("pay_wager", "three-card-poker", rules, seed)) is not None
    )
    round_, due = found
    with pytest.raises(IllegalOperation, match=r"The rack has no \$500\.00 chip"):
        round_.perform("pay_wager", {**due.arguments, "amount": 500_00, "chips": "50000x1"})
    chips = chip_text(largest_first(due.arguments["amount"], (100_00, 25_00, 5_00, 1_00)))
    round_.perform("pay_wager", {**due.arguments, "chips": chips})
    replayed = replay_round(save_round(round_))
    assert replayed.operations[-1].action.arguments["chips"] == chips


SUM_ON_SIXTEEN = {3: {"pai-gow": 25_00, "sum": 10_00}}
"""Seat 3's $10 Sum wager (two $5 reds highest first); dice of 16 pay it 6 to 1 on Sum Paytable A: $60."""


@pytest.mark.parametrize(
    ("chipping", "house_pays", "refused"),
    [
        ("highest_first", "2500x2 500x2", "500x12"),
        ("colour_for_colour", "500x12", "2500x2 500x2"),
        ("at_most_4", "2500x2 500x2", "500x12"),
    ],
)
def test_each_chipping_option_grades_the_60_sum_payout_by_its_own_words(chipping, house_pays, refused) -> None:
    """$60: highest first two greens and two reds; colour for colour with two reds, twelve reds; at most four of one
    denomination refuses twelve reds. The chips the option refuses are the house procedure, never a mispay."""
    rules = TableRules.from_json({"chipping": chipping})
    round_ = PaiGowRound(rules, SUM_ON_SIXTEEN, 1, scenario=Scenario(dice=DiceRoll(6, (5, 5))), automations=frozenset())
    while (action := round_.next_action()) is not None and action.arguments.get("spot") != "sum":
        round_.perform(action.step, action.arguments)
    assert action is not None and action.arguments["amount"] == 60_00
    with pytest.raises(IllegalOperation) as wrong:
        round_.perform("pay_wager", {**action.arguments, "chips": refused})
    assert wrong.value.code is ErrorCode.WRONG_CHIPS and rules.chipping.words in wrong.value.message
    assert (
        round_.perform("pay_wager", {**action.arguments, "chips": house_pays}).action.arguments["chips"] == house_pays
    )
