"""The request every signed-in view of the school takes."""

from django.contrib.auth.models import User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class SchoolRequest(HttpRequest):
    """A request to a view behind ``login_required``: its user is signed in; django-htmx adds ``htmx``."""

    user: User
    htmx: HtmxDetails
