"""ASGI entry point: Django over HTTP; WebSocket routes behind the same-origin check, session login, frame limits."""

import gc
import logging
import os

from django.core.asgi import get_asgi_application

FULL_COLLECTION_THRESHOLD = 1
"""Middle-generation garbage collections between two full ones (Python's default is 10)."""

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
# garbage collector's reach, it is no longer walked by a full collection. A closed socket leaves its objects in
# reference cycles (Daphne's and Autobahn's), holding buffers of C memory the collector does not count, about 150 KB
# a socket with permessage-deflate: a full collection after every middle-generation one frees them within some tens
# of sockets (bench/ws_churn.py: 1,000 sockets kept 175 KB each with a full collection after a thousand, as once
# here; 20 KB with this). Python still skips a full collection until the objects waiting for one are a quarter of
# those that survived the last, so its cost stays in proportion to the live rounds.
gc.freeze()
gc.set_threshold(*gc.get_threshold()[:2], FULL_COLLECTION_THRESHOLD)
