"""The administrator's form of the school's profile: name, signer and title, and a logo uploaded or removed."""

from __future__ import annotations

from io import BytesIO
from typing import Any

from django import forms
from PIL import Image

from core.models import SchoolProfile

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
