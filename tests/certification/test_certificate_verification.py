"""The public verification page and the PDF certificate: valid, expired or revoked, what it covers, nothing more;
the PDF carries the code, the verification address and a QR code of that address."""

from datetime import timedelta
from io import BytesIO, StringIO

import pypdfium2 as pdfium
import pytest
import segno
import zxingcpp
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from exam_helpers import exam_school, schedule, sit_through
from markupsafe import escape
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream

from certification.certificate_pdf import QR_ERROR
from certification.certificates import audited_write, new_code, revoke
from certification.models import Certificate
from trainer import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def certificate():
    instructor, cohort, alice, _, version = exam_school()
    sit_through(schedule(cohort, instructor, [version], name="Pai Gow dice exam"), alice)
    return Certificate.objects.get()


def test_a_code_is_128_random_bits_in_base32_that_no_spreadsheet_reads_as_a_formula():
    codes = {new_code() for _ in range(2000)}
    assert len(codes) == 2000
    for code in codes:
        assert len(code) == 26 and set(code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"), code
    assert {code[0] for code in codes} > set("ABC")


def test_anyone_without_logging_in_sees_a_valid_certificate_with_the_name_and_what_it_covers(client, certificate):
    response = client.get(reverse("verify", args=[certificate.code]))
    page = response.content.decode()
    assert response.status_code == 200
    assert "This certificate is <strong>valid</strong>" in page
    assert "Alice Liddell" in page and "Pai Gow dice exam" in page
    assert "Pai Gow Poker (§645b.1, §645b.2, §645b.3, 51 Pa.B. 5607)" in page
    assert certificate.expires_on.strftime("%b %-d, %Y") in page


def test_a_certificate_issued_before_it_named_a_dealt_base_game_reads_as_it_was_issued(client, certificate):
    with audited_write():
        earlier = Certificate.objects.create(
            code=new_code(),
            result=certificate.result,
            trainee=certificate.trainee,
            name_on_certificate=certificate.name_on_certificate,
            exam_name="Three Card Poker dealt by the trainee",
            covers=[{"game": "Three Card Poker", "sections": ["§649b.1"]}],
            issued_at=certificate.issued_at,
            expires_on=certificate.expires_on,
        )
    page = client.get(reverse("verify", args=[earlier.code])).content.decode()
    assert "<li>Three Card Poker (§649b.1, 51 Pa.B. 5607)</li>" in page
    assert "base game" not in page and "house procedure" not in page


def test_the_verification_page_tells_nothing_else_about_the_trainee(client, certificate):
    page = client.get(reverse("verify", args=[certificate.code])).content.decode()
    result = certificate.result
    for private in ("alice@example.org", ">alice<", "Evening cohort", "ivy", result.accuracy_text, "Sitting"):
        assert private not in page, private
    assert "/rounds/" not in page and "/sittings/" not in page and "/exams/" not in page


def test_a_revoked_certificate_says_revoked_with_the_reason(client, certificate):
    revoke(certificate, certificate.result.sitting.exam.scheduled_by, "Issued in error.")
    page = client.get(reverse("verify", args=[certificate.code])).content.decode()
    assert "This certificate is <strong>revoked</strong>" in page and "Reason: Issued in error." in page


def test_an_expired_certificate_says_expired(client, certificate, monkeypatch):
    later = timezone.now() + timedelta(days=400)
    monkeypatch.setattr(timezone, "now", lambda: later)
    page = client.get(reverse("verify", args=[certificate.code])).content.decode()
    assert "This certificate is <strong>expired</strong>" in page


def test_an_unknown_code_is_no_such_certificate_with_404(client, certificate):
    response = client.get(reverse("verify", args=["not-a-code"]))
    assert response.status_code == 404
    assert "No such certificate" in response.content.decode() and "Alice" not in response.content.decode()


def pdf_of(client, certificate):
    client.force_login(certificate.trainee)
    response = client.get(reverse("certificate_pdf", args=[certificate.pk]))
    return PdfReader(BytesIO(response.content))


def test_the_pdf_carries_the_name_the_exam_the_code_the_dates_as_the_pages_write_them_and_the_verification_address(
    client, certificate
):
    text = pdf_of(client, certificate).pages[0].extract_text()
    url = f"http://testserver/verify/{certificate.code}/"
    assert certificate.code in text and url in text
    assert "Alice Liddell" in text and "Pai Gow dice exam" in text and "Pai Gow Poker" in text
    expires = certificate.expires_on
    assert f"valid until {expires:%b} {expires.day}, {expires.year}" in text and expires.isoformat() not in text


def test_the_pdf_and_the_verification_page_state_the_exams_pace_under_its_game_as_the_schools_house_standard(
    client, monkeypatch
):
    monkeypatch.setattr(services, "_elapsed_ms", lambda attempt: 30_000)  # a round's 2 steps: one round in 1:00
    instructor, cohort, alice, _, version = exam_school()
    sit_through(schedule(cohort, instructor, [version], name="Pai Gow dice exam"), alice)
    certificate = Certificate.objects.get()
    line = "Pace in the exam: 60.0 rounds per hour, meeting the school's house standard of 20 (not regulation)"
    assert line in " ".join(pdf_of(client, certificate).pages[0].extract_text().split())
    client.logout()
    page = client.get(reverse("verify", args=[certificate.code])).text
    assert f"<li>Pai Gow Poker (§645b.1, §645b.2, §645b.3, 51 Pa.B. 5607)</li><li>{escape(line)}</li>" in page


def test_the_verification_address_starts_with_the_school_url_when_it_is_set(client, certificate, settings):
    settings.SCHOOL_URL = "https://school.example/"
    text = pdf_of(client, certificate).pages[0].extract_text()
    assert f"https://school.example/verify/{certificate.code}/" in text


def drawn_modules(reader):
    """The QR code as the PDF draws it, one filled square per dark module: rows of booleans."""
    page = reader.pages[0]
    squares = [
        [float(value) for value in operands]
        for operands, operator in ContentStream(page.get_contents(), reader).operations
        if operator == b"re"
    ]
    side = squares[0][2]
    left = min(x for x, _, _, _ in squares)
    top = max(y + height for _, y, _, height in squares)
    cells = {(round((top - y - height) / side), round((x - left) / side)) for x, y, _, height in squares}
    size = max(max(cell) for cell in cells) + 1
    return [[(row, column) in cells for column in range(size)] for row in range(size)]


def test_the_pdfs_qr_code_is_the_verification_address(client, certificate):
    url = f"http://testserver/verify/{certificate.code}/"
    expected = [[bool(module) for module in row] for row in segno.make_qr(url, error=QR_ERROR).matrix]
    assert drawn_modules(pdf_of(client, certificate)) == expected


def test_the_pdfs_qr_code_read_from_the_rendered_page_opens_the_verification_page(client, certificate):
    client.force_login(certificate.trainee)
    response = client.get(reverse("certificate_pdf", args=[certificate.pk]))
    page = pdfium.PdfDocument(response.content)[0].render(scale=2).to_pil()
    read = [barcode.text for barcode in zxingcpp.read_barcodes(page)]
    assert read == [f"http://testserver/verify/{certificate.code}/"]
    client.logout()
    assert "This certificate is <strong>valid</strong>" in client.get(read[0]).content.decode()


def test_the_pdf_carries_the_school_its_logo_and_its_signer(client, certificate, settings, tmp_path):
    logo = tmp_path / "logo.png"
    Image.new("RGB", (40, 20), "navy").save(logo)
    settings.SCHOOL_NAME, settings.SCHOOL_LOGO = "Keystone Dealer Academy", str(logo)
    settings.SCHOOL_SIGNER, settings.SCHOOL_SIGNER_TITLE = "Dana Whitfield", "Director of Training"
    reader = pdf_of(client, certificate)
    text = reader.pages[0].extract_text()
    assert "Keystone Dealer Academy" in text and "Dana Whitfield" in text and "Director of Training" in text
    assert len(reader.pages[0].images) == 1, "the logo"
    client.logout()
    assert "Keystone Dealer Academy" in client.get(reverse("verify", args=[certificate.code])).text


def test_without_a_signer_or_logo_the_pdf_names_the_school_alone(client, certificate):
    reader = pdf_of(client, certificate)
    assert "Dealer school" in reader.pages[0].extract_text() and not reader.pages[0].images


def test_a_revoked_certificates_pdf_is_stamped_revoked_with_the_reason(client, certificate):
    revoke(certificate, certificate.result.sitting.exam.scheduled_by, "Exam taken by someone else")
    text = pdf_of(client, certificate).pages[0].extract_text()
    assert "REVOKED" in text and "Exam taken by someone else" in text


def test_an_expired_certificates_pdf_is_stamped_expired(client, certificate, monkeypatch):
    client.force_login(certificate.trainee)
    later = timezone.now() + timedelta(days=400)
    monkeypatch.setattr(timezone, "now", lambda: later)
    text = pdf_of(client, certificate).pages[0].extract_text()
    assert "EXPIRED" in text and "REVOKED" not in text


def test_a_valid_certificates_pdf_has_no_stamp(client, certificate):
    text = pdf_of(client, certificate).pages[0].extract_text()
    assert "REVOKED" not in text and "EXPIRED" not in text


def test_the_verify_look_up_form_finds_a_certificate_by_its_code(client, certificate):
    form = client.get(reverse("verify_lookup"))
    assert form.status_code == 200 and 'name="code"' in form.text
    response = client.get(reverse("verify_lookup"), {"code": f" {certificate.code} "})
    assert response.status_code == 302 and response.url == reverse("verify", args=[certificate.code])
    unknown = client.get(reverse("verify_lookup"), {"code": "no such code!"})
    assert unknown.status_code == 404 and "No such certificate" in unknown.text


def test_the_verify_look_up_answers_a_few_times_a_minute_from_one_address(client, certificate, settings):
    settings.SCHOOL_VERIFY_LOOKUPS_PER_MINUTE = 3
    for _ in range(3):
        guess = client.get(reverse("verify_lookup"), {"code": "guess"}, REMOTE_ADDR="10.5.5.5", follow=True)
        assert guess.status_code == 404
    refused = client.get(reverse("verify_lookup"), {"code": certificate.code}, REMOTE_ADDR="10.5.5.5", follow=True)
    assert refused.status_code == 429 and "Too many look-ups" in refused.text
    other = client.get(reverse("verify_lookup"), {"code": certificate.code}, REMOTE_ADDR="10.5.5.6", follow=True)
    assert other.status_code == 200


def test_the_verify_address_shares_the_look_up_forms_limit_per_address(client, certificate, settings):
    settings.SCHOOL_VERIFY_LOOKUPS_PER_MINUTE = 4
    for number in range(2):
        assert client.get(reverse("verify", args=[f"GUESS{number}"]), REMOTE_ADDR="10.5.5.5").status_code == 404
        assert client.get(reverse("verify_lookup"), {"code": "x!y"}, REMOTE_ADDR="10.5.5.5").status_code == 404
    refused = client.get(reverse("verify", args=[certificate.code]), REMOTE_ADDR="10.5.5.5")
    assert refused.status_code == 429 and "Too many look-ups" in refused.text and "Alice" not in refused.text
    assert client.get(reverse("verify", args=[certificate.code]), REMOTE_ADDR="10.5.5.6").status_code == 200


@pytest.mark.parametrize(
    "typed",
    [
        lambda code: code.lower(),
        lambda code: " ".join(code[start : start + 4] for start in range(0, len(code), 4)),
        lambda code: "-".join(code[start : start + 5] for start in range(0, len(code), 5)).lower(),
        lambda code: f"  {code[:13]} - {code[13:]}  ",
    ],
    ids=["lower case", "groups of four", "dashes in lower case", "padded"],
)
def test_verify_finds_a_code_as_people_type_it(client, certificate, typed):
    looked_up = client.get(reverse("verify_lookup"), {"code": typed(certificate.code)}, follow=True)
    assert looked_up.status_code == 200 and "This certificate is <strong>valid</strong>" in looked_up.text
    addressed = client.get(reverse("verify", args=[typed(certificate.code).strip()]))
    assert addressed.status_code == 200 and "Alice Liddell" in addressed.text


def test_verify_finds_a_code_issued_before_base32_only_as_issued(client, certificate):
    Certificate.objects.filter(pk=certificate.pk).update(code="a-Mixed_Case-token-urlsafe")
    assert client.get(reverse("verify", args=["a-Mixed_Case-token-urlsafe"])).status_code == 200
    assert client.get(reverse("verify", args=["A-MIXED_CASE-TOKEN-URLSAFE"])).status_code == 404


def test_verify_refuses_an_overlong_code_as_unknown(client, certificate):
    response = client.get(reverse("verify", args=[certificate.code + " " * 100 + "x"]))
    assert response.status_code == 404 and "No such certificate" in response.text


def text_positions(page):
    """Each piece of the page's text with its (x, y) on the page, in points from the lower left."""
    pieces = []
    page.extract_text(visitor_text=lambda text, cm, tm, *_: pieces.append((text, cm[4] + tm[4], cm[5] + tm[5])))
    return pieces


def test_the_look_up_page_says_where_the_pdf_prints_the_code(client, certificate):
    page = pdf_of(client, certificate).pages[0]
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    (x, y), *_ = [(x, y) for text, x, y in text_positions(page) if certificate.code in text]
    assert x < width / 3 and y < height / 4, "the code is printed at the bottom left"
    client.logout()
    form = client.get(reverse("verify_lookup")).text
    assert "bottom left of the certificate" in form and "QR code" not in form


def test_serving_beyond_this_machine_without_a_school_url_warns(settings, db):
    settings.SCHOOL_URL = ""
    warned, quiet = StringIO(), StringIO()
    call_command("school", "--no-serve", "--host", "0.0.0.0", stdout=StringIO(), stderr=warned)
    call_command("school", "--no-serve", "--host", "127.0.0.1", stdout=StringIO(), stderr=quiet)
    assert "DJANGO_SCHOOL_URL is not set" in warned.getvalue() and quiet.getvalue() == ""


def test_a_revoked_certificate_no_longer_says_valid_until_on_any_page_or_its_pdf(client, certificate):
    revoke(certificate, certificate.result.sitting.exam.scheduled_by, "Issued in error.")
    revoked_on = f"{timezone.localdate():%b} {timezone.localdate().day}, {timezone.localdate().year}"
    client.force_login(certificate.trainee)
    pages = [
        client.get(reverse("verify", args=[certificate.code])).content.decode(),
        client.get(reverse("exams")).content.decode(),
        client.get(reverse("my_record")).content.decode(),
    ]
    for page in pages:
        assert "valid until" not in page.lower() and "revoked" in page.lower()
    assert f"<dt>Revoked on</dt><dd>{revoked_on}</dd>" in pages[0]
    text = pdf_of(client, certificate).pages[0].extract_text()
    assert "valid until" not in text and "revoked" in text
