"""ASGI entry point: Django over HTTP; WebSocket routes behind the same-origin check, session login, frame limits."""

import gc
import logging
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dealer_school.settings")
# The server log's times name their zone (Django sets the process's zone to the school's TIME_ZONE).
logging.Formatter.default_time_format = "%Y-%m-%d %H:%M:%S %Z"
logging.Formatter.default_msec_format = None
# Populate the app registry before the routes import consumers that may import models.
django_application = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from core.origin import SameOriginValidator  # noqa: E402
from core.unavailable import SocketSignInUnavailable  # noqa: E402
from trainer import daphne_sockets  # noqa: E402
from trainer.routing import websocket_urlpatterns  # noqa: E402
from trainer.socket_guard import FrameLimitGuard  # noqa: E402

# Imported by Daphne (stock or dealer_school/serve.py) before it builds its WebSocket factory.
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
# garbage collector's reach, it is no longer walked by a full collection. The collector keeps Python's thresholds: a
# full collection walks every live round's objects (about 40 ms of CPU at 100 open tables), and one after every
# middle-generation collection ran every 3 s at 100 tables, a twelfth of the table's CPU and the steps' longest
# waits (bench/results/ws_load.md, 2026-12-07 evening). What a closed socket leaves in reference cycles (buffers of C
# memory the collector does not count) is collected by a full collection every few tens of closed sockets instead
# (trainer/daphne_sockets.py).
gc.freeze()
