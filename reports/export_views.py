"""The records page under /exports/: a cohort's rounds, steps, clauses, results or certificates as CSV."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from certification.exam_views import require_teacher
from core.requests import SchoolRequest
from reports.exports import EXPORT_LABELS, EXPORTS, write_csv
from reports.forms import ExportForm


@require_GET
@login_required
def exports(request: SchoolRequest) -> HttpResponse:
    """The form: a cohort, a range of days, and a button per kind of record."""
    require_teacher(request)
    return render(request, "reports/exports.html", {"form": ExportForm(request.user), "kinds": EXPORT_LABELS})


@require_GET
@login_required
def export_csv(request: SchoolRequest, kind: str) -> HttpResponse:
    """One kind of record of one of the user's cohorts as CSV; a bad choice is explained on the form (400)."""
    require_teacher(request)
    form = ExportForm(request.user, request.GET)
    if kind not in EXPORTS or not form.is_valid():
        return render(request, "reports/exports.html", {"form": form, "kinds": EXPORT_LABELS}, status=400)
    cohort, start, end = form.cleaned_data["cohort"], form.cleaned_data["start"], form.cleaned_data["end"]
    header, rows = EXPORTS[kind]
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    write_csv(response, header, rows(cohort, start, end))
    span = "-".join(day.isoformat() for day in (start, end) if day is not None) or "all"
    response["Content-Disposition"] = f'attachment; filename="{kind}-cohort-{cohort.pk}-{span}.csv"'
    return response
