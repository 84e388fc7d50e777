"""The trainer's manage.py commands."""
