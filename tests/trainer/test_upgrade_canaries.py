"""Upgrade canaries: every library internal the school overrides or leans on is as it was when the override was written.

Each override names a private (or undocumented) part of a library: a method it replaces or extends, or a call the
library makes that the override counts on. A canary pins that part's source (a SHA-256 of ``inspect.getsource``,
first 16 hex digits) at the version the override was written against; an upgrade that changes it fails here by
library, version and name, so the override is read again against the new source before the pin is moved.
"""

import hashlib
import importlib
import inspect
from dataclasses import dataclass
from importlib.metadata import version
from typing import Any

import pytest

pytestmark = pytest.mark.storage


@dataclass(frozen=True)
class Pinned:
    """A library's private part as an override in the school relies on it, pinned at one version of the library."""

    distribution: str
    pinned_version: str
    module: str
    name: str
    """The part's qualified name in ``module``, such as ``InMemoryChannelLayer._clean_expired``."""
    source_sha256: str
    overridden_in: str

    def part(self, name: str = "") -> Any:
        """The part (or another of the module's, ``name``) itself, or a failure naming what is gone."""
        name = name or self.name
        found: Any = importlib.import_module(self.module)
        for attribute in name.split("."):
            if not hasattr(found, attribute):
                pytest.fail(f"{self.where()}: {self.module}.{name} is gone. {self.advice()}")
            found = getattr(found, attribute)
        return found

    def check_unchanged(self) -> None:
        """Fail, naming the library, its version and the part, unless the part's source is the pinned one."""
        digest = hashlib.sha256(inspect.getsource(self.part()).encode()).hexdigest()[:16]
        assert digest == self.source_sha256, (
            f"{self.where()} changed {self.module}.{self.name} (source {digest}, pinned {self.source_sha256}). "
            f"{self.advice()}"
        )

    def where(self) -> str:
        """The library and its installed version, against the pinned one."""
        return f"{self.distribution} {version(self.distribution)} (pinned at {self.pinned_version})"

    def advice(self) -> str:
        """What to do when the canary fails."""
        return f"{self.overridden_in} overrides it: read the new source, mend the override, then move this pin."


PINNED = [
    Pinned(
        "channels",
        "4.3.2",
        "channels.layers",
        "InMemoryChannelLayer._clean_expired",
        "604032dae1cc01d2",
        "trainer/speed/channel_layer.py (SweepingInMemoryChannelLayer)",
    ),
    Pinned(
        "Jinja2",
        "3.1.6",
        "jinja2.environment",
        "Environment.getattr",
        "9d52d65b450cc167",
        "core/speed/jinja.py (DictFirstEnvironment)",
    ),
    Pinned(
        "Jinja2",
        "3.1.6",
        "jinja2.environment",
        "Environment.make_globals",
        "b6eb9ef15eaebcaf",
        "core/speed/jinja.py (DictFirstEnvironment)",
    ),
    Pinned(
        "autobahn",
        "26.11.1",
        "autobahn.websocket.protocol",
        "WebSocketProtocol._fail_connection",
        "00c349e066d658bf",
        "trainer/daphne_sockets.py (SchoolWebSocketProtocol.fail)",
    ),
    Pinned(
        "autobahn",
        "26.11.1",
        "autobahn.websocket.protocol",
        "WebSocketProtocol._max_message_size_exceeded",
        "6b5977afbff991c3",
        "trainer/daphne_sockets.py (SchoolWebSocketProtocol)",
    ),
    Pinned(
        "daphne",
        "4.2.3",
        "daphne.ws_protocol",
        "WebSocketProtocol.handle_reply",
        "5331423b1cf2016a",
        "trainer/daphne_sockets.py (SchoolWebSocketProtocol)",
    ),
]


@pytest.mark.parametrize("pinned", PINNED, ids=[f"{pinned.distribution}: {pinned.name}" for pinned in PINNED])
def test_an_overridden_library_internal_is_as_pinned(pinned):
    pinned.check_unchanged()


CALLED_FROM = [
    (PINNED[0], "InMemoryChannelLayer.receive", "self._clean_expired()"),
    (PINNED[0], "InMemoryChannelLayer.group_send", "self._clean_expired()"),
    (
        Pinned(
            "Django",
            "5.2.19",
            "django.forms.forms",
            "BaseForm.__init__",
            "",
            "trainer/controls.py (SharedFields.__deepcopy__)",
        ),
        "BaseForm.__init__",
        "self.fields = copy.deepcopy(self.base_fields)",
    ),
]


@pytest.mark.parametrize("pinned, caller, call", CALLED_FROM, ids=[caller for _, caller, _ in CALLED_FROM])
def test_the_library_still_makes_the_call_an_override_counts_on(pinned, caller, call):
    source = inspect.getsource(pinned.part(caller))
    assert call in source, (
        f"{pinned.where()}: {pinned.module}.{caller} no longer runs `{call}`, so the override of it does nothing. "
        f"{pinned.advice()}"
    )


def test_a_changed_internal_fails_naming_the_library_its_version_and_the_part():
    installed = version("channels")
    changed = Pinned("channels", "0.1", "channels.layers", "InMemoryChannelLayer._clean_expired", "0" * 16, "x.py")
    with pytest.raises(AssertionError, match=rf"channels {installed} \(pinned at 0\.1\) changed channels\.layers\."):
        changed.check_unchanged()
    gone = Pinned("channels", "0.1", "channels.layers", "InMemoryChannelLayer._swept_away", "", "x.py")
    with pytest.raises(pytest.fail.Exception, match=r"InMemoryChannelLayer\._swept_away is gone\. x\.py overrides"):
        gone.part()
