from django.urls import path

from . import audit_views, auth_views, live_views, views, webhook_views

urlpatterns = [
    path("auth/register", auth_views.RegisterView.as_view(), name="register"),
    path("auth/token", auth_views.TokenView.as_view(), name="token"),
    path("auth/tokens", auth_views.TokenListView.as_view(), name="tokens"),
    path("auth/tokens/<int:token_id>", auth_views.TokenDetailView.as_view(), name="token-detail"),
    path("auth/logout", auth_views.LogoutView.as_view(), name="logout"),
    path("game-types", views.GameTypeListView.as_view(), name="game-types"),
    path("games", views.GameListView.as_view(), name="games"),
    path("games/<uuid:game_id>", views.GameDetailView.as_view(), name="game"),
    path("games/<uuid:game_id>/join", views.JoinView.as_view(), name="join"),
    path("games/<uuid:game_id>/client-seed", views.ClientSeedView.as_view(), name="client-seed"),
    path("games/<uuid:game_id>/leave", views.LeaveView.as_view(), name="leave"),
    path("games/<uuid:game_id>/start", views.StartView.as_view(), name="start"),
    path("games/<uuid:game_id>/legal-actions", views.LegalActionsView.as_view(),
         name="legal-actions"),
    path("games/<uuid:game_id>/actions", views.ActionView.as_view(), name="actions"),
    path("games/<uuid:game_id>/events", views.EventListView.as_view(), name="events"),
    path("games/<uuid:game_id>/state", views.StateView.as_view(), name="state"),
    path("games/<uuid:game_id>/stream", live_views.EventStreamView.as_view(), name="stream"),
    path("webhooks", webhook_views.WebhookListView.as_view(), name="webhooks"),
    path("webhooks/<int:webhook_id>", webhook_views.WebhookDetailView.as_view(), name="webhook"),
    path("webhooks/<int:webhook_id>/deliveries", webhook_views.DeliveryListView.as_view(),
         name="webhook-deliveries"),
    path("games/<uuid:game_id>/audit", audit_views.AuditView.as_view(), name="audit"),
    path("games/<uuid:game_id>/challenges", audit_views.ChallengeListView.as_view(),
         name="challenges"),
]
