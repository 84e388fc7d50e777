"""ASGI entry point: Django over HTTP; WebSocket routes behind the same-origin check, session login, frame limits."""

import gc
import logging
import os

from django.core.asgi import get_asgi_application

FULL_COLLECTION_THRESHOLD = 1000
"""Middle-generation garbage collections between two full ones (Python's default is 10)."""

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "trainer.settings")
# The server log's times name their zone (Django sets the process's zone to the school's TIME_ZONE).
logging.Formatter.default_time_format = "%Y-%m-%d %H:%M:%S %Z"
logging.Formatter.default_msec_format = None
# Populate the app registry before the routes import consumers that may import models.
django_application = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from trainer import daphne_sockets  # noqa: E402
from trainer.frame_limits import FrameLimitGuard  # noqa: E402
from trainer.origin import SameOriginValidator  # noqa: E402
from trainer.routing import websocket_urlpatterns  # noqa: E402
from trainer.unavailable import SocketSignInUnavailable  # noqa: E402

# Imported by Daphne (stock or trainer/serve.py) before it builds its WebSocket factory.
daphne_sockets.install()
application = ProtocolTypeRouter(
    {
        "http": django_application,
        "websocket": SameOriginValidator(
            SocketSignInUnavailable(AuthMiddlewareStack(FrameLimitGuard(URLRouter(websocket_urlpatterns))))
        ),
    }
)

# Everything loaded so far (Django, the apps, the routes) lives as long as the server: moved out of the cyclic
# garbage collector's reach, it is no longer walked by a full collection. A full collection of the live rounds
# stops the server for up to a tenth of a second under load (bench/ws_load.py), so it runs after a thousand
# middle-generation collections instead of ten (under the benchmark's load: every ten seconds with the default);
# the young generations are collected as often as Python's defaults.
gc.freeze()
gc.set_threshold(*gc.get_threshold()[:2], FULL_COLLECTION_THRESHOLD)
