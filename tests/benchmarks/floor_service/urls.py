from django.urls import path

from . import views

urlpatterns = [
    path("api/v1/games/<uuid:game_id>", views.GameView.as_view()),
    path("api/v1/games/<uuid:game_id>/legal-actions", views.LegalView.as_view()),
    path("api/v1/games/<uuid:game_id>/actions", views.ActionView.as_view()),
]
