"""The administrator's page of the school's profile: the name in every page's header and on certificates."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from core.refusals import RoleRefused
from core.requests import SchoolRequest
from core.roles import Role, is_school_administrator
from core.school_profile import school_profile
from core.school_profile_forms import PaceStandardsForm, SchoolProfileForm


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def school_profile_page(request: SchoolRequest) -> HttpResponse:
    """The school's name, logo, signer and pace standards, as saved or (until saved) the environment's and defaults."""
    if not is_school_administrator(request.user):
        raise RoleRefused("The school's profile is for school administrators.", Role.SCHOOL_ADMINISTRATOR)
    profile = school_profile()
    form = SchoolProfileForm(request.POST or None, request.FILES or None, instance=profile)
    pace_form = PaceStandardsForm(request.POST or None, standards=profile.pace_standards)
    if request.method == "POST" and all([form.is_valid(), pace_form.is_valid()]):
        saved = form.save(commit=False)
        saved.pace_standards = pace_form.standards()
        saved.saved_by = request.user
        saved.save()
        messages.success(request, "Saved the school's profile: pages and certificates use it from now on.")
        return redirect("school_profile")
    context = {"form": form, "pace_form": pace_form, "profile": profile, "saved": profile.pk is not None}
    return render(request, "core/school_profile.html", context, status=400 if form.errors or pace_form.errors else 200)
