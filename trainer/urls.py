"""URL routes of the training table: the tables, a round, the history and the rules submission."""

from django.urls import path

from trainer import provenance_views, rules_submission_views, school_profile_views, views

urlpatterns = [
    path("tables/", views.tables, name="tables"),
    path("tables/<int:table_id>/deal/", views.deal, name="deal"),
    path("rounds/<int:attempt_id>/", views.attempt, name="attempt"),
    path("history/", views.history, name="history"),
    path("provenance/", provenance_views.provenance_legend, name="provenance"),
    path("rules-submission/", rules_submission_views.rules_submission, name="rules_submission"),
    path("school-profile/", school_profile_views.school_profile_page, name="school_profile"),
    path("rules-submission/paytables/<str:kind>/", rules_submission_views.filed_paytable, name="filed_paytable"),
    path("rules-submission/house/<slug:slug>/", rules_submission_views.house_wording, name="house_wording"),
]
