"""The standards pages: an instructor sets a table's pass rule and target times, and a scenario's target times.

A table's page is for those who teach (instructors and school administrators); a scenario's for its author. Only a
school administrator changes a table's pass rule: the tables are shared by every cohort. A
scenario version's own table is not edited here: it follows its scenario (404). Saving a scenario's targets keeps
them in its draft (a new draft after a published version), which trainees deal once it is published.
"""

from dataclasses import replace
from fractions import Fraction

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from core.refusals import RoleRefused
from core.requests import SchoolRequest
from core.roles import Role, has_role, is_school_administrator, teaches_cohorts
from core.school_profile import school_pace_standards
from grading.scoring import PassRule
from grading.standards import skills_of
from rules_submission.exact_returns import table_paytables
from scenarios.models import Scenario
from scenarios.scenario_versions import save_draft
from scenarios.standards_forms import RULE_KEEPER, ScenarioTargetsForm, TableStandardsForm
from simulator.games import GAMES
from simulator.scenarios import game_steps
from trainer.models import Table
from trainer.table_page import table_chips_context


@require_http_methods(["GET", "POST"])
@login_required
def table_standards(request: SchoolRequest, table_id: int) -> HttpResponse:
    """A table's pass rule (a school administrator's to change) and its game's target times, errors by their fields.

    Nothing is saved with an error. Where the trainee deals a carnival poker game, its paytables are shown with each
    one's exact return. The school's pace standard for the game is stated, set for the whole school on its profile;
    at a table taking cash, the chips in its rack now, which its next round opens with.
    """
    if not teaches_cohorts(request.user):
        raise RoleRefused("The standards are set by instructors.", Role.INSTRUCTOR, Role.SCHOOL_ADMINISTRATOR)
    table = get_object_or_404(Table, pk=table_id, scenario_version__isnull=True)
    skills = skills_of(game_steps(GAMES[table.game]))
    rule_editable = is_school_administrator(request.user)
    form = TableStandardsForm(skills, request.POST or None, instance=table, rule_editable=rule_editable)
    if request.method == "POST":
        if form.is_valid():
            form.save()
            messages.success(request, f"The standards of {table.name} are saved: rounds dealt from now on use them.")
            return redirect("table_standards", table.pk)
        table.refresh_from_db()
    context = {
        "form": form,
        "title": f"Standards of {table.name}",
        "rule": table.pass_rule(),
        "table": table,
        "rule_keeper": None if rule_editable else RULE_KEEPER,
        "paytables": table_paytables(table.game, table.rules),
        "chips": table_chips_context(table),
        "pace_standard": school_pace_standards()[table.game],
        "game_name": GAMES[table.game].name,
        "sets_pace": rule_editable,
    }
    return render(request, "scenarios/standards.html", context, status=400 if form.errors else 200)


@require_http_methods(["GET", "POST"])
@login_required
def scenario_standards(request: SchoolRequest, scenario_id: int) -> HttpResponse:
    """A scenario's target times for its game's skills, kept in its draft; its pass rule (the builder's) is shown."""
    if not has_role(request.user, Role.INSTRUCTOR):
        raise RoleRefused("Only instructors build scenarios.", Role.INSTRUCTOR)
    scenario = get_object_or_404(Scenario, pk=scenario_id, author=request.user)
    spec = scenario.latest_version().engine_spec()
    form = ScenarioTargetsForm(skills_of(game_steps(spec.game)), spec.skill_targets, request.POST or None)
    if request.method == "POST" and form.is_valid():
        version = save_draft(scenario, replace(spec, skill_targets=form.targets()))
        messages.success(
            request, f"The target times are saved in draft version {version.number}: publish it for trainees to deal."
        )
        return redirect("scenario_standards", scenario.pk)
    rule = PassRule(Fraction(spec.pass_accuracy_percent, 100), spec.critical_error_fails, spec.time_limit_seconds)
    context = {"form": form, "title": f"Target times of {scenario.name}", "rule": rule, "scenario": scenario}
    return render(request, "scenarios/standards.html", context, status=400 if form.errors else 200)
