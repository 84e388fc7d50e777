"""The xAPI outbox in the Django admin of the school administrators: read-only."""

from django.contrib import admin

from xapi.models import QueuedStatement


@admin.register(QueuedStatement)
class QueuedStatementAdmin(admin.ModelAdmin[QueuedStatement]):
    """The xAPI outbox, read-only: what waits for the learning record store, its failed tries and why; what was sent."""

    list_display = ("id", "queued_at", "tries", "next_try_at", "sent_at", "last_error", "exam_round")
    list_filter = (("sent_at", admin.EmptyFieldListFilter),)
    fields = ("id", "statement", "queued_at", "tries", "next_try_at", "last_error", "sent_at", "exam_round")
    readonly_fields = fields

    def has_add_permission(self, request: object) -> bool:
        """Statements are queued by what they report, never added here."""
        return False

    def has_delete_permission(self, request: object, queued: QueuedStatement | None = None) -> bool:
        """None is lost: a statement leaves the outbox only by being sent."""
        return False
