"""The page that asks before an action that cannot be undone: the question, what follows, and the one button."""

from dataclasses import dataclass

from django import forms
from django.http import HttpResponse
from django.shortcuts import render

from core.requests import SchoolRequest


@dataclass(frozen=True)
class Confirmation:
    """What the page asks and does: question, consequence, button, Cancel's address, a ticked checkbox's label."""

    question: str
    consequence: str
    action: str
    cancel_url: str
    option: str = ""


def confirmation_page(
    request: SchoolRequest, confirmation: Confirmation, form: forms.Form | None = None, status: int = 200
) -> HttpResponse:
    """Ask before acting: the page's button posts to the page's own address, which acts; nothing changes until then.

    ``form`` holds what the action needs (a reason), drawn above the button with its errors.
    """
    return render(request, "core/confirm.html", {"confirmation": confirmation, "form": form}, status=status)
