"""A cohort's payout sprint board, for its instructors to show: one kind and length of sprint, names on or off."""

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from core.requests import SchoolRequest
from reports.sprint_board import cohort_board
from scenarios.payout_sprints import current_lines, kind_words
from scenarios.sprint_forms import SprintForm
from scenarios.sprint_results import standard_for
from school.cohorts import cohort_for
from simulator.sprints import MIX, SPRINT_LENGTHS


class BoardForm(SprintForm):
    """The sprint a board ranks, and whether it shows the trainees' names."""

    names = forms.BooleanField(label="Show names", required=False)


@require_GET
@login_required
def sprint_board(request: SchoolRequest, cohort_id: int) -> HttpResponse:
    """The cohort's board for a sprint (the mix of 10 payouts unless chosen), without names unless asked."""
    cohort = cohort_for(request, cohort_id)
    lines = current_lines()
    form = BoardForm(lines, request.GET or {"kind": MIX, "length": SPRINT_LENGTHS[0]})
    if not form.is_valid():
        return render(request, "reports/sprint_board.html", {"cohort": cohort, "form": form, "rows": []}, status=400)
    kind, length, names = form.cleaned_data["kind"], form.cleaned_data["length"], form.cleaned_data["names"]
    context = {
        "cohort": cohort,
        "form": form,
        "rows": cohort_board(cohort, kind, length, names=names),
        "names": names,
        "sprint": f"{length} payouts: {kind_words(kind, lines)}",
        "standard": standard_for(kind, length),
        "trainees": cohort.trainees.count(),
    }
    return render(request, "reports/sprint_board.html", context)
