"""URL routes of the dealer school."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import path

from trainer import views

urlpatterns = [
    path("", views.home, name="home"),
    path("tables/", views.tables, name="tables"),
    path("tables/<int:table_id>/deal/", views.deal, name="deal"),
    path("rounds/<int:attempt_id>/", views.attempt, name="attempt"),
    path("history/", views.history, name="history"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
]
