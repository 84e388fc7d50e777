"""A day written in words outside a template, as the pages write it with ``|date:"M j, Y"`` ("Dec 1, 2026")."""

from datetime import date

from django.utils.formats import date_format

PAGE_DAY = "M j, Y"
"""The pages' format of a day (Django's date format characters)."""


def day_text(day: date) -> str:
    """The day as the pages write it."""
    return date_format(day, PAGE_DAY)
