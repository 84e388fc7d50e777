"""URL routes of the dealer school."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import path

from trainer import (
    assignment_views,
    certificate_views,
    cohorts,
    drill_views,
    error_views,
    exam_views,
    export_views,
    scenario_views,
    views,
)

urlpatterns = [
    path("", views.home, name="home"),
    path("tables/", views.tables, name="tables"),
    path("tables/<int:table_id>/deal/", views.deal, name="deal"),
    path("rounds/<int:attempt_id>/", views.attempt, name="attempt"),
    path("rounds/<int:attempt_id>/replay/", views.replay, name="replay"),
    path("history/", views.history, name="history"),
    path("cohorts/", cohorts.cohort_list, name="cohorts"),
    path("cohorts/new/", cohorts.new_cohort, name="new_cohort"),
    path("cohorts/<int:cohort_id>/", cohorts.cohort, name="cohort"),
    path("cohorts/<int:cohort_id>/trainees/add/", cohorts.add_trainee, name="add_trainee"),
    path("cohorts/<int:cohort_id>/trainees/new/", cohorts.new_trainee, name="new_trainee"),
    path("cohorts/<int:cohort_id>/trainees/<int:trainee_id>/password/", cohorts.reset_password, name="reset_password"),
    path("cohorts/<int:cohort_id>/trainees/<int:trainee_id>/unlock/", cohorts.unlock, name="unlock_login"),
    path("cohorts/<int:cohort_id>/errors/", error_views.cohort_errors, name="cohort_errors"),
    path("cohorts/<int:cohort_id>/errors/attempts/", error_views.error_attempts, name="error_attempts"),
    path(
        "cohorts/<int:cohort_id>/trainees/<int:trainee_id>/errors/", error_views.trainee_errors, name="trainee_errors"
    ),
    path("cohorts/<int:cohort_id>/import/", cohorts.import_preview, name="import_roster"),
    path("cohorts/<int:cohort_id>/import/confirm/", cohorts.import_confirm, name="confirm_import"),
    path("cohorts/<int:cohort_id>/assignments/", assignment_views.assignments, name="assignments"),
    path(
        "cohorts/<int:cohort_id>/assignments/<int:assignment_id>/withdraw/",
        assignment_views.withdraw,
        name="withdraw_assignment",
    ),
    path("scenarios/", scenario_views.scenario_list, name="scenarios"),
    path("scenarios/new/", scenario_views.scenario_new, name="scenario_new"),
    path("scenarios/fields/", scenario_views.scenario_fields, name="scenario_fields"),
    path("scenarios/<int:scenario_id>/edit/", scenario_views.scenario_edit, name="scenario_edit"),
    path("scenarios/<int:scenario_id>/preview/", scenario_views.scenario_preview, name="scenario_preview"),
    path("scenarios/<int:scenario_id>/publish/", scenario_views.scenario_publish, name="scenario_publish"),
    path("scenarios/versions/<int:version_id>/deal/", scenario_views.scenario_deal, name="scenario_deal"),
    path("exams/", exam_views.exam_list, name="exams"),
    path("exams/new/", exam_views.exam_new, name="exam_new"),
    path("exams/<int:exam_id>/", exam_views.exam, name="exam"),
    path("exams/<int:exam_id>/sit/", exam_views.sit, name="sit_exam"),
    path("sittings/<int:sitting_id>/", exam_views.sitting, name="sitting"),
    path("sittings/<int:sitting_id>/next/", exam_views.next_round, name="next_exam_round"),
    path("results/<int:result_id>/correct/", exam_views.correct, name="correct_result"),
    path("certificates/<int:certificate_id>/pdf/", certificate_views.certificate_download, name="certificate_pdf"),
    path("certificates/<int:certificate_id>/revoke/", certificate_views.certificate_revoke, name="revoke_certificate"),
    path("verify/<str:code>/", certificate_views.verify, name="verify"),
    path("exports/", export_views.exports, name="exports"),
    path("exports/<str:kind>.csv", export_views.export_csv, name="export_csv"),
    path("drills/", drill_views.drill_list, name="drills"),
    path("drills/mistakes/", drill_views.my_mistakes, name="my_mistakes"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
]
