import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_asgi_application()

# Long-lived streams make CPython's full collections long pauses: config/gc_tuning.py.
from config.gc_tuning import tune_for_serving  # noqa: E402

tune_for_serving()
