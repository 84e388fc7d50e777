"""The standards forms: a table's pass rule and target times, a scenario's target times, one field per skill."""

from collections.abc import Mapping
from typing import Any, ClassVar

from django import forms

from simulator.scenarios import LONGEST_TARGET_SECONDS
from trainer.models import Table
from trainer.scoring import DEFAULT_PASS_THRESHOLD
from trainer.standards import Skill


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


class TableStandardsForm(forms.ModelForm[Table], TargetFields):
    """A table's pass rule and the target time of each skill its game exercises."""

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

    def __init__(self, skills: list[Skill], *args: Any, **kwargs: Any) -> None:
        """The table's pass rule as it stands, then its game's skills."""
        super().__init__(*args, **kwargs)
        self.add_targets(skills, self.instance.skill_targets)

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
