"""The Django admin, titled for the dealer school."""

from django.contrib import admin

admin.site.site_header = "Dealer school administration"
admin.site.site_title = "Dealer school"
