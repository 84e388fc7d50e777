"""Importing trainees from a CSV: every row checked, a preview first, then all of them created or none."""

import csv
import io
import re

import pytest
from django.conf import global_settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import get_hasher, identify_hasher
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from table_helpers import make_instructor, make_trainee

from core.roles import Role
from school.first_passwords import FirstPasswordHasher
from school.models import Cohort
from school.roster import MAX_IMPORT_ROWS

pytestmark = [pytest.mark.storage, pytest.mark.django_db]

PASSWORD_ROW = re.compile(r'<th scope="row">([^<]+)</th><td><code class="password">([^<]+)</code>')
THREE = "name,email\nAda Lovelace,ada@example.org\nGrace Hopper,grace@example.org\nAlan Turing,alan@example.org\n"


@pytest.fixture
def cohort(client):
    """Ivy's cohort, with Ivy logged in; the school already has Alice (alice@example.org)."""
    ivy = make_instructor("ivy")
    alice = make_trainee("alice")
    alice.email = "alice@example.org"
    alice.save()
    cohort = Cohort.objects.create(name="Evening class")
    cohort.instructors.add(ivy)
    client.force_login(ivy)
    return cohort


def preview(client, cohort, text):
    return client.post(reverse("import_roster", args=[cohort.pk]), {"text": text})


def confirm(client, cohort, text):
    return client.post(reverse("confirm_import", args=[cohort.pk]), {"text": text})


def test_the_preview_lists_what_will_be_created_and_creates_nothing(client, cohort):
    users = get_user_model().objects.count()
    response = preview(client, cohort, THREE)
    assert response.status_code == 200
    assert "These 3 trainee accounts will be created" in response.text
    for address in ("ada@example.org", "grace@example.org", "alan@example.org"):
        assert address in response.text
    assert "Create the 3 accounts" in response.text
    assert get_user_model().objects.count() == users


def test_confirming_creates_every_trainee_in_the_cohort_and_shows_each_password_once(client, cohort):
    response = confirm(client, cohort, THREE)
    assert response.status_code == 200 and "no-store" in response["Cache-Control"]
    passwords = dict(PASSWORD_ROW.findall(response.text))
    assert sorted(passwords) == ["ada@example.org", "alan@example.org", "grace@example.org"]
    for username, password in passwords.items():
        trainee = cohort.trainees.get(username=username)
        assert trainee.email == username and trainee.check_password(password)
        assert trainee.groups.filter(name=Role.TRAINEE).exists()
    assert cohort.trainees.get(username="ada@example.org").get_full_name() == "Ada Lovelace"
    page = client.get(reverse("cohort", args=[cohort.pk])).text
    assert not any(password in page for password in passwords.values())


def test_an_uploaded_file_is_read_like_pasted_text(client, cohort):
    upload = SimpleUploadedFile("trainees.csv", ("\ufeff" + THREE).encode(), content_type="text/csv")
    response = client.post(reverse("import_roster", args=[cohort.pk]), {"file": upload})
    assert response.status_code == 200 and "These 3 trainee accounts will be created" in response.text


def test_a_file_that_is_not_utf8_is_refused(client, cohort):
    upload = SimpleUploadedFile("trainees.csv", "name,email\nZoë,zoe@example.org\n".encode("utf-16"))
    response = client.post(reverse("import_roster", args=[cohort.pk]), {"file": upload})
    assert response.status_code == 400 and "not UTF-8" in response.text


def test_nothing_sent_is_refused(client, cohort):
    response = preview(client, cohort, "  ")
    assert response.status_code == 400 and "Choose a CSV file or paste one" in response.text


@pytest.mark.parametrize(
    ("text", "error"),
    [
        (THREE + ",nobody@example.org\n", "The name is empty."),
        (THREE + "Bob,bob-at-example.org\n", "bob-at-example.org is not an e-mail address."),
        (THREE + "Bob,\n", "The e-mail address is not an e-mail address."),
        (THREE + "Bob,bob@example.org\nRobert,BOB@example.org\n", "BOB@example.org is in the file twice."),
        (THREE + "Alice Again,Alice@Example.org\n", "Alice@Example.org already belongs to an account"),
        (THREE + "Bob,bob@example.org,extra\n", "The row has 3 columns, not 2."),
        (THREE + "=1+1,formula@example.org\n", "The name starts with =, which a spreadsheet reads as a formula"),
        (THREE + "@SUM(A1),at@example.org\n", "The name starts with @"),
        (THREE + "N" * 400 + ",long@example.org\n", "The name is 400 characters long; a name has 150 at most."),
        (THREE + "Bob," + "b" * 150 + "@example.org\n", "too long to be a username"),
        ("email,name\nbob@example.org,Bob\n", "The first row must be the header name,email"),
        ("name,email\n", "The file has no trainees below its header."),
        (
            "name,email\n" + "".join(f"T{n},t{n}@example.org\n" for n in range(MAX_IMPORT_ROWS + 1)),
            f"The file has {MAX_IMPORT_ROWS + 1} trainees; one import creates at most {MAX_IMPORT_ROWS}.",
        ),
    ],
)
def test_a_wrong_row_is_shown_with_its_reason_and_confirming_creates_nothing(client, cohort, text, error):
    users = get_user_model().objects.count()
    shown = preview(client, cohort, text)
    assert shown.status_code == 400
    assert error in shown.text.replace("&#39;", "'")
    assert "Nothing can be created" in shown.text and "Create the" not in shown.text
    refused = confirm(client, cohort, text)
    assert refused.status_code == 400 and error in refused.text.replace("&#39;", "'")
    assert get_user_model().objects.count() == users
    assert not cohort.trainees.exists()


def test_a_pasted_csv_longer_than_a_file_may_be_is_refused_unread(client, cohort):
    text = "name,email\n" + "N" * 100_000 + ",long@example.org\n"
    for response in (preview(client, cohort, text), confirm(client, cohort, text)):
        assert response.status_code == 400 and "at most 100000 characters" in response.text
    assert not cohort.trainees.exists()


def test_names_import_as_first_last_or_last_comma_first(client, cohort):
    text = 'name,email\n"O\'Brien, Sean",sean@example.org\nMaria de la Cruz,maria@example.org\n'
    assert confirm(client, cohort, text).status_code == 200
    sean, maria = (get_user_model().objects.get(email=email) for email in ("sean@example.org", "maria@example.org"))
    assert (sean.first_name, sean.last_name) == ("Sean", "O'Brien")
    assert (maria.first_name, maria.last_name) == ("Maria", "de la Cruz")


def test_a_new_trainee_named_as_a_formula_is_refused(client, cohort):
    fields = {"username": "carol", "name": "=HYPERLINK(1)", "email": "carol@example.org"}
    response = client.post(reverse("new_trainee", args=[cohort.pk]), fields)
    assert response.status_code == 400 and "reads as a formula" in response.text
    assert not get_user_model().objects.filter(username="carol").exists()


def test_the_imported_passwords_download_once_as_csv_then_are_gone(client, cohort):
    shown = dict(PASSWORD_ROW.findall(confirm(client, cohort, THREE).text))
    sheet = client.get(reverse("password_sheet", args=[cohort.pk]))
    assert sheet.status_code == 200 and "no-store" in sheet["Cache-Control"]
    assert sheet["Content-Disposition"].startswith("attachment")
    rows = list(csv.DictReader(io.StringIO(sheet.content.decode())))
    assert {row["username"]: row["password"] for row in rows} == shown
    assert {row["name"] for row in rows} == {"Ada Lovelace", "Grace Hopper", "Alan Turing"}
    again = client.get(reverse("password_sheet", args=[cohort.pk]))
    assert again.status_code == 410 and "gone" in again.text
    assert not any(password in again.text for password in shown.values())
    assert confirm(client, cohort, THREE).status_code == 400, "a second import of the file shows no password"


def test_a_first_password_is_hashed_cheaply_logs_in_must_be_changed_and_the_new_one_uses_the_default(
    client, cohort, settings
):
    settings.PASSWORD_HASHERS = [global_settings.PASSWORD_HASHERS[0], "school.first_passwords.FirstPasswordHasher"]
    username, password = PASSWORD_ROW.findall(
        confirm(client, cohort, "name,email\nAda Lovelace,ada@example.org\n").text
    )[0]
    ada = cohort.trainees.get(username=username)
    assert identify_hasher(ada.password).algorithm == FirstPasswordHasher.algorithm
    client.logout()
    assert client.post(reverse("login"), {"username": username, "password": password}).status_code == 302
    assert client.get(reverse("home")).url == reverse("password_change")
    new = {"old_password": password, "new_password1": "felt-and-dice-42", "new_password2": "felt-and-dice-42"}
    assert client.post(reverse("password_change"), new).status_code == 302
    ada.refresh_from_db()
    assert identify_hasher(ada.password).algorithm == get_hasher().algorithm != FirstPasswordHasher.algorithm
    assert client.get(reverse("home")).status_code == 200


def test_a_first_password_that_may_stay_uses_the_default_hasher(client, cohort, settings):
    settings.FIRST_PASSWORD_CHANGE = False
    confirm(client, cohort, "name,email\nAda Lovelace,ada@example.org\n")
    assert identify_hasher(cohort.trainees.get().password).algorithm == get_hasher().algorithm
