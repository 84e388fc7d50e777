from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("trainer", "0018_input_bounds"),
    ]

    operations = [
        migrations.AlterField(
            model_name="attempt",
            name="step_started_at",
            field=models.DateTimeField(
                auto_now_add=True,
                help_text="When the current step's clock last started or stopped (trainer.step_clock).",
            ),
        ),
        migrations.AddField(
            model_name="attempt",
            name="step_clock_running",
            field=models.BooleanField(
                default=False,
                help_text="Whether the current step's clock runs: the trainee's table is open, no dialog on it.",
            ),
        ),
        migrations.AddField(
            model_name="attempt",
            name="step_banked_ms",
            field=models.PositiveIntegerField(
                default=0, help_text="The milliseconds the current step's clock counted before it last stopped."
            ),
        ),
    ]
