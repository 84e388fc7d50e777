"""The Django admin of the school administrators: accounts and cohorts."""

from typing import Any

from django import forms
from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import UserChangeForm
from django.contrib.auth.models import User
from django.http import HttpRequest

from school.models import Cohort

SUPERUSER_FIELDS = ("is_superuser", "user_permissions")
"""The user form's fields that grant powers beyond a role: offered to superusers only."""


class AnyCaseUserChangeForm(UserChangeForm[User]):
    """The admin's account form, refusing a username or e-mail address another account has in any case."""

    def clean_username(self) -> str:
        """The username, unless another account has it in any case."""
        return self._unique_in_any_case("username", "username")

    def clean_email(self) -> str:
        """The e-mail address (or none), unless another account has it in any case."""
        return self._unique_in_any_case("email", "e-mail address")

    def _unique_in_any_case(self, field: str, name: str) -> str:
        """The field's value; a field error when another account has it, in upper or lower case."""
        value = str(self.cleaned_data[field] or "")
        others = User.objects.exclude(pk=self.instance.pk)
        if value and others.filter(**{f"{field}__iexact": value}).exists():
            raise forms.ValidationError(f"Another account has this {name} (in upper or lower case).")
        return value


class SchoolUserAdmin(UserAdmin[User]):
    """Accounts: a school administrator manages roles, never superuser status, permissions or a superuser's account."""

    form = AnyCaseUserChangeForm

    def get_fieldsets(self, request: HttpRequest, obj: Any = None) -> Any:
        """The stock fieldsets, less superuser status and permissions for anyone who is not a superuser."""
        fieldsets = super().get_fieldsets(request, obj)
        if request.user.is_superuser:
            return fieldsets
        return [
            (name, {**options, "fields": tuple(f for f in options["fields"] if f not in SUPERUSER_FIELDS)})
            for name, options in fieldsets
        ]

    def get_queryset(self, request: HttpRequest) -> Any:
        """Every account for a superuser; the others' only for anyone else."""
        accounts = super().get_queryset(request)
        return accounts if request.user.is_superuser else accounts.filter(is_superuser=False)

    def get_list_filter(self, request: HttpRequest) -> Any:
        """The stock filters, less superuser status for anyone who is not a superuser."""
        filters = super().get_list_filter(request)
        return filters if request.user.is_superuser else tuple(f for f in filters if f != "is_superuser")


admin.site.unregister(User)
admin.site.register(User, SchoolUserAdmin)


@admin.register(Cohort)
class CohortAdmin(admin.ModelAdmin[Cohort]):
    """Cohorts: their instructors and trainees."""

    list_display = ("name", "created_at")
    filter_horizontal = ("instructors", "trainees")
