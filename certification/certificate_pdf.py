"""A certificate as a one-page PDF (ReportLab) with its verification address and a QR code of it (segno)."""

from io import BytesIO

import segno
from django.utils import timezone
from reportlab.lib.colors import Color
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from certification.certificates import Status, covered_lines
from certification.models import Certificate
from core.days import day_text
from core.models import SchoolProfile
from core.school_profile import logo_image, school_profile

PAGE_WIDTH, PAGE_HEIGHT = landscape(A4)
QR_MODULE = 1.6 * mm
"""The side of one QR module on the page: a 25-module code is 4 cm wide, at ease for a phone."""
QR_ERROR = "m"
"""The QR code's error correction level (medium: 15% of it may be lost)."""
STAMP_RED = Color(0.7, 0, 0, alpha=0.55)
"""The colour of a revoked or expired certificate's stamp: red, with the text beneath still legible."""
LOGO_HEIGHT = 22 * mm
"""The height of the school's logo in the top left corner."""


def qr_matrix(url: str) -> list[list[bool]]:
    """The QR code of the address as rows of modules, dark True, without the quiet zone."""
    code = segno.make_qr(url, error=QR_ERROR)
    return [[bool(module) for module in row] for row in code.matrix]


def _draw_qr(canvas: Canvas, url: str, right: float, bottom: float) -> None:
    """Draw the address's QR code, one filled square per dark module, with its lower right corner at the point."""
    matrix = qr_matrix(url)
    size = len(matrix) * QR_MODULE
    left, top = right - size, bottom + size
    for row_index, row in enumerate(matrix):
        for column_index, dark in enumerate(row):
            if dark:
                x, y = left + column_index * QR_MODULE, top - (row_index + 1) * QR_MODULE
                canvas.rect(x, y, QR_MODULE, QR_MODULE, stroke=0, fill=1)


def _draw_school(canvas: Canvas, profile: SchoolProfile) -> None:
    """The school's logo (when it has one) in the top left corner and its name across the top."""
    logo = logo_image(profile)
    if logo is not None:
        width, height = logo.getSize()
        canvas.drawImage(logo, 20 * mm, PAGE_HEIGHT - 15 * mm - LOGO_HEIGHT, LOGO_HEIGHT * width / height, LOGO_HEIGHT)
    canvas.setFont("Helvetica-Bold", 16)
    canvas.drawCentredString(PAGE_WIDTH / 2, PAGE_HEIGHT - 25 * mm, profile.name)


def _draw_signer(canvas: Canvas, profile: SchoolProfile) -> None:
    """The signer's line, name and title (when the school names a signer), bottom right."""
    if not profile.signer:
        return
    left, right = PAGE_WIDTH - 150 * mm, PAGE_WIDTH - 80 * mm
    canvas.line(left, 45 * mm, right, 45 * mm)
    canvas.setFont("Helvetica", 12)
    canvas.drawCentredString((left + right) / 2, 39 * mm, profile.signer)
    canvas.drawCentredString((left + right) / 2, 33 * mm, profile.signer_title)


def _validity(certificate: Certificate, status: Status) -> str:
    """Until when the certificate is valid; for a revoked or expired one, when it stopped being."""
    if status is Status.REVOKED and certificate.revoked_at is not None:
        return f"revoked {day_text(timezone.localdate(certificate.revoked_at))}"
    if status is Status.EXPIRED:
        return f"expired after {day_text(certificate.expires_on)}"
    return f"valid until {day_text(certificate.expires_on)}"


def _draw_stamp(canvas: Canvas, certificate: Certificate, status: Status) -> None:
    """Across a revoked or expired certificate, the word in red, and why under the verification lines."""
    canvas.saveState()
    canvas.setFillColor(STAMP_RED)
    canvas.setFont("Helvetica-Bold", 96)
    canvas.translate(PAGE_WIDTH / 2, PAGE_HEIGHT / 2)
    canvas.rotate(20)
    canvas.drawCentredString(0, 0, status.value.upper())
    canvas.restoreState()
    canvas.setFont("Helvetica-Bold", 12)
    if status is Status.REVOKED and certificate.revoked_at is not None:
        why = f"Revoked {day_text(timezone.localdate(certificate.revoked_at))}: {certificate.revocation_reason}"
    else:
        why = f"Expired after {day_text(certificate.expires_on)}"
    canvas.drawString(25 * mm, 20 * mm, why)


def certificate_pdf(certificate: Certificate, url: str, status: Status) -> bytes:
    """The certificate on one A4 page, from the school's name to the QR; a revoked or expired one stamped so."""
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(PAGE_WIDTH, PAGE_HEIGHT), invariant=True)
    canvas.setTitle(f"Certificate {certificate.code}")
    profile = school_profile()
    canvas.setAuthor(profile.name)
    middle = PAGE_WIDTH / 2
    _draw_school(canvas, profile)
    canvas.setFont("Helvetica-Bold", 28)
    canvas.drawCentredString(middle, PAGE_HEIGHT - 40 * mm, "Certificate of dealing")
    canvas.setFont("Helvetica", 14)
    canvas.drawCentredString(middle, PAGE_HEIGHT - 55 * mm, "This certifies that")
    canvas.setFont("Helvetica-Bold", 22)
    canvas.drawCentredString(middle, PAGE_HEIGHT - 70 * mm, certificate.name_on_certificate)
    canvas.setFont("Helvetica", 14)
    canvas.drawCentredString(middle, PAGE_HEIGHT - 85 * mm, f"passed the exam {certificate.exam_name}, covering")
    line = PAGE_HEIGHT - 97 * mm
    for covered in covered_lines(certificate):
        canvas.drawCentredString(middle, line, covered)
        line -= 8 * mm
    issued = timezone.localdate(certificate.issued_at)
    canvas.setFont("Helvetica", 12)
    canvas.drawString(25 * mm, 45 * mm, f"Issued {day_text(issued)}, {_validity(certificate, status)}")
    canvas.drawString(25 * mm, 37 * mm, f"Verification code: {certificate.code}")
    canvas.drawString(25 * mm, 29 * mm, f"Verify at {url}")
    _draw_qr(canvas, url, PAGE_WIDTH - 25 * mm, 25 * mm)
    _draw_signer(canvas, profile)
    if status is not Status.VALID:
        _draw_stamp(canvas, certificate, status)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
