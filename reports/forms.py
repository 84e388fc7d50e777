"""The form of the exports page: which cohort's records, over which days."""

from datetime import date
from typing import Any

from django import forms
from django.contrib.auth.models import User

from core.input_bounds import validate_calendar_day
from school.models import Cohort, cohorts_of


class ExportForm(forms.Form):
    """Which records to export: a cohort and an optional range of days (inclusive, in the school's time zone)."""

    cohort = forms.ModelChoiceField(queryset=Cohort.objects.none(), label="Cohort", empty_label="Choose a cohort")
    start = forms.DateField(
        required=False,
        label="From (day)",
        widget=forms.DateInput(attrs={"type": "date"}),
        validators=[validate_calendar_day],
    )
    end = forms.DateField(
        required=False,
        label="To (day, included)",
        widget=forms.DateInput(attrs={"type": "date"}),
        validators=[validate_calendar_day],
    )

    def __init__(self, instructor: User, *args: Any, **kwargs: Any) -> None:
        """Offer the cohorts the instructor may open."""
        super().__init__(*args, **kwargs)
        cohort = self.fields["cohort"]
        assert isinstance(cohort, forms.ModelChoiceField)
        cohort.queryset = cohorts_of(instructor)

    def clean(self) -> dict[str, Any]:
        """Refuse a range that ends before it starts."""
        data = super().clean() or {}
        start: date | None = data.get("start")
        end: date | None = data.get("end")
        if start is not None and end is not None and end < start:
            self.add_error("end", "The range must end on or after the day it starts.")
        return data
