"""URL routes of the school: the home page, signing in and passwords, cohorts and their rosters, assignments."""

from django.contrib.auth import views as auth_views
from django.urls import path

from school import assignment_views, cohorts, home_views, sign_in

urlpatterns = [
    path("", home_views.home, name="home"),
    path("cohorts/", cohorts.cohort_list, name="cohorts"),
    path("cohorts/new/", cohorts.new_cohort, name="new_cohort"),
    path("cohorts/<int:cohort_id>/", cohorts.cohort, name="cohort"),
    path("cohorts/<int:cohort_id>/trainees/add/", cohorts.add_trainee, name="add_trainee"),
    path("cohorts/<int:cohort_id>/trainees/new/", cohorts.new_trainee, name="new_trainee"),
    path("cohorts/<int:cohort_id>/trainees/<int:trainee_id>/password/", cohorts.reset_password, name="reset_password"),
    path("cohorts/<int:cohort_id>/trainees/<int:trainee_id>/unlock/", cohorts.unlock, name="unlock_login"),
    path("cohorts/<int:cohort_id>/trainees/<int:trainee_id>/remove/", cohorts.remove_trainee, name="remove_trainee"),
    path("cohorts/<int:cohort_id>/trainees/<int:trainee_id>/active/", cohorts.set_active, name="set_active"),
    path("cohorts/<int:cohort_id>/addresses/unlock/", cohorts.unlock_address_of, name="unlock_address"),
    path("cohorts/<int:cohort_id>/import/", cohorts.import_preview, name="import_roster"),
    path("cohorts/<int:cohort_id>/import/confirm/", cohorts.import_confirm, name="confirm_import"),
    path("cohorts/<int:cohort_id>/passwords.csv", cohorts.password_sheet, name="password_sheet"),
    path("cohorts/<int:cohort_id>/assignments/", assignment_views.assignments, name="assignments"),
    path(
        "cohorts/<int:cohort_id>/assignments/<int:assignment_id>/withdraw/",
        assignment_views.withdraw,
        name="withdraw_assignment",
    ),
    path("login/", auth_views.LoginView.as_view(authentication_form=sign_in.BoundedLoginForm), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/", sign_in.ChangePassword.as_view(), name="password_change"),
    path(
        "password/done/",
        auth_views.PasswordChangeDoneView.as_view(template_name="registration/password_changed.html"),
        name="password_change_done",
    ),
]
