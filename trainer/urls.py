"""URL routes of the training table: the tables, a round, the history and provenance."""

from django.urls import path

from trainer import provenance_views, views

urlpatterns = [
    path("tables/", views.tables, name="tables"),
    path("tables/<int:table_id>/deal/", views.deal, name="deal"),
    path("rounds/<int:attempt_id>/", views.attempt, name="attempt"),
    path("history/", views.history, name="history"),
    path("provenance/", provenance_views.provenance_legend, name="provenance"),
]
