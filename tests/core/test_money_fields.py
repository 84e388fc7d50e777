"""Every form reads a dollar amount a person typed one way: core's reader, refusing it in the same words."""

import pytest
from django.core.exceptions import ValidationError

from core.fields import MoneyField, read_dollars
from rules_submission.forms import DEFAULTS, FortunePaytableForm, ProgressivePaytableForm, hand_field
from scenarios.scenario_forms import WagersField
from simulator.core.money import parse_dollars
from simulator.pai_gow.fortune import FortuneHand

REFUSED = ("1e3", "-5", "NaN", "0.005", "10,000,000", "lots", "9" * 30)
"""Amounts no money field takes: an exponent, a sign, not a number, a part of a cent, over the most, words, length."""

ROYAL = hand_field("awards", FortuneHand.ROYAL_FLUSH)
FOUR_OF_A_KIND_ENVY = hand_field("envy", FortuneHand.FOUR_OF_A_KIND)


def refusal(text: str) -> str:
    """What the engine's parse_dollars says of ``text``."""
    with pytest.raises(ValueError) as refused:
        parse_dollars(text)
    return str(refused.value)


def filled(form_class, **typed):
    """A paytable form filled as its page first fills it, under a new name, with ``typed`` over it."""
    form = form_class(DEFAULTS[form_class.kind])
    data = {name: str(form.initial.get(name, "")) for name in form.fields} | {"name": "Typed"} | typed
    return form_class(DEFAULTS[form_class.kind], data)


@pytest.mark.parametrize("text", REFUSED)
def test_read_dollars_refuses_an_amount_in_the_engines_words_as_a_field_error(text):
    with pytest.raises(ValidationError) as refused:
        read_dollars(text)
    assert refused.value.messages == [refusal(text)]


def test_read_dollars_reads_whole_cents_as_an_integer_never_a_float():
    assert [read_dollars(text) for text in ("25", "$1,037.50", " 0.01 ")] == [2500, 103750, 1]
    assert type(read_dollars("37.50")) is int


def test_a_money_field_left_empty_is_none_and_its_input_holds_no_more_than_an_amount_is_read_from():
    field = MoneyField(label="the amount", required=False)
    assert field.clean("") is None and field.clean("$25") == 2500
    assert field.widget_attrs(field.widget)["maxlength"] == "24"


@pytest.mark.django_db
@pytest.mark.parametrize("text", REFUSED)
def test_the_progressive_paytables_wager_seed_and_dollar_award_refuse_an_amount_as_every_money_field_does(text):
    errors = filled(ProgressivePaytableForm, wager=text, seed_amount=text, **{ROYAL: text}).errors
    assert errors["wager"] == errors["seed_amount"] == errors[ROYAL] == [refusal(text)]


@pytest.mark.django_db
@pytest.mark.parametrize("text", REFUSED)
def test_the_envy_bonus_refuses_an_amount_as_every_money_field_does(text):
    assert filled(FortunePaytableForm, **{FOUR_OF_A_KIND_ENVY: text}).errors[FOUR_OF_A_KIND_ENVY] == [refusal(text)]


def test_a_progressive_award_is_a_share_of_the_meter_as_typed_or_dollars_in_cents():
    field = ProgressivePaytableForm(DEFAULTS[ProgressivePaytableForm.kind]).fields[ROYAL]
    assert [field.clean(text) for text in (" 10% ", "1,000", "$2.50", "")] == ["10%", 100000, 250, None]


def test_a_progressive_award_typed_as_a_share_is_held_to_a_money_fields_length():
    share = "9" * 5000 + "%"
    assert filled(ProgressivePaytableForm, **{ROYAL: share}).errors[ROYAL] == [
        f"Ensure this value has at most 24 characters (it has {len(share)})."
    ]


@pytest.mark.django_db
def test_a_paytable_typed_in_dollars_is_saved_in_cents():
    typed = {"wager": "$5", "seed_amount": "5,000", ROYAL: "1,500.50"}
    form = filled(ProgressivePaytableForm, **typed)
    assert form.is_valid(), form.errors
    assert (form.paytable["wager"], form.paytable["seed_amount"]) == (500, 500000)
    assert form.paytable["awards"][FortuneHand.ROYAL_FLUSH.value] == 150050


@pytest.mark.parametrize("text", ["1e3", "0.005", "10000000", "lots"])
def test_a_scenario_wager_is_refused_in_the_money_fields_words_after_its_betting_area(text):
    with pytest.raises(ValidationError) as refused:
        WagersField({"pai-gow": "Pai Gow"}).clean(f"Pai Gow {text}")
    assert refused.value.messages == [f"Pai Gow: {refusal(text)}"]


def test_a_scenario_wager_range_reads_each_end_as_every_money_field_does():
    assert WagersField({"pai-gow": "Pai Gow"}).clean("Pai Gow 10-50.25") == {
        "pai-gow": {"minimum": 1000, "maximum": 5025}
    }
