"""URL routes of what every app shares: the school's profile."""

from django.urls import path

from core import school_profile_views

urlpatterns = [
    path("school-profile/", school_profile_views.school_profile_page, name="school_profile"),
]
