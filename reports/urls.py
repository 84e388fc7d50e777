"""URL routes of the reports: a round's replay, errors by clause, gradebooks and CSV records."""

from django.urls import path

from reports import error_views, export_views, gradebook_views, replay_views, sprint_board_views

urlpatterns = [
    path("rounds/<int:attempt_id>/replay/", replay_views.replay, name="replay"),
    path("record/", gradebook_views.my_record, name="my_record"),
    path("cohorts/<int:cohort_id>/errors/", error_views.cohort_errors, name="cohort_errors"),
    path("cohorts/<int:cohort_id>/errors/attempts/", error_views.error_attempts, name="error_attempts"),
    path(
        "cohorts/<int:cohort_id>/trainees/<int:trainee_id>/errors/", error_views.trainee_errors, name="trainee_errors"
    ),
    path("cohorts/<int:cohort_id>/gradebook/", gradebook_views.cohort_grades, name="cohort_gradebook"),
    path(
        "cohorts/<int:cohort_id>/trainees/<int:trainee_id>/gradebook/",
        gradebook_views.trainee_grades,
        name="trainee_gradebook",
    ),
    path("cohorts/<int:cohort_id>/sprints/", sprint_board_views.sprint_board, name="sprint_board"),
    path("exports/", export_views.exports, name="exports"),
    path("exports/<str:kind>.csv", export_views.export_csv, name="export_csv"),
]
