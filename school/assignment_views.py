"""Function views of a cohort's assignments: assign a published scenario, see each trainee's progress, withdraw."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from core.confirmation import Confirmation, confirmation_page
from core.days import day_text
from core.requests import SchoolRequest
from core.roles import Role, has_role
from school.assignment_forms import AssignmentForm
from school.assignments import STATUS_MEANINGS, cohort_progress
from school.cohorts import cohort_for


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
    return render(request, "school/assignments.html", context, status=400 if form.errors else 200)


@require_http_methods(["GET", "POST"])
@login_required
def withdraw(request: SchoolRequest, cohort_id: int, assignment_id: int) -> HttpResponse:
    """Ask first; then withdraw one of the cohort's assignments, the rounds dealt for it staying in the history."""
    cohort = cohort_for(request, cohort_id)
    assignment = get_object_or_404(cohort.assignments.select_related("scenario"), pk=assignment_id)
    if request.method == "GET":
        return confirmation_page(
            request,
            Confirmation(
                question=f"Withdraw {assignment.scenario.name}, due {day_text(assignment.due_on)}?",
                consequence="The assignment leaves the trainees' home pages and this cohort's progress. The rounds "
                "dealt for it stay in each trainee's history.",
                action="Withdraw the assignment",
                cancel_url=reverse("assignments", args=[cohort.pk]),
            ),
        )
    assignment.delete()
    messages.success(request, f"Withdrew {assignment.scenario.name}: the rounds dealt for it stay in the history.")
    return redirect("assignments", cohort.pk)
