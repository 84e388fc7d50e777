"""The Django admin of the school administrators: tables, attempts and cohorts, never a round's hidden state."""

from django.contrib import admin

from trainer.models import Attempt, Cohort, QueuedStatement, Table

admin.site.site_header = "Dealer school administration"
admin.site.site_title = "Dealer school"


@admin.register(Table)
class TableAdmin(admin.ModelAdmin[Table]):
    """Training tables: the game, its rules, who validates, the pass rule and targets; never the meter's secret."""

    list_display = ("name", "game", "floorperson", "pass_rule_text", "rounds_dealt")
    fields = (
        "name",
        "game",
        "rules",
        "floorperson",
        "pass_accuracy_percent",
        "critical_error_fails",
        "time_limit_seconds",
        "skill_targets",
    )

    @admin.display(description="Pass rule")
    def pass_rule_text(self, table: Table) -> str:
        """The table's pass rule in words."""
        return table.pass_rule().text


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


@admin.register(Cohort)
class CohortAdmin(admin.ModelAdmin[Cohort]):
    """Cohorts: their instructors and trainees."""

    list_display = ("name", "created_at")
    filter_horizontal = ("instructors", "trainees")


@admin.register(QueuedStatement)
class QueuedStatementAdmin(admin.ModelAdmin[QueuedStatement]):
    """The xAPI outbox, read-only: what waits for the learning record store, its failed tries and why; what was sent."""

    list_display = ("id", "queued_at", "tries", "next_try_at", "sent_at", "last_error")
    list_filter = (("sent_at", admin.EmptyFieldListFilter),)
    fields = ("id", "statement", "queued_at", "tries", "next_try_at", "last_error", "sent_at")
    readonly_fields = fields

    def has_add_permission(self, request: object) -> bool:
        """Statements are queued by what they report, never added here."""
        return False

    def has_delete_permission(self, request: object, queued: QueuedStatement | None = None) -> bool:
        """None is lost: a statement leaves the outbox only by being sent."""
        return False
