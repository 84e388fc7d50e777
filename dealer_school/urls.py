"""The school's URLs: each app's routes, and the admin site."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("trainer.urls")),
    path("", include("scenarios.urls")),
    path("", include("school.urls")),
    path("", include("certification.urls")),
    path("", include("reports.urls")),
    path("admin/", admin.site.urls),
]
