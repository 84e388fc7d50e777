"""URL routes of the scenarios: the builder, its preview and versions, the drill library, my mistakes, standards."""

from django.urls import path

from scenarios import drill_views, scenario_views, sprint_views, standards_views

urlpatterns = [
    path("tables/<int:table_id>/standards/", standards_views.table_standards, name="table_standards"),
    path("scenarios/", scenario_views.scenario_list, name="scenarios"),
    path("scenarios/new/", scenario_views.scenario_new, name="scenario_new"),
    path("scenarios/fields/", scenario_views.scenario_fields, name="scenario_fields"),
    path("scenarios/<int:scenario_id>/edit/", scenario_views.scenario_edit, name="scenario_edit"),
    path("scenarios/<int:scenario_id>/preview/", scenario_views.scenario_preview, name="scenario_preview"),
    path("scenarios/<int:scenario_id>/standards/", standards_views.scenario_standards, name="scenario_standards"),
    path("scenarios/<int:scenario_id>/publish/", scenario_views.scenario_publish, name="scenario_publish"),
    path("scenarios/<int:scenario_id>/versions/", scenario_views.scenario_versions, name="scenario_versions"),
    path("scenarios/<int:scenario_id>/discard/", scenario_views.scenario_discard, name="scenario_discard"),
    path("scenarios/<int:scenario_id>/copy/", scenario_views.scenario_copy, name="scenario_copy"),
    path("scenarios/<int:scenario_id>/archive/", scenario_views.scenario_archive, name="scenario_archive"),
    path("scenarios/versions/<int:version_id>/deal/", scenario_views.scenario_deal, name="scenario_deal"),
    path("drills/", drill_views.drill_list, name="drills"),
    path("drills/mistakes/", drill_views.my_mistakes, name="my_mistakes"),
    path("drills/sprints/", sprint_views.sprints, name="sprints"),
    path("drills/sprints/standards/", sprint_views.sprint_standards, name="sprint_standards"),
    path("drills/sprints/<int:sprint_id>/", sprint_views.sprint, name="sprint"),
    path("drills/sprints/<int:sprint_id>/pay/", sprint_views.sprint_pay, name="sprint_pay"),
]
