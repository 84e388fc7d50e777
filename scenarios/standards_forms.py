"""The standards forms: a table's pass rule and target times, a scenario's target times, one field per skill."""

from collections.abc import Mapping
from typing import Any, ClassVar

from django import forms
from django.core.exceptions import ValidationError

from grading.scoring import DEFAULT_PASS_THRESHOLD
from grading.standards import Skill
from simulator.scenarios import LONGEST_TARGET_SECONDS
from trainer.models import Table


class TargetFields(forms.Form):
    """One optional field per skill of the game, named as the score card names it, its default shown beside it."""

    def add_targets(self, skills: list[Skill], targets: Mapping[str, int]) -> None:
        """Add a field for each skill, holding its target where one is set, empty for the school's default."""
        self.skills = skills
        self.kept = {key: seconds for key, seconds in targets.items() if key not in {s.key for s in skills}}
        for skill in skills:
            self.fields[f"target_{skill.key}"] = forms.IntegerField(
                label=f"{skill.name} (seconds)",
                required=False,
                min_value=1,
                max_value=LONGEST_TARGET_SECONDS,
                initial=targets.get(skill.key),
                help_text=f"The school's default: {skill.target_seconds} s. Empty for the default.",
                widget=forms.NumberInput(attrs={"placeholder": str(skill.target_seconds)}),
            )

    def targets(self) -> dict[str, int]:
        """The targets set in the form, with any set for a skill the form does not show kept as they were."""
        chosen = {skill.key: self.cleaned_data.get(f"target_{skill.key}") for skill in self.skills}
        return self.kept | {key: seconds for key, seconds in chosen.items() if seconds is not None}


PASS_RULE_FIELDS = ("pass_accuracy_percent", "critical_error_fails", "time_limit_seconds")
"""The table's fields that make its pass rule."""

RULE_KEEPER = "Only a school administrator changes a shared table's pass rule: it grades every cohort's practice."
"""Why an instructor sees a table's pass rule read-only, and the error when they send a change to it."""


class TableStandardsForm(forms.ModelForm[Table], TargetFields):
    """A table's pass rule and the target time of each skill its game exercises; the rule read-only unless allowed."""

    class Meta:
        model = Table
        fields = ("pass_accuracy_percent", "critical_error_fails", "time_limit_seconds")
        labels: ClassVar[dict[str, str]] = {
            "pass_accuracy_percent": "Pass mark (% of steps right at the first attempt)",
            "critical_error_fails": "One critical error fails the round",
            "time_limit_seconds": "Time limit for the round (seconds)",
        }
        help_texts: ClassVar[dict[str, str]] = {
            "pass_accuracy_percent": f"From 0 to 100. The school's default: {int(DEFAULT_PASS_THRESHOLD * 100)}%.",
            "critical_error_fails": "The school's default: yes.",
            "time_limit_seconds": "The sum of the round's step times. Empty for none, the school's default.",
        }

    def __init__(self, skills: list[Skill], *args: Any, rule_editable: bool, **kwargs: Any) -> None:
        """The table's pass rule as it stands (disabled unless ``rule_editable``), then its game's skills."""
        super().__init__(*args, **kwargs)
        self.rule_editable = rule_editable
        for name in PASS_RULE_FIELDS:
            self.fields[name].disabled = not rule_editable
        self.add_targets(skills, self.instance.skill_targets)

    def clean(self) -> dict[str, Any]:
        """Refuse, beside its field, a change to the pass rule sent by someone who may not make it."""
        data = super().clean() or {}
        if not self.rule_editable:
            for name in PASS_RULE_FIELDS:
                if self.add_prefix(name) in self.data and self._sent(name) != getattr(self.instance, name):
                    self.add_error(name, RULE_KEEPER)
        return data

    def _sent(self, name: str) -> object:
        """The value sent for a disabled field, as the field reads it; the refusal itself when it cannot be read."""
        field = self.fields[name]
        try:
            return field.to_python(field.widget.value_from_datadict(self.data, self.files, self.add_prefix(name)))
        except ValidationError:
            return RULE_KEEPER

    def save(self, commit: bool = True) -> Table:
        """Keep the pass rule and the targets."""
        self.instance.skill_targets = self.targets()
        return super().save(commit)


class ScenarioTargetsForm(TargetFields):
    """A scenario's target time for each skill its game exercises (its pass rule is set in the builder)."""

    def __init__(self, skills: list[Skill], targets: Mapping[str, int], *args: Any, **kwargs: Any) -> None:
        """The scenario's targets as they stand."""
        super().__init__(*args, **kwargs)
        self.add_targets(skills, targets)
