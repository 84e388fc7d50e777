"""The dealer's controls: the step controls and fields the tables share, and reading a frame into engine arguments.

Each game's dealer steps are its table description's (``trainer/tables.py``), made of the controls here: the steps
several tables share are defined once below, and a table's betting areas and hands come from its own game.

A frame from the browser is the JSON that the htmx ws extension builds from a control's form:
``{"step": "pay_wager", "seq": "12", "seat": "3", "spot": "sum", "chips": "2500x1", "HEADERS": {...}}``.
Every value arrives as a string (or a list of strings for checkboxes); :func:`read_step` whitelists the step and
reads the frame with that step's Django form, which keeps only the step's own fields and turns them into the values
the engine's step takes, or raises :class:`FrameError` with a sentence for the trainee. A wrong value is the
engine's to grade; only a value that cannot be read at all (a missing field, "abc" for an amount) is refused here,
before any grading. A step paying from the rack names its chips (:func:`chips_field`), read with the table's rack; the
amount it pays is theirs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeAlias, cast

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator

from core.fields import MoneyField, WholeNumberField, one_value
from simulator.blackjack.hand import SPLIT_SUFFIX, hand_position
from simulator.blackjack.round import DEALER_BOX
from simulator.carnival.games import CARNIVAL_GAMES
from simulator.core.cards import pai_gow_deck
from simulator.core.chipping import HouseChips, rack_fault
from simulator.core.chips import DEFAULT_RACK, ChipsError, Rack, read_payment
from simulator.core.dice import spoken_dice
from simulator.core.json_values import JsonValue, json_int
from simulator.core.money import Cents, format_cents
from simulator.core.mystery_meter import PaymentSource
from simulator.core.procedure import spoken, spoken_argument
from simulator.games import GAMES, Game
from simulator.pai_gow.round import spot_name

MAX_FRAME_CHARACTERS = 4096
"""The longest frame a consumer reads; anything longer is refused unread."""


class FrameError(ValueError):
    """A frame that cannot be read as a step: nothing is graded and nothing changes."""


class OneChoiceField(forms.TypedChoiceField):
    """One value from a list, as the engine takes it (``coerce``); anything else is refused with ``refusal``."""

    def __init__(
        self, label: str, choices: Iterable[str], refusal: str, coerce: Callable[[str], JsonValue] = str
    ) -> None:
        """A field offering ``choices``."""
        messages = {"required": refusal, "invalid_choice": refusal}
        super().__init__(
            label=label, choices=[(choice, choice) for choice in choices], coerce=coerce, error_messages=messages
        )

    def to_python(self, value: Any) -> str:
        """The chosen value as text, "" when absent."""
        return one_value(self, value)


class CheckedField(forms.TypedMultipleChoiceField):
    """Checked boxes from a list, at most ``most``: none, one (a string) or several (a list), then ``combine``d."""

    def __init__(
        self,
        label: str,
        choices: Iterable[str],
        refusal: str,
        most: tuple[int, str],
        combine: Callable[[list[Any]], JsonValue],
        coerce: Callable[[str], Any] = str,
        required: bool = True,
    ) -> None:
        """A field offering ``choices``; ``most`` is the largest number of boxes and the sentence refusing more."""
        limit, too_many = most
        messages = {"required": refusal, "invalid_choice": refusal, "invalid_list": refusal, "max_length": too_many}
        super().__init__(
            label=label,
            choices=[(choice, choice) for choice in choices],
            coerce=coerce,
            required=required,
            validators=[MaxLengthValidator(limit)],
            error_messages=messages,
        )
        self.combine = combine

    def to_python(self, value: Any) -> list[str]:
        """The checked values as text; the htmx ws extension sends one checked box as a string, none as nothing."""
        return super().to_python(value if isinstance(value, list) else [] if value in (None, "") else [value])

    def clean(self, value: Any) -> JsonValue:
        """The checked values as the engine takes them."""
        return self.combine(super().clean(value))


def amount_field() -> MoneyField:
    """An amount of money the dealer pays or takes."""
    return MoneyField(label="the amount")


MAX_CHIP_TEXT = 200
"""The longest chip text a step reads: each of a rack's denominations named once, with room to spare."""


class ChipsField(forms.CharField):
    """The chips a step pays from the rack, as the chip text ("2500x3 500x1"); its form reads them with the rack."""

    def __init__(self) -> None:
        """A field of at most :data:`MAX_CHIP_TEXT` characters, "" when no chip is added."""
        too_long = f"The chips are named in at most {MAX_CHIP_TEXT} characters."
        super().__init__(
            label="the chips", required=False, max_length=MAX_CHIP_TEXT, error_messages={"max_length": too_long}
        )

    def to_python(self, value: Any) -> str:
        """The chip text, "" when absent; a list or an object is refused."""
        return one_value(self, value)


def rack_fields() -> dict[str, forms.Field]:
    """A payment from the table's rack: its chips, and a typed amount for coin or for a payment by its amount.

    An amount under the rack's smallest chip is coin beside the chips (the 50¢ of a $7.50 payout); one of a chip or
    more is the whole payment by its amount, for a progressive jackpot slip or a payout beyond the rack
    (:func:`read_payment_fields`).
    """
    return {"chips": ChipsField(), "amount": MoneyField(label="the coin or amount", required=False)}


def read_payment_fields(
    label: str, chips: str, typed: Cents | None, source: str | None, rack: Rack
) -> dict[str, JsonValue]:
    """A pay step's ``amount`` and ``chips`` arguments from its fields; ValidationError with the trainee's sentence.

    Chips (with any coin typed under the smallest chip) pay their total and are named to the engine, which grades
    them. A typed amount of a chip or more pays by its amount alone, as the house pays beyond the rack
    (:data:`simulator.core.chipping.BEYOND_THE_RACK`) or a progressive jackpot slip; any other payout is paid in
    chips.
    """
    smallest = rack[-1].cents
    if typed is not None and typed >= smallest:
        if chips:
            raise ValidationError(
                f"{label}: pay in chips, with coin under {format_cents(smallest)}, or by the whole amount, not both.",
                code="both",
            )
        if source != PaymentSource.PROGRESSIVE_JACKPOT_SLIP and not rack_fault(typed, rack):
            raise ValidationError(
                f"{label}: {format_cents(typed)} is paid from the rack in chips; coin pays only what is under "
                f"{format_cents(smallest)}.",
                code="from_the_rack",
            )
        return {"amount": typed}
    text = " ".join(filter(None, (chips, f"coin{typed}" if typed else "")))
    try:
        payment = read_payment(text, rack)
    except ChipsError as error:
        raise ValidationError(str(error), code="chips") from None
    if not payment.total:
        raise ValidationError(f"{label}: add chips from the rack first.", code="no_chips")
    return {"amount": payment.total, "chips": payment.text}


def table_rack(game: str, rules: Mapping[str, JsonValue]) -> Rack:
    """The chips in the rack of a table of ``game`` with these rules, read from them (a round's is its snapshot's)."""
    house_chips: HouseChips = GAMES[game].read_rules(rules)
    return house_chips.rack


def seat_field() -> WholeNumberField:
    """A player position, 1 to 6 from the dealer's left."""
    return WholeNumberField("a seat", 1, 6)


def place_field() -> WholeNumberField:
    """A place: 0 for the dealer, 1 to 6 for the positions."""
    return WholeNumberField("a place (0 is the dealer)", 0, 6)


SPLIT_PLACE = "s"
"""The mark of a seat's second hand after a split: place "3s" is seat 3's split hand."""


def position_name(place: str) -> str:
    """A box or hand as the engine names it ("seat 3", "seat 3 split", "dealer"), from its place ("0" is the dealer)."""
    if place == "0":
        return DEALER_BOX
    return hand_position(int(place.removesuffix(SPLIT_PLACE)), split=place.endswith(SPLIT_PLACE))


def position_field() -> OneChoiceField:
    """A box to deal a card to or a hand, chosen as a place (0 is the dealer, "3s" seat 3's split hand)."""
    places = [str(place) for place in range(7)] + [f"{seat}{SPLIT_PLACE}" for seat in range(1, 7)]
    refusal = "Choose a place (0 is the dealer) from 0 to 6, or a seat's split hand."
    return OneChoiceField("a place", places, refusal, position_name)


def die_field() -> WholeNumberField:
    """The value shown by one die."""
    return WholeNumberField("each die's value", 1, 6)


def count_field() -> WholeNumberField:
    """A count of chips or shakes."""
    return WholeNumberField("a number", 0, 9999)


class YesNoField(OneChoiceField):
    """A yes or no answer: its step has a button for each answer (:attr:`StepControl.no_key`)."""

    def __init__(self) -> None:
        """A field reading "yes" as True and "no" as False."""
        super().__init__("yes or no", ("yes", "no"), "Answer yes or no.", lambda answer: answer == "yes")


def seats_field() -> CheckedField:
    """Checked seats, in order, none to all six."""
    seats = [str(seat) for seat in range(1, 7)]
    most = (6, "Choose at most six seats.")
    refusal = "Choose seats from 1 to 6."
    return CheckedField("seats", seats, refusal, most, lambda chosen: sorted(set(chosen)), int, required=False)


CARDS = tuple(str(card) for card in pai_gow_deck())
"""Every card as the engine writes it and the felt's card checkboxes send it ("Ks", "Td", "JK")."""


def cards_field() -> CheckedField:
    """Chosen cards, one to seven, written as the engine reads them ("Ks Qd")."""
    refusal = "Choose the cards by clicking them."
    return CheckedField("the cards", CARDS, refusal, (7, refusal), " ".join)


CARNIVAL_SPOT_NAMES = {spot: name for game in CARNIVAL_GAMES.values() for spot, name in game.spot_names().items()}
"""The carnival poker games' betting areas and bonuses by key, as their layouts name them."""


def spot_field(spots: Iterable[str]) -> OneChoiceField:
    """A betting area of the game's layout, as its engine names it."""
    return OneChoiceField("a betting area", spots, "Choose a betting area from the list.")


def source_field() -> OneChoiceField:
    """Where a Mystery Bonus or a progressive win is paid from."""
    sources = [source.value for source in PaymentSource]
    return OneChoiceField("a payment source", sources, "Choose the payment source from the list.")


def hand_field(hands: Iterable[str]) -> OneChoiceField:
    """A hand the dealer names, one of the game's: a progressive winning hand (a paytable line) or a hand's reading."""
    return OneChoiceField("a hand", hands, "Choose the hand from the list.")


class StepForm(forms.Form):
    """A frame as a step: its frame number, and the step's own fields in the form made for each step.

    A step paying from the rack reads its chips with the table's ``rack`` (:func:`read_payment_fields`).
    """

    seq = WholeNumberField("the frame number", 1, 10**9)
    label = ""
    """The step's label, which begins its sentences."""

    def __init__(self, data: Mapping[str, Any], rack: Rack = DEFAULT_RACK) -> None:
        """The step's form reading ``data``; ``rack`` is the chips of the table the frame comes from."""
        # A step form is never drawn: naming its label suffix spares Django's translation of ":" on every frame.
        super().__init__(data, label_suffix="")
        self.rack = rack

    def clean(self) -> dict[str, Any]:
        """The step's arguments: a payment's chips and any typed amount become the amount paid and the chips paid in."""
        cleaned: dict[str, Any] = super().clean() or {}
        if "chips" not in cleaned or ("amount" in self.fields and "amount" not in cleaned):
            return cleaned
        paid = read_payment_fields(
            self.label, cleaned["chips"], cleaned.get("amount"), cleaned.get("source"), self.rack
        )
        return {name: value for name, value in cleaned.items() if name not in ("chips", "amount")} | paid


class SharedFields(dict[str, forms.Field]):
    """A step form's fields, given to each of its forms as they are; the step forms never change their fields.

    Django deep-copies a form class's fields for each form so that one form may change its own: for a step form that
    copy was four fifths of the time a frame took to read (bench/results/read_frames.md).
    """

    def __deepcopy__(self, memo: dict[int, Any]) -> SharedFields:
        """These same fields."""
        return self


@dataclass(frozen=True)
class StepControl:
    """A dealer step the trainee may send: its label, its form fields, its keyboard key, and the form reading it.

    The key is written as the browser names it (a capital letter is typed with Shift); a yes-or-no step has a button
    for each answer, "yes" on its key and "no" on the same letter with Shift (:attr:`no_key`).
    """

    label: str
    fields: Mapping[str, forms.Field]
    key: str = ""
    form: type[StepForm] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Make the step's form; a field left empty is refused as "<label>: fill in <field> first."."""
        for name, form_field in self.fields.items():
            form_field.error_messages["required"] = f"{self.label}: fill in {name.replace('_', ' ')} first."
        form = cast("type[StepForm]", type(f"{self.label} form", (StepForm,), {**self.fields, "label": self.label}))
        form.base_fields = SharedFields(form.base_fields)
        object.__setattr__(self, "form", form)

    @property
    def answers_yes_or_no(self) -> bool:
        """Whether the step is a yes-or-no question, with a button for each answer."""
        return any(isinstance(form_field, YesNoField) for form_field in self.fields.values())

    @property
    def no_key(self) -> str:
        """The key of the "no" answer of a yes-or-no step: its key with Shift."""
        return self.key.upper()


StepControls: TypeAlias = Mapping[str, StepControl]
"""A table's dealer steps by name, each with its control; a key is unique among one game's steps."""

OPENING_CONTROLS: StepControls = {
    "count_cash": StepControl("Count the cash", {"seat": seat_field(), "amount": amount_field()}, "A"),
    "drop_cash": StepControl("Drop the cash", {"seat": seat_field()}, "O"),
    "sell_chips": StepControl("Sell chips", {"seat": seat_field(), **rack_fields()}, "E"),
    "colour_up": StepControl("Colour up", {"seat": seat_field(), "chips": ChipsField()}, "U"),
    "announce_no_more_bets": StepControl('Announce "No more bets"', {}, "n"),
    "refuse_late_wager": StepControl("Refuse the late wager", {"seat": seat_field()}, "L"),
}
"""The wager phase's dealer steps, at every table: a player's buy-in (the cash counted and announced, dropped, chips
sold from the rack), "No more bets" and a late wager's refusal; and a leaving player's colour-up from the rack, in
chips alone (the fewest chips always make a player's chips: no coin)."""

PROGRESSIVE_INTAKE_CONTROLS: StepControls = {
    "lock_out_progressive_wagers": StepControl("Lock out progressive wagers", {}, "l"),
    "collect_progressive_wagers": StepControl("Collect progressive wagers", {}, "C"),
    "report_chip_mismatch": StepControl("Report the missing chip", {"seat": seat_field()}, "N"),
    "count_progressive_chips": StepControl("State the chip count", {"count": count_field()}, "S"),
    "drop_progressive_wagers": StepControl("Drop into the container", {}, "D"),
}
"""The dealer's steps taking in the progressive wagers, at every table with a progressive system."""

MYSTERY_BONUS_CONTROLS: StepControls = {
    "confirm_mystery_light": StepControl("Confirm the Mystery light", {"seat": seat_field()}, "y"),
    "pay_mystery_bonus": StepControl(
        "Pay the Mystery Bonus", {"seat": seat_field(), **rack_fields(), "source": source_field()}, "B"
    ),
    "reset_mystery_meter": StepControl("Reset the Mystery meter", {}, "M"),
}
"""The dealer's Must-Hit-By Mystery Bonus steps, at every table offering it."""


def progressive_win_controls(hands: Iterable[str]) -> StepControls:
    """The dealer's steps paying a progressive win, confirming one of the game's winning ``hands``."""
    return {
        "confirm_progressive_hand": StepControl(
            "Confirm the winning hand", {"seat": seat_field(), "hand": hand_field(hands)}, "H"
        ),
        "confirm_progressive_light": StepControl("Confirm the progressive light", {"seat": seat_field()}, "g"),
        "pay_progressive_win": StepControl(
            "Pay the progressive win", {"seat": seat_field(), **rack_fields(), "source": source_field()}, "w"
        ),
    }


def settlement_controls(spots: Iterable[str]) -> StepControls:
    """Paying, pushing and collecting a seat's wager on one of the game's betting ``spots``."""
    spots = tuple(spots)
    return {
        "pay_wager": StepControl("Pay", {"seat": seat_field(), "spot": spot_field(spots), **rack_fields()}, "p"),
        "push_wager": StepControl("Push", {"seat": seat_field(), "spot": spot_field(spots)}, "o"),
        "collect_wager": StepControl("Collect", {"seat": seat_field(), "spot": spot_field(spots)}, "c"),
    }


FLOORPERSON_STEPS: Mapping[str, StepControl] = {
    "validate_mystery_payout": StepControl("Validate the Mystery Bonus payout", {"seat": seat_field()}),
    "validate_progressive_payout": StepControl("Validate the progressive payout", {"seat": seat_field()}),
    "complete_jackpot_paperwork": StepControl("Complete the jackpot paperwork", {"seat": seat_field()}),
}
"""The floorperson's steps an instructor may perform from their own browser."""


def dealer_steps_of(game: Game, steps: frozenset[str]) -> frozenset[str]:
    """Those of a round's ``steps`` the dealer takes: not the engine's (as the registry says) nor the floorperson's."""
    return steps - game.engine_steps - frozenset(FLOORPERSON_STEPS)


@dataclass(frozen=True)
class StepFrame:
    """A frame read as a step: the client's sequence number, the step and its engine arguments."""

    sequence: int
    step: str
    arguments: dict[str, JsonValue]


def read_step(
    frame: Any, controls: Mapping[str, StepControl], allowed: frozenset[str], rack: Rack = DEFAULT_RACK
) -> StepFrame:
    """Read a decoded JSON frame as one of the ``allowed`` steps of ``controls``; raise FrameError otherwise.

    A step paying from the rack reads its chips with the table's ``rack``.
    """
    if not isinstance(frame, dict):
        raise FrameError("A frame is a JSON object naming a step.")
    step = frame.get("step")
    if not isinstance(step, str) or step not in controls or step not in allowed:
        raise FrameError("That is not a step you can take at this table.")
    form = controls[step].form(frame, rack)
    if not form.is_valid():
        raise FrameError(next(iter(form.errors.values()))[0])
    arguments = dict(form.cleaned_data)
    return StepFrame(arguments.pop("seq"), step, arguments)


DICE_ARGUMENTS = ("red", "blue_1", "blue_2")
"""The dice of an announcement, red first, said together as the dealer calls them."""


def spoken_detail(name: str, value: JsonValue, rack: Rack) -> str:
    """One argument of a step as the floor says it: seats and the dealer by name, betting areas as the layout's.

    Chips are said by colour and value, the colours being the table's ``rack``'s.
    """
    if name in ("place", "seat", "amount"):
        return spoken_argument(name, value)
    if name == "seats":
        return f"seats {spoken(value)}" if value else "no seat"
    if name == "spot":
        return CARNIVAL_SPOT_NAMES.get(str(value)) or spot_name(value)
    if name == "chips":
        return f"in {chip_words(str(value), rack)}"
    if name == "qualifies":
        return "the dealer qualifies" if value else "the dealer does not qualify"
    if name == "tiger_nine":
        return "Tiger 9 declared" if value else "no Tiger 9 declared"
    if name == "times":
        return f"{value} time{'' if value == 1 else 's'}"
    if name == "position":
        return spoken_argument(name, value).replace(SPLIT_SUFFIX, ", split hand")
    if name == "source":
        return f"from the {value}"
    if name == "hand":
        return str(value).replace("-", " ").replace("_", " ")
    return f"{name.replace('_', ' ')} {spoken_argument(name, value)}"


def chip_words(text: str, rack: Rack) -> str:
    """A payment's chip text by colour and value in the table's ``rack``: "3 green ($75.00), $0.50 in coin".

    >>> chip_words("2500x3 500x1 coin50", DEFAULT_RACK)
    '3 green ($75.00), 1 red ($5.00), $0.50 in coin'
    """
    colours = {each.cents: each.colour for each in rack}
    words = []
    for token in text.split():
        coin = token.removeprefix("coin")
        if coin != token:
            words.append(f"{format_cents(int(coin))} in coin")
            continue
        cents, count = map(int, token.split("x"))
        words.append(f"{count} {colours[cents]} ({format_cents(cents * count)})")
    return ", ".join(words)


def describe_step(controls: StepControls, step: str, arguments: Mapping[str, JsonValue], rack: Rack) -> str:
    """What the trainee did, in floor words: its label among the game's ``controls``, then dice, seats and amounts.

    Chips paid are said by colour and value in the table's ``rack``.
    """
    control = controls.get(step) or FLOORPERSON_STEPS.get(step)
    label = control.label if control else step.replace("_", " ")
    named = dict(arguments)
    dice = (
        [spoken_dice(*(json_int(named.pop(die)) for die in DICE_ARGUMENTS))]
        if set(DICE_ARGUMENTS) <= named.keys()
        else []
    )
    details = ", ".join(dice + [spoken_detail(name, value, rack) for name, value in named.items()])
    if step == "deal_card":
        details = f"to {details}"
    return f"{label} ({details})" if details else label
