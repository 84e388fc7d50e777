"""The school files Let It Ride Poker's paytable too, now that a trainee may deal the game."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("rules_submission", "0002_carnival_poker_paytables")]

    operations = [
        migrations.AlterField(
            model_name="filedpaytable",
            name="kind",
            field=models.CharField(
                choices=[
                    ("fortune_paytable", "Fortune Bonus and Envy Bonus paytable"),
                    ("progressive_paytable", "Progressive Payout paytable"),
                    ("let_it_ride_paytable", "Let It Ride Poker paytable"),
                    ("pair_plus_paytable", "Three Card Poker Pair Plus paytable"),
                    ("ante_bonus_paytable", "Three Card Poker Ante Bonus paytable"),
                    ("blind_paytable", "Ultimate Texas Hold 'Em Blind paytable"),
                    ("trips_paytable", "Ultimate Texas Hold 'Em Trips paytable"),
                ],
                max_length=40,
            ),
        ),
    ]
