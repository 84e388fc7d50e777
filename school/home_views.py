"""The home page: a trainee's assignments; a teacher's live tables and their cohorts' overdue work; what each can do."""

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from core.requests import SchoolRequest
from core.roles import Role, has_role, is_school_administrator, teaches_cohorts
from scenarios.models import ScenarioVersion
from school.assignments import STATUS_MEANINGS, Progress, assigned_to, overdue_in
from school.models import cohorts_of
from trainer.live_tables import live_tables
from trainer.sittings import Closure, closures_for


@require_GET
@login_required
def home(request: SchoolRequest) -> HttpResponse:
    """A trainee's assignments; a teacher's live tables, then their cohorts' overdue work; then what the user can do."""
    user = request.user
    teaches = teaches_cohorts(user)
    context = {
        "roles": [role.label for role in Role if has_role(user, role)],
        "teaches": teaches,
        "runs_school": is_school_administrator(user),
        "assigned": assigned_with_exams(user) if has_role(user, Role.TRAINEE) else [],
        "live": live_tables(user) if teaches else [],
        "cohorts": [(cohort, overdue_in(cohort)) for cohort in cohorts_of(user)] if teaches else [],
        "status_meanings": STATUS_MEANINGS,
    }
    return render(request, "school/home.html", context)


def assigned_with_exams(trainee: User) -> list[tuple[Progress, ScenarioVersion | None, Closure | None]]:
    """The trainee's assignments to deal, each with the open exam that keeps it from practice now, if any."""
    closed = closures_for(trainee, timezone.now())
    return [
        (progress, version, closed.get(progress.assignment.scenario_id)) for progress, version in assigned_to(trainee)
    ]
