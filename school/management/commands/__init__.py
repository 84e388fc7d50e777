"""The school app's manage.py commands."""
