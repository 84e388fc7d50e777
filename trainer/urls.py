"""URL routes of the dealer school."""

from django.contrib import admin
from django.urls import include, path

from trainer import provenance_views, rules_submission_views, views

urlpatterns = [
    path("tables/", views.tables, name="tables"),
    path("tables/<int:table_id>/deal/", views.deal, name="deal"),
    path("rounds/<int:attempt_id>/", views.attempt, name="attempt"),
    path("history/", views.history, name="history"),
    path("provenance/", provenance_views.provenance_legend, name="provenance"),
    path("rules-submission/", rules_submission_views.rules_submission, name="rules_submission"),
    path("rules-submission/paytables/<str:kind>/", rules_submission_views.filed_paytable, name="filed_paytable"),
    path("rules-submission/house/<slug:slug>/", rules_submission_views.house_wording, name="house_wording"),
    path("", include("scenarios.urls")),
    path("", include("school.urls")),
    path("", include("certification.urls")),
    path("", include("reports.urls")),
    path("admin/", admin.site.urls),
]
