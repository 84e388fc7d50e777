"""The scenario builder's pages under /scenarios/: list, new, edit, preview, publish, and dealing a published one."""

import secrets
from dataclasses import replace

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from simulator.games import GAMES
from simulator.scenarios import deal_scenario
from trainer import exams
from trainer.dealing_limits import limits_dealing
from trainer.models import Role, Scenario, ScenarioVersion, has_role
from trainer.scenario_forms import DEFAULT_GAME, NAME_LENGTH, builder_context, form_data, new_form_data, validated
from trainer.scenario_runs import deal_run_round
from trainer.scenario_versions import create_scenario, publish, published_versions, save_draft
from trainer.views import SchoolRequest


def _require_instructor(request: SchoolRequest) -> None:
    """Refuse anyone but an instructor: instructors build scenarios."""
    if not has_role(request.user, Role.INSTRUCTOR):
        raise PermissionDenied("Only instructors build scenarios.")


def _own_scenario(request: SchoolRequest, scenario_id: int) -> Scenario:
    """The instructor's own scenario; 404 for anyone else's."""
    _require_instructor(request)
    return get_object_or_404(Scenario, pk=scenario_id, author=request.user)


@require_GET
@login_required
def scenario_list(request: SchoolRequest) -> HttpResponse:
    """The instructor's scenarios, each with its newest version and whether it is published."""
    _require_instructor(request)
    rows = [(scenario, scenario.latest_version()) for scenario in Scenario.objects.filter(author=request.user)]
    return render(request, "trainer/scenarios.html", {"rows": rows})


def _builder(request: SchoolRequest, data: dict[str, str], errors: dict[str, str], status: int = 200) -> HttpResponse:
    """The builder page with the form's fields as typed and each error beside its field."""
    shown = {"data": data, "games": GAMES.values(), "errors": errors, "name_length": NAME_LENGTH}
    context = builder_context(data, errors) | shown
    return render(request, "trainer/scenario_form.html", context, status=status)


def _posted(request: SchoolRequest) -> dict[str, str]:
    """The posted fields, one value each."""
    return {name: request.POST.get(name, "") for name in request.POST if name != "csrfmiddlewaretoken"}


@require_http_methods(["GET", "POST"])
@login_required
def scenario_new(request: SchoolRequest) -> HttpResponse:
    """Build a new scenario; it is saved as a draft (version 1) only when every field is right."""
    _require_instructor(request)
    if request.method == "GET":
        game = GAMES.get(request.GET.get("game", ""), DEFAULT_GAME)
        return _builder(request, new_form_data(game, request.GET.get("name", "")), {})
    data = _posted(request)
    name, spec, errors = validated(data)
    if spec is None:
        return _builder(request, data, errors, status=400)
    version = create_scenario(name, request.user, spec)
    return redirect("scenario_preview", version.scenario.pk)


@require_http_methods(["GET", "POST"])
@login_required
def scenario_edit(request: SchoolRequest, scenario_id: int) -> HttpResponse:
    """Edit a scenario: its draft changes in place, a published version is kept and a new draft made.

    The builder leaves the scenario's target times (its standards page sets them) as they were.
    """
    scenario = _own_scenario(request, scenario_id)
    if request.method == "GET":
        return _builder(request, form_data(scenario.latest_version().spec, scenario.name), {})
    data = _posted(request)
    name, spec, errors = validated(data)
    if spec is None:
        return _builder(request, data, errors, status=400)
    spec = replace(spec, skill_targets=scenario.latest_version().engine_spec().skill_targets)
    scenario.name = name
    scenario.save(update_fields=["name"])
    save_draft(scenario, spec)
    return redirect("scenario_preview", scenario.pk)


@require_GET
@login_required
def scenario_fields(request: SchoolRequest) -> HttpResponse:
    """The fields of the game chosen in the builder, for htmx to swap in when the game changes."""
    _require_instructor(request)
    game = GAMES.get(request.GET.get("game", ""), DEFAULT_GAME)
    return render(request, "trainer/_scenario_fields.html", builder_context(new_form_data(game), {}))


@require_GET
@login_required
def scenario_preview(request: SchoolRequest, scenario_id: int) -> HttpResponse:
    """Deal each round of the newest version once, every step by the engine, and narrate them."""
    scenario = _own_scenario(request, scenario_id)
    version = scenario.latest_version()
    spec = version.engine_spec()
    rounds = [
        (number, [operation.narration() for operation in deal_scenario(spec, secrets.randbits(63), number).play_out()])
        for number in range(1, spec.rounds + 1)
    ]
    return render(request, "trainer/scenario_preview.html", {"version": version, "rounds": rounds})


@require_POST
@login_required
def scenario_publish(request: SchoolRequest, scenario_id: int) -> HttpResponse:
    """Publish the newest version: trainees can deal it from now on."""
    publish(_own_scenario(request, scenario_id).latest_version())
    return redirect("scenarios")


@require_POST
@login_required
@limits_dealing
def scenario_deal(request: SchoolRequest, version_id: int) -> HttpResponse:
    """Deal the trainee's next round of a scenario's newest published version, in its run, and open it.

    A trainee may not practise a scenario an open exam deals (403 with the reason).
    """
    if not any(has_role(request.user, role) for role in Role):
        raise PermissionDenied("Ask an instructor for a role at the school.")
    version = get_object_or_404(ScenarioVersion, pk=version_id, pk__in=published_versions().values("pk"))
    exam = exams.exams_closing_practice(request.user, timezone.now()).get(version.scenario_id)
    if exam is not None:
        raise PermissionDenied(exams.practice_closed_text(exam))
    attempt = deal_run_round(request.user, version)
    if request.htmx:
        return HttpResponseClientRedirect(reverse("attempt", args=[attempt.pk]))
    return redirect("attempt", attempt.pk)
