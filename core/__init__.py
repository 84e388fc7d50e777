"""The core app: what every web app shares, the request type, roles, refused and unavailable pages, bounded fields."""
