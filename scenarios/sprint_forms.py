"""The payout sprints' forms: a sprint chosen, a payout paid in chips, and a school standard set."""

from collections.abc import Mapping

from django import forms

from core.fields import MoneyField, WholeNumberField
from simulator.core.chips import MAX_RACK_CHARACTERS
from simulator.sprints import MIX, SPRINT_LENGTHS, SprintLine

MAX_STANDARD_SECONDS = 3600
"""The longest standard a school sets for a sprint: an hour."""


def kind_choices(lines: Mapping[str, SprintLine]) -> list[tuple[str, object]]:
    """The mix, then every line grouped under its paytable."""
    groups: dict[str, list[tuple[str, str]]] = {}
    for line in lines.values():
        groups.setdefault(line.paytable, []).append((line.key, line.name))
    return [(MIX, "A mix of every line"), *groups.items()]


class SprintForm(forms.Form):
    """A sprint to run: a paytable line or the mix, and how many payouts."""

    kind = forms.ChoiceField(label="Paytable line")
    length = forms.TypedChoiceField(
        label="Payouts",
        coerce=int,
        choices=[(length, f"{length} payouts") for length in SPRINT_LENGTHS],
        initial=SPRINT_LENGTHS[0],
    )

    def __init__(self, lines: Mapping[str, SprintLine], *args: object, **kwargs: object) -> None:
        """Offer the mix and every line."""
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        kind = self.fields["kind"]
        assert isinstance(kind, forms.ChoiceField)
        kind.choices = kind_choices(lines)


class PayForm(forms.Form):
    """A payout paid: its number in the sprint, the chips as the rack writes them, and any coin typed beside them."""

    number = WholeNumberField("the payout", 1, max(SPRINT_LENGTHS), widget=forms.HiddenInput)
    chips = forms.CharField(
        label="Chips",
        max_length=MAX_RACK_CHARACTERS,
        error_messages={"required": "Add chips from the rack first."},
    )
    amount = MoneyField(label="Coin", required=False)

    def chip_text(self) -> str:
        """The chips, then the coin typed beside them as "coin50": the payment as the sprint grades it."""
        coin = self.cleaned_data["amount"]
        return " ".join(filter(None, (self.cleaned_data["chips"], f"coin{coin}" if coin else "")))


class StandardForm(forms.Form):
    """A school standard for one kind and length of sprint."""

    kind = forms.ChoiceField(label="Paytable line")
    length = forms.TypedChoiceField(
        label="Payouts", coerce=int, choices=[(length, f"{length} payouts") for length in SPRINT_LENGTHS]
    )
    seconds = WholeNumberField("Within seconds", 1, MAX_STANDARD_SECONDS, "Choose a time of 1 to 3,600 seconds.")
    all_right = forms.BooleanField(label="Every payout right", required=False, initial=True)

    def __init__(self, lines: Mapping[str, SprintLine], *args: object, **kwargs: object) -> None:
        """Offer the mix and every line."""
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        kind = self.fields["kind"]
        assert isinstance(kind, forms.ChoiceField)
        kind.choices = kind_choices(lines)
