"""Function views of a cohort's assignments: assign a published scenario, see each trainee's progress, withdraw."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from trainer.assignment_forms import AssignmentForm
from trainer.assignments import STATUS_MEANINGS, cohort_progress
from trainer.cohorts import cohort_for
from trainer.models import Role, has_role
from trainer.views import SchoolRequest


@require_http_methods(["GET", "POST"])
@login_required
def assignments(request: SchoolRequest, cohort_id: int) -> HttpResponse:
    """The cohort's assignments with each trainee's progress, and the form to assign a published scenario."""
    cohort = cohort_for(request, cohort_id)
    form = AssignmentForm(cohort, request.POST or None)
    if request.method == "POST" and form.is_valid():
        form.instance.assigned_by = request.user
        form.save()
        return redirect("assignments", cohort.pk)
    context = {
        "cohort": cohort,
        "form": form,
        "assignments": cohort_progress(cohort),
        "status_meanings": STATUS_MEANINGS,
        "builds_scenarios": has_role(request.user, Role.INSTRUCTOR),
    }
    return render(request, "trainer/assignments.html", context, status=400 if form.errors else 200)


@require_POST
@login_required
def withdraw(request: SchoolRequest, cohort_id: int, assignment_id: int) -> HttpResponse:
    """Withdraw one of the cohort's assignments; the rounds dealt for it stay in the trainees' history."""
    cohort = cohort_for(request, cohort_id)
    get_object_or_404(cohort.assignments, pk=assignment_id).delete()
    return redirect("assignments", cohort.pk)
