"""Function views of the dealer school."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from trainer.models import Role, has_role


@require_GET
@login_required
def home(request: HttpRequest) -> HttpResponse:
    """List what the signed-in user can do at the school."""
    roles = [role.label for role in Role if has_role(request.user, role)]
    return render(request, "trainer/home.html", {"roles": roles})
