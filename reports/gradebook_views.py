"""Function views of the gradebook: a cohort's trainees one row each, one trainee's record, and "My record"."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from core.refusals import require_school_role
from core.requests import SchoolRequest
from reports.gradebook import cohort_gradebook, record_of
from school.assignments import STATUS_MEANINGS
from school.cohort_work import work_text
from school.cohorts import cohort_for, trainee_for


@require_GET
@login_required
def cohort_grades(request: SchoolRequest, cohort_id: int) -> HttpResponse:
    """The cohort's gradebook: each trainee's assignments, exams, certificates, accuracy and clause most missed."""
    cohort = cohort_for(request, cohort_id)
    context = {"cohort": cohort, "rows": cohort_gradebook(cohort), "work": work_text(cohort)}
    return render(request, "reports/gradebook_cohort.html", context)


@require_GET
@login_required
def trainee_grades(request: SchoolRequest, cohort_id: int, trainee_id: int) -> HttpResponse:
    """A trainee's gradebook in a cohort of theirs (its work only), for its instructors and school administrators."""
    cohort = cohort_for(request, cohort_id)
    record = record_of(trainee_for(cohort, trainee_id), cohort)
    context = {"cohort": cohort, "record": record, "mine": False, "status_meanings": STATUS_MEANINGS}
    context["work"] = work_text(cohort)
    return render(request, "reports/gradebook.html", context)


@require_GET
@login_required
def my_record(request: SchoolRequest) -> HttpResponse:
    """The signed-in trainee's own gradebook."""
    require_school_role(request)
    context = {
        "cohort": None,
        "record": record_of(request.user, None),
        "mine": True,
        "status_meanings": STATUS_MEANINGS,
    }
    return render(request, "reports/gradebook.html", context)
