"""The Django admin of the school administrators: tables and attempts; never hidden state."""

from django.contrib import admin
from django.db import models
from django.urls import reverse
from django.utils.html import format_html

from core.input_bounds import JSON_REFUSAL, BoundedJSONDecoder
from trainer.models import Attempt, Table


@admin.register(Table)
class TableAdmin(admin.ModelAdmin[Table]):
    """Training tables: the game, its rules, who validates; the pass rule and targets on the standards page."""

    list_display = ("name", "game", "floorperson", "pass_rule_text", "rounds_dealt")
    fields = ("name", "game", "rules", "floorperson", "standards")
    readonly_fields = ("standards",)
    formfield_overrides = {  # noqa: RUF012  # an instance attribute in django-stubs, as Django reads it
        models.JSONField: {"decoder": BoundedJSONDecoder, "error_messages": {"invalid": JSON_REFUSAL}},
    }

    @admin.display(description="Pass rule")
    def pass_rule_text(self, table: Table) -> str:
        """The table's pass rule in words."""
        return table.pass_rule().text

    @admin.display(description="Pass rule and target times")
    def standards(self, table: Table) -> str:
        """The pass rule in words and a link to the page that edits it and the targets, once the table exists."""
        if table.pk is None:
            return "Set on the table's standards page once it is saved (the school's defaults until then)."
        url = reverse("table_standards", args=[table.pk])
        return format_html('{}. <a href="{}">Edit the standards</a>', table.pass_rule().text, url)


@admin.register(Attempt)
class AttemptAdmin(admin.ModelAdmin[Attempt]):
    """Trainees' rounds, read-only: who, where, the mode and the result; never the round's log and its deck."""

    list_display = ("trainee", "table", "mode", "started_at", "finished_at", "accuracy")
    list_filter = ("mode", "table")
    fields = (
        "trainee",
        "table",
        "mode",
        "started_at",
        "finished_at",
        "last_sequence",
        "pass_rule",
        "skill_targets",
        "score_card",
    )
    readonly_fields = fields

    @admin.display(description="Accuracy")
    def accuracy(self, attempt: Attempt) -> str:
        """The score card's accuracy, once the round is over."""
        return attempt.score_card["accuracy_text"] if attempt.score_card else "—"

    def has_add_permission(self, request: object) -> bool:
        """Rounds are dealt at the table, never added here."""
        return False
