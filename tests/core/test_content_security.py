"""The Content-Security-Policy: no inline script, style or event handler runs, and the table's socket may connect."""

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from table_helpers import demo_table, make_trainee

from trainer import services
from trainer.models import Mode

pytestmark = pytest.mark.django_db

ROOT = Path(settings.BASE_DIR)
INLINE_HANDLER = re.compile(r"\son[a-z]+\s*=", re.IGNORECASE)
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\ssrc=)[^>]*>", re.IGNORECASE)
INLINE_STYLE = re.compile(r"<style|\sstyle\s*=|javascript:", re.IGNORECASE)


def policy(response):
    """The page's Content-Security-Policy as directive -> sources."""
    directives = (part.split() for part in response["Content-Security-Policy"].split(";") if part.strip())
    return {name: sources for name, *sources in directives}


def test_every_page_forbids_inline_scripts_and_styles_and_lets_the_table_connect_to_its_own_host(client):
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE)
    assert "Content-Security-Policy" in client.get(reverse("login")).headers
    client.force_login(trainee)
    for page in (reverse("home"), reverse("tables"), reverse("history"), reverse("attempt", args=[attempt.pk])):
        response = client.get(page)
        assert response.status_code == 200, page
        found = policy(response)
        assert found["script-src"] == ["'self'"], page
        assert found["style-src"] == ["'self'"], page
        assert found["default-src"] == ["'self'"] and found["object-src"] == ["'none'"], page
        assert found["connect-src"] == ["'self'", "ws://testserver"], page


def test_over_https_the_table_may_connect_only_by_wss(client, settings):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    response = client.get(reverse("login"), headers={"x-forwarded-proto": "https", "host": "localhost"})
    assert policy(response)["connect-src"] == ["'self'", "wss://localhost"]


def test_no_template_has_an_inline_event_handler_script_or_style():
    templates = sorted(ROOT.glob("*/jinja2/**/*.html"))  # templates/jinja2/ and each app's jinja2/
    assert len(templates) > 100
    for template in templates:
        text = template.read_text()
        for rule in (INLINE_HANDLER, INLINE_SCRIPT, INLINE_STYLE):
            assert not rule.search(text), f"{template.relative_to(ROOT)}: {rule.search(text)}"


def test_htmx_is_told_to_add_no_inline_styles_and_to_evaluate_nothing(client):
    page = client.get(reverse("login")).content.decode()
    meta = re.search(r"<meta name=\"htmx-config\" content='([^']*)'>", page)
    assert meta is not None
    assert json.loads(meta[1]) == {
        "includeIndicatorStyles": False,
        "allowEval": False,
        "allowScriptTags": False,
        "attributesToSettle": ["class", "width", "height"],
    }
    assert not INLINE_SCRIPT.search(page) and not INLINE_HANDLER.search(page)
