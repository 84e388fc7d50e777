"""The site header's navigation and the home page's greeting: each role finds its pages, and every link opens."""

import re

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from table_helpers import make_instructor, make_trainee, make_user

from core.refusals import refused
from core.roles import Role

pytestmark = pytest.mark.django_db

NAV = re.compile(r'<nav class="site-nav" aria-label="School">(.*?)</nav>', re.S)
EVERY_ROLE = ["Tables", "Your history", "Drill library", "My mistakes"]
"""The header's first links, offered to anyone with a role at the school."""
LINK = re.compile(r'<a href="([^"]+)"[^>]*>([^<]+)</a>')


def header_links(client):
    """The header's links on the home page, as (words, address) pairs."""
    nav = NAV.search(client.get(reverse("home")).content.decode())
    return [(label, url) for url, label in LINK.findall(nav.group(1))] if nav else []


def school_administrator():
    user = make_user("ada", Role.SCHOOL_ADMINISTRATOR)
    user.is_staff = True
    user.save()
    return user


@pytest.mark.parametrize(
    ("make", "labels"),
    [
        (make_trainee, [*EVERY_ROLE, "My record", "Exams"]),
        (make_instructor, [*EVERY_ROLE, "Cohorts", "Scenarios", "Exams", "Records"]),
        (
            school_administrator,
            [*EVERY_ROLE, "Cohorts", "Exams", "Records", "Rules Submission", "School profile", "School administration"],
        ),
    ],
)
def test_the_header_offers_each_role_its_pages_and_every_link_opens_for_it(client, make, labels):
    client.force_login(make())
    links = header_links(client)
    assert [label for label, _ in links] == labels
    for label, url in links:
        assert client.get(url).status_code == 200, label


def test_the_header_offers_nothing_to_someone_without_a_role_or_signed_out(client):
    assert header_links(client) == []
    client.force_login(make_user("nobody"))
    assert header_links(client) == []


def test_the_header_marks_the_page_being_shown(client):
    client.force_login(make_instructor())
    page = client.get(reverse("cohorts")).content.decode()
    assert '<a href="/cohorts/" aria-current="page">Cohorts</a>' in page
    assert '<a href="/scenarios/">Scenarios</a>' in page
    mistakes = client.get(reverse("my_mistakes")).content.decode()
    assert '<a href="/drills/mistakes/" aria-current="page">My mistakes</a>' in mistakes
    assert '<a href="/drills/">Drill library</a>' in mistakes, "only the longest address the page is under is current"


def test_the_home_page_greets_a_trainee_by_name_and_by_username_when_there_is_none(client):
    imported = make_trainee("ada@example.com")
    imported.first_name, imported.last_name = "Ada", "Lovelace"
    imported.save()
    client.force_login(imported)
    assert "<h1>Welcome, Ada Lovelace</h1>" in client.get(reverse("home")).content.decode()
    client.force_login(make_trainee("trainee1"))
    assert "<h1>Welcome, trainee1</h1>" in client.get(reverse("home")).content.decode()


def test_the_home_pages_list_of_what_you_can_do_offers_the_exams_and_to_teachers_the_records(client):
    client.force_login(make_trainee())
    trainee_home = client.get(reverse("home")).content.decode().split("What you can do")[1]
    assert '<a href="/exams/">Exams</a>: sit the exams' in trainee_home and "/exports/" not in trainee_home
    client.force_login(make_instructor())
    instructor_home = client.get(reverse("home")).content.decode().split("What you can do")[1]
    assert '<a href="/exams/">Exams</a>: schedule an exam' in instructor_home
    assert '<a href="/exports/">Records</a>' in instructor_home


def test_a_refused_page_says_it_is_for_another_role_which_one_and_why_and_leads_back_home(client):
    client.force_login(make_trainee())
    response = client.get(reverse("scenarios"))
    page = response.content.decode()
    assert response.status_code == 403
    assert "<title>For instructors, not your role · Dealer school</title>" in page
    assert page.count("<h1") == 1 and "<h1>This page is for another role</h1>" in page
    assert "It is for instructors, and your role at the school does not open it." in page
    assert "Only instructors build scenarios." in page and '<a href="/">Back to the start page</a>' in page
    assert '<nav class="site-nav" aria-label="School">' in page


def test_a_refused_page_names_every_role_it_is_for(client):
    client.force_login(make_user("nobody"))
    page = client.get(reverse("tables")).content.decode()
    assert "It is for trainees, instructors and school administrators, and your role" in page
    assert "Ask an instructor for a role at the school." in page


def test_a_page_refused_for_another_reason_than_the_role_says_why_without_naming_a_role(client, rf):
    response = refused(rf.get("/"), PermissionDenied("This scenario is dealt in an open exam."))
    page = response.content.decode()
    assert response.status_code == 403 and "<title>Not open to you · Dealer school</title>" in page
    assert page.count("<h1") == 1 and "<h1>This page is not open to you</h1>" in page
    assert "This scenario is dealt in an open exam." in page and "role" not in page.split("<main")[-1]


def test_a_missing_page_leads_back_home_under_the_schools_header(client):
    client.force_login(make_trainee())
    response = client.get(reverse("attempt", args=[999]))
    page = response.content.decode()
    assert response.status_code == 404 and "<h1>Not found</h1>" in page
    assert '<a href="/">Back to the start page</a>' in page and 'aria-label="School"' in page


def test_no_template_comment_is_shown_as_text_on_a_page(client):
    client.force_login(make_trainee())
    page = client.get(reverse("home")).content.decode()
    assert "{#" not in page and "#}" not in page and "Content-Security-Policy allows" not in page
