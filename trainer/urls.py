"""URL routes of the training table: the tables, a round, the history, provenance and the school's profile."""

from django.urls import path

from trainer import provenance_views, school_profile_views, views

urlpatterns = [
    path("tables/", views.tables, name="tables"),
    path("tables/<int:table_id>/deal/", views.deal, name="deal"),
    path("rounds/<int:attempt_id>/", views.attempt, name="attempt"),
    path("history/", views.history, name="history"),
    path("provenance/", provenance_views.provenance_legend, name="provenance"),
    path("school-profile/", school_profile_views.school_profile_page, name="school_profile"),
]
