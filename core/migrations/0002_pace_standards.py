from django.db import migrations, models

import core.models


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0001_school_profile_from_trainer"),
    ]

    operations = [
        migrations.AddField(
            model_name="schoolprofile",
            name="pace_standards",
            field=models.JSONField(
                blank=True,
                default=dict,
                help_text="Rounds per hour per game where the school's standard differs from its family's default "
                '(core/pace_standards.py), for example {"pai-gow-poker": 25}.',
                validators=[core.models.validate_pace_standards],
            ),
        ),
    ]
