"""The school files its carnival poker games' paytables too: Pair Plus, the Ante Bonus, the Blind and Trips."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("rules_submission", "0001_rules_submission_from_trainer")]

    operations = [
        migrations.AlterField(
            model_name="filedpaytable",
            name="kind",
            field=models.CharField(
                choices=[
                    ("fortune_paytable", "Fortune Bonus and Envy Bonus paytable"),
                    ("progressive_paytable", "Progressive Payout paytable"),
                    ("pair_plus_paytable", "Three Card Poker Pair Plus paytable"),
                    ("ante_bonus_paytable", "Three Card Poker Ante Bonus paytable"),
                    ("blind_paytable", "Ultimate Texas Hold 'Em Blind paytable"),
                    ("trips_paytable", "Ultimate Texas Hold 'Em Trips paytable"),
                ],
                max_length=40,
            ),
        ),
    ]
