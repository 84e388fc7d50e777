import re
from html import unescape

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from table_helpers import demo_table

from simulator.games import GAMES
from trainer import services
from trainer.models import Mode, Table

pytestmark = pytest.mark.django_db


def log_in(client, username, password):
    return client.post(reverse("login"), {"username": username, "password": password})


def test_it_redirects_anonymous_users_from_home_to_login(client):
    response = client.get(reverse("home"))
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('login')}?next=/"


def test_it_logs_a_demo_trainee_in(client, demo_passwords):
    response = log_in(client, "trainee1", demo_passwords["trainee1"])
    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    home = client.get(reverse("home"))
    assert home.status_code == 200
    assert "trainee1" in home.text
    assert "Trainee" in home.text


def test_it_refuses_a_wrong_password(client, demo_passwords):
    response = log_in(client, "trainee1", demo_passwords["trainee1"] + "x")
    assert response.status_code == 200
    assert "didn't match" in response.text
    assert client.get(reverse("home")).status_code == 302


def test_it_shows_the_admin_to_school_administrators_only(client, demo_passwords):
    log_in(client, "admin1", demo_passwords["admin1"])
    assert reverse("admin:index") in client.get(reverse("home")).text
    assert client.get(reverse("admin:auth_user_changelist")).status_code == 200
    assert client.get(reverse("admin:axes_accessattempt_changelist")).status_code == 200
    for username in ("instructor1", "trainee1"):
        client.post(reverse("logout"))
        log_in(client, username, demo_passwords[username])
        assert reverse("admin:index") not in client.get(reverse("home")).text
        assert client.get(reverse("admin:index")).status_code == 302, "the admin sends them to its own login"


def test_it_logs_out_with_a_post(client, demo_passwords):
    log_in(client, "trainee2", demo_passwords["trainee2"])
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert response["Location"] == reverse("login")
    assert client.get(reverse("home")).status_code == 302


def test_it_loads_htmx_2_and_its_ws_extension_from_static_files(client):
    page = client.get(reverse("login")).text
    for name, suffix in (("django_htmx/htmx-2.min", "js"), ("django_htmx/ext/hx-ws-2.min", "js"), ("css/base", "css")):
        assert re.search(rf'"/static/{re.escape(name)}\.[0-9a-f]{{12}}\.{suffix}"', page), name
    assert "https://" not in page


def test_it_lists_the_tables_under_one_heading_per_game_in_the_registrys_order(client, demo_passwords):
    log_in(client, "trainee1", demo_passwords["trainee1"])
    page = client.get(reverse("tables")).text
    main = page.split("<main>", 1)[1]
    groups = re.findall(r'<h3>(.*?)</h3>\s*<ul class="table-list">(.*?)</ul>', main, re.DOTALL)
    listed = [
        (unescape(heading), [unescape(name) for name in re.findall(r"<strong>(.*?)</strong>", cards)])
        for heading, cards in groups
    ]
    expected = [
        (
            game.name,
            [table.name for table in Table.objects.filter(game=key, scenario_version__isnull=True).order_by("pk")],
        )
        for key, game in GAMES.items()
    ]
    assert listed == expected
    first_table = Table.objects.filter(game=next(iter(GAMES))).order_by("pk").first()
    assert re.search(r'<form method="post" action="([^"]+)"', main)[1] == reverse("deal", args=[first_table.pk])


def test_the_history_names_the_time_zone_of_every_time(client, demo_passwords, settings):
    settings.TIME_ZONE = "America/New_York"
    log_in(client, "trainee1", demo_passwords["trainee1"])
    trainee = get_user_model().objects.get(username="trainee1")
    services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=1)
    page = client.get(reverse("history")).content.decode()
    assert re.search(r"\d\d:\d\d E[SD]T<", page), "a time without its zone"
