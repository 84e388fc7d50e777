"""URL routes of the grading: the legend of the provenance labels each verdict's citation links to."""

from django.urls import path

from grading import provenance_views

urlpatterns = [
    path("provenance/", provenance_views.provenance_legend, name="provenance"),
]
