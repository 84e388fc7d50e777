"""The school's roles, each a Django auth group, and who holds them."""

from django.contrib.auth.models import AnonymousUser, User
from django.db import models


class Role(models.TextChoices):
    """A school role; each is a Django auth Group of the same name (made by trainer's migrations 0001 and 0008)."""

    TRAINEE = "trainee", "Trainee"
    INSTRUCTOR = "instructor", "Instructor"
    SCHOOL_ADMINISTRATOR = "school administrator", "School administrator"


SchoolUser = User | AnonymousUser
"""Whoever makes a request: a signed-in account (Django's own user model) or nobody."""


def has_role(user: SchoolUser, role: Role) -> bool:
    """Whether the user is signed in and belongs to the role's group."""
    return user.is_authenticated and user.groups.filter(name=role).exists()


def is_school_administrator(user: SchoolUser) -> bool:
    """Whether the user runs the school: a school administrator or a superuser."""
    return user.is_superuser or has_role(user, Role.SCHOOL_ADMINISTRATOR)


def teaches_cohorts(user: SchoolUser) -> bool:
    """Whether the user may open the cohort pages: an instructor or someone who runs the school."""
    return has_role(user, Role.INSTRUCTOR) or is_school_administrator(user)
