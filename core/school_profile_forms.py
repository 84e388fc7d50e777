"""The administrator's forms of the school's profile: name, signer, title and logo; the pace standards per game."""

from __future__ import annotations

from io import BytesIO
from typing import Any

from django import forms
from PIL import Image

from core.fields import WholeNumberField
from core.models import SchoolProfile
from core.pace_standards import MAX_ROUNDS_PER_HOUR, family_of
from simulator.games import GAMES

MAX_LOGO_BYTES = 512 * 1024
"""The largest logo file taken: a certificate prints it 22 mm high."""

LOGO_FORMATS = ("PNG", "JPEG")
"""The image formats a certificate's PDF draws."""


class SchoolProfileForm(forms.ModelForm[SchoolProfile]):
    """The school's name, its signer and the signer's title, and a new logo or none."""

    logo_file = forms.FileField(
        label="New logo", required=False, help_text="A PNG or JPEG image of 512 KB at most; leave it empty to keep it."
    )
    remove_logo = forms.BooleanField(label="Remove the logo", required=False)

    class Meta:
        model = SchoolProfile
        fields = ("name", "signer", "signer_title")

    def clean_logo_file(self) -> bytes | None:
        """The uploaded logo's bytes; a field error for a file too large or that is no PNG or JPEG image."""
        upload = self.cleaned_data.get("logo_file")
        if upload is None:
            return None
        if upload.size > MAX_LOGO_BYTES:
            raise forms.ValidationError(f"The file is {upload.size // 1024} KB: a logo is 512 KB at most.")
        data: bytes = upload.read()
        try:
            with Image.open(BytesIO(data)) as image:
                image.verify()
                found = image.format
        except (OSError, SyntaxError, ValueError, Image.DecompressionBombError):
            found = None
        if found not in LOGO_FORMATS:
            raise forms.ValidationError("The file is not a PNG or JPEG image.")
        return data

    def save(self, commit: bool = True) -> SchoolProfile:
        """The profile with the new logo, or none when it is removed."""
        profile = super().save(commit=False)
        if self.cleaned_data.get("remove_logo"):
            profile.logo = b""
        elif self.cleaned_data.get("logo_file"):
            profile.logo = self.cleaned_data["logo_file"]
        if commit:
            profile.save()
        return profile

    def clean(self) -> dict[str, Any] | None:
        """Refuse a new logo and its removal at once."""
        cleaned = super().clean()
        if self.cleaned_data.get("remove_logo") and self.cleaned_data.get("logo_file"):
            self.add_error("remove_logo", "Choose a new logo or remove it, not both.")
        return cleaned


class PaceStandardsForm(forms.Form):
    """One optional field per game: the rounds per hour the school sets as its standard, empty for the default."""

    def __init__(self, *args: Any, standards: dict[str, int], **kwargs: Any) -> None:
        """The fields, each holding the school's standard where it sets one, its family's default as placeholder."""
        super().__init__(*args, **kwargs)
        for key, game in GAMES.items():
            default = family_of(key).rounds_per_hour
            self.fields[f"pace_{key}"] = WholeNumberField(
                f"{game.name} (rounds per hour)",
                1,
                MAX_ROUNDS_PER_HOUR,
                f"The pace standard of {game.name} is whole rounds per hour from 1 to {MAX_ROUNDS_PER_HOUR}, "
                "or empty for the default.",
                required=False,
                initial=standards.get(key),
                help_text=f"The default: {default}, the school's standard for its {family_of(key).name}. "
                "Empty for the default.",
                widget=forms.NumberInput(attrs={"placeholder": str(default)}),
            )

    def standards(self) -> dict[str, int]:
        """The standards the school sets, by game key: those given that differ from the default."""
        chosen = {key: self.cleaned_data.get(f"pace_{key}") for key in GAMES}
        return {key: rate for key, rate in chosen.items() if rate not in (None, family_of(key).rounds_per_hour)}
