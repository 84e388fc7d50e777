"""The core app: what every web app shares: request type, roles, refused pages, bounded fields, the school's profile."""
