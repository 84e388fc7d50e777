"""The xAPI app's manage.py commands."""
