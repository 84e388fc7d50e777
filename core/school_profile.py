"""The school's profile: its name, logo and signer, saved by an administrator or read from the environment."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

from django.conf import settings
from django.http import HttpRequest
from reportlab.lib.utils import ImageReader

from core.models import SchoolProfile
from core.pace_standards import pace_standards
from core.unavailable import DATABASE_UNAVAILABLE


def school_profile() -> SchoolProfile:
    """The saved profile; until an administrator saves one, an unsaved one of the environment's values."""
    saved = SchoolProfile.objects.first()
    if saved is not None:
        return saved
    logo = Path(settings.SCHOOL_LOGO).read_bytes() if settings.SCHOOL_LOGO else b""
    return SchoolProfile(
        name=settings.SCHOOL_NAME, logo=logo, signer=settings.SCHOOL_SIGNER, signer_title=settings.SCHOOL_SIGNER_TITLE
    )


def school_name() -> str:
    """The school's name as its pages, certificates and verdicts write it: the saved profile's, else the environment's.

    Read alone, as :func:`school_profile` would give it: a house verdict's label needs neither the logo's bytes
    nor the logo file the environment names.
    """
    saved: str | None = SchoolProfile.objects.values_list("name", flat=True).first()
    return settings.SCHOOL_NAME if saved is None else saved


def school_pace_standards() -> dict[str, int]:
    """Every game's pace standard in rounds per hour: the saved profile's where it sets one, else the default."""
    saved: dict[str, int] | None = SchoolProfile.objects.values_list("pace_standards", flat=True).first()
    return pace_standards(saved or {})


def logo_image(profile: SchoolProfile) -> ImageReader | None:
    """The profile's logo as the PDF draws it; none without a logo."""
    return ImageReader(BytesIO(bytes(profile.logo))) if profile.logo else None


def header_name(request: HttpRequest) -> dict[str, str]:
    """The school's name for the page header; the environment's while the database is down (the page says so)."""
    try:
        return {"school_name": school_name()}
    except DATABASE_UNAVAILABLE:
        return {"school_name": settings.SCHOOL_NAME}
