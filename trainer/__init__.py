"""The dealer school web application: Django project and app in one package."""
