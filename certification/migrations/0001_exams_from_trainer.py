"""Exams and certificates, moved from the trainer app: the tables are the trainer's, kept by name, so only the state changes.

Their content types move with them, so any permission a school granted on them, and the admin's history of them, stay.
"""

import django.core.validators
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

MODELS = ("exam", "exampart", "examsitting", "examround", "examresult", "signoff", "resultcorrection", "certificate")


def move_content_types(source, target):
    """A migration function that gives the moved models' content types (and so their permissions) to ``target``."""

    def move(apps, schema_editor):
        ContentType = apps.get_model("contenttypes", "ContentType")
        taken = ContentType.objects.filter(app_label=target, model__in=MODELS).values_list("model", flat=True)
        ContentType.objects.filter(app_label=source, model__in=MODELS).exclude(model__in=list(taken)).update(
            app_label=target
        )

    return move


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("trainer", "0025_exams_move_to_certification"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="ExamResult",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("decided_at", models.DateTimeField(auto_now_add=True)),
                        ("steps", models.PositiveIntegerField()),
                        ("correct", models.PositiveIntegerField()),
                        ("critical_errors", models.PositiveIntegerField()),
                        ("total_ms", models.PositiveIntegerField()),
                        (
                            "accuracy",
                            models.CharField(
                                help_text='The share of steps right at the first attempt, as "12/13".', max_length=20
                            ),
                        ),
                        (
                            "pass_rule",
                            models.JSONField(
                                help_text="The exam's criteria the sitting was judged by (PassRule.to_json)."
                            ),
                        ),
                        (
                            "failures",
                            models.JSONField(
                                default=list, help_text="Each criterion the sitting did not meet, in words."
                            ),
                        ),
                        ("passed", models.BooleanField()),
                    ],
                    options={
                        "db_table": "trainer_examresult",
                        "ordering": ("-decided_at", "pk"),
                        "abstract": False,
                        "default_permissions": ("add", "view"),
                    },
                ),
                migrations.CreateModel(
                    name="Exam",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("name", models.CharField(max_length=120)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("opens_at", models.DateTimeField(help_text="When trainees may begin a sitting.")),
                        (
                            "closes_at",
                            models.DateTimeField(
                                help_text="After this no sitting may begin; one begun before may be finished."
                            ),
                        ),
                        (
                            "attempts_allowed",
                            models.PositiveSmallIntegerField(
                                default=1,
                                help_text="Sittings per trainee, 1–10.",
                                validators=[
                                    django.core.validators.MinValueValidator(1),
                                    django.core.validators.MaxValueValidator(10),
                                ],
                            ),
                        ),
                        (
                            "pass_accuracy_percent",
                            models.PositiveSmallIntegerField(
                                default=90,
                                help_text="The least share of the sitting's steps right at the first attempt, from 0 to 100.",
                                validators=[django.core.validators.MaxValueValidator(100)],
                                verbose_name="pass mark (%)",
                            ),
                        ),
                        (
                            "critical_error_fails",
                            models.BooleanField(
                                default=True, help_text="Whether one critical error fails the sitting."
                            ),
                        ),
                        (
                            "time_limit_seconds",
                            models.PositiveIntegerField(
                                blank=True,
                                help_text="The most time the sitting's steps may take together, in seconds; empty for none.",
                                null=True,
                                validators=[
                                    django.core.validators.MinValueValidator(1),
                                    django.core.validators.MaxValueValidator(2147483647),
                                ],
                            ),
                        ),
                        (
                            "validity_months",
                            models.PositiveSmallIntegerField(
                                default=12,
                                help_text="How long a certificate from this exam is valid, in months from the day it is issued.",
                                validators=[
                                    django.core.validators.MinValueValidator(1),
                                    django.core.validators.MaxValueValidator(120),
                                ],
                            ),
                        ),
                        ("cancelled_at", models.DateTimeField(blank=True, editable=False, null=True)),
                        (
                            "cancelled_by",
                            models.ForeignKey(
                                blank=True,
                                editable=False,
                                null=True,
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "cohort",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT, related_name="exams", to="trainer.cohort"
                            ),
                        ),
                        (
                            "scheduled_by",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="exams_scheduled",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "trainer_exam",
                        "ordering": ("-opens_at", "pk"),
                    },
                ),
                migrations.CreateModel(
                    name="ExamPart",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("position", models.PositiveSmallIntegerField()),
                        (
                            "exam",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="parts",
                                to="certification.exam",
                            ),
                        ),
                        (
                            "scenario_version",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="exam_parts",
                                to="trainer.scenarioversion",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "trainer_exampart",
                        "ordering": ("exam", "position"),
                    },
                ),
                migrations.CreateModel(
                    name="Certificate",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "code",
                            models.CharField(
                                editable=False, help_text="The public verification code.", max_length=40, unique=True
                            ),
                        ),
                        ("name_on_certificate", models.CharField(max_length=300)),
                        ("exam_name", models.CharField(max_length=120)),
                        (
                            "covers",
                            models.JSONField(
                                help_text='The games and their sections: [{"game": name, "sections": ["§645b.1"]}].'
                            ),
                        ),
                        ("issued_at", models.DateTimeField()),
                        (
                            "expires_on",
                            models.DateField(
                                help_text="The last day the certificate is valid, in the school's time zone."
                            ),
                        ),
                        ("revoked_at", models.DateTimeField(blank=True, null=True)),
                        ("revocation_reason", models.TextField(blank=True, max_length=2000)),
                        (
                            "revoked_by",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "trainee",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="certificates",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "result",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="certificates",
                                to="certification.examresult",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "trainer_certificate",
                        "ordering": ("-issued_at", "pk"),
                        "default_permissions": ("add", "view"),
                    },
                ),
                migrations.CreateModel(
                    name="ExamSitting",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "number",
                            models.PositiveSmallIntegerField(
                                help_text="1 for the trainee's first sitting of the exam, and so on."
                            ),
                        ),
                        ("started_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "exam",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="sittings",
                                to="certification.exam",
                            ),
                        ),
                        (
                            "trainee",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="exam_sittings",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "trainer_examsitting",
                        "ordering": ("exam", "trainee", "number"),
                    },
                ),
                migrations.CreateModel(
                    name="ExamRound",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "position",
                            models.PositiveSmallIntegerField(help_text="The round's place in the sitting, from 1."),
                        ),
                        (
                            "attempt",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="exam_round",
                                to="trainer.attempt",
                            ),
                        ),
                        (
                            "sitting",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="rounds",
                                to="certification.examsitting",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "trainer_examround",
                        "ordering": ("sitting", "position"),
                    },
                ),
                migrations.AddField(
                    model_name="examresult",
                    name="sitting",
                    field=models.OneToOneField(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="result",
                        to="certification.examsitting",
                    ),
                ),
                migrations.CreateModel(
                    name="ResultCorrection",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("corrected_at", models.DateTimeField(auto_now_add=True)),
                        ("reason", models.TextField(max_length=2000)),
                        ("passed", models.BooleanField(help_text="The corrected outcome.")),
                        (
                            "corrected_by",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "result",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="corrections",
                                to="certification.examresult",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "trainer_resultcorrection",
                        "ordering": ("result", "corrected_at", "pk"),
                        "abstract": False,
                        "default_permissions": ("add", "view"),
                    },
                ),
                migrations.CreateModel(
                    name="SignOff",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("signed_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "result",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="sign_off",
                                to="certification.examresult",
                            ),
                        ),
                        (
                            "signed_by",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "trainer_signoff",
                        "abstract": False,
                        "default_permissions": ("add", "view"),
                    },
                ),
                migrations.AddConstraint(
                    model_name="exam",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("closes_at__gt", models.F("opens_at"))), name="exam_window_opens"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="exam",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("attempts_allowed__gte", 1)), name="exam_attempts_positive"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="exam",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("pass_accuracy_percent__lte", 100)), name="exam_mark_at_most_100"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="exam",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("validity_months__gte", 1)), name="exam_validity_positive"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="exampart",
                    constraint=models.UniqueConstraint(fields=("exam", "position"), name="one_part_per_place"),
                ),
                migrations.AddConstraint(
                    model_name="certificate",
                    constraint=models.CheckConstraint(
                        condition=models.Q(
                            ("revoked_at__isnull", True),
                            models.Q(("revocation_reason", ""), _negated=True),
                            _connector="OR",
                        ),
                        name="revocation_has_reason",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="examsitting",
                    constraint=models.UniqueConstraint(
                        fields=("exam", "trainee", "number"), name="one_sitting_per_number"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="examround",
                    constraint=models.UniqueConstraint(fields=("sitting", "position"), name="one_round_per_place"),
                ),
                migrations.AddConstraint(
                    model_name="resultcorrection",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("reason", ""), _negated=True), name="correction_has_reason"
                    ),
                ),
            ],
        ),
        migrations.RunPython(
            move_content_types("trainer", "certification"), move_content_types("certification", "trainer")
        ),
    ]
