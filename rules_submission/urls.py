"""URL routes of the Rules Submission: its listing, a house procedure's wording, a filed paytable."""

from django.urls import path

from rules_submission import views

urlpatterns = [
    path("rules-submission/", views.rules_submission, name="rules_submission"),
    path("rules-submission/paytables/<str:kind>/", views.filed_paytable, name="filed_paytable"),
    path("rules-submission/house/<slug:slug>/", views.house_wording, name="house_wording"),
]
