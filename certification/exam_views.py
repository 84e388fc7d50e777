"""The exam pages under /exams/ and /sittings/: scheduling, editing, cancelling, sitting, results and certificates.

A result's page takes corrections, an instructor's sign-off and the trainee's full name a certificate waits for.

Instructors see the exams of the cohorts they teach (school administrators every cohort's); a trainee sees the exams
of their cohorts and their own sittings. An exam or sitting that is not the user's to see is not found (404), as
on the cohort pages; someone signed in without a school role gets 403.
"""

from enum import Enum
from typing import Any

from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from certification import exams
from certification.certificates import (
    Wait,
    certificate_due,
    covered_lines,
    issue_when_ready,
    sign_off,
    status_of,
    waits_for,
)
from certification.forms import CorrectionForm, ExamForm, FullNameForm, RevokeForm
from certification.models import Certificate, Exam, ExamResult, ExamSitting, SignOff
from certification.sitting_pace import sitting_pace_lines
from core.confirmation import Confirmation, confirmation_page
from core.refusals import RoleRefused
from core.requests import SchoolRequest
from core.roles import Role, has_role, teaches_cohorts
from school.models import cohorts_of


class Part(Enum):
    """The user's part at an exam: teaching its cohort, or sitting it."""

    TEACHER = "teacher"
    TRAINEE = "trainee"


def _part_at(request: SchoolRequest, exam: Exam) -> Part:
    """The user's part at the exam; 404 when it is not theirs, 403 for someone without a school role."""
    user = request.user
    if teaches_cohorts(user) and cohorts_of(user).filter(pk=exam.cohort_id).exists():
        return Part.TEACHER
    if exam.cohort.trainees.filter(pk=user.pk).exists():
        return Part.TRAINEE
    if teaches_cohorts(user) or has_role(user, Role.TRAINEE):
        raise Http404("No such exam.")
    raise RoleRefused("The exams are for the school's trainees and instructors.", *Role)


def sitting_for(request: SchoolRequest, sitting_id: int) -> tuple[ExamSitting, Part]:
    """The sitting with the user's part: its trainee, or a teacher of its cohort; 404 for anyone else's."""
    sitting = get_object_or_404(ExamSitting.objects.select_related("exam__cohort", "trainee"), pk=sitting_id)
    part = _part_at(request, sitting.exam)
    if part is Part.TRAINEE and sitting.trainee_id != request.user.pk:
        raise Http404("No such exam.")
    return sitting, part


def require_teacher(request: SchoolRequest) -> None:
    """Refuse anyone signed in who neither teaches nor runs the school."""
    if not teaches_cohorts(request.user):
        raise RoleRefused("This page is for instructors.", Role.INSTRUCTOR, Role.SCHOOL_ADMINISTRATOR)


@require_GET
@login_required
def exam_list(request: SchoolRequest) -> HttpResponse:
    """The exams the user teaches or may sit, and a trainee's certificates."""
    user = request.user
    teaches = teaches_cohorts(user)
    if not teaches and not has_role(user, Role.TRAINEE):
        raise RoleRefused("The exams are for the school's trainees and instructors.", *Role)
    taught = Exam.objects.filter(cohort__in=cohorts_of(user)).select_related("cohort") if teaches else []
    certificates = [
        {"certificate": certificate, "status": status_of(certificate)}
        for certificate in Certificate.objects.filter(trainee=user)
    ]
    context = {
        "teaches": teaches,
        "taught": taught,
        "to_sit": exams.exams_for_trainee(user),
        "certificates": certificates,
        "now": timezone.now(),
    }
    return render(request, "certification/exams.html", context)


@require_http_methods(["GET", "POST"])
@login_required
def exam_new(request: SchoolRequest) -> HttpResponse:
    """Schedule an exam for one of the instructor's cohorts; every error lands beside its field, nothing saved."""
    require_teacher(request)
    form = ExamForm(request.user, request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            exam = form.save(commit=False)
            exam.scheduled_by = request.user
            exams.schedule_exam(exam, form.versions())
            return redirect("exam", exam.pk)
        return render(request, "certification/exam_new.html", {"form": form}, status=400)
    return render(request, "certification/exam_new.html", {"form": form})


def _sitting_row(sitting: ExamSitting) -> dict[str, Any]:
    """A sitting as the exam page lists it: its result and where that leaves the trainee."""
    result = exams.result_of(sitting)
    return {"sitting": sitting, "result": result, "standing": None if result is None else exams.result_standing(result)}


def _exam_page(
    request: SchoolRequest, exam: Exam, part: Part, problem: str | None = None, status: int = 400
) -> HttpResponse:
    """The exam's settings and, for a teacher, every trainee's standing and sitting; for a trainee, their own."""
    now = timezone.now()
    sittings = exam.sittings.select_related("trainee").order_by("trainee__username", "number")
    if part is Part.TRAINEE:
        sittings = sittings.filter(trainee=request.user)
    teaches = part is Part.TEACHER
    context = {
        "exam": exam,
        "teaches": teaches,
        "versions": [each.scenario_version for each in exam.parts.select_related("scenario_version__scenario")],
        "rule": exam.pass_rule(),
        "sittings": [_sitting_row(sitting) for sitting in sittings],
        "standings": exams.standings(exam) if teaches else [],
        "edit_refusal": exams.edit_refusal(exam),
        "open": exams.is_open(exam, now),
        "refusal": exams.refusal(exam, request.user, now) if part is Part.TRAINEE else None,
        "problem": problem,
    }
    return render(request, "certification/exam.html", context, status=status if problem else 200)


@require_GET
@login_required
def exam(request: SchoolRequest, exam_id: int) -> HttpResponse:
    """One exam's page."""
    found = get_object_or_404(Exam.objects.select_related("cohort", "scheduled_by"), pk=exam_id)
    return _exam_page(request, found, _part_at(request, found))


def _taught_exam(request: SchoolRequest, exam_id: int) -> Exam:
    """An exam of a cohort the user teaches; 404 for another's, 403 for a trainee."""
    found = get_object_or_404(Exam.objects.select_related("cohort", "cancelled_by"), pk=exam_id)
    if _part_at(request, found) is not Part.TEACHER:
        raise RoleRefused("Only an instructor of the cohort changes its exams.", Role.INSTRUCTOR)
    return found


@require_http_methods(["GET", "POST"])
@login_required
def exam_edit(request: SchoolRequest, exam_id: int) -> HttpResponse:
    """Edit an exam until its first sitting begins; after that (or once cancelled) the exam page says why not."""
    found = _taught_exam(request, exam_id)
    problem = exams.edit_refusal(found)
    if problem is not None:
        return _exam_page(request, found, Part.TEACHER, problem, status=409)
    form = ExamForm(request.user, request.POST or None, instance=found)
    if request.method == "GET":
        return render(request, "certification/exam_new.html", {"form": form, "exam": found})
    if not form.is_valid():
        return render(request, "certification/exam_new.html", {"form": form, "exam": found}, status=400)
    try:
        exams.reschedule_exam(form.save(commit=False), form.versions())
    except exams.ExamLocked as locked:
        return _exam_page(request, Exam.objects.get(pk=found.pk), Part.TEACHER, str(locked), status=409)
    return redirect("exam", found.pk)


@require_http_methods(["GET", "POST"])
@login_required
def exam_cancel(request: SchoolRequest, exam_id: int) -> HttpResponse:
    """Ask, then cancel the exam: no sitting begins or goes on; every sitting and result is kept."""
    found = _taught_exam(request, exam_id)
    if request.method == "GET":
        confirmation = Confirmation(
            f"Cancel the exam “{found.name}”?",
            "No sitting of it can begin or go on; the sittings, results and certificates so far are kept and "
            "listed as cancelled. A cancelled exam cannot be opened again.",
            "Cancel the exam",
            reverse("exam", args=[found.pk]),
        )
        return confirmation_page(request, confirmation)
    try:
        exams.cancel_exam(found, request.user)
    except exams.ExamLocked as locked:
        return _exam_page(request, found, Part.TEACHER, str(locked), status=409)
    return redirect("exam", found.pk)


@require_POST
@login_required
def sit(request: SchoolRequest, exam_id: int) -> HttpResponse:
    """Begin a sitting of the exam and open its first round; a refusal is explained on the exam page."""
    found = get_object_or_404(Exam.objects.select_related("cohort"), pk=exam_id)
    part = _part_at(request, found)
    if part is not Part.TRAINEE:
        raise RoleRefused("Only the cohort's trainees sit its exams.", Role.TRAINEE)
    try:
        sitting = exams.begin_sitting(found, request.user)
    except exams.SittingRefused as refused:
        return _exam_page(request, found, part, str(refused))
    current = exams.current_round(sitting)
    return redirect(current) if current is not None else redirect("sitting", sitting.pk)


def sitting_page(
    request: SchoolRequest,
    sitting: ExamSitting,
    part: Part,
    correction_form: CorrectionForm | None = None,
    name_form: FullNameForm | None = None,
    problem: str | None = None,
    status: int = 200,
) -> HttpResponse:
    """The sitting: its rounds, what to deal next, and once decided its result, corrections and certificate.

    A certificate waiting for a name entered since (in the admin, say) or a sign-off no longer required is issued here.
    """
    result = exams.settle(sitting)
    if result is not None:
        issue_when_ready(result)
    rounds = exams.sitting_rounds(sitting)
    certificates = [] if result is None else list(result.certificates.all())
    waits = [] if result is None or not certificate_due(result) else waits_for(result)
    context: dict[str, Any] = {
        "sitting": sitting,
        "exam": sitting.exam,
        "teaches": part is Part.TEACHER,
        "rounds": rounds,
        "rounds_planned": len(exams.exam_rounds(sitting.exam)),
        "current": exams.current_round(sitting),
        "result": result,
        "corrections": [] if result is None else list(result.corrections.select_related("corrected_by")),
        "outcome_passed": None if result is None else result.outcome_passed(),
        "certificates": [{"certificate": c, "status": status_of(c), "covered": covered_lines(c)} for c in certificates],
        "correction_form": correction_form or CorrectionForm(),
        "revoke_form": RevokeForm(),
        "standing": None if result is None else exams.result_standing(result),
        "paces": [] if result is None else sitting_pace_lines(sitting.pk),
        "waits_sign_off": Wait.SIGN_OFF in waits,
        "waits_full_name": Wait.FULL_NAME in waits,
        "sign_off": SignOff.objects.filter(result=result).select_related("signed_by").first() if result else None,
        "name_form": name_form or FullNameForm(),
        "problem": problem,
    }
    return render(request, "certification/sitting.html", context, status=status)


@require_GET
@login_required
def sitting(request: SchoolRequest, sitting_id: int) -> HttpResponse:
    """A sitting's page (its result is decided here once its last round is over)."""
    found, part = sitting_for(request, sitting_id)
    return sitting_page(request, found, part)


@require_POST
@login_required
def next_round(request: SchoolRequest, sitting_id: int) -> HttpResponse:
    """Open the sitting's next round (dealing it in exam mode), or its result after the last."""
    found, part = sitting_for(request, sitting_id)
    if part is not Part.TRAINEE:
        raise RoleRefused("Only the trainee sitting the exam deals its rounds.", Role.TRAINEE)
    if exams.result_of(found) is None:
        with transaction.atomic():
            ExamSitting.objects.select_for_update().filter(pk=found.pk).first()
            dealt = exams.deal_next_round(found)
        if dealt is not None:
            return redirect(dealt)
    return redirect("sitting", found.pk)


@require_POST
@login_required
def correct(request: SchoolRequest, result_id: int) -> HttpResponse:
    """Record a teacher's correction beside a result; the result itself never changes."""
    result = get_object_or_404(ExamResult.objects.select_related("sitting"), pk=result_id)
    found, part = sitting_for(request, result.sitting.pk)
    if part is not Part.TEACHER:
        raise RoleRefused("Only an instructor of the cohort corrects a result.", Role.INSTRUCTOR)
    form = CorrectionForm(request.POST)
    if not form.is_valid():
        return sitting_page(request, found, part, correction_form=form, status=400)
    exams.correct_result(result, request.user, form.cleaned_data["reason"], form.cleaned_data["outcome"] == "passed")
    return redirect("sitting", found.pk)


def _taught_result(request: SchoolRequest, result_id: int) -> tuple[ExamResult, ExamSitting]:
    """A result of a cohort the user teaches, with its sitting; 404 for another's, 403 for its trainee."""
    result = get_object_or_404(ExamResult.objects.select_related("sitting"), pk=result_id)
    found, part = sitting_for(request, result.sitting.pk)
    if part is not Part.TEACHER:
        raise RoleRefused(
            "Only an instructor of the cohort signs off a result or enters a trainee's name.", Role.INSTRUCTOR
        )
    return result, found


@require_http_methods(["GET", "POST"])
@login_required
def sign_off_result(request: SchoolRequest, result_id: int) -> HttpResponse:
    """Ask first; then an instructor of the cohort signs off a passed result, recorded with their name and the time."""
    result, found = _taught_result(request, result_id)
    if request.method == "GET":
        return confirmation_page(
            request,
            Confirmation(
                question=f"Sign off the result of {found.trainee.get_full_name() or found.trainee.get_username()} "
                f"at {found.exam.name}?",
                consequence="The sign-off is recorded with your name and the time, and cannot be undone; the "
                "certificate is issued at once unless it still waits for the trainee's full name.",
                action="Sign off the result",
                cancel_url=reverse("sitting", args=[found.pk]),
            ),
        )
    try:
        sign_off(result, request.user)
    except ValueError as refused:
        return sitting_page(request, found, Part.TEACHER, problem=str(refused), status=409)
    return redirect("sitting", found.pk)


@require_POST
@login_required
def enter_full_name(request: SchoolRequest, result_id: int) -> HttpResponse:
    """An instructor gives a trainee without a full name theirs, and every certificate waiting for it is issued."""
    _, found = _taught_result(request, result_id)
    trainee = found.trainee
    if trainee.get_full_name().strip():
        problem = "The trainee already has a full name; it is changed on the account, not here."
        return sitting_page(request, found, Part.TEACHER, problem=problem, status=409)
    form = FullNameForm(request.POST)
    if not form.is_valid():
        return sitting_page(request, found, Part.TEACHER, name_form=form, status=400)
    with transaction.atomic():
        trainee.first_name, trainee.last_name = form.cleaned_data["first_name"], form.cleaned_data["last_name"]
        trainee.save(update_fields=["first_name", "last_name"])
        for waiting in ExamResult.objects.filter(sitting__trainee=trainee).select_related("sitting__trainee"):
            issue_when_ready(waiting)
    return redirect("sitting", found.pk)
