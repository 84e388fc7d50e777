"""The payout sprints' pages under /drills/sprints/: choose a sprint, pay it a payout at a time, set its standard.

The page shows one payout at a time and posts its chips; the server grades them, moves on after a right or a wrong
payout (the verdict names the right one) and times the sprint from the first payout shown to the last paid. Chips the
rack cannot move, or a payout already paid, answer 400 with the reason, and nothing changes.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.refusals import RoleRefused, require_school_role
from core.requests import SchoolRequest
from core.roles import Role, teaches_cohorts
from scenarios.models import PayoutSprint, SprintStandard
from scenarios.payout_sprints import HOUSE, current_lines, pay, show_payout, start_sprint
from scenarios.sprint_forms import PayForm, SprintForm, StandardForm
from scenarios.sprint_results import bests_by_trainee, personal_bests, sprint_row, standard_for
from simulator.core.chips import ChipsError
from trainer.felt import rack_chips

RACK = rack_chips(HOUSE.rack)
"""The rack a sprint is paid from, as its buttons draw it."""


@require_http_methods(["GET", "POST"])
@login_required
def sprints(request: SchoolRequest) -> HttpResponse:
    """Choose a sprint and start it; the user's personal bests beside the school's standards."""
    require_school_role(request)
    lines = current_lines()
    form = SprintForm(lines, request.POST or None)
    if request.method == "POST" and form.is_valid():
        sprint = start_sprint(request.user, form.cleaned_data["kind"], form.cleaned_data["length"])
        return redirect("sprint", sprint.pk)
    context = {
        "form": form,
        "bests": bests_by_trainee([request.user])[request.user.pk],
        "teaches": teaches_cohorts(request.user),
    }
    return render(request, "scenarios/sprints.html", context, status=400 if form.errors else 200)


@require_GET
@login_required
def sprint(request: SchoolRequest, sprint_id: int) -> HttpResponse:
    """The payout due next (the clock starts as the first is shown), or the finished sprint's result."""
    require_school_role(request)
    sprint = get_object_or_404(PayoutSprint, pk=sprint_id, trainee=request.user)
    return sprint_page(request, sprint, PayForm(), 200)


def sprint_page(request: SchoolRequest, sprint: PayoutSprint, form: PayForm, status: int) -> HttpResponse:
    """A sprint's page: the payout shown with its form, or the result with the standard and the personal best."""
    shown = show_payout(sprint)
    context: dict[str, object] = {"sprint": sprint, "shown": shown, "form": form, "controls": {"rack": RACK}}
    if shown is None:
        bests = personal_bests(request.user)
        context |= {"row": sprint_row(sprint), "best": any(best.pk == sprint.pk for best in bests)}
    return render(request, "scenarios/sprint.html", context, status=status)


@require_POST
@login_required
def sprint_pay(request: SchoolRequest, sprint_id: int) -> HttpResponse:
    """Pay the payout shown: its verdict, then the next payout or the result; 400 with the reason for bad chips."""
    require_school_role(request)
    sprint = get_object_or_404(PayoutSprint, pk=sprint_id, trainee=request.user)
    form = PayForm(request.POST)
    if form.is_valid():
        try:
            answer = pay(sprint.pk, request.user, form.cleaned_data["number"], form.chip_text())
        except ChipsError as error:
            form.add_error("chips", str(error))
        else:
            (messages.success if answer.right else messages.error)(request, answer.words)
            return redirect("sprint", sprint.pk)
    sprint.refresh_from_db()
    return sprint_page(request, sprint, form, 400)


@require_http_methods(["GET", "POST"])
@login_required
def sprint_standards(request: SchoolRequest) -> HttpResponse:
    """The school's standard per sprint, where it differs from the default pace: set by those who teach."""
    if not teaches_cohorts(request.user):
        raise RoleRefused("The sprint standards are set by instructors.", Role.INSTRUCTOR, Role.SCHOOL_ADMINISTRATOR)
    lines = current_lines()
    form = StandardForm(lines, request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        SprintStandard.objects.update_or_create(
            kind=data["kind"],
            length=data["length"],
            defaults={"seconds": data["seconds"], "all_right": data["all_right"], "saved_by": request.user},
        )
        messages.success(request, f"The standard is saved: {standard_for(data['kind'], data['length'])}.")
        return redirect("sprint_standards")
    context = {"form": form, "standards": SprintStandard.objects.order_by("kind", "length"), "lines": lines}
    return render(request, "scenarios/sprint_standards.html", context, status=400 if form.errors else 200)
