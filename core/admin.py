"""The Django admin site of the school administrators: its header and title; each app registers its own models."""

from django.contrib import admin

admin.site.site_header = "Dealer school administration"
admin.site.site_title = "Dealer school"
