"""The dealer school's Django project: settings, the root URLs, the ASGI application and the server's command."""
