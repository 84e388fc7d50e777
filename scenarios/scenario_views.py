"""The scenario builder's pages under /scenarios/: build, edit, preview, versions, publish, copy, archive and deal."""

from dataclasses import replace

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from core.confirmation import Confirmation, confirmation_page
from core.input_bounds import QUERY_TEXT_CHARACTERS, query_number
from core.refusals import RoleRefused
from core.requests import SchoolRequest
from core.roles import Role, has_role
from scenarios.models import Scenario, ScenarioVersion
from scenarios.scenario_forms import DEFAULT_GAME, ScenarioForm, changes, form_data, new_form_data, posted_game
from scenarios.scenario_preview import preview
from scenarios.scenario_runs import deal_run_round
from scenarios.scenario_versions import (
    copy_name,
    copy_scenario,
    create_scenario,
    discard_draft,
    publish,
    published_versions,
    save_draft,
    set_archived,
)
from scenarios.watch_runs import deal_watch_round, is_watched
from simulator.games import GAMES
from trainer.dealing_limits import limits_dealing
from trainer.sittings import closures_for


def _require_instructor(request: SchoolRequest) -> None:
    """Refuse anyone but an instructor: instructors build scenarios."""
    if not has_role(request.user, Role.INSTRUCTOR):
        raise RoleRefused("Only instructors build scenarios.", Role.INSTRUCTOR)


def _own_scenario(request: SchoolRequest, scenario_id: int) -> Scenario:
    """The instructor's own scenario; 404 for anyone else's."""
    _require_instructor(request)
    return get_object_or_404(Scenario, pk=scenario_id, author=request.user)


@require_GET
@login_required
def scenario_list(request: SchoolRequest) -> HttpResponse:
    """The instructor's scenarios, each with its newest version and whether it is published; the archived apart."""
    _require_instructor(request)
    rows = [(scenario, scenario.latest_version()) for scenario in Scenario.objects.filter(author=request.user)]
    context = {
        "rows": [row for row in rows if row[0].archived_at is None],
        "archived": [row for row in rows if row[0].archived_at is not None],
    }
    return render(request, "scenarios/scenarios.html", context)


def _builder(request: SchoolRequest, form: ScenarioForm, scenario: Scenario | None = None) -> HttpResponse:
    """The builder page with the form's fields as typed and each error beside its field (400 when there are any)."""
    failed = form.is_bound and bool(form.errors)
    context = {"form": form, "game": form.game, "scenario": scenario, "failed": failed}
    return render(request, "scenarios/scenario_form.html", context, status=400 if failed else 200)


@require_http_methods(["GET", "POST"])
@login_required
def scenario_new(request: SchoolRequest) -> HttpResponse:
    """Build a new scenario; it is saved as a draft (version 1) only when every field is right."""
    _require_instructor(request)
    if request.method == "GET":
        game, name = GAMES.get(request.GET.get("game", ""), DEFAULT_GAME), request.GET.get("name", "")
        if len(name) > QUERY_TEXT_CHARACTERS:
            return HttpResponse(f"A scenario's name is at most {QUERY_TEXT_CHARACTERS} characters.", status=400)
        return _builder(request, ScenarioForm(game, initial=new_form_data(game, name)))
    form = ScenarioForm(posted_game(request.POST), request.POST)
    if not form.is_valid() or form.spec is None:
        return _builder(request, form)
    version = create_scenario(form.cleaned_data["name"], request.user, form.spec)
    messages.success(request, f"Saved {version.scenario.name} as a draft, version 1.")
    return redirect("scenario_preview", version.scenario.pk)


@require_http_methods(["GET", "POST"])
@login_required
def scenario_edit(request: SchoolRequest, scenario_id: int) -> HttpResponse:
    """Edit a scenario: its draft changes in place, a published version is kept and a new draft made.

    The builder leaves the scenario's target times (its standards page sets them) as they were.
    """
    scenario = _own_scenario(request, scenario_id)
    latest = scenario.latest_version()
    if request.method == "GET":
        data = form_data(latest.spec, scenario.name)
        return _builder(request, ScenarioForm(GAMES[data["game"]], initial=data), scenario)
    form = ScenarioForm(posted_game(request.POST), request.POST)
    if not form.is_valid() or form.spec is None:
        return _builder(request, form, scenario)
    spec = replace(form.spec, skill_targets=latest.engine_spec().skill_targets)
    scenario.name = form.cleaned_data["name"]
    scenario.save(update_fields=["name"])
    saved = save_draft(scenario, spec)
    if saved.pk != latest.pk:
        messages.success(
            request,
            f"Version {latest.number} is published and stays as trainees deal it: your changes are a new draft, "
            f"version {saved.number}. Publish it when it is ready.",
        )
    else:
        messages.success(request, f"Saved the draft, version {saved.number}.")
    return redirect("scenario_preview", scenario.pk)


@require_GET
@login_required
def scenario_fields(request: SchoolRequest) -> HttpResponse:
    """The fields of the game chosen in the builder, for htmx to swap in when the game changes."""
    _require_instructor(request)
    game = GAMES.get(request.GET.get("game", ""), DEFAULT_GAME)
    form = ScenarioForm(game, initial=new_form_data(game))
    return render(request, "scenarios/_scenario_fields.html", {"form": form})


@require_GET
@login_required
def scenario_preview(request: SchoolRequest, scenario_id: int) -> HttpResponse:
    """Deal each round of the newest version once: the felt of one as dealt, and every step narrated."""
    scenario = _own_scenario(request, scenario_id)
    version = scenario.latest_version()
    number = query_number(request.GET.get("round", "1"))
    if number is None:
        return HttpResponse("The round to show is given by its number.", status=400)
    if not 1 <= number <= version.engine_spec().rounds:
        raise Http404("There is no such round in this scenario.")
    rounds, felt = preview(version, number)
    context = {"version": version, "rounds": rounds, "felt": felt, "shown": number}
    return render(request, "scenarios/scenario_preview.html", context)


@require_GET
@login_required
def scenario_versions(request: SchoolRequest, scenario_id: int) -> HttpResponse:
    """Every version of the scenario, newest first, with what changed from the one before it."""
    scenario = _own_scenario(request, scenario_id)
    versions = list(scenario.versions.order_by("number"))
    rows = [
        (version, changes(before.spec, version.spec) if before else [])
        for before, version in zip([None, *versions], versions, strict=False)
    ]
    context = {"scenario": scenario, "rows": rows[::-1], "dealt": scenario.published_version()}
    return render(request, "scenarios/scenario_versions.html", context)


@require_http_methods(["GET", "POST"])
@login_required
def scenario_publish(request: SchoolRequest, scenario_id: int) -> HttpResponse:
    """Ask first; then publish the newest version: trainees can deal it from now on, and it never changes again."""
    scenario = _own_scenario(request, scenario_id)
    version = scenario.latest_version()
    if version.published:
        messages.info(request, f"Version {version.number} of {scenario.name} is already published.")
        return redirect("scenarios")
    if request.method == "GET":
        return confirmation_page(
            request,
            Confirmation(
                question=f"Publish {scenario.name}, version {version.number}?",
                consequence="Trainees can deal it from the tables page, and you can assign it or put it in an exam. "
                "A published version never changes: editing it later makes a new draft.",
                action=f"Publish version {version.number}",
                cancel_url=reverse("scenario_preview", args=[scenario.pk]),
            ),
        )
    publish(version)
    messages.success(request, f"Published {scenario.name}, version {version.number}: trainees can deal it now.")
    return redirect("scenarios")


@require_http_methods(["GET", "POST"])
@login_required
def scenario_discard(request: SchoolRequest, scenario_id: int) -> HttpResponse:
    """Ask first; then delete the draft (and a scenario never published), keeping every published version."""
    scenario = _own_scenario(request, scenario_id)
    draft = scenario.latest_version()
    if draft.published:
        raise Http404("There is no draft to discard: the newest version is published.")
    published = scenario.published_version()
    if request.method == "GET":
        kept = (
            f"Version {published.number}, as published, stays."
            if published
            else "It was never published, so the scenario itself is deleted."
        )
        return confirmation_page(
            request,
            Confirmation(
                question=f"Discard the draft of {scenario.name}, version {draft.number}?",
                consequence=f"The draft's changes are lost: this cannot be undone. {kept}",
                action="Discard the draft",
                cancel_url=reverse("scenario_preview", args=[scenario.pk]),
            ),
        )
    left = discard_draft(scenario)
    if left is None:
        messages.success(request, f"Discarded {scenario.name}: it had no published version.")
    else:
        messages.success(request, f"Discarded the draft of {scenario.name}: version {left.number} is the newest.")
    return redirect("scenarios")


@require_POST
@login_required
def scenario_copy(request: SchoolRequest, scenario_id: int) -> HttpResponse:
    """Copy the scenario's newest version into a new scenario's first draft, and open it in the builder."""
    scenario = _own_scenario(request, scenario_id)
    copy = copy_scenario(scenario, copy_name(scenario))
    messages.success(request, f"Made {copy.scenario.name}, a draft: change what you need and save it.")
    return redirect("scenario_edit", copy.scenario.pk)


@require_POST
@login_required
def scenario_archive(request: SchoolRequest, scenario_id: int) -> HttpResponse:
    """Archive the scenario, or restore an archived one (the posted ``restore``); nothing of it is deleted."""
    scenario = _own_scenario(request, scenario_id)
    restore = "restore" in request.POST
    set_archived(scenario, not restore)
    if restore:
        messages.success(request, f"Restored {scenario.name} to your scenarios.")
    else:
        messages.success(
            request,
            f"Archived {scenario.name}: it is off the tables page and new assignments; the assignments and exams "
            "that use it still deal it. Restore it from the archived scenarios below.",
        )
    return redirect("scenarios")


@require_POST
@login_required
@limits_dealing
def scenario_deal(request: SchoolRequest, version_id: int) -> HttpResponse:
    """Deal the trainee's next round of a scenario's newest published version, in its run, and open it.

    A watch scenario's round is a watched round, opened on its watching page. A trainee may not practise a scenario
    an open exam deals (403 with the reason).
    """
    if not any(has_role(request.user, role) for role in Role):
        raise RoleRefused("Ask an instructor for a role at the school.", *Role)
    version = get_object_or_404(ScenarioVersion, pk=version_id, pk__in=published_versions().values("pk"))
    closure = closures_for(request.user, timezone.now()).get(version.scenario_id)
    if closure is not None:
        raise PermissionDenied(closure.reason)
    if is_watched(version):
        address = reverse("watched", args=[deal_watch_round(request.user, version).pk])
    else:
        address = reverse("attempt", args=[deal_run_round(request.user, version).pk])
    return HttpResponseClientRedirect(address) if request.htmx else redirect(address)
