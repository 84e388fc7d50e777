"""The school's profile: an administrator's page for the name, logo and signer, defaulting to the environment's;
every page's header names the school, and certificates carry the profile."""

from io import BytesIO

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from exam_helpers import exam_school, schedule, sit_through
from markupsafe import escape
from PIL import Image
from pypdf import PdfReader
from table_helpers import make_instructor, make_trainee, make_user

from certification.models import Certificate
from core.models import SchoolProfile
from core.pace_standards import MAX_ROUNDS_PER_HOUR, PACE_FAMILIES, family_of
from core.roles import Role
from core.school_profile import school_pace_standards
from rules_submission.submission import default_label
from simulator.games import GAMES

pytestmark = pytest.mark.django_db

BRAND = '<a class="brand" href="/">{}</a>'


def png(colour: str = "navy") -> SimpleUploadedFile:
    """A small PNG logo as an upload."""
    image = BytesIO()
    Image.new("RGB", (40, 20), colour).save(image, "PNG")
    return SimpleUploadedFile("logo.png", image.getvalue(), content_type="image/png")


@pytest.fixture
def administrator(client):
    user = make_user("ada", Role.SCHOOL_ADMINISTRATOR)
    client.force_login(user)
    return user


def save(client, **fields):
    data = {"name": "Keystone Dealer Academy", "signer": "Dana Whitfield", "signer_title": "Director of Training"}
    return client.post(reverse("school_profile"), data | fields)


def test_until_saved_the_profile_is_the_environments_and_the_header_names_the_school(client, administrator, settings):
    settings.SCHOOL_NAME, settings.SCHOOL_SIGNER = "Erie Gaming School", "Pat Lee"
    page = client.get(reverse("school_profile")).text
    assert BRAND.format("Erie Gaming School") in page and 'value="Pat Lee"' in page and "Not saved yet" in page
    assert not SchoolProfile.objects.exists()


def test_an_administrator_saves_the_profile_which_every_page_and_certificate_then_names(client, administrator):
    instructor, cohort, alice, _, version = exam_school()
    sit_through(schedule(cohort, instructor, [version], name="Pai Gow dice exam"), alice)
    assert save(client, logo_file=png()).status_code == 302
    saved = SchoolProfile.objects.get()
    assert saved.saved_by == administrator and bytes(saved.logo).startswith(b"\x89PNG")
    assert BRAND.format("Keystone Dealer Academy") in client.get(reverse("rules_submission")).text
    assert default_label() == "Default (not yet approved by Keystone Dealer Academy)"
    client.force_login(alice)
    assert BRAND.format("Keystone Dealer Academy") in client.get(reverse("home")).text
    certificate = Certificate.objects.get()
    pdf = PdfReader(BytesIO(client.get(reverse("certificate_pdf", args=[certificate.pk])).content)).pages[0]
    text = pdf.extract_text()
    assert "Keystone Dealer Academy" in text and "Dana Whitfield" in text and "Director of Training" in text
    assert len(pdf.images) == 1, "the logo"
    client.logout()
    assert "Keystone Dealer Academy" in client.get(reverse("verify", args=[certificate.code])).text


def test_a_logo_is_kept_when_none_is_sent_and_removed_when_asked(client, administrator):
    save(client, logo_file=png())
    save(client)
    assert SchoolProfile.objects.get().logo
    save(client, remove_logo="on")
    assert not SchoolProfile.objects.get().logo


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"logo_file": SimpleUploadedFile("logo.png", b"not an image")}, "logo_file", "not a PNG or JPEG image"),
        ({"logo_file": SimpleUploadedFile("big.png", b"\x89PNG" + b"0" * 600_000)}, "logo_file", "512 KB at most"),
        ({"name": ""}, "name", "This field is required."),
        ({"name": "N" * 121}, "name", "at most 120 characters"),
    ],
)
def test_a_bad_field_is_refused_beside_it_and_nothing_is_saved(client, administrator, fields, field, message):
    response = save(client, **fields)
    assert response.status_code == 400
    assert message in response.text and f'id="id_{field}_error"' in response.text
    assert not SchoolProfile.objects.exists()


def test_only_a_school_administrator_opens_the_profile(client):
    for user in (make_trainee(), make_instructor()):
        client.force_login(user)
        assert client.get(reverse("school_profile")).status_code == 403
        assert client.post(reverse("school_profile"), {"name": "Mine"}).status_code == 403
    assert not SchoolProfile.objects.exists()


def test_every_game_has_one_pace_family_whose_default_is_its_standard_until_the_school_sets_one():
    for key in GAMES:
        assert sum(key in family.games for family in PACE_FAMILIES) == 1, key
    assert school_pace_standards() == {key: family_of(key).rounds_per_hour for key in GAMES}


def test_the_profile_page_offers_each_games_pace_standard_as_the_schools_house_standard(client, administrator):
    page = client.get(reverse("school_profile")).text
    assert "The school's house standard, not regulation" in page
    for key, game in GAMES.items():
        assert f'name="pace_{key}"' in page and f'placeholder="{family_of(key).rounds_per_hour}"' in page
        assert escape(f"{game.name} (rounds per hour)") in page


def test_an_administrator_sets_a_games_pace_standard_and_only_a_standard_off_its_default_is_kept(client, administrator):
    blackjack = family_of("down-under-blackjack").rounds_per_hour
    assert save(client, **{"pace_pai-gow-poker": "25", "pace_down-under-blackjack": str(blackjack)}).status_code == 302
    assert SchoolProfile.objects.get().pace_standards == {"pai-gow-poker": 25}
    assert school_pace_standards()["pai-gow-poker"] == 25
    assert 'value="25"' in client.get(reverse("school_profile")).text
    save(client, **{"pace_pai-gow-poker": ""})
    assert SchoolProfile.objects.get().pace_standards == {}


@pytest.mark.parametrize("typed", ["0", str(MAX_ROUNDS_PER_HOUR + 1), "2.5", "-3", "twenty", "٥"])
def test_a_pace_standard_that_is_not_whole_rounds_per_hour_is_refused_beside_it_and_nothing_is_saved(
    client, administrator, typed
):
    response = save(client, **{"pace_three-card-poker": typed})
    assert response.status_code == 400 and 'id="id_pace_three-card-poker_error"' in response.text
    assert "The pace standard of Three Card Poker is whole rounds per hour from 1 to" in response.text
    assert not SchoolProfile.objects.exists()


@pytest.mark.parametrize(
    ("standards", "fault"),
    [
        ({"no-such-game": 20}, "is not a game of the school"),
        ({"pai-gow-poker": 0}, "from 1 to"),
        (["pai-gow-poker"], "JSON object"),
    ],
)
def test_the_profiles_pace_standards_refuse_an_unknown_game_or_a_rate_out_of_bounds(standards, fault):
    with pytest.raises(ValidationError, match=fault):
        SchoolProfile(name="School", pace_standards=standards).full_clean()
