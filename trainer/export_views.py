"""The records page under /exports/: a cohort's attempts, exam results or certificates downloaded as CSV."""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse, StreamingHttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from trainer.exam_forms import ExportForm
from trainer.exports import EXPORTS, csv_lines
from trainer.models import teaches_cohorts
from trainer.views import SchoolRequest


def _require_teacher(request: SchoolRequest) -> None:
    """Refuse anyone signed in who neither teaches nor runs the school."""
    if not teaches_cohorts(request.user):
        raise PermissionDenied("The school's records are for instructors.")


@require_GET
@login_required
def exports(request: SchoolRequest) -> HttpResponse:
    """The form: a cohort, a range of days, and a button per kind of record."""
    _require_teacher(request)
    return render(request, "trainer/exports.html", {"form": ExportForm(request.user), "kinds": EXPORTS})


@require_GET
@login_required
def export_csv(request: SchoolRequest, kind: str) -> HttpResponse | StreamingHttpResponse:
    """One kind of record of one of the user's cohorts as CSV; a bad choice is explained on the form (400)."""
    _require_teacher(request)
    form = ExportForm(request.user, request.GET)
    if kind not in EXPORTS or not form.is_valid():
        return render(request, "trainer/exports.html", {"form": form, "kinds": EXPORTS}, status=400)
    cohort, start, end = form.cleaned_data["cohort"], form.cleaned_data["start"], form.cleaned_data["end"]
    header, rows = EXPORTS[kind]
    response = StreamingHttpResponse(csv_lines(header, rows(cohort, start, end)), content_type="text/csv")
    span = "-".join(day.isoformat() for day in (start, end) if day is not None) or "all"
    response["Content-Disposition"] = f'attachment; filename="{kind}-cohort-{cohort.pk}-{span}.csv"'
    return response
