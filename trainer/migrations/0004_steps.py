"""An attempt's steps become rows of their own: the attempt keeps the round as dealt, each step its operations.

An attempt from before this keeps every operation taken so far in its log; its grades become steps numbered
1, 2, 3… in the order taken, with no operations (a validation took a frame number too, so later frames are higher).
"""

import django.db.models.deletion
from django.db import migrations, models


def grades_to_steps(apps, schema_editor):
    """Give each graded step of an earlier attempt a step row of its own, in the order taken."""
    Attempt = apps.get_model("trainer", "Attempt")
    Step = apps.get_model("trainer", "Step")
    for attempt in Attempt.objects.exclude(graded_steps=[]).only("pk", "graded_steps"):
        Step.objects.bulk_create(
            Step(attempt=attempt, sequence=number, graded=graded)
            for number, graded in enumerate(attempt.graded_steps, start=1)
        )


def steps_to_grades(apps, schema_editor):
    """Put each attempt's steps back into its log and its graded steps, in frame order."""
    Attempt = apps.get_model("trainer", "Attempt")
    for attempt in Attempt.objects.filter(steps__isnull=False).distinct():
        steps = list(attempt.steps.order_by("sequence").values_list("operations", "graded"))
        attempt.log["operations"] += [operation for operations, _ in steps for operation in operations]
        attempt.graded_steps = [graded for _, graded in steps if graded is not None]
        attempt.save(update_fields=["log", "graded_steps"])


class Migration(migrations.Migration):
    dependencies = [("trainer", "0003_pai_gow_meters")]

    operations = [
        migrations.CreateModel(
            name="Step",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("sequence", models.PositiveIntegerField(help_text="The client frame number that applied it.")),
                (
                    "operations",
                    models.JSONField(
                        default=list,
                        help_text="The operations performed since the previous step, as save_round() writes them.",
                    ),
                ),
                (
                    "graded",
                    models.JSONField(
                        blank=True, help_text="The trainee's graded step; none for a validation.", null=True
                    ),
                ),
                (
                    "attempt",
                    models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="steps",
                        to="trainer.attempt",
                    ),
                ),
            ],
            options={
                "ordering": ("attempt", "sequence"),
                "constraints": [models.UniqueConstraint(fields=("attempt", "sequence"), name="one_step_per_frame")],
            },
        ),
        migrations.RunPython(grades_to_steps, steps_to_grades),
        migrations.RemoveField(model_name="attempt", name="graded_steps"),
        migrations.AlterField(
            model_name="attempt",
            name="log",
            field=models.JSONField(
                default=dict,
                editable=False,
                help_text="simulator.notation.save_round() of the round as dealt, before the first step: server only.",
            ),
        ),
    ]
