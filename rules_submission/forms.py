"""The Rules Submission forms: a house procedure's wording, and a paytable checked by the engine field by field."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from django import forms
from django.core.validators import MaxLengthValidator

from core.fields import MoneyField, one_value
from rules_submission.exact_returns import STRATEGY_WORDS, WagerFigure, paytable_figures, strategies
from rules_submission.models import PaytableKind
from rules_submission.submission import CARNIVAL_KINDS, misfits
from simulator.carnival.poker import paytable_json
from simulator.carnival.poker import read_paytable as read_carnival_paytable
from simulator.core.json_values import JsonObject, JsonValue, json_int, json_object
from simulator.core.money import MAX_DOLLARS_CHARACTERS, format_cents
from simulator.core.rules import RulesError
from simulator.pai_gow.filed_paytables import (
    ENVY_HANDS,
    fortune_paytable_json,
    progressive_paytable_json,
    read_fortune_paytable,
    read_progressive_paytable,
)
from simulator.pai_gow.fortune import REPRESENTATIVE_FORTUNE_PAYTABLE, FortuneHand
from simulator.pai_gow.progressive import EXAMPLE_PROGRESSIVE_PAYTABLE

MAX_WORDING = 2000
"""The longest wording of a house procedure a verdict prints."""

PENDING = "Rules Submission (being checked)"
"""The submission a paytable is read under while it is checked; the saved version is cited by its own."""

NOT_COMPUTED = {
    PaytableKind.FORTUNE: "the Fortune Bonus is read on the player's seven cards with the joker (154 million hands), "
    "a count not yet run for a filed paytable.",
    PaytableKind.PROGRESSIVE: "what a share of the meter is worth depends on the meter, which no count can fix.",
    PaytableKind.LET_IT_RIDE: "a Let It Ride wager's return turns on the player's two pulls, each by the house "
    "advice, over every way the five cards can fall, a count not yet run.",
}
"""Why a filed paytable's house edge is not worked out on its page, for the kinds whose edge is not."""


class HouseWordingForm(forms.Form):
    """The school's wording of one house procedure; empty returns to the default wording."""

    text = forms.CharField(
        label="Your house procedure, as your verdicts should state it",
        required=False,
        max_length=MAX_WORDING,
        widget=forms.Textarea(attrs={"rows": 6, "cols": 80}),
        help_text="Leave it empty to go back to the default wording.",
    )


def hand_field(column: str, hand: FortuneHand) -> str:
    """The form field of one hand's line in one column of a paytable: "pays_full_house"."""
    return f"{column}_{hand.name.lower()}"


def dollars_text(cents: int) -> str:
    """An amount as the form shows it for editing: "5,000.00"."""
    return format_cents(cents).removeprefix("$")


class AwardField(MoneyField):
    """A hand's progressive award: a share of the meter as typed ("10%", which the engine reads) or dollars in cents."""

    def clean(self, value: Any) -> JsonValue:
        """The share as typed, or the dollars read as every money field reads them; None when left empty."""
        text = one_value(self, value)
        if not text.endswith("%"):
            cents: JsonValue = super().clean(text)
            return cents
        MaxLengthValidator(MAX_DOLLARS_CHARACTERS)(text)
        return text


class PaytableForm(forms.Form):
    """A paytable's fields, read into the engine's JSON and validated by the engine; every problem beside its field."""

    kind: PaytableKind
    read_paytable: Callable[[Mapping[str, JsonValue]], Any]
    name = forms.CharField(label="Paytable name, as the sign at the table names it", max_length=120)

    def __init__(self, current: JsonObject, data: Mapping[str, Any] | None = None) -> None:
        """The form showing ``current`` (the school's newest version, else the default), or reading ``data``."""
        super().__init__(data, initial=self.initial_values(current))
        self.paytable: JsonObject = {}

    def initial_values(self, current: JsonObject) -> dict[str, Any]:
        """The fields' values for a paytable in the engine's JSON."""
        raise NotImplementedError

    def engine_json(self) -> JsonObject:
        """The cleaned fields as the engine's JSON; a field whose text cannot be read gets its error here."""
        raise NotImplementedError

    def clean(self) -> dict[str, Any] | None:
        """Have the engine read the paytable, then check every Pai Gow Poker table can deal it; nothing is saved.

        Every field is read, so every problem shows at once: a field the form refused keeps its own error only.
        """
        cleaned = super().clean()
        paytable = self.engine_json()
        try:
            self.read_paytable({**paytable, "submission": PENDING})
        except RulesError as error:
            for key, message in error.errors.items():
                field = self.field_of(key)
                if field not in self.errors:
                    self.add_error(field, message)
            return cleaned
        if self.errors:
            return cleaned
        for problem in misfits(self.kind, {**paytable, "submission": PENDING}):
            self.add_error(None, problem)
        self.paytable = paytable
        return cleaned

    def figures(self) -> tuple[WagerFigure, ...] | None:
        """The exact figures of the paytable shown: none where they are not computed (:data:`NOT_COMPUTED`)."""
        return None

    def confirmed(self) -> bool:
        """Whether the valid form's box that saves a paytable paying back more than 100% is ticked."""
        return bool(self.cleaned_data.get("over_100"))

    def field_of(self, key: str) -> str | None:
        """The form field an engine error names ("pays.full house" is pays_full_house); None for the whole form."""
        column, _, line = key.partition(".")
        hand = next((hand for hand in FortuneHand if hand.value == line), None)
        name = hand_field(column, hand) if hand else column
        return name if name in self.fields else None

    def text(self, field: str) -> str:
        """A cleaned text field, stripped; empty when the form refused it (its error is beside it)."""
        return str(self.cleaned_data.get(field, "")).strip()

    def cleaned(self, field: str) -> JsonValue:
        """A cleaned field's value: cents, a share or None; None when the form refused it (its error is beside it)."""
        value: JsonValue = self.cleaned_data.get(field)
        return value


class FortunePaytableForm(PaytableForm):
    """The Fortune Bonus odds of every hand and the Envy Bonus of every Envy hand; an empty line does not pay."""

    kind = PaytableKind.FORTUNE
    read_paytable = staticmethod(read_fortune_paytable)

    def __init__(self, current: JsonObject, data: Mapping[str, Any] | None = None) -> None:
        """One odds field per hand and one dollar field per Envy hand."""
        super().__init__(current, data)
        for hand in FortuneHand:
            self.fields[hand_field("pays", hand)] = forms.CharField(
                label=f"{hand.value.capitalize()}: Fortune Bonus pays",
                required=False,
                max_length=24,
                help_text="Odds such as 25 to 1; empty when the hand does not pay.",
            )
        for hand in ENVY_HANDS:
            self.fields[hand_field("envy", hand)] = MoneyField(
                label=f"{hand.value.capitalize()}: Envy Bonus pays each other qualifying player",
                required=False,
                help_text="Dollars, such as 500; empty when the hand pays no envy.",
            )

    def initial_values(self, current: JsonObject) -> dict[str, Any]:
        """The name, each hand's odds and each Envy hand's amount."""
        pays = json_object(current["pays"])
        envy = json_object(current["envy"])
        values: dict[str, Any] = {"name": current["name"]}
        values |= {hand_field("pays", hand): pays.get(hand.value, "") for hand in FortuneHand}
        values |= {
            hand_field("envy", hand): dollars_text(json_int(envy[hand.value]))
            for hand in ENVY_HANDS
            if hand.value in envy
        }
        return values

    def engine_json(self) -> JsonObject:
        """The paytable as :func:`simulator.pai_gow.filed_paytables.read_fortune_paytable` reads it."""
        pays: JsonObject = {}
        envy: JsonObject = {}
        for hand in FortuneHand:
            if odds := self.text(hand_field("pays", hand)):
                pays[hand.value] = odds
        for hand in ENVY_HANDS:
            if (cents := self.cleaned(hand_field("envy", hand))) is not None:
                envy[hand.value] = cents
        return {"name": self.text("name"), "pays": pays, "envy": envy}


class ProgressivePaytableForm(PaytableForm):
    """The Progressive Payout wager, the meter's seed and rate, and each hand's award; an empty line does not pay."""

    kind = PaytableKind.PROGRESSIVE
    read_paytable = staticmethod(read_progressive_paytable)
    wager = MoneyField(label="Progressive Payout wager, in dollars")
    seed_amount = MoneyField(label="The meter starts at, in dollars")
    rate = forms.CharField(
        label="Rate of progression",
        max_length=10,
        help_text="The share of each wager added to the meter, as a decimal: 0.15 for 15%.",
    )

    def __init__(self, current: JsonObject, data: Mapping[str, Any] | None = None) -> None:
        """One award field per hand."""
        super().__init__(current, data)
        for hand in FortuneHand:
            self.fields[hand_field("awards", hand)] = AwardField(
                label=f"{hand.value.capitalize()}: pays",
                required=False,
                help_text="A share of the meter such as 10%, or dollars for the wager such as 1,000; empty when the "
                "hand does not pay.",
            )

    def initial_values(self, current: JsonObject) -> dict[str, Any]:
        """The name, wager, seed, rate and each hand's award."""
        awards = json_object(current["awards"])
        values: dict[str, Any] = {
            "name": current["name"],
            "wager": dollars_text(json_int(current["wager"])),
            "seed_amount": dollars_text(json_int(current["seed_amount"])),
            "rate": current["rate"],
        }
        for hand in FortuneHand:
            award = awards.get(hand.value, "")
            values[hand_field("awards", hand)] = award if isinstance(award, str) else dollars_text(json_int(award))
        return values

    def engine_json(self) -> JsonObject:
        """The paytable as :func:`simulator.pai_gow.filed_paytables.read_progressive_paytable` reads it."""
        awards: JsonObject = {}
        for hand in FortuneHand:
            if (award := self.cleaned(hand_field("awards", hand))) is not None:
                awards[hand.value] = award
        return {
            "name": self.text("name"),
            "wager": self.cleaned("wager"),
            "seed_amount": self.cleaned("seed_amount"),
            "rate": self.text("rate"),
            "awards": awards,
        }


def line_field(line: str) -> str:
    """The form field of one line of a carnival poker paytable: "pays_straight_flush"."""
    return f"pays_{line.replace(' ', '_')}"


class CarnivalPaytableForm(PaytableForm):
    """A carnival poker paytable: the odds of each hand its game's paytables may pay; an empty line does not pay.

    Where a return turns on how the player plays, the strategy it is priced by is chosen too (the paytable does
    not keep it). A paytable that pays back more than 100% is saved only once that box is ticked.
    """

    def __init__(self, kind: PaytableKind, current: JsonObject, data: Mapping[str, Any] | None = None) -> None:
        """One odds field per hand, the strategy where one matters, and the box that saves a generous paytable."""
        self.kind = kind
        self.current = current
        self.game, self.choice = CARNIVAL_KINDS[kind]
        self.lines = self.game.paying_lines()
        self.read_paytable = partial(read_carnival_paytable, lines=self.lines, filed=True)
        super().__init__(current, data)
        wager = self.choice.heading
        for line in self.lines:
            self.fields[line_field(line)] = forms.CharField(
                label=f"{line.capitalize()}: {wager} pays",
                required=False,
                max_length=24,
                help_text="Odds such as 40 to 1, at most 10,000 to 1; empty when the hand does not pay.",
            )
        if played := strategies(self.choice.area):
            self.fields["strategy"] = forms.ChoiceField(
                label="Work out the returns that turn on the player's play as if the player follows",
                choices=[(name, STRATEGY_WORDS[name]) for name in played],
                initial=played[0],
                help_text="Only these figures use it; the paytable does not keep it.",
            )
        self.fields["over_100"] = forms.BooleanField(
            label="Save it even though a wager pays back more than 100%", required=False
        )

    def initial_values(self, current: JsonObject) -> dict[str, Any]:
        """The name and each line's odds."""
        return {"name": current["name"]} | {
            line_field(line): odds for line, odds in json_object(current["pays"]).items()
        }

    def engine_json(self) -> JsonObject:
        """The paytable as :func:`simulator.carnival.poker.read_paytable` reads it, less its submission."""
        pays: JsonObject = {line: odds for line in self.lines if (odds := self.text(line_field(line)))}
        return {"name": self.text("name"), "pays": pays}

    def field_of(self, key: str) -> str | None:
        """The form field an engine error names ("pays.straight flush" is pays_straight_flush); None for the form."""
        column, _, line = key.partition(".")
        name = line_field(line) if line else column
        return name if name in self.fields else None

    def figures(self) -> tuple[WagerFigure, ...] | None:
        """The exact figures of the paytable as typed or in force; () while a field is refused, None if not computed."""
        if self.kind in NOT_COMPUTED:
            return None
        if self.is_bound and not self.paytable:
            return ()
        shown = self.paytable if self.is_bound else self.current
        strategy = self.cleaned_data.get("strategy", "") if self.is_bound else ""
        paytable = self.read_paytable({**shown, "submission": PENDING})
        return paytable_figures(self.choice.area, paytable, [strategy] if strategy else [])


DEFAULTS: dict[PaytableKind, JsonObject] = {
    PaytableKind.FORTUNE: fortune_paytable_json(REPRESENTATIVE_FORTUNE_PAYTABLE),
    PaytableKind.PROGRESSIVE: progressive_paytable_json(EXAMPLE_PROGRESSIVE_PAYTABLE),
    **{kind: paytable_json(choice.paytables[choice.default]) for kind, (_, choice) in CARNIVAL_KINDS.items()},
}
"""Each kind's default paytable, as its form first shows it."""

FORMS: dict[PaytableKind, Callable[[JsonObject, Mapping[str, Any] | None], PaytableForm]] = {
    PaytableKind.FORTUNE: FortunePaytableForm,
    PaytableKind.PROGRESSIVE: ProgressivePaytableForm,
    **{kind: partial(CarnivalPaytableForm, kind) for kind in CARNIVAL_KINDS},
}
"""The form of each kind of paytable."""
