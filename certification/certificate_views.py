"""Certificate pages: the public verification page, the PDF download and an instructor's revocation."""

import re

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from certification.certificate_pdf import certificate_pdf
from certification.certificates import (
    CODE_LONGEST,
    certificate_by_code,
    covered_lines,
    revoke,
    status_of,
    verification_url,
)
from certification.exam_views import Part, sitting_for, sitting_page
from certification.forms import RevokeForm
from certification.models import REASON_LENGTH, Certificate
from core.confirmation import Confirmation, confirmation_page
from core.refusals import RoleRefused
from core.requests import SchoolRequest
from core.roles import Role
from core.school_profile import school_name

CODE_PATTERN = re.compile(r"[A-Za-z0-9_ -]{1,64}")
"""What the look-up form sends to the code's own address: URL-safe characters and spaces (else answered in place)."""


@require_GET
def verify(request: HttpRequest, code: str) -> HttpResponse:
    """Public, no login, limited per address: whether the certificate is valid, expired or revoked; what it covers."""
    shown = code[:CODE_LONGEST]
    if not lookup_allowed(request):
        return render(request, "certification/verify_lookup.html", {"code": shown, "too_many": True}, status=429)
    certificate = certificate_by_code(code)
    if certificate is None:
        return render(request, "certification/verify_unknown.html", {"code": shown}, status=404)
    context = {
        "certificate": certificate,
        "covered": covered_lines(certificate),
        "status": status_of(certificate),
        "school_name": school_name(),
    }
    return render(request, "certification/verify.html", context)


@require_GET
def verify_lookup(request: HttpRequest) -> HttpResponse:
    """Public, no login: a form that sends a typed code to its verification page (which counts the look-up)."""
    code = request.GET.get("code", "").strip()
    if not code:
        return render(request, "certification/verify_lookup.html", {})
    return redirect("verify", code) if CODE_PATTERN.fullmatch(code) else verify(request, code)


def lookup_allowed(request: HttpRequest) -> bool:
    """Count this look-up against its address's minute; whether it is within SCHOOL_VERIFY_LOOKUPS_PER_MINUTE."""
    key = f"verify-lookups:{request.META.get('REMOTE_ADDR', '')}"
    cache.add(key, 0, timeout=60)
    try:
        count = cache.incr(key)
    except ValueError:  # the minute ended between add and incr
        cache.set(key, count := 1, timeout=60)
    return count <= settings.SCHOOL_VERIFY_LOOKUPS_PER_MINUTE


def _certificate_for(request: SchoolRequest, certificate_id: int) -> tuple[Certificate, Part]:
    """The certificate with the user's part at its sitting: its holder or a teacher of the cohort; else 404."""
    certificate = get_object_or_404(Certificate.objects.select_related("result__sitting"), pk=certificate_id)
    _, part = sitting_for(request, certificate.result.sitting.pk)
    return certificate, part


@require_GET
@login_required
def certificate_download(request: SchoolRequest, certificate_id: int) -> HttpResponse:
    """The certificate as a PDF with its verification address and QR code, for its holder and their instructors."""
    certificate, _ = _certificate_for(request, certificate_id)
    pdf = certificate_pdf(certificate, verification_url(request, certificate), status_of(certificate))
    response = HttpResponse(pdf)
    response["Content-Type"] = "application/pdf"
    response["Content-Disposition"] = f'attachment; filename="certificate-{certificate.code}.pdf"'
    return response


@require_http_methods(["GET", "POST"])
@login_required
def certificate_revoke(request: SchoolRequest, certificate_id: int) -> HttpResponse:
    """Ask first, with the reason the public page will show; then an instructor of the cohort revokes it."""
    certificate, part = _certificate_for(request, certificate_id)
    if part is not Part.TEACHER:
        raise RoleRefused("Only an instructor of the cohort revokes a certificate.", Role.INSTRUCTOR)
    sitting, _ = sitting_for(request, certificate.result.sitting.pk)
    if certificate.revoked_at is not None:
        return sitting_page(request, sitting, part, problem="This certificate is already revoked.", status=409)
    form = RevokeForm(request.POST)
    if request.method == "POST" and form.is_valid():
        revoke(certificate, request.user, form.cleaned_data["reason"])
        return redirect("sitting", sitting.pk)
    if request.method == "GET":
        form = RevokeForm(initial={"reason": request.GET.get(f"{RevokeForm.prefix}-reason", "")[:REASON_LENGTH]})
    confirmation = Confirmation(
        question=f"Revoke the certificate of {certificate.name_on_certificate} for {certificate.exam_name}?",
        consequence="From now on its public verification page and its PDF say it is revoked, with the reason below. "
        "A revocation cannot be undone.",
        action="Revoke the certificate",
        cancel_url=reverse("sitting", args=[sitting.pk]),
    )
    return confirmation_page(request, confirmation, form, status=400 if request.method == "POST" else 200)
