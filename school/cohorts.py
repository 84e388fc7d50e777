"""Function views of the cohort pages: an instructor's cohorts, their trainees, new accounts and CSV imports."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, Subquery
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.confirmation import Confirmation, confirmation_page
from core.refusals import RoleRefused
from core.requests import SchoolRequest
from core.roles import Role, teaches_cohorts
from school.cohort_forms import AddTraineeForm, CohortForm, NewTraineeForm, RosterForm
from school.cohort_work import cohort_rounds
from school.first_passwords import give_first_password, keep_sheet, take_sheet
from school.lockouts import locked_addresses, locked_usernames, unlock_address, unlock_login
from school.models import Cohort, cohorts_of, manages_account
from school.roster import MAX_IMPORT_ROWS, create_trainee, import_roster
from trainer.models import Attempt


def _require_teacher(request: SchoolRequest) -> None:
    """Refuse anyone signed in who neither teaches nor runs the school."""
    if not teaches_cohorts(request.user):
        raise RoleRefused("The cohort pages are for instructors.", Role.INSTRUCTOR, Role.SCHOOL_ADMINISTRATOR)


def cohort_for(request: SchoolRequest, cohort_id: int) -> Cohort:
    """The cohort if the user teaches it or runs the school; 403 for a trainee, 404 for a cohort not theirs."""
    _require_teacher(request)
    return get_object_or_404(cohorts_of(request.user), pk=cohort_id)


def trainee_for(cohort: Cohort, trainee_id: int) -> User:
    """A trainee of the cohort; 404 for anyone else."""
    return get_object_or_404(cohort.trainees.all(), pk=trainee_id)


def account_for(request: SchoolRequest, cohort: Cohort, trainee_id: int) -> User:
    """A trainee of the cohort whose login the user manages; 403 for one shared with a colleague's cohort."""
    trainee = trainee_for(cohort, trainee_id)
    if not manages_account(request.user, trainee):
        raise PermissionDenied(
            f"{trainee.get_username()} is also in a cohort you do not teach: a school administrator resets or unlocks "
            "their login."
        )
    return trainee


def display_name(trainee: User) -> str:
    """The trainee's full name with their username, or the username alone when they have no name."""
    username = trainee.get_username()
    return f"{trainee.get_full_name()} ({username})" if trainee.get_full_name() else username


def _trainee_rows(request: SchoolRequest, cohort: Cohort) -> list[dict[str, Any]]:
    """Each trainee, their last round of the cohort's work, whether their login is locked and the user manages it."""
    last_round = cohort_rounds(cohort).filter(trainee=OuterRef("pk")).order_by("-started_at").values("pk")[:1]
    trainees = list(cohort.trainees.order_by("username").annotate(last_round_id=Subquery(last_round)))
    rounds = Attempt.objects.select_related("table").in_bulk([trainee.last_round_id for trainee in trainees])
    locked = locked_usernames(trainee.username for trainee in trainees)
    return [
        {
            "trainee": trainee,
            "last_round": rounds.get(trainee.last_round_id),
            "locked": trainee.username in locked,
            "manages": manages_account(request.user, trainee),
        }
        for trainee in trainees
    ]


def _cohort_page(
    request: SchoolRequest,
    cohort: Cohort,
    add_form: AddTraineeForm | None = None,
    new_form: NewTraineeForm | None = None,
    status: int = 200,
) -> HttpResponse:
    """The cohort page, with the forms as submitted when one of them has errors."""
    context = {
        "cohort": cohort,
        "instructors": cohort.instructors.order_by("username"),
        "rows": _trainee_rows(request, cohort),
        "locked_addresses": sorted(locked_addresses(cohort.trainees.values_list("username", flat=True))),
        "add_form": add_form or AddTraineeForm(cohort, request.user),
        "new_form": new_form or NewTraineeForm(),
    }
    return render(request, "school/cohort.html", context, status=status)


def _password_page(request: SchoolRequest, cohort: Cohort, accounts: list[tuple[User, str]], what: str) -> HttpResponse:
    """The passwords just set, shown this once and never stored by the page's cache, and offered once as CSV."""
    keep_sheet(request.session, cohort.pk, accounts)
    return render(request, "school/cohort_passwords.html", {"cohort": cohort, "accounts": accounts, "what": what})


def _import_page(request: SchoolRequest, cohort: Cohort, form: RosterForm) -> HttpResponse:
    """The CSV import form, with its errors if it was sent wrong."""
    context = {"cohort": cohort, "form": form, "max_rows": MAX_IMPORT_ROWS}
    return render(request, "school/cohort_import.html", context, status=400 if form.errors else 200)


@require_GET
@login_required
def cohort_list(request: SchoolRequest) -> HttpResponse:
    """The cohorts the user teaches (every cohort for a school administrator)."""
    _require_teacher(request)
    cohorts = cohorts_of(request.user).prefetch_related("instructors", "trainees")
    return render(request, "school/cohorts.html", {"cohorts": cohorts})


@require_http_methods(["GET", "POST"])
@login_required
def new_cohort(request: SchoolRequest) -> HttpResponse:
    """Create a cohort taught by the user and any instructors they tick."""
    _require_teacher(request)
    form = CohortForm(request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        cohort = form.save()
        cohort.instructors.add(request.user, *form.cleaned_data.get("instructors", ()))
        return redirect("cohort", cohort.pk)
    return render(request, "school/cohort_new.html", {"form": form}, status=400 if form.errors else 200)


@require_GET
@login_required
def cohort(request: SchoolRequest, cohort_id: int) -> HttpResponse:
    """A cohort: its instructors, its trainees with their last round, and the forms to add trainees."""
    return _cohort_page(request, cohort_for(request, cohort_id))


@require_POST
@login_required
def add_trainee(request: SchoolRequest, cohort_id: int) -> HttpResponse:
    """Add an existing trainee to the cohort."""
    found = cohort_for(request, cohort_id)
    form = AddTraineeForm(found, request.user, request.POST)
    if not form.is_valid():
        return _cohort_page(request, found, add_form=form, status=400)
    found.trainees.add(form.cleaned_data["trainee"])
    return redirect("cohort", found.pk)


@never_cache
@require_POST
@login_required
def new_trainee(request: SchoolRequest, cohort_id: int) -> HttpResponse:
    """Create one trainee account in the cohort and show its first password once."""
    found = cohort_for(request, cohort_id)
    form = NewTraineeForm(request.POST)
    if not form.is_valid():
        return _cohort_page(request, found, new_form=form, status=400)
    fields = form.cleaned_data
    account = create_trainee(found, fields["username"], fields["name"], fields["email"])
    return _password_page(request, found, [account], "New account")


@never_cache
@require_http_methods(["GET", "POST"])
@login_required
def reset_password(request: SchoolRequest, cohort_id: int, trainee_id: int) -> HttpResponse:
    """Ask first; then give a trainee of the cohort a new random password and show it once."""
    found = cohort_for(request, cohort_id)
    trainee = account_for(request, found, trainee_id)
    if request.method == "GET":
        return confirmation_page(
            request,
            Confirmation(
                question=f"Reset the password of {display_name(trainee)}?",
                consequence="Their old password stops working at once, and they are signed out of every page and "
                "table they have open. The next page shows the new password, only once: give it to them.",
                action="Reset the password",
                cancel_url=reverse("cohort", args=[found.pk]),
                option="Ask them to choose their own password when they next log in",
            ),
        )
    password = give_first_password(trainee, request.POST.get("option") == "on")
    messages.success(request, f"Reset the password of {display_name(trainee)}: give them the new one below.")
    return _password_page(request, found, [(trainee, password)], "New password")


@require_POST
@login_required
def unlock(request: SchoolRequest, cohort_id: int, trainee_id: int) -> HttpResponse:
    """Lift the login lockout of a trainee of the cohort."""
    found = cohort_for(request, cohort_id)
    trainee = account_for(request, found, trainee_id)
    unlock_login(trainee.username)
    messages.success(request, f"Unlocked the login of {display_name(trainee)}: they can log in again now.")
    return redirect("cohort", found.pk)


@require_POST
@login_required
def unlock_address_of(request: SchoolRequest, cohort_id: int) -> HttpResponse:
    """Lift the lockout of an address the cohort's trainees' logins were tried from."""
    found = cohort_for(request, cohort_id)
    address = request.POST.get("address", "")
    if address not in locked_addresses(found.trainees.values_list("username", flat=True)):
        raise Http404("No such locked address for this cohort.")
    unlock_address(address)
    messages.success(request, f"Unlocked logins from {address}.")
    return redirect("cohort", found.pk)


@require_http_methods(["GET", "POST"])
@login_required
def remove_trainee(request: SchoolRequest, cohort_id: int, trainee_id: int) -> HttpResponse:
    """Ask first; then take a trainee out of the cohort (their account, rounds and records stay)."""
    found = cohort_for(request, cohort_id)
    trainee = trainee_for(found, trainee_id)
    if request.method == "GET":
        return confirmation_page(
            request,
            Confirmation(
                question=f"Remove {display_name(trainee)} from {found.name}?",
                consequence="They leave the cohort's list, its assignments and its exams. Their account, rounds, "
                "exam results and certificates stay, and they can be added again.",
                action="Remove from the cohort",
                cancel_url=reverse("cohort", args=[found.pk]),
            ),
        )
    found.trainees.remove(trainee)
    return redirect("cohort", found.pk)


@require_http_methods(["GET", "POST"])
@login_required
def set_active(request: SchoolRequest, cohort_id: int, trainee_id: int) -> HttpResponse:
    """Ask first; then deactivate an active account (its sockets close, as on logout) or reactivate one."""
    found = cohort_for(request, cohort_id)
    trainee = account_for(request, found, trainee_id)
    if request.method == "GET":
        verb = "Deactivate" if trainee.is_active else "Reactivate"
        consequence = (
            "They cannot log in until the account is reactivated, and every page and table they have open is closed. "
            "Their rounds and records stay."
            if trainee.is_active
            else "They can log in again with their password."
        )
        return confirmation_page(
            request,
            Confirmation(
                question=f"{verb} the account of {display_name(trainee)}?",
                consequence=consequence,
                action=f"{verb} the account",
                cancel_url=reverse("cohort", args=[found.pk]),
            ),
        )
    trainee.is_active = not trainee.is_active
    trainee.save()
    return redirect("cohort", found.pk)


@require_http_methods(["GET", "POST"])
@login_required
def import_preview(request: SchoolRequest, cohort_id: int) -> HttpResponse:
    """Upload or paste a CSV of trainees, then see what it would create, row by row, before anything is."""
    found = cohort_for(request, cohort_id)
    form = RosterForm(request.POST or None, request.FILES or None)
    if request.method == "GET" or not form.is_valid():
        return _import_page(request, found, form)
    roster = form.roster()
    context = {"cohort": found, "roster": roster, "text": form.cleaned_data["text"]}
    return render(request, "school/cohort_import_preview.html", context, status=200 if roster.valid else 400)


@never_cache
@require_POST
@login_required
def import_confirm(request: SchoolRequest, cohort_id: int) -> HttpResponse:
    """Create every trainee of the previewed CSV, checked again, or none; show their first passwords once."""
    found = cohort_for(request, cohort_id)
    form = RosterForm(request.POST)
    if not form.is_valid():
        return _import_page(request, found, form)
    roster = form.roster()
    if not roster.valid:
        context = {"cohort": found, "roster": roster, "text": form.cleaned_data["text"]}
        return render(request, "school/cohort_import_preview.html", context, status=400)
    return _password_page(request, found, import_roster(found, roster), "Imported")


@never_cache
@require_GET
@login_required
def password_sheet(request: SchoolRequest, cohort_id: int) -> HttpResponse:
    """The passwords the cohort's last password page showed, as CSV, once; then the page says they are gone (410)."""
    found = cohort_for(request, cohort_id)
    sheet = take_sheet(request.session, found.pk)
    if sheet is None:
        return render(request, "school/cohort_passwords_gone.html", {"cohort": found}, status=410)
    response = HttpResponse(sheet, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="passwords-cohort-{found.pk}.csv"'
    return response
