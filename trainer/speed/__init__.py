"""Everything that exists only for speed, each device beside the plain path it replaces (``settings.ROUND_STORE``)."""
