"""URL routes of surveillance mode: a watched round started at a table, its steps, flags, end and debrief."""

from django.urls import path

from surveillance import views

urlpatterns = [
    path("tables/<int:table_id>/watch/", views.start, name="watch_round"),
    path("watched/<int:record_id>/", views.watched, name="watched"),
    path("watched/<int:record_id>/next/", views.next_step, name="watched_next"),
    path("watched/<int:record_id>/flags/", views.flag, name="watched_flag"),
    path("watched/<int:record_id>/end/", views.end, name="watched_end"),
]
