"""The school's URLs: each app's routes, the admin site, and the 403 page that names the role a page is for."""

from django.contrib import admin
from django.urls import include, path

from certification import urls as certification_urls
from core import urls as core_urls
from grading import urls as grading_urls
from reports import urls as reports_urls
from rules_submission import urls as rules_submission_urls
from scenarios import urls as scenarios_urls
from school import urls as school_urls
from surveillance import urls as surveillance_urls
from trainer import urls as trainer_urls

urlpatterns = [
    path("", include(core_urls)),
    path("", include(grading_urls)),
    path("", include(trainer_urls)),
    path("", include(rules_submission_urls)),
    path("", include(surveillance_urls)),
    path("", include(scenarios_urls)),
    path("", include(school_urls)),
    path("", include(certification_urls)),
    path("", include(reports_urls)),
    path("admin/", admin.site.urls),
]

handler403 = "core.refusals.refused"
