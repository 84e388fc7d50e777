"""The Jinja2 environment that draws every page of the school and the table's regions: Django's helpers, no blanks."""

from datetime import date, datetime, time
from typing import Any

import jinja2
from django.conf import settings
from django.template import defaultfilters
from django.templatetags.static import static
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.timezone import template_localtime  # type: ignore[attr-defined]  # missing from the stubs
from django_htmx.jinja import htmx_script

from core.speed.jinja import DictFirstEnvironment


def url(name: str, *args: Any) -> str:
    """The path of a named route, as Django's ``{% url %}`` gives it."""
    return reverse(name, args=args)


def local_date(value: date | datetime | time | str | None, arg: str | None = None) -> str:
    """Django's ``date`` filter on the value in the school's time zone, as Django's templates convert it first."""
    return defaultfilters.date(template_localtime(value), arg)


def environment(**options: Any) -> jinja2.Environment:
    """The environment of the ``jinja2`` template engine: a name missing from the context is an error, not a blank.

    A template keeps its last newline, as Django's do, so each region of a frame starts a line. Every template
    stays loaded (there are a few dozen), so finding one is a plain dict lookup. With the cached round store the
    environment is :class:`~core.speed.jinja.DictFirstEnvironment`, else Jinja2's own. The pages' helpers are
    Django's own: ``url``, ``static``, htmx's script tags and the filters ``capfirst``, ``date`` (in the school's
    time zone), ``pluralize``, ``slugify`` and ``urlencode``; the engine adds ``csrf_input`` to each page.
    """
    kind = DictFirstEnvironment if settings.ROUND_STORE == "cached" else jinja2.Environment
    env = kind(**options | {"undefined": jinja2.StrictUndefined, "keep_trailing_newline": True, "cache_size": -1})
    env.globals.update(url=url, static=static, htmx_script=htmx_script)
    env.filters.update(
        capfirst=capfirst,
        date=local_date,
        pluralize=defaultfilters.pluralize,
        slugify=defaultfilters.slugify,
        urlencode=defaultfilters.urlencode,
    )
    return env
