"""The core's devices that exist only for speed, each beside the plain path it replaces (``settings.ROUND_STORE``)."""
