"""Certificate pages: the public verification page, the PDF download and an instructor's revocation."""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from trainer.certificate_pdf import certificate_pdf
from trainer.certification import revoke, status_of, verification_url
from trainer.exam_forms import RevokeForm
from trainer.exam_views import Part, sitting_for, sitting_page
from trainer.models import Certificate
from trainer.views import SchoolRequest


@require_GET
def verify(request: HttpRequest, code: str) -> HttpResponse:
    """Public, no login: whether the certificate is valid, expired or revoked (why), and what it covers; else 404."""
    certificate = Certificate.objects.filter(code=code).first()
    if certificate is None:
        return render(request, "trainer/verify_unknown.html", {"code": code}, status=404)
    context = {"certificate": certificate, "status": status_of(certificate)}
    return render(request, "trainer/verify.html", context)


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
    response = HttpResponse(certificate_pdf(certificate, verification_url(request, certificate)))
    response["Content-Type"] = "application/pdf"
    response["Content-Disposition"] = f'attachment; filename="certificate-{certificate.code}.pdf"'
    return response


@require_POST
@login_required
def certificate_revoke(request: SchoolRequest, certificate_id: int) -> HttpResponse:
    """An instructor of the cohort revokes the certificate with a reason, which the public page then shows."""
    certificate, part = _certificate_for(request, certificate_id)
    if part is not Part.TEACHER:
        raise PermissionDenied("Only an instructor of the cohort revokes a certificate.")
    sitting, _ = sitting_for(request, certificate.result.sitting.pk)
    form = RevokeForm(request.POST)
    if form.is_valid() and certificate.revoked_at is None:
        revoke(certificate, request.user, form.cleaned_data["reason"])
        return redirect("sitting", sitting.pk)
    if form.is_valid():
        form.add_error(None, "This certificate is already revoked.")
    return sitting_page(request, sitting, part, revoke_form=form, status=400)
