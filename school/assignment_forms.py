"""The instructor's form to assign a published scenario to a cohort, or to one trainee of it."""

from typing import Any

from django import forms
from django.contrib.auth.models import User
from django.utils import timezone

from core.input_bounds import validate_calendar_day
from scenarios.models import Scenario, ScenarioVersion
from scenarios.scenario_choices import grouped_choices
from school.models import Assignment, Cohort


class TraineeChoiceField(forms.ModelChoiceField[User]):
    """A trainee of the cohort, shown by name and username."""

    def label_from_instance(self, obj: User) -> str:
        """The trainee's full name and username, or the username alone."""
        name = obj.get_full_name()
        return f"{name} ({obj.get_username()})" if name else obj.get_username()


class AssignmentForm(forms.ModelForm[Assignment]):
    """A published scenario, everyone in the cohort or one trainee, a due date today or later, and the passes."""

    scenario = forms.ModelChoiceField(
        queryset=Scenario.objects.none(),
        error_messages={"invalid_choice": "Choose a published scenario.", "required": "Choose a published scenario."},
    )
    trainee = TraineeChoiceField(
        queryset=User.objects.none(),
        required=False,
        label="Assigned to",
        empty_label="Everyone in the cohort",
        error_messages={"invalid_choice": "Choose a trainee of this cohort, or everyone in it."},
    )
    due_on = forms.DateField(
        label="Due date",
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text="The last day to reach the passes, in the school's time zone.",
        validators=[validate_calendar_day],
        error_messages={"required": "Choose a due date.", "invalid": "Give the due date as a date, like 2026-12-31."},
    )
    passes_required = forms.IntegerField(
        label="Passes required",
        initial=1,
        min_value=1,
        max_value=100,
        help_text="Finished rounds of the scenario that pass under its pass rule, from 1 to 100.",
        error_messages={
            "required": "Give the number of passes required, from 1 to 100.",
            "invalid": "Give the number of passes required, from 1 to 100.",
            "min_value": "At least one pass is required.",
            "max_value": "At most 100 passes can be required.",
        },
    )

    class Meta:
        model = Assignment
        fields = ("scenario", "trainee", "due_on", "passes_required")

    def __init__(self, cohort: Cohort, *args: Any, **kwargs: Any) -> None:
        """Offer the published scenarios not archived, and the cohort's trainees."""
        super().__init__(*args, **kwargs)
        self.instance.cohort = cohort
        scenario = self.fields["scenario"]
        trainee = self.fields["trainee"]
        assert isinstance(scenario, forms.ModelChoiceField) and isinstance(trainee, forms.ModelChoiceField)
        offered = Scenario.objects.filter(versions__published_at__isnull=False, archived_at__isnull=True).distinct()
        scenario.queryset = offered
        games = dict(
            ScenarioVersion.objects.filter(scenario__in=offered, published_at__isnull=False)
            .order_by("number")
            .values_list("scenario_id", "spec__game")
        )
        scenario.choices = grouped_choices(
            offered, lambda chosen: chosen, lambda chosen: games[chosen.pk], str, "Choose a published scenario"
        )
        trainee.queryset = cohort.trainees.order_by("username")

    def clean_due_on(self) -> Any:
        """Refuse a due date in the past (today, in the school's time zone, is allowed)."""
        due_on = self.cleaned_data["due_on"]
        today = timezone.localdate()
        if due_on < today:
            raise forms.ValidationError(f"The due date is in the past: choose {today:%Y-%m-%d} or later.")
        return due_on
