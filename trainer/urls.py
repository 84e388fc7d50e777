"""URL routes of the training table: the tables, a round and the history."""

from django.urls import path

from trainer import views

urlpatterns = [
    path("tables/", views.tables, name="tables"),
    path("tables/<int:table_id>/deal/", views.deal, name="deal"),
    path("rounds/<int:attempt_id>/", views.attempt, name="attempt"),
    path("history/", views.history, name="history"),
]
