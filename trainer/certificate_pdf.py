"""A certificate as a one-page PDF (ReportLab) with its verification address and a QR code of it (segno)."""

from io import BytesIO

import segno
from django.utils import timezone
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from trainer.days import day_text
from trainer.models import Certificate

PAGE_WIDTH, PAGE_HEIGHT = landscape(A4)
QR_MODULE = 1.6 * mm
"""The side of one QR module on the page: a 25-module code is 4 cm wide, at ease for a phone."""
QR_ERROR = "m"
"""The QR code's error correction level (medium: 15% of it may be lost)."""


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


def certificate_pdf(certificate: Certificate, url: str) -> bytes:
    """The certificate on one landscape A4 page: who, which exam, what it covers, when, the code, the address, a QR."""
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(PAGE_WIDTH, PAGE_HEIGHT), invariant=True)
    canvas.setTitle(f"Certificate {certificate.code}")
    canvas.setAuthor("Dealer school")
    middle = PAGE_WIDTH / 2
    canvas.setFont("Helvetica-Bold", 28)
    canvas.drawCentredString(middle, PAGE_HEIGHT - 40 * mm, "Certificate of dealing")
    canvas.setFont("Helvetica", 14)
    canvas.drawCentredString(middle, PAGE_HEIGHT - 55 * mm, "This certifies that")
    canvas.setFont("Helvetica-Bold", 22)
    canvas.drawCentredString(middle, PAGE_HEIGHT - 70 * mm, certificate.name_on_certificate)
    canvas.setFont("Helvetica", 14)
    canvas.drawCentredString(middle, PAGE_HEIGHT - 85 * mm, f"passed the exam {certificate.exam_name}, covering")
    line = PAGE_HEIGHT - 97 * mm
    for covered in certificate.covers:
        canvas.drawCentredString(middle, line, f"{covered['game']} ({', '.join(covered['sections'])}, 51 Pa.B. 5607)")
        line -= 8 * mm
    issued = timezone.localdate(certificate.issued_at)
    canvas.setFont("Helvetica", 12)
    canvas.drawString(25 * mm, 45 * mm, f"Issued {day_text(issued)}, valid until {day_text(certificate.expires_on)}")
    canvas.drawString(25 * mm, 37 * mm, f"Verification code: {certificate.code}")
    canvas.drawString(25 * mm, 29 * mm, f"Verify at {url}")
    _draw_qr(canvas, url, PAGE_WIDTH - 25 * mm, 25 * mm)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
