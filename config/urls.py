from django.urls import include, path

from api import ops

urlpatterns = [
    path("api/v1/", include("api.urls")),
    path("api/schema/", ops.SchemaView.as_view(), name="schema"),
    path("api/docs/", ops.SwaggerView.as_view(url_name="schema"), name="swagger-ui"),
    path("api/redoc/", ops.RedocView.as_view(url_name="schema"), name="redoc"),
    # For operators (docs/scaling.md): no token, no throttle; /metrics is guarded itself.
    path("healthz", ops.healthz, name="healthz"),
    path("readyz", ops.readyz, name="readyz"),
    path("metrics", ops.metrics_view, name="metrics"),
]

handler400 = "api.errors.bad_request_view"
handler404 = "api.errors.not_found_view"
handler500 = "api.errors.server_error_view"
