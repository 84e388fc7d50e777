"""The Jinja2 environment that draws the table's regions: Django's ``url`` and ``capfirst``, and no silent blanks."""

from typing import Any

import jinja2
from django.conf import settings
from django.urls import reverse
from django.utils.text import capfirst

from trainer.speed.jinja import DictFirstEnvironment


def url(name: str, *args: Any) -> str:
    """The path of a named route, as Django's ``{% url %}`` gives it."""
    return reverse(name, args=args)


def environment(**options: Any) -> jinja2.Environment:
    """The environment of the ``jinja2`` template engine: a name missing from the context is an error, not a blank.

    A template keeps its last newline, as Django's do, so each region of a frame starts a line. Every template
    stays loaded (there are a few dozen), so finding one is a plain dict lookup. With the cached round store the
    environment is :class:`~trainer.speed.jinja.DictFirstEnvironment`, else Jinja2's own.
    """
    kind = DictFirstEnvironment if settings.ROUND_STORE == "cached" else jinja2.Environment
    env = kind(**options | {"undefined": jinja2.StrictUndefined, "keep_trailing_newline": True, "cache_size": -1})
    env.globals["url"] = url
    env.filters["capfirst"] = capfirst
    return env
