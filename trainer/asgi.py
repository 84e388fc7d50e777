"""ASGI entry point: Django over HTTP, the WebSocket routes behind the origin check and the session login."""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "trainer.settings")
# Populate the app registry before the routes import consumers that may import models.
django_application = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from trainer.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_application,
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)

# Everything loaded so far (Django, the apps, the routes) lives as long as the server: moved out of the cyclic
# garbage collector's reach, it is no longer walked by every full collection while tables are being dealt.
gc.freeze()
