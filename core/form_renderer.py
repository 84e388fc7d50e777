"""The forms' renderer: Django's Jinja2 one, falling back to Django's templates for the admin's own widgets."""

from functools import cached_property
from typing import Any

from django.forms.renderers import DjangoTemplates, Jinja2
from django.template.exceptions import TemplateDoesNotExist


class SchoolFormRenderer(Jinja2):
    """Every widget drawn by Jinja2 (django/forms/jinja2/), but those the admin and auth ship as Django templates only.

    Django's own Jinja2 renderer cannot draw the admin's widgets (its user page's password hash, for one), whose
    templates are Django's alone; those fall back to Django's template renderer, as the admin's pages do.
    """

    @cached_property
    def django_templates(self) -> DjangoTemplates:
        """Django's renderer from Django templates, for the widgets with no Jinja2 template."""
        return DjangoTemplates()

    def get_template(self, template_name: str) -> Any:
        """The widget's Jinja2 template, or its Django template when it has none."""
        try:
            return super().get_template(template_name)
        except TemplateDoesNotExist:
            return self.django_templates.get_template(template_name)
