"""The school's roles and the one helper that checks them."""

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db import models


class Role(models.TextChoices):
    """A school role; each is a Django auth Group of the same name (created by migration 0001)."""

    TRAINEE = "trainee", "Trainee"
    INSTRUCTOR = "instructor", "Instructor"


def has_role(user: AbstractBaseUser | AnonymousUser, role: Role) -> bool:
    """Whether the user is signed in and belongs to the role's group."""
    return user.is_authenticated and user.groups.filter(name=role).exists()
