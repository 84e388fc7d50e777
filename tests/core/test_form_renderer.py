"""The forms' renderer: the school's widgets drawn by Jinja2, the admin's own (Django templates only) by Django."""

from django.forms.renderers import get_default_renderer
from django.template.backends.django import Template as DjangoTemplate
from django.template.backends.jinja2 import Template as JinjaTemplate
from django.urls import reverse


def test_a_school_forms_widget_is_drawn_by_jinja2():
    assert isinstance(get_default_renderer().get_template("django/forms/widgets/text.html"), JinjaTemplate)


def test_the_admins_own_widget_is_drawn_by_django_templates_on_its_page(admin_client, admin_user):
    renderer = get_default_renderer()
    assert isinstance(renderer.get_template("auth/widgets/read_only_password_hash.html"), DjangoTemplate)
    page = admin_client.get(reverse("admin:auth_user_change", args=[admin_user.pk]))
    assert page.status_code == 200 and "<strong>algorithm</strong>" in page.text
