"""The site header's navigation: the pages the signed-in user's roles open, as the home page's list offers them."""

from dataclasses import dataclass

from django.http import HttpRequest
from django.urls import reverse

from core.roles import Role


@dataclass(frozen=True)
class NavLink:
    """One link of the header: its words, its address and whether it is the page being shown."""

    label: str
    url: str
    current: bool


def navigation(request: HttpRequest) -> dict[str, list[NavLink]]:
    """The header's links for the user's roles, in the order a school day uses them; one query."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"nav_links": []}
    roles = set(user.groups.values_list("name", flat=True))
    teaches = user.is_superuser or bool(roles & {Role.INSTRUCTOR, Role.SCHOOL_ADMINISTRATOR})
    runs_school = user.is_superuser or Role.SCHOOL_ADMINISTRATOR in roles
    offered = [
        ("Tables", "tables", bool(roles)),
        ("Your history", "history", bool(roles)),
        ("Drill library", "drills", bool(roles)),
        ("My mistakes", "my_mistakes", bool(roles)),
        ("My record", "my_record", Role.TRAINEE in roles),
        ("Cohorts", "cohorts", teaches),
        ("Scenarios", "scenarios", Role.INSTRUCTOR in roles),
        ("Exams", "exams", teaches or Role.TRAINEE in roles),
        ("Records", "exports", teaches),
        ("Rules Submission", "rules_submission", runs_school),
        ("School profile", "school_profile", runs_school),
        ("School administration", "admin:index", user.is_staff),
    ]
    links = [(label, reverse(name)) for label, name, shown in offered if shown]
    current = max((url for _, url in links if request.path.startswith(url)), key=len, default=None)
    return {"nav_links": [NavLink(label, url, url == current) for label, url in links]}
