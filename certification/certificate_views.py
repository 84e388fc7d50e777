"""Certificate pages: the public verification page, the PDF download and an instructor's revocation."""

import re

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

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
from certification.models import Certificate
from trainer.models import Role
from trainer.refusals import RoleRefused
from trainer.views import SchoolRequest

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
        "school_name": settings.SCHOOL_NAME,
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


@require_POST
@login_required
def certificate_revoke(request: SchoolRequest, certificate_id: int) -> HttpResponse:
    """An instructor of the cohort revokes the certificate with a reason, which the public page then shows."""
    certificate, part = _certificate_for(request, certificate_id)
    if part is not Part.TEACHER:
        raise RoleRefused("Only an instructor of the cohort revokes a certificate.", Role.INSTRUCTOR)
    sitting, _ = sitting_for(request, certificate.result.sitting.pk)
    form = RevokeForm(request.POST)
    if form.is_valid() and certificate.revoked_at is None:
        revoke(certificate, request.user, form.cleaned_data["reason"])
        return redirect("sitting", sitting.pk)
    if form.is_valid():
        form.add_error(None, "This certificate is already revoked.")
    return sitting_page(request, sitting, part, revoke_form=form, status=400)
