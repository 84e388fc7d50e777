"""The school's profile: the one row that names the school in every page's header and on its certificates."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from core.pace_standards import read_pace_standards


def validate_pace_standards(value: object) -> None:
    """Refuse pace standards that are not whole rounds per hour for the school's games (core.pace_standards)."""
    try:
        read_pace_standards(value)
    except ValueError as error:
        raise ValidationError(str(error)) from error


class SchoolProfile(models.Model):
    """The school as its pages and certificates name it: one row, saved by an administrator.

    Until one is saved, :func:`core.school_profile.school_profile` reads the environment's values
    (DJANGO_SCHOOL_NAME, DJANGO_SCHOOL_LOGO, DJANGO_SCHOOL_SIGNER, DJANGO_SCHOOL_SIGNER_TITLE). The table is the
    trainer's, where the model was first (core's migration 0001 moved only the state).
    """

    name = models.CharField(
        "school name", max_length=120, help_text="The school's name, in the page header and on certificates."
    )
    logo = models.BinaryField(blank=True, default=b"", help_text="A PNG or JPEG image; empty for no logo.")
    signer = models.CharField(max_length=150, blank=True, help_text="Who signs certificates; empty for no signer.")
    signer_title = models.CharField("signer's title", max_length=150, blank=True, help_text="The signer's title.")
    pace_standards = models.JSONField(
        default=dict,
        blank=True,
        validators=[validate_pace_standards],
        help_text="Rounds per hour per game where the school's standard differs from its family's default "
        '(core/pace_standards.py), for example {"pai-gow-poker": 25}.',
    )
    saved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    saved_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "trainer_schoolprofile"

    def __str__(self) -> str:
        """The school's name."""
        return self.name
