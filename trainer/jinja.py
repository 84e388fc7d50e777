"""The Jinja2 environment that draws the table's regions: Django's ``url`` and ``capfirst``, and no silent blanks."""

from collections.abc import MutableMapping
from typing import Any

import jinja2
from django.urls import reverse
from django.utils.text import capfirst


class Environment(jinja2.Environment):
    """Jinja2 tuned for many small renders of dicts: keys read first, globals in a plain dict.

    ``a.b`` reads a dict's key first, as Django's templates do, without a failed attribute lookup; a template's
    globals are copied into a dict when it is loaded (they are all set before), which each render reads faster
    than Jinja2's ChainMap.
    """

    def getattr(self, obj: Any, attribute: str) -> Any:
        """The value of ``obj.attribute`` in a template."""
        if type(obj) is dict and attribute in obj:
            return obj[attribute]
        return super().getattr(obj, attribute)

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        """A template's globals: the environment's, overlaid by the template's own."""
        return {**self.globals, **(d or {})}


def url(name: str, *args: Any) -> str:
    """The path of a named route, as Django's ``{% url %}`` gives it."""
    return reverse(name, args=args)


def environment(**options: Any) -> Environment:
    """The environment of the ``jinja2`` template engine: a name missing from the context is an error, not a blank.

    A template keeps its last newline, as Django's do, so each region of a frame starts a line. Every template
    stays loaded (there are a few dozen), so finding one is a plain dict lookup.
    """
    env = Environment(
        **options | {"undefined": jinja2.StrictUndefined, "keep_trailing_newline": True, "cache_size": -1}
    )
    env.globals["url"] = url
    env.filters["capfirst"] = capfirst
    return env
