"""Jinja2 tuned for many small renders of dicts: keys read first, globals in a plain dict.

``a.b`` reads a dict's key first, as Django's templates do, without a failed attribute lookup; a template's
globals are copied into a dict when it is loaded (they are all set before), which each render reads faster than
Jinja2's ChainMap. It overrides Jinja2's ``Environment.getattr`` and ``make_globals``
(tests/trainer/test_upgrade_canaries.py watches them). Kept by measurement: a step's regions drawn in 0.75-0.84 ms
against Jinja2's own 0.99-1.12 (bench/table_step.py, bench/results/speed-devices.md).
"""

from collections.abc import MutableMapping
from typing import Any

import jinja2


class DictFirstEnvironment(jinja2.Environment):
    """Jinja2's environment reading a dict's keys first and a template's globals from a plain dict."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        """The value of ``obj.attribute`` in a template."""
        if type(obj) is dict and attribute in obj:
            return obj[attribute]
        return super().getattr(obj, attribute)

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        """A template's globals: the environment's, overlaid by the template's own."""
        return {**self.globals, **(d or {})}
