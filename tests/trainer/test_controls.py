"""Reading a frame from the browser into a step's engine arguments, with each step's form."""

import pytest
from table_helpers import RACK_STEPS, rack_payment

from simulator.core.chips import DEFAULT_RACK, MAX_CHIPS, Denomination, read_rack
from trainer.controls import FLOORPERSON_STEPS, FrameError, StepControl, describe_step, read_step
from trainer.tables import TABLES

TABLE_CONTROLS = [{**table.step_controls, **FLOORPERSON_STEPS} for table in TABLES]
"""Each table's controls: its dealer steps' and the floorperson's."""
EVERY_STEP = [(controls, step) for controls in TABLE_CONTROLS for step in controls]
"""Every step of every table, with the table's controls."""
READABLE = {
    "seat": "3",
    "spot": "sum",
    "amount": "37.50",
    "chips": "2500x1 500x2",
    "count": "12",
    "times": "3",
    "red": "4",
    "blue_1": "2",
    "blue_2": "6",
    "place": "0",
    "position": "5",
    "low": ["Ks", "Qd"],
    "tiger_nine": "yes",
    "source": "table inventory",
    "hand": "one suited match",
    "seats": ["5", "1"],
    "cards": "3",
    "qualifies": "no",
}
"""A value the browser could send for each field of every step."""
NUMBERS = (
    "seq",
    "seat",
    "amount",
    "chips",
    "coins",
    "count",
    "times",
    "red",
    "blue_1",
    "blue_2",
    "place",
    "position",
    "seats",
    "cards",
)
"""Every field the trainee fills in with a number."""


def controls_of(step):
    """The controls of the first table with ``step``: Pai Gow Poker's for the steps it has ("sum" is its area)."""
    return next(controls for controls in TABLE_CONTROLS if step in controls)


def read(step, **fields):
    frame = {"step": step, "seq": "7", **fields, "HEADERS": {"HX-Request": "true"}}
    controls = controls_of(step)
    return read_step(frame, controls, frozenset(controls))


def readable(control: StepControl, name: str):
    """A value the browser could send for the field: READABLE's, or the first the field offers (an area, a hand)."""
    offered = [choice for choice, _label in getattr(control.fields[name], "choices", [])]
    value = READABLE[name]
    chosen = value if isinstance(value, list) else [value]
    return value if not offered or set(chosen) <= set(offered) else offered[0]


def frame_fields(step, controls=None):
    control = (controls or controls_of(step))[step]
    fields = {name: readable(control, name) for name in control.fields}
    return fields | ({"amount": "0.50"} if "chips" in fields else {})  # a payment's typed amount is its coin


def amount(text):
    return read("collect_commission", seat="1", amount=text).arguments["amount"]


def paid(chips, typed="", rack=DEFAULT_RACK, step="pay_wager", **fields):
    """The amount and chips a pay step reads from its chips and typed amount at a table of ``rack``."""
    frame = {"step": step, "seq": "7", "seat": "1", "spot": "sum", "chips": chips, "amount": typed, **fields}
    controls = controls_of(step)
    arguments = read_step(frame, controls, frozenset(controls), rack).arguments
    return arguments["amount"], arguments.get("chips")


def arguments_of(control: StepControl):
    """The engine arguments a step's fields make: a payment's chips and typed amount make its amount and chips."""
    paying = ("amount", "chips") if "chips" in control.fields else ()
    return [name for name in control.fields if name not in paying] + list(paying)


@pytest.mark.parametrize(("controls", "step"), EVERY_STEP, ids=[step for _controls, step in EVERY_STEP])
def test_every_step_reads_its_own_fields_and_no_other(controls, step):
    fields = {**READABLE, **frame_fields(step, controls), "stray": "x"}
    frame = read_step({"step": step, "seq": "7", **fields}, controls, frozenset(controls))
    assert frame.sequence == 7 and frame.step == step
    assert list(frame.arguments) == arguments_of(controls[step])


def test_each_field_is_read_as_the_engine_takes_it():
    assert read("pay_mystery_bonus", **frame_fields("pay_mystery_bonus")).arguments == {
        "seat": 3,
        "source": "table inventory",
        "amount": 2500 + 2 * 500 + 50,
        "chips": "2500x1 500x2 coin50",
    }
    assert read("announce_dice", **frame_fields("announce_dice")).arguments == {"red": 4, "blue_1": 2, "blue_2": 6}
    assert read("deal_card", position="0").arguments == {"position": "dealer"}
    assert read("deal_card", position="5").arguments == {"position": "seat 5"}
    assert read("set_dealer_hand", low=["Ks", "Qd"]).arguments == {"low": "Ks Qd"}
    assert read("set_dealer_hand", low="JK").arguments == {"low": "JK"}
    assert read("declare_tiger_nine", tiger_nine="no").arguments == {"tiger_nine": False}
    assert read("shake_shaker", times=3).arguments == {"times": 3}


def test_checked_seats_are_read_in_order_once_each_and_none_checked_is_no_seats():
    assert read("place_envy_lammers", seats=["5", "1", "5"]).arguments == {"seats": [1, 5]}
    assert read("place_envy_lammers", seats="4").arguments == {"seats": [4]}
    assert read("place_envy_lammers").arguments == {"seats": []}
    with pytest.raises(FrameError, match="at most six seats"):
        read("place_envy_lammers", seats=["1"] * 7)
    with pytest.raises(FrameError, match="seats from 1 to 6"):
        read("place_envy_lammers", seats=["7"])


def test_an_amount_is_read_in_whole_cents_as_an_integer_never_a_float():
    assert amount("25") == 2500 and type(amount("25")) is int
    assert amount("37.50") == 3750 and amount("0.05") == 5 and amount(" $12.5 ") == 1250
    assert amount("9999999.99") == 999999999
    with pytest.raises(FrameError, match="not a whole number of cents"):
        amount("37.505")
    with pytest.raises(FrameError, match=r"is over \$9,999,999\.99"):
        amount("10000000")


def test_a_comma_in_an_amount_separates_thousands_so_1_000_50_is_one_thousand_dollars_and_fifty_cents():
    assert amount("1,000.50") == 100050
    assert amount("$1,037.50") == 103750
    assert amount("1,234,567") == 123456700


@pytest.mark.parametrize("text", ["5,00", "1,0,0,0", "1,00,000", ",500", "500,", "1,000,00", "5,5"])
def test_a_comma_not_between_groups_of_three_digits_is_refused_so_5_00_is_never_read_as_500_dollars(text):
    with pytest.raises(FrameError, match="is not an amount in dollars"):
        amount(text)


@pytest.mark.parametrize("text", ["abc", "1e3", "1e999999", "-5", "+5", "NaN", "Infinity", "5.", ".5", "$5$", "1_000"])
def test_an_amount_that_is_not_written_in_dollars_is_refused(text):
    with pytest.raises(FrameError, match="is not an amount in dollars"):
        amount(text)


@pytest.mark.parametrize("digits", ["٥", "５", "۳", "𝟓"])
@pytest.mark.parametrize("name", NUMBERS)
def test_a_number_written_in_other_than_ascii_digits_is_refused_for_every_number_field(name, digits):
    for controls, step in EVERY_STEP:
        if name in controls[step].fields or name == "seq":
            fields = frame_fields(step, controls) | {name: digits}
            with pytest.raises(FrameError):
                read_step({"step": step, "seq": "7", **fields}, controls, frozenset(controls))


@pytest.mark.parametrize("text", ["+3", "3.0", "1_0", "0x3", "3 4"])
def test_a_whole_number_is_written_in_digits_only(text):
    with pytest.raises(FrameError, match="Choose a number from 0 to 9999"):
        read("shake_shaker", times=text)


def test_a_frame_number_past_four_digits_is_read():
    assert read("clear_table", seq="123456").sequence == 123456


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"spot": "sum", "chips": "500x1"}, "Pay: fill in seat first."),
        ({"seat": "", "spot": "sum", "chips": "500x1"}, "Pay: fill in seat first."),
        ({"seat": None, "spot": "sum", "chips": "500x1"}, "Pay: fill in seat first."),
        ({"seat": "1", "spot": "sum"}, "Pay: add chips from the rack first."),
        ({"seat": "1", "spot": "sum", "chips": " ", "coins": ""}, "Pay: add chips from the rack first."),
        ({"seat": ["1", "2"], "spot": "sum", "chips": "500x1"}, "Give one value for a seat."),
        ({"seat": True, "spot": "sum", "chips": "500x1"}, "Give one value for a seat."),
        ({"seat": "1", "spot": "sum", "chips": ["500x1"]}, "Give one value for the chips."),
        (
            {"seat": "1", "spot": "sum", "chips": 500},
            "'500' is not a count of chips, such as 2500x3 for three $25 chips.",
        ),
        ({"seat": "1", "spot": "sum", "chips": "500x1", "amount": 0.5}, "Give one value for the coin or amount."),
        ({"seat": "9", "spot": "sum", "chips": "500x1"}, "Choose a seat from 1 to 6."),
        ({"seat": "1", "spot": "the rail", "chips": "500x1"}, "Choose a betting area from the list."),
    ],
)
def test_an_unreadable_field_is_refused_with_a_sentence_for_the_trainee(fields, message):
    with pytest.raises(FrameError) as refused:
        read("pay_wager", **fields)
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("frame", "message"),
    [
        (["pay_wager"], "A frame is a JSON object naming a step."),
        ({"step": "deal_myself_a_royal_flush", "seq": "1"}, "That is not a step you can take at this table."),
        ({"step": "clear_table"}, "Choose the frame number from 1 to 1000000000."),
        ({"step": "clear_table", "seq": "0"}, "Choose the frame number from 1 to 1000000000."),
        ({"step": "set_dealer_hand", "seq": "1", "low": ["Ks", "Xx"]}, "Choose the cards by clicking them."),
        ({"step": "set_dealer_hand", "seq": "1", "low": ["Ks"] * 8}, "Choose the cards by clicking them."),
        ({"step": "declare_tiger_nine", "seq": "1", "tiger_nine": "maybe"}, "Answer yes or no."),
    ],
)
def test_a_frame_that_is_not_a_step_is_refused_with_a_sentence_for_the_trainee(frame, message):
    with pytest.raises(FrameError) as refused:
        read_step(frame, controls_of("clear_table"), frozenset(controls_of("clear_table")))
    assert str(refused.value) == message


def test_only_the_allowed_steps_of_the_table_are_read():
    pai_gow = TABLES[0].step_controls
    with pytest.raises(FrameError, match="not a step you can take"):
        read_step({"step": "clear_table", "seq": "1"}, pai_gow, frozenset({"burn_card"}))
    with pytest.raises(FrameError, match="not a step you can take"):
        read_step(
            {"step": "validate_mystery_payout", "seq": "1", "seat": "1"}, pai_gow, frozenset(controls_of("clear_table"))
        )
    with pytest.raises(FrameError, match="not a step you can take"):
        read_step({"step": "burn_card", "seq": "1"}, pai_gow, frozenset({"burn_card"}))


def test_what_the_trainee_did_names_cards_in_words_and_amounts_in_dollars():
    assert (
        describe_step(controls_of("set_dealer_hand"), "set_dealer_hand", {"low": "Th Tc"}, DEFAULT_RACK)
        == "Set the dealer's hand (low ten of hearts, ten of clubs)"
    )
    paid = {"seat": 3, "spot": "sum", "amount": 600}
    assert describe_step(controls_of("pay_wager"), "pay_wager", paid, DEFAULT_RACK) == "Pay (seat 3, Sum wager, $6.00)"


def test_what_the_trainee_did_names_the_chips_paid_by_colour_and_value_in_the_tables_rack():
    """Issue 32: "You did" says "3 green ($75.00)", the colours being the round's rack's, not only the values."""
    paid = {"seat": 3, "spot": "sum", "amount": 8050, "chips": "2500x3 500x1 coin50"}
    assert (
        describe_step(controls_of("pay_wager"), "pay_wager", paid, DEFAULT_RACK)
        == "Pay (seat 3, Sum wager, $80.50, in 3 green ($75.00), 1 red ($5.00), $0.50 in coin)"
    )
    pink = read_rack("$20 yellow; $5 red; $2.50 pink; $1 white")
    paid = {"seat": 2, "spot": "sum", "amount": 4750, "chips": "2000x2 500x1 250x1"}
    assert (
        describe_step(controls_of("pay_wager"), "pay_wager", paid, pink)
        == "Pay (seat 2, Sum wager, $47.50, in 2 yellow ($40.00), 1 red ($5.00), 1 pink ($2.50))"
    )


def test_645b2_g_what_the_trainee_did_calls_the_dice_red_first_then_each_blue_die():
    dice = {"red": 5, "blue_1": 1, "blue_2": 5}
    assert (
        describe_step(controls_of("announce_dice"), "announce_dice", dice, DEFAULT_RACK)
        == "Announce the dice (red 5, blue 1, blue 5)"
    )


@pytest.mark.parametrize(
    ("step", "arguments", "words"),
    [
        ("declare_tiger_nine", {"tiger_nine": True}, "Declare Tiger 9 (Tiger 9 declared)"),
        ("declare_tiger_nine", {"tiger_nine": False}, "Declare Tiger 9 (no Tiger 9 declared)"),
        ("deliver_stack", {"place": 0}, "Deliver a stack (the dealer)"),
        ("deliver_stack", {"place": 4}, "Deliver a stack (seat 4)"),
        ("place_envy_lammers", {"seats": [2, 5]}, "Place Envy lammers (seats 2, 5)"),
        ("place_envy_lammers", {"seats": []}, "Place Envy lammers (no seat)"),
        ("shake_shaker", {"times": 1}, "Shake the shaker (1 time)"),
        ("shake_shaker", {"times": 3}, "Shake the shaker (3 times)"),
        ("deal_card", {"position": "dealer"}, "Deal a card (to the dealer)"),
        ("collect_wager", {"seat": 2, "spot": "match-4"}, "Collect (seat 2, Match wager on 4)"),
    ],
)
def test_what_the_trainee_did_names_seats_areas_and_calls_as_the_floor_says_them(step, arguments, words):
    assert describe_step(controls_of(step), step, arguments, DEFAULT_RACK) == words


def test_every_step_paying_from_the_rack_is_a_pay_step_or_a_cash_step_and_every_other_amount_is_typed():
    paying = {"pay_wager", "pay_blackjack_wager", "pay_mystery_bonus", "pay_progressive_win"}
    assert paying | {"sell_chips", "colour_up"} == RACK_STEPS
    for controls, step in EVERY_STEP:
        assert ("chips" in controls[step].fields) is (step in RACK_STEPS), step


def test_a_payment_from_the_rack_pays_the_total_of_its_chips_and_coin_and_names_them_to_the_engine():
    assert paid("2500x3 500x1") == (3 * 2500 + 500, "2500x3 500x1")
    assert paid("100000x1 2500x1 500x2 100x2", "0.50") == (103750, "100000x1 2500x1 500x2 100x2 coin50")
    assert paid("", "0.50") == (50, "coin50")
    assert paid("500x1 coin25") == (525, "500x1 coin25")


def test_the_derived_total_is_graded_as_a_typed_amount_was_the_chips_of_any_amount_add_up_to_it():
    for cents in (100, 3750, 10002, 25003, 103750, 500150):
        payment = rack_payment(cents)
        assert paid(payment["chips"], payment["amount"])[0] == cents


def test_house_paying_beyond_the_rack_a_jackpot_slip_or_a_payout_of_more_than_500_chips_is_paid_by_its_amount():
    slip = {"step": "pay_mystery_bonus", "source": "progressive jackpot slip"}
    assert paid("", "1,234.56", **slip) == (123456, None)
    assert paid("", "800,000") == (800_000_00, None)
    assert rack_payment(800_000_00) == {"chips": "", "amount": "800,000.00"}


@pytest.mark.parametrize(
    ("chips", "typed", "message"),
    [
        ("700x1", "", "The rack has no $7.00 chip."),
        ("2500x3 2500x1", "", "The $25.00 chips are counted twice."),
        ("-2500x1", "", "'-2500x1' is not a count of chips, such as 2500x3 for three $25 chips."),
        ("2500x-1", "", "'2500x-1' is not a count of chips, such as 2500x3 for three $25 chips."),
        ("2500x0", "", "'2500x0' is not a count of chips, such as 2500x3 for three $25 chips."),
        ("100x10000", "", "'100x10000' is not a count of chips, such as 2500x3 for three $25 chips."),
        ("100x9999", "", f"One step moves at most {MAX_CHIPS} chips."),
        ("10000x5000 100x5000", "", f"One step moves at most {MAX_CHIPS} chips."),
        ("2500x300 500x300", "", f"One step moves at most {MAX_CHIPS} chips."),
        ("2500x3 abc", "", "'abc' is not a count of chips, such as 2500x3 for three $25 chips."),
        ("2500x3 coin150", "", "Coin pays only what is less than the smallest chip, $1.00: the rest is in chips."),
        ("2500x3", "1.00", "Pay: pay in chips, with coin under $1.00, or by the whole amount, not both."),
        ("", "25", "Pay: $25.00 is paid from the rack in chips; coin pays only what is under $1.00."),
        ("", "", "Pay: add chips from the rack first."),
        ("2500x3", "-0.50", "'-0.50' is not an amount in dollars, such as 25 or 37.50."),
        ("2500x1 " * 40, "", "The chips are named in at most 200 characters."),
    ],
)
def test_chips_the_rack_cannot_pay_are_refused_with_a_sentence_and_read_as_no_step(chips, typed, message):
    with pytest.raises(FrameError) as refused:
        paid(chips, typed)
    assert str(refused.value) == message


def test_house_rack_option_a_chip_is_read_against_the_tables_own_rack():
    rack = (Denomination(2000, "green"), Denomination(50, "red"))
    assert paid("2000x2 50x1", rack=rack) == (4050, "2000x2 50x1")
    with pytest.raises(FrameError, match=r"^The rack has no \$25\.00 chip\.$"):
        paid("2500x1", rack=rack)
    with pytest.raises(FrameError, match=r"or by the whole amount, not both"):
        paid("2000x1", "0.50", rack=rack)
