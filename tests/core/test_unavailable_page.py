"""A page the database cannot serve answers 503 "briefly unavailable", with a link to try again, never 500."""

import pytest
from django.db import OperationalError, connection
from django.urls import reverse
from table_helpers import make_trainee

from core.unavailable import RETRY_AFTER_SECONDS

pytestmark = [pytest.mark.storage, pytest.mark.django_db]


def refuse(execute, sql, params, many, context):
    """Fail every query as a database that does not answer does."""
    raise OperationalError("connection to server at 127.0.0.1, port 5432 failed: Connection refused")


@pytest.mark.parametrize(
    ("method", "address"),
    [("get", reverse("tables")), ("get", reverse("history") + "?page=2"), ("post", reverse("login"))],
)
def test_a_page_the_database_cannot_serve_says_the_school_is_briefly_unavailable_with_a_link_to_try_again(
    client, method, address
):
    client.force_login(make_trainee("alice"))
    with connection.execute_wrapper(refuse):
        response = getattr(client, method)(address)
    assert response.status_code == 503
    assert response["Retry-After"] == str(RETRY_AFTER_SECONDS)
    assert "Content-Security-Policy" in response
    page = response.text
    assert "<h1>The school is briefly unavailable</h1>" in page
    assert f'<a href="{address.replace("&", "&amp;")}">Try again</a>' in page
    assert '<html lang="en">' in page and "<title>Briefly unavailable · Dealer school</title>" in page


def test_the_same_page_opens_once_the_database_answers_again(client):
    client.force_login(make_trainee("alice"))
    with connection.execute_wrapper(refuse):
        assert client.get(reverse("tables")).status_code == 503
    assert client.get(reverse("tables")).status_code == 200


def test_any_other_error_is_not_taken_for_the_database_being_down(client, monkeypatch):
    client.force_login(make_trainee("alice"))
    monkeypatch.setattr("trainer.views.services.open_tables", lambda: 1 / 0)
    client.raise_request_exception = False
    assert client.get(reverse("tables")).status_code == 500
