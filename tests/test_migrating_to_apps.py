"""A school's database made before its models moved to apps by domain keeps every record through the move.

The database is migrated to the trainer's last migration before the first move (``BEFORE``), filled through the
models as they stood then, and migrated forward to today; each record is then read through today's models, wherever
they live. A move to another app adds the models it moves to ``today_model``'s callers here. A later move that
changes only the state starts from just before it (``BEFORE_SCENARIOS``, ``BEFORE_SCHOOL_PROFILE``), so its test
migrates only that move. Each database is migrated once a module (a migration back and forth costs seconds): its
rows are kept serialized and loaded afresh into the emptied database before each test.
"""

import os
from datetime import date, timedelta

import pytest
from django.apps import apps as today
from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.db import DatabaseError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.db.models import Model
from django.utils import timezone

from certification.certificates import audited_write

pytestmark = pytest.mark.storage

BEFORE = [("trainer", "0020_final_records_guard")]
"""The trainer's last migration before the first model left it (the xAPI outbox)."""

STATEMENT_ID = "0b5a53cc-6b2c-4b8e-9a5e-0d3c1f7a9e11"

EXAM_MODELS = (
    "Exam",
    "ExamPart",
    "ExamSitting",
    "ExamRound",
    "ExamResult",
    "SignOff",
    "ResultCorrection",
    "Certificate",
)
"""The exam models that moved to the certification app, each keeping its table (sign-offs came after ``BEFORE``)."""

SCHOOL_MODELS = ("Cohort", "PasswordChangeDue", "Assignment")
"""The models that moved to the school app, each keeping its table."""

BEFORE_SCENARIOS = [
    ("trainer", "0029_pass_rule_fields_declared_once"),
    ("school", "0002_accounts_unique_in_any_case"),
    ("certification", "0003_pass_rule_fields_declared_once"),
    ("scenarios", None),
    ("rules_submission", None),
]
"""The last migrations before the scenarios and the Rules Submission left the trainer, for it and the apps whose
models refer to them."""

SCENARIO_MODELS = ("Scenario", "ScenarioVersion", "ScenarioRun", "RunRound")
"""The models that moved to the scenarios app, each keeping its table."""

SUBMISSION_MODELS = ("HouseWording", "FiledPaytable")
"""The models that moved to the rules_submission app, each keeping its table."""

BEFORE_SCHOOL_PROFILE = [("trainer", "0032_help_texts_name_the_grading_app"), ("core", None)]
"""The last migration before the school's profile left the trainer for the core app."""

LOGO = b"\x89PNG\r\n\x1a\n logo"


def migrate(targets):
    """Migrate the test database to the targets (``(app, None)``: before the app's first); the models there."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state([target for target in targets if target[1] is not None]).apps


def today_model(name: str) -> type[Model]:
    """Today's model of that name, in whichever app it lives now."""
    (model,) = [model for model in today.get_models() if model.__name__ == name]
    return model


def fill(old):
    """Rows as a school had them before the move: a cohort's round with a step, an exam and its records, a statement,
    an assignment, a password change due."""
    now = timezone.now()
    user = old.get_model("auth", "User")
    trainee = user.objects.create(username="trainee")
    instructor = user.objects.create(username="instructor")
    cohort = old.get_model("trainer", "Cohort").objects.create(name="Day class")
    cohort.trainees.add(trainee)
    cohort.instructors.add(instructor)
    old.get_model("trainer", "PasswordChangeDue").objects.create(user=trainee)
    table = old.get_model("trainer", "Table").objects.create(name="Table 1", game="pai-gow-poker")
    attempt = old.get_model("trainer", "Attempt").objects.create(
        trainee=trainee, table=table, mode="exam", finished_at=now, score_card={"steps": []}
    )
    old.get_model("trainer", "Step").objects.create(attempt=attempt, sequence=1, operations=[], graded=None)
    exam = old.get_model("trainer", "Exam").objects.create(
        name="Pai Gow Poker final",
        cohort=cohort,
        scheduled_by=instructor,
        opens_at=now,
        closes_at=now + timedelta(days=1),
    )
    scenario = old.get_model("trainer", "Scenario").objects.create(name="Opening", author=instructor)
    version = old.get_model("trainer", "ScenarioVersion").objects.create(
        scenario=scenario, number=1, spec={"game": "pai-gow-poker"}, published_at=now, table=table
    )
    old.get_model("trainer", "ExamPart").objects.create(exam=exam, position=1, scenario_version=version)
    old.get_model("trainer", "Assignment").objects.create(
        scenario=scenario, cohort=cohort, trainee=trainee, due_on=date(2026, 9, 30), passes_required=3,
        assigned_by=instructor,
    )  # fmt: skip
    sitting = old.get_model("trainer", "ExamSitting").objects.create(exam=exam, trainee=trainee, number=1)
    old.get_model("trainer", "ExamRound").objects.create(sitting=sitting, position=1, attempt=attempt)
    with audited_write():
        result = old.get_model("trainer", "ExamResult").objects.create(
            sitting=sitting, steps=13, correct=12, critical_errors=0, total_ms=61_000, accuracy="12/13",
            pass_rule={}, passed=True,
        )  # fmt: skip
        old.get_model("trainer", "ResultCorrection").objects.create(
            result=result, corrected_by=instructor, reason="The dice call was misheard", passed=False
        )
        old.get_model("trainer", "Certificate").objects.create(
            code="CODE23", result=result, trainee=trainee, name_on_certificate="Trainee", exam_name=exam.name,
            covers=[], issued_at=now, expires_on=date.today() + timedelta(days=365),
        )  # fmt: skip
    content_type, _ = old.get_model("contenttypes", "ContentType").objects.get_or_create(
        app_label="trainer", model="queuedstatement"
    )
    viewing, _ = old.get_model("auth", "Permission").objects.get_or_create(
        content_type=content_type, codename="view_queuedstatement", defaults={"name": "Can view queued statement"}
    )
    administrators, _ = old.get_model("auth", "Group").objects.get_or_create(name="school administrator")
    administrators.permissions.add(viewing)
    certificate_type, _ = old.get_model("contenttypes", "ContentType").objects.get_or_create(
        app_label="trainer", model="certificate"
    )
    viewing_certificates, _ = old.get_model("auth", "Permission").objects.get_or_create(
        content_type=certificate_type, codename="view_certificate", defaults={"name": "Can view certificate"}
    )
    administrators.permissions.add(viewing_certificates)
    cohort_type, _ = old.get_model("contenttypes", "ContentType").objects.get_or_create(
        app_label="trainer", model="cohort"
    )
    changing_cohorts, _ = old.get_model("auth", "Permission").objects.get_or_create(
        content_type=cohort_type, codename="change_cohort", defaults={"name": "Can change cohort"}
    )
    administrators.permissions.add(changing_cohorts)
    user.objects.create(username="administrator", is_staff=True).groups.add(administrators)
    old.get_model("trainer", "QueuedStatement").objects.create(
        id=STATEMENT_ID, statement={"id": STATEMENT_ID}, queued_at=now, next_try_at=now, exam_round=attempt
    )


def filled_and_migrated(targets, filling) -> str:
    """Migrate the test database to the targets, fill it there and migrate it to today: its rows, serialized."""
    try:
        filling(migrate(targets))
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    return connection.creation.serialize_db_to_string()


def loaded(rows: str) -> None:
    """Empty the test database and load the rows (as the school's audited write, which the final records allow)."""
    call_command("flush", interactive=False, verbosity=0, inhibit_post_migrate=True)
    with audited_write():
        connection.creation.deserialize_db_from_string(rows)
    ContentType.objects.clear_cache()


@pytest.fixture(scope="module")
def moved_rows(django_db_setup, django_db_blocker) -> str:
    """The rows of a database filled before the move, then migrated to today: migrated once for the module's tests."""
    with django_db_blocker.unblock():
        return filled_and_migrated(BEFORE, fill)


@pytest.fixture
def moved(transactional_db, moved_rows):
    """A database filled before the move, then migrated to today."""
    loaded(moved_rows)


def fill_scenarios(old):
    """Rows as a school had them before the scenarios and the Rules Submission moved: a published version's run of
    two rounds, a practice round, an assigned scenario, an exam of the version with a decided sitting, an instructor's
    right to change scenarios, a house procedure's wording and a filed paytable."""
    now = timezone.now()
    user = old.get_model("auth", "User")
    trainee = user.objects.create(username="trainee")
    instructor = user.objects.create(username="instructor")
    table = old.get_model("trainer", "Table").objects.create(name="Opening, version 1", game="pai-gow-poker")
    scenario = old.get_model("trainer", "Scenario").objects.create(name="Opening", author=instructor)
    version = old.get_model("trainer", "ScenarioVersion").objects.create(
        scenario=scenario, number=1, spec={"game": "pai-gow-poker", "rounds": 2}, published_at=now, table=table
    )
    old.get_model("trainer", "ScenarioVersion").objects.create(scenario=scenario, number=2, spec={"game": "dice"})
    attempt = old.get_model("trainer", "Attempt")
    run = old.get_model("trainer", "ScenarioRun").objects.create(trainee=trainee, scenario_version=version)
    for position in (1, 2):
        dealt = attempt.objects.create(
            trainee=trainee, table=table, scenario_version=version, finished_at=now, score_card={"steps": []}
        )
        old.get_model("trainer", "RunRound").objects.create(run=run, position=position, attempt=dealt)
    attempt.objects.create(trainee=trainee, table=table, log={"seed": 7})
    cohort = old.get_model("school", "Cohort").objects.create(name="Day class")
    cohort.trainees.add(trainee)
    old.get_model("school", "Assignment").objects.create(
        scenario=scenario, cohort=cohort, due_on=date(2026, 12, 31), passes_required=2, assigned_by=instructor
    )
    exam = old.get_model("certification", "Exam").objects.create(
        name="Opening exam", cohort=cohort, scheduled_by=instructor, opens_at=now, closes_at=now + timedelta(days=1)
    )
    old.get_model("certification", "ExamPart").objects.create(exam=exam, position=1, scenario_version=version)
    sitting = old.get_model("certification", "ExamSitting").objects.create(exam=exam, trainee=trainee, number=1)
    exam_round = attempt.objects.create(trainee=trainee, table=table, mode="exam", scenario_version=version)
    old.get_model("certification", "ExamRound").objects.create(sitting=sitting, position=1, attempt=exam_round)
    with audited_write():
        old.get_model("certification", "ExamResult").objects.create(
            sitting=sitting, steps=9, correct=9, critical_errors=0, total_ms=40_000, accuracy="9/9", pass_rule={},
            passed=True,
        )  # fmt: skip
    scenario_type, _ = old.get_model("contenttypes", "ContentType").objects.get_or_create(
        app_label="trainer", model="scenario"
    )
    changing, _ = old.get_model("auth", "Permission").objects.get_or_create(
        content_type=scenario_type, codename="change_scenario", defaults={"name": "Can change scenario"}
    )
    instructor.user_permissions.add(changing)
    old.get_model("trainer", "HouseWording").objects.create(
        clause="House: calling the dice", version=1, text="Call the total, then each die.", saved_by=instructor
    )
    old.get_model("trainer", "FiledPaytable").objects.create(
        kind="fortune_paytable", version=1, paytable={"pays": []}, saved_by=instructor
    )


@pytest.fixture(scope="module")
def scenarios_moved_rows(django_db_setup, django_db_blocker) -> str:
    """The rows of a database filled just before the scenarios and the Rules Submission moved, then migrated to today:
    migrated once for the module's tests."""
    with django_db_blocker.unblock():
        return filled_and_migrated(BEFORE_SCENARIOS, fill_scenarios)


@pytest.fixture
def scenarios_moved(transactional_db, scenarios_moved_rows):
    """A database filled just before the scenarios and the Rules Submission moved, then migrated to today."""
    loaded(scenarios_moved_rows)


def fill_school_profile(old):
    """The school's profile as an administrator saved it before it moved, and an instructor's right to change it."""
    user = old.get_model("auth", "User")
    administrator = user.objects.create(username="administrator", is_staff=True)
    old.get_model("trainer", "SchoolProfile").objects.create(
        name="Riverside Dealer School", logo=LOGO, signer="Dana Reyes", signer_title="Director", saved_by=administrator
    )
    profile_type, _ = old.get_model("contenttypes", "ContentType").objects.get_or_create(
        app_label="trainer", model="schoolprofile"
    )
    changing, _ = old.get_model("auth", "Permission").objects.get_or_create(
        content_type=profile_type, codename="change_schoolprofile", defaults={"name": "Can change school profile"}
    )
    user.objects.create(username="instructor").user_permissions.add(changing)


@pytest.fixture(scope="module")
def school_profile_moved_rows(django_db_setup, django_db_blocker) -> str:
    """The rows of a database filled just before the school's profile moved, then migrated to today: migrated once for
    the module's tests."""
    with django_db_blocker.unblock():
        return filled_and_migrated(BEFORE_SCHOOL_PROFILE, fill_school_profile)


@pytest.fixture
def school_profile_moved(transactional_db, school_profile_moved_rows):
    """A database filled just before the school's profile moved, then migrated to today."""
    loaded(school_profile_moved_rows)


def test_a_database_made_before_the_school_profile_moved_keeps_its_name_logo_and_signer(school_profile_moved):
    profile = today_model("SchoolProfile").objects.get()
    assert (profile.name, bytes(profile.logo), profile.signer, profile.signer_title, profile.saved_by.username) == (
        "Riverside Dealer School",
        LOGO,
        "Dana Reyes",
        "Director",
        "administrator",
    )
    model = today_model("SchoolProfile")
    assert (model._meta.app_label, model._meta.db_table) == ("core", "trainer_schoolprofile")


def test_an_instructor_still_changes_the_school_profile_after_it_moved(school_profile_moved):
    assert User.objects.get(username="instructor").has_perm("core.change_schoolprofile")


def test_a_database_made_before_the_scenarios_moved_keeps_every_version_run_round_and_exam_part(scenarios_moved):
    scenario = today_model("Scenario").objects.get(name="Opening")
    assert (scenario.author.username, [version.number for version in scenario.versions.all()]) == ("instructor", [1, 2])
    version = scenario.published_version()
    assert (version.number, version.table.name, version.spec["rounds"]) == (1, "Opening, version 1", 2)
    run = today_model("ScenarioRun").objects.get(trainee__username="trainee")
    assert run.scenario_version == version
    rounds = list(run.rounds.order_by("position"))
    assert [(each.position, each.attempt.scenario_version) for each in rounds] == [(1, version), (2, version)]
    assert [each.run_round.run for each in today_model("Attempt").objects.filter(run_round__isnull=False)] == [run, run]
    assert today_model("Attempt").objects.get(log={"seed": 7}).scenario_version is None
    assert today_model("Assignment").objects.get(cohort__name="Day class").scenario == scenario
    part = today_model("ExamPart").objects.get(exam__name="Opening exam")
    assert part.scenario_version == version
    result = today_model("ExamResult").objects.get(sitting__exam=part.exam)
    assert (result.accuracy, result.sitting.rounds.get().attempt.scenario_version) == ("9/9", version)
    assert {attempt.mode for attempt in version.attempts.all()} == {"practice", "exam"}


def test_the_scenarios_moved_to_their_app_keep_their_tables(scenarios_moved):
    for name in SCENARIO_MODELS:
        model = today_model(name)
        assert (model._meta.app_label, model._meta.db_table) == ("scenarios", f"trainer_{name.lower()}")


def test_an_instructor_still_changes_scenarios_after_they_moved(scenarios_moved):
    assert User.objects.get(username="instructor").has_perm("scenarios.change_scenario")


def test_a_database_made_before_the_rules_submission_moved_keeps_its_wordings_and_paytables(scenarios_moved):
    wording = today_model("HouseWording").objects.get(clause="House: calling the dice")
    assert (wording.version, wording.text, wording.saved_by.username) == (
        1,
        "Call the total, then each die.",
        "instructor",
    )
    paytable = today_model("FiledPaytable").objects.get(kind="fortune_paytable")
    assert (paytable.version, paytable.paytable, paytable.saved_by.username) == (1, {"pays": []}, "instructor")
    for name in SUBMISSION_MODELS:
        model = today_model(name)
        assert (model._meta.app_label, model._meta.db_table) == ("rules_submission", f"trainer_{name.lower()}")


def test_a_database_made_before_the_move_keeps_its_rounds_exams_certificates_and_queued_statements(moved):
    attempt = today_model("Attempt").objects.get(table__name="Table 1", trainee__username="trainee")
    assert today_model("Step").objects.filter(attempt=attempt, sequence=1).exists()
    result = today_model("ExamResult").objects.get(
        sitting__exam__name="Pai Gow Poker final", sitting__rounds__attempt=attempt
    )
    assert (result.accuracy, result.passed) == ("12/13", True)
    assert today_model("Certificate").objects.get(code="CODE23").result == result
    assert result.sitting.exam.parts.get().scenario_version.scenario.name == "Opening"
    assert result.sitting.exam.cohort.name == "Day class"
    correction = today_model("ResultCorrection").objects.get(result=result)
    assert (correction.reason, correction.passed) == ("The dice call was misheard", False)
    assert not result.outcome_passed()
    queued = today_model("QueuedStatement").objects.get(pk=STATEMENT_ID)
    assert (queued.statement, queued.exam_round) == ({"id": STATEMENT_ID}, attempt)


def test_the_school_administrators_still_view_the_outbox_after_it_moved(moved):
    assert User.objects.get(username="administrator").has_perm("xapi.view_queuedstatement")


def test_the_exam_records_moved_to_the_certification_app_keep_their_tables(moved):
    for name in EXAM_MODELS:
        model = today_model(name)
        assert (model._meta.app_label, model._meta.db_table) == ("certification", f"trainer_{name.lower()}")


def test_the_school_administrators_still_view_certificates_after_they_moved(moved):
    assert User.objects.get(username="administrator").has_perm("certification.view_certificate")


def test_a_database_made_before_the_move_keeps_its_cohorts_assignments_and_due_password_changes(moved):
    cohort = today_model("Cohort").objects.get(name="Day class")
    assert [user.username for user in cohort.trainees.all()] == ["trainee"]
    assert [user.username for user in cohort.instructors.all()] == ["instructor"]
    assignment = today_model("Assignment").objects.get(cohort=cohort)
    assert (assignment.scenario.name, assignment.trainee.username, assignment.assigned_by.username) == (
        "Opening",
        "trainee",
        "instructor",
    )
    assert (assignment.due_on, assignment.passes_required) == (date(2026, 9, 30), 3)
    assert today_model("PasswordChangeDue").objects.filter(user__username="trainee").exists()
    assert today_model("Exam").objects.get(name="Pai Gow Poker final").cohort == cohort


def test_the_school_records_moved_to_the_school_app_keep_their_tables(moved):
    for name in SCHOOL_MODELS:
        model = today_model(name)
        assert (model._meta.app_label, model._meta.db_table) == ("school", f"trainer_{name.lower()}")


def test_the_school_administrators_still_change_cohorts_after_they_moved(moved):
    assert User.objects.get(username="administrator").has_perm("school.change_cohort")


@pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")),
    reason="the final records' triggers are PostgreSQL's (DATABASE_URL=postgres://... runs it)",
)
def test_postgresql_still_refuses_a_raw_update_of_the_exam_records_after_they_moved(moved):
    result = today_model("ExamResult").objects.get(accuracy="12/13")
    for name, column in (("ExamResult", "passed"), ("ResultCorrection", "passed"), ("Certificate", "exam_name")):
        table = today_model(name)._meta.db_table
        with pytest.raises(DatabaseError, match="exam records are final"), transaction.atomic():
            connection.cursor().execute(f"UPDATE {table} SET {column} = {column}")
    assert today_model("ExamResult").objects.get(pk=result.pk).passed is True
