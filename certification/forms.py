"""The forms of the exam pages: scheduling an exam, correcting a result, revoking a certificate, a full name."""

from datetime import timedelta
from typing import Any, ClassVar

from django import forms
from django.contrib.auth.models import User
from django.utils import timezone

from certification.models import REASON_LENGTH, Exam
from core.input_bounds import validate_calendar_day
from scenarios.models import Scenario, ScenarioVersion
from scenarios.scenario_choices import grouped_choices
from scenarios.scenario_versions import published_versions
from school.models import cohorts_of
from school.roster import NAME_LENGTH, name_problem

EXAM_PARTS = 4
"""How many scenarios the schedule form offers, in order; the first is required."""
DATETIME_FORMAT = "%Y-%m-%dT%H:%M"
"""How a datetime-local field writes its value."""


class VersionChoiceField(forms.ModelChoiceField[ScenarioVersion]):
    """A published scenario version, named by its scenario and number."""

    def label_from_instance(self, obj: ScenarioVersion) -> str:
        """The scenario's name and the version's number, and whether its rounds are watched."""
        watched = ", watched for faults" if "watch" in obj.spec else ""
        return f"{obj.scenario.name} (version {obj.number}{watched})"


def scenario_of(version: ScenarioVersion) -> Scenario:
    """The scenario a version belongs to."""
    return version.scenario


def game_of(version: ScenarioVersion) -> str:
    """The game a version deals."""
    return str(version.spec["game"])


def _moment_input() -> forms.DateTimeInput:
    """A date and time typed in the school's time zone."""
    return forms.DateTimeInput(attrs={"type": "datetime-local"}, format=DATETIME_FORMAT)


class ExamForm(forms.ModelForm[Exam]):
    """A new or edited exam: its name, cohort, scenarios in order, window, sittings allowed, criteria and validity."""

    class Meta:
        model = Exam
        fields = (
            "name",
            "cohort",
            "opens_at",
            "closes_at",
            "attempts_allowed",
            "pass_accuracy_percent",
            "critical_error_fails",
            "time_limit_seconds",
            "validity_months",
        )
        labels: ClassVar[dict[str, str]] = {
            "opens_at": "Opens",
            "closes_at": "Closes",
            "attempts_allowed": "Sittings allowed per trainee",
            "pass_accuracy_percent": "Pass mark (%)",
            "critical_error_fails": "One critical error fails the sitting",
            "time_limit_seconds": "Time limit (seconds)",
            "validity_months": "Certificate valid for (months)",
        }
        help_texts: ClassVar[dict[str, str]] = {
            "pass_accuracy_percent": "The least share of the sitting's steps right at the first attempt, "
            "from 0 to 100.",
            "critical_error_fails": "Whether one critical error fails the sitting.",
            "time_limit_seconds": "The most time the sitting's steps may take together, in seconds; empty for none.",
        }
        widgets: ClassVar[dict[str, forms.Widget]] = {"opens_at": _moment_input(), "closes_at": _moment_input()}

    def __init__(self, instructor: User, *args: Any, **kwargs: Any) -> None:
        """Offer the instructor's cohorts, the published scenarios and an edited exam's own; a new one opens now."""
        now = timezone.localtime().replace(second=0, microsecond=0)
        exam = kwargs.get("instance")
        if exam is None:
            kwargs.setdefault("initial", {"opens_at": now, "closes_at": now + timedelta(days=7)})
        super().__init__(*args, **kwargs)
        chosen = [] if exam is None else [part.scenario_version for part in exam.parts.order_by("position")]
        offered = [
            *published_versions().filter(scenario__archived_at__isnull=True).values_list("pk", flat=True),
            *(version.pk for version in chosen),
        ]
        cohort = self.fields["cohort"]
        assert isinstance(cohort, forms.ModelChoiceField)
        cohort.queryset = cohorts_of(instructor)
        cohort.empty_label = "Choose a cohort"
        versions = list(ScenarioVersion.objects.filter(pk__in=offered).select_related("scenario"))
        for place in range(1, EXAM_PARTS + 1):
            scenario = VersionChoiceField(
                queryset=ScenarioVersion.objects.filter(pk__in=offered),
                required=place == 1,
                label=f"Scenario {place}",
                initial=chosen[place - 1] if place <= len(chosen) else None,
            )
            empty = "Choose a published scenario" if place == 1 else "None"
            scenario.choices = grouped_choices(versions, scenario_of, game_of, scenario.label_from_instance, empty)
            self.fields[f"scenario_{place}"] = scenario
        for name in ("opens_at", "closes_at"):
            field = self.fields[name]
            assert isinstance(field, forms.DateTimeField)
            field.input_formats = [DATETIME_FORMAT]
            field.validators.append(validate_calendar_day)
            field.help_text = f"In the school's time zone ({timezone.get_current_timezone_name()})."

    def versions(self) -> list[ScenarioVersion]:
        """The chosen scenario versions in their order, the empty places left out."""
        chosen = (self.cleaned_data.get(f"scenario_{place}") for place in range(1, EXAM_PARTS + 1))
        return [version for version in chosen if version is not None]

    def clean(self) -> dict[str, Any]:
        """Refuse a window that closes before it opens."""
        data = super().clean() or {}
        opens, closes = data.get("opens_at"), data.get("closes_at")
        if opens is not None and closes is not None and closes <= opens:
            self.add_error("closes_at", "The exam must close after it opens.")
        return data


class CorrectionForm(forms.Form):
    """An instructor's correction of an exam result: the corrected outcome and why."""

    prefix = "correction"
    outcome = forms.ChoiceField(
        choices=(("passed", "Passed"), ("not passed", "Not passed")),
        widget=forms.RadioSelect,
        label="Corrected outcome",
    )
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), max_length=REASON_LENGTH, label="Reason")
    """Required: a reason of spaces alone is stripped to nothing and refused."""


class RevokeForm(forms.Form):
    """An instructor's revocation of a certificate, with the reason the public page will show."""

    prefix = "revoke"
    reason = forms.CharField(max_length=REASON_LENGTH, label="Reason for revoking")


class FullNameForm(forms.Form):
    """A trainee's full name, entered by an instructor so that a certificate waiting for it is issued."""

    prefix = "name"
    first_name = forms.CharField(max_length=NAME_LENGTH, label="Trainee's first name")
    last_name = forms.CharField(max_length=NAME_LENGTH, label="Trainee's last name")

    def clean(self) -> dict[str, Any]:
        """Refuse a name a spreadsheet would read as a formula."""
        data = super().clean() or {}
        for field in ("first_name", "last_name"):
            problem = name_problem(data.get(field, ""))
            if problem is not None:
                self.add_error(field, problem)
        return data
