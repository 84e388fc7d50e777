"""The certification rules: a sitting dealt in order, judged on the exam's criteria, final; certificates issued,
expiring, renewed by passing again, revoked; a result corrected only by an audited record beside it."""

from datetime import date, timedelta
from fractions import Fraction

import pytest
from django.contrib.admin.sites import site
from django.contrib.auth.models import Permission
from django.test import RequestFactory
from django.urls import reverse
from django.utils import timezone
from exam_helpers import deal, exam_school, schedule, short_scenario, sit_through
from markupsafe import escape
from table_helpers import make_trainee

from certification import exams
from certification.certificates import PACE, Status, add_months, covered_lines, revoke, status_of
from certification.models import Certificate, ExamResult, ExamRound, ExamSitting, FinalRecordError, ResultCorrection
from certification.sitting_pace import sitting_paces
from core.models import SchoolProfile
from trainer import services
from trainer.demo_tables import create_demo_tables
from trainer.models import Attempt, Mode

pytestmark = [pytest.mark.storage, pytest.mark.django_db]


@pytest.fixture
def school():
    return exam_school()


def test_a_sitting_deals_the_exams_scenarios_in_order_every_round_in_exam_mode(school):
    instructor, cohort, alice, _, first = school
    second = short_scenario(instructor, "Two rounds", rounds=2)
    exam = schedule(cohort, instructor, [second, first])
    sitting = exams.begin_sitting(exam, alice)
    dealt = []
    while (exam_round := exams.deal_next_round(sitting)) is not None:
        dealt.append((exam_round.attempt.scenario_version, exam_round.attempt.mode))
        deal(exam_round.attempt, alice)
    assert dealt == [(second, Mode.EXAM), (second, Mode.EXAM), (first, Mode.EXAM)]
    assert [r.position for r in exams.sitting_rounds(sitting)] == [1, 2, 3]


def test_the_unfinished_round_is_dealt_again_rather_than_a_new_one(school):
    instructor, cohort, alice, _, version = school
    sitting = exams.begin_sitting(schedule(cohort, instructor, [version]), alice)
    first = exams.deal_next_round(sitting)
    assert exams.deal_next_round(sitting) == first and exams.settle(sitting) is None


def test_a_sitting_that_meets_every_criterion_passes_and_issues_a_certificate_of_its_games(school):
    instructor, cohort, alice, _, version = school
    exam = schedule(cohort, instructor, [version], validity_months=24)
    result = sit_through(exam, alice).result
    assert (result.passed, result.steps, result.correct, result.critical_errors) == (True, 2, 2, 0)
    certificate = Certificate.objects.get(result=result)
    today = timezone.localdate()
    assert certificate.name_on_certificate == "Alice Liddell" and certificate.exam_name == "Dice exam"
    assert [{key: covered[key] for key in ("game", "sections")} for covered in certificate.covers] == [
        {"game": "Pai Gow Poker", "sections": ["§645b.1", "§645b.2", "§645b.3"]}
    ]
    assert certificate.expires_on == add_months(today, 24)
    assert status_of(certificate) is Status.VALID


def test_one_critical_error_fails_the_sitting_when_the_exam_says_so(school):
    instructor, cohort, alice, _, version = school
    exam = schedule(cohort, instructor, [version], pass_accuracy_percent=50, critical_error_fails=True)
    result = sit_through(exam, alice, wrong_red_die=True).result
    assert not result.passed and result.failures == ["1 critical error (the pass rule allows none)"]
    assert not Certificate.objects.exists()


def test_a_critical_error_is_allowed_when_the_exam_allows_it_and_the_mark_is_met(school):
    instructor, cohort, alice, _, version = school
    exam = schedule(cohort, instructor, [version], pass_accuracy_percent=50, critical_error_fails=False)
    result = sit_through(exam, alice, wrong_red_die=True).result
    assert result.passed and result.critical_errors == 1 and Fraction(result.accuracy) == Fraction(1, 2)


def test_a_sitting_below_the_pass_mark_fails(school):
    instructor, cohort, alice, _, version = school
    exam = schedule(cohort, instructor, [version], pass_accuracy_percent=51, critical_error_fails=False)
    result = sit_through(exam, alice, wrong_red_die=True).result
    assert not result.passed and result.failures == ["accuracy 50.0% is below the mark of 51.0%"]


def test_a_sitting_over_the_time_limit_fails_and_one_within_it_passes(school, monkeypatch):
    instructor, cohort, alice, bob, version = school
    monkeypatch.setattr(services, "_elapsed_ms", lambda attempt: 40_000)
    exam = schedule(cohort, instructor, [version], time_limit_seconds=60)
    result = sit_through(exam, alice).result
    assert not result.passed
    assert result.failures == ["the exam took 1:20, over the 1:00 time limit by 0:20"]
    assert sit_through(schedule(cohort, instructor, [version], time_limit_seconds=80), bob).result.passed


def test_a_trainee_sits_no_more_often_than_allowed_and_finishes_a_sitting_before_the_next(school):
    instructor, cohort, alice, _, version = school
    exam = schedule(cohort, instructor, [version], attempts_allowed=2)
    first = exams.begin_sitting(exam, alice)
    with pytest.raises(exams.SittingRefused, match="Finish the sitting you have begun first"):
        exams.begin_sitting(exam, alice)
    deal(exams.deal_next_round(first).attempt, alice, wrong_red_die=True)
    exams.settle(first)
    sit_through(exam, alice)
    with pytest.raises(exams.SittingRefused, match="You have taken all 2 sittings allowed"):
        exams.begin_sitting(exam, alice)
    assert exam.sittings.count() == 2


@pytest.mark.parametrize(
    ("opens", "closes", "message"),
    [(1, 2, "This exam has not opened yet"), (-2, -1, "This exam has closed")],
)
def test_no_sitting_begins_outside_the_exams_window(school, opens, closes, message):
    instructor, cohort, alice, _, version = school
    now = timezone.now()
    exam = schedule(
        cohort, instructor, [version], opens_at=now + timedelta(days=opens), closes_at=now + timedelta(days=closes)
    )
    with pytest.raises(exams.SittingRefused, match=message):
        exams.begin_sitting(exam, alice)
    assert not exam.sittings.exists()


def test_a_trainee_of_another_cohort_may_not_sit_the_exam(school):
    instructor, cohort, _, _, version = school
    with pytest.raises(exams.SittingRefused, match="another cohort"):
        exams.begin_sitting(schedule(cohort, instructor, [version]), make_trainee("carol"))


def test_a_result_is_final_the_model_the_queryset_and_the_admin_refuse_to_change_or_delete_it(school, rf):
    instructor, cohort, alice, _, version = school
    result = sit_through(schedule(cohort, instructor, [version]), alice).result
    result.passed = False
    with pytest.raises(FinalRecordError):
        result.save()
    with pytest.raises(FinalRecordError):
        ExamResult.objects.filter(pk=result.pk).update(passed=False)
    with pytest.raises(FinalRecordError):
        result.delete()
    with pytest.raises(FinalRecordError):
        ExamResult.objects.all().delete()
    assert ExamResult.objects.get(pk=result.pk).passed
    assert not Permission.objects.filter(codename__in=["change_examresult", "delete_examresult"]).exists()
    admin = site._registry[ExamResult]
    request = rf.get("/admin/")
    request.user = instructor
    assert not admin.has_change_permission(request, result) and not admin.has_delete_permission(request, result)


def test_a_correction_is_an_audited_record_beside_the_result_and_a_pass_issues_the_certificate(school):
    instructor, cohort, alice, _, version = school
    exam = schedule(cohort, instructor, [version], critical_error_fails=True, pass_accuracy_percent=50)
    result = sit_through(exam, alice, wrong_red_die=True).result
    correction = exams.correct_result(result, instructor, "The red die was misread by the camera.", passed=True)
    assert (correction.corrected_by, correction.reason, correction.passed) == (
        instructor,
        "The red die was misread by the camera.",
        True,
    )
    assert correction.corrected_at is not None
    fresh = ExamResult.objects.get(pk=result.pk)
    assert not fresh.passed and fresh.outcome_passed()
    assert status_of(Certificate.objects.get(result=result)) is Status.VALID
    with pytest.raises(FinalRecordError):
        correction.save()


def test_a_correction_to_not_passed_revokes_the_sittings_certificate_with_the_reason(school):
    instructor, cohort, alice, _, version = school
    result = sit_through(schedule(cohort, instructor, [version]), alice).result
    exams.correct_result(result, instructor, "Coached during the exam.", passed=False)
    certificate = Certificate.objects.get(result=result)
    assert status_of(certificate) is Status.REVOKED
    assert certificate.revocation_reason == "The exam result was corrected to not passed: Coached during the exam."
    assert not ExamResult.objects.get(pk=result.pk).outcome_passed()


def test_a_correction_without_a_reason_is_refused_and_records_nothing(school):
    instructor, cohort, alice, _, version = school
    result = sit_through(schedule(cohort, instructor, [version]), alice).result
    with pytest.raises(ValueError, match="reason"):
        exams.correct_result(result, instructor, "   ", passed=False)
    assert not ResultCorrection.objects.exists()


def test_a_certificate_is_valid_through_its_last_day_and_expired_the_day_after(school):
    instructor, cohort, alice, _, version = school
    sit_through(schedule(cohort, instructor, [version], validity_months=1), alice)
    certificate = Certificate.objects.get()
    assert status_of(certificate, certificate.expires_on) is Status.VALID
    assert status_of(certificate, certificate.expires_on + timedelta(days=1)) is Status.EXPIRED


def test_months_are_added_to_the_same_day_or_the_months_last_day():
    assert add_months(date(2026, 1, 31), 1) == date(2026, 2, 28)
    assert add_months(date(2028, 1, 31), 1) == date(2028, 2, 29)
    assert add_months(date(2026, 11, 15), 14) == date(2028, 1, 15)


def test_passing_again_renews_with_a_new_certificate_and_a_later_expiry(school, monkeypatch):
    instructor, cohort, alice, _, version = school
    closes = timezone.now() + timedelta(days=60)
    exam = schedule(cohort, instructor, [version], attempts_allowed=2, validity_months=12, closes_at=closes)
    sit_through(exam, alice)
    later = timezone.now() + timedelta(days=40)
    monkeypatch.setattr(timezone, "now", lambda: later)
    sit_through(exam, alice)
    first, second = Certificate.objects.order_by("issued_at")
    assert second.expires_on > first.expires_on and second.code != first.code
    assert second.expires_on == add_months(timezone.localdate(later), 12)


def test_a_revoked_certificate_says_so_with_its_reason_and_cannot_be_revoked_twice_or_edited(school):
    instructor, cohort, alice, _, version = school
    sit_through(schedule(cohort, instructor, [version]), alice)
    certificate = revoke(Certificate.objects.get(), instructor, "Issued to the wrong trainee.")
    assert status_of(certificate) is Status.REVOKED and certificate.revoked_by == instructor
    with pytest.raises(ValueError, match="already revoked"):
        revoke(certificate, instructor, "Again.")
    certificate.exam_name = "Something else"
    with pytest.raises(FinalRecordError):
        certificate.save()
    with pytest.raises(ValueError, match="reason"):
        revoke(Certificate(pk=certificate.pk), instructor, " ")


def test_verification_codes_are_long_random_and_unique(school):
    instructor, cohort, alice, bob, version = school
    exam = schedule(cohort, instructor, [version])
    sit_through(exam, alice)
    sit_through(exam, bob)
    codes = list(Certificate.objects.values_list("code", flat=True))
    assert len(set(codes)) == 2 and all(len(code) >= 22 for code in codes)


@pytest.fixture
def rf():
    return RequestFactory()


def test_an_exams_pace_counts_its_rounds_of_a_game_together_across_its_parts_on_the_sitting_and_its_certificate(
    school, monkeypatch, client
):
    instructor, cohort, alice, _, version = school
    monkeypatch.setattr(services, "_elapsed_ms", lambda attempt: 40_000)  # each of a round's 2 steps: 1:20 a round
    second = short_scenario(instructor, "Two rounds", rounds=2)
    sitting = sit_through(schedule(cohort, instructor, [version, second]), alice)
    # 3 rounds of Pai Gow Poker in 4:00 of dealing: 45 an hour, over the Pai Gow Poker games' default standard of 20.
    (pace,) = sitting_paces([sitting.pk])[sitting.pk]
    assert (pace.game, pace.rounds, pace.dealing_ms) == ("pai-gow-poker", 3, 240_000)
    certificate = Certificate.objects.get(result__sitting=sitting)
    assert certificate.covers[0][PACE] == {"rounds": 3, "dealing_ms": 240_000, "standard": 20}
    assert covered_lines(certificate)[1] == (
        "Pace in the exam: 45.0 rounds per hour, meeting the school's house standard of 20 (not regulation)"
    )
    client.force_login(alice)
    page = client.get(reverse("sitting", args=[sitting.pk])).text
    house = "the school's house standard of 20 rounds per hour at Pai Gow Poker (not regulation)"
    assert escape(f"Pai Gow Poker: 3 rounds in 4:00 of dealing, 45.0 rounds per hour; meets {house}") in page


def test_a_certificate_keeps_the_standard_it_was_issued_against_when_the_school_raises_it(school, monkeypatch):
    instructor, cohort, alice, bob, version = school
    monkeypatch.setattr(services, "_elapsed_ms", lambda attempt: 40_000)  # a round in 1:20: 45 an hour
    sit_through(schedule(cohort, instructor, [version]), alice)
    SchoolProfile.objects.create(name="Erie Gaming School", pace_standards={"pai-gow-poker": 50})
    sit_through(schedule(cohort, instructor, [version], name="Second exam"), bob)
    lines = {c.trainee.username: covered_lines(c)[1] for c in Certificate.objects.all()}
    assert lines["alice"].endswith("meeting the school's house standard of 20 (not regulation)")
    assert lines["bob"].endswith("below the school's house standard of 50 (not regulation)")


def test_an_exam_rounds_score_card_gives_the_rounds_pace_and_sends_to_the_sitting_for_the_exams(
    school, monkeypatch, client
):
    instructor, cohort, alice, _, version = school
    monkeypatch.setattr(services, "_elapsed_ms", lambda attempt: 40_000)  # a round's 2 steps: one round in 1:20
    sitting = sit_through(schedule(cohort, instructor, [version]), alice)
    client.force_login(alice)
    page = client.get(reverse("attempt", args=[exams.sitting_rounds(sitting)[0].attempt_id])).text
    card = page[page.index('id="score-card"') :]
    assert "This round: 45.0 rounds per hour (1:20 of dealing), meets" in card and "Today's practice" not in card
    assert "The exam's pace, its rounds of each game together, is on your sitting's page" in card


def test_a_sittings_pace_is_one_per_game_over_its_finished_rounds_when_its_parts_deal_several_games(school):
    instructor, cohort, alice, _, version = school
    sitting = ExamSitting.objects.create(exam=schedule(cohort, instructor, [version]), trainee=alice, number=1)
    tables = {table.game: table for table in create_demo_tables()}
    dealt = [("pai-gow-poker", 60_000), ("three-card-poker", 90_000), ("pai-gow-poker", 120_000)]
    for position, (game, ms) in enumerate(dealt, start=1):
        card = {"total_ms": ms}  # the pace reads the round's stored step times alone
        attempt = Attempt.objects.create(trainee=alice, table=tables[game], log={}, score_card=card, mode=Mode.EXAM)
        ExamRound.objects.create(sitting=sitting, position=position, attempt=attempt)
    unfinished = Attempt.objects.create(trainee=alice, table=tables["three-card-poker"], log={}, mode=Mode.EXAM)
    ExamRound.objects.create(sitting=sitting, position=4, attempt=unfinished)
    paces = sitting_paces([sitting.pk])[sitting.pk]
    # Pai Gow Poker: 2 rounds in 3 minutes; Three Card Poker: 1 round in 1.5 minutes; both 40 an hour.
    assert [(p.game, p.rounds, p.dealing_ms, p.text) for p in paces] == [
        ("pai-gow-poker", 2, 180_000, "40.0 rounds per hour"),
        ("three-card-poker", 1, 90_000, "40.0 rounds per hour"),
    ]
