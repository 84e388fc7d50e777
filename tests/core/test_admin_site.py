"""The Django admin site names itself as the school's administration, on every page of it."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_the_admin_site_is_headed_dealer_school_administration_and_titled_dealer_school(client):
    client.force_login(get_user_model().objects.create_superuser("root", password="pw"))
    page = client.get(reverse("admin:index")).text
    assert "Dealer school administration" in page
    assert "<title>Site administration | Dealer school</title>" in page
