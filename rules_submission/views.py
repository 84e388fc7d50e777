"""The school administrator's Rules Submission pages: house procedures' wording and filed paytables, every version."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from core.refusals import RoleRefused
from core.requests import SchoolRequest
from core.roles import Role, is_school_administrator
from rules_submission.exact_returns import over_100
from rules_submission.forms import DEFAULTS, FORMS, NOT_COMPUTED, HouseWordingForm
from rules_submission.models import FiledPaytable, HouseWording, PaytableKind
from rules_submission.submission import (
    CARNIVAL_KINDS,
    HOUSE_CLAUSES,
    current_paytable,
    current_wordings,
    default_label,
    save_paytable,
    save_wording,
    submission_label,
)


def _require_administrator(request: SchoolRequest) -> None:
    """Refuse anyone who does not run the school."""
    if not is_school_administrator(request.user):
        raise RoleRefused("The Rules Submission pages are for school administrators.", Role.SCHOOL_ADMINISTRATOR)


def _saved(url: str, version: int) -> HttpResponse:
    """Back to the page just saved, which says which version the save made."""
    return redirect(f"{url}?{urlencode({'saved': version})}")


def _filing(version: HouseWording | FiledPaytable | None) -> str:
    """What is in force: a version of the school's Rules Submission, or the default."""
    return default_label() if version is None else submission_label(version.version, version.saved_at)


@require_GET
@never_cache
@login_required
def rules_submission(request: SchoolRequest) -> HttpResponse:
    """The school's paytables and house procedures, each with the version in force or the default."""
    _require_administrator(request)
    wordings = current_wordings()
    paytables = [
        {"kind": kind, "label": kind.label, "filing": _filing(current_paytable(kind))} for kind in PaytableKind
    ]
    procedures = [
        {
            "slug": slug,
            "title": citation.title,
            "filing": _filing(wording) if (wording := wordings.get(citation.clause)) and wording.text else None,
        }
        for slug, citation in HOUSE_CLAUSES.items()
    ]
    context = {"paytables": paytables, "procedures": procedures, "default": default_label()}
    return render(request, "rules_submission/rules_submission.html", context)


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def house_wording(request: SchoolRequest, slug: str) -> HttpResponse:
    """One house procedure: its default wording, the school's wording in force, a form for the next, every version."""
    _require_administrator(request)
    citation = HOUSE_CLAUSES.get(slug)
    if citation is None:
        raise Http404("No house procedure has that address.")
    versions = HouseWording.objects.filter(clause=citation.clause).select_related("saved_by")
    newest = versions.first()
    form = HouseWordingForm(
        request.POST if request.method == "POST" else None, initial={"text": newest.text if newest else ""}
    )
    if request.method == "POST" and form.is_valid():
        saved = save_wording(citation.clause, form.cleaned_data["text"], request.user)
        return _saved(reverse("house_wording", args=[slug]), saved.version)
    context = {
        "citation": citation,
        "slug": slug,
        "form": form,
        "versions": [
            {"row": version, "filing": _filing(version), "detail": version.text or "The default wording"}
            for version in versions
        ],
        "default": default_label(),
        "saved": request.GET.get("saved", "")[:9],
    }
    return render(
        request, "rules_submission/rules_submission_wording.html", context, status=400 if form.errors else 200
    )


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def filed_paytable(request: SchoolRequest, kind: str) -> HttpResponse:
    """One paytable: the one in force, a form for the next version checked by the engine, and every version.

    A carnival poker paytable's exact figures are shown for the one in force and for each one sent; sent to be
    shown, it is not saved, and one that pays back more than 100% is saved only once the school ticks that box.
    """
    _require_administrator(request)
    if kind not in PaytableKind.values:
        raise Http404("No paytable of the Rules Submission has that address.")
    paytable_kind = PaytableKind(kind)
    versions = FiledPaytable.objects.filter(kind=paytable_kind).select_related("saved_by")
    newest = versions.first()
    form = FORMS[paytable_kind](
        newest.paytable if newest else DEFAULTS[paytable_kind], request.POST if request.method == "POST" else None
    )
    valid = request.method == "POST" and form.is_valid()
    figures = form.figures()
    warned = over_100(figures or ())
    if valid and "show" not in request.POST and (not warned or form.confirmed()):
        saved = save_paytable(paytable_kind, form.paytable, request.user)
        return _saved(reverse("filed_paytable", args=[kind]), saved.version)
    game = CARNIVAL_KINDS[paytable_kind][0].name if paytable_kind in CARNIVAL_KINDS else ""
    context = {
        "label": paytable_kind.label,
        "kind": kind,
        "form": form,
        "filing": _filing(newest),
        "game": game,
        "figures": figures,
        "not_computed": NOT_COMPUTED.get(paytable_kind, ""),
        "warned": warned,
        "sent": valid,
        "versions": [
            {"row": version, "filing": _filing(version), "detail": version.paytable["name"]} for version in versions
        ],
        "saved": request.GET.get("saved", "")[:9],
    }
    return render(
        request, "rules_submission/rules_submission_paytable.html", context, status=400 if form.errors else 200
    )
