import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup(set_prefix=False)  # as django.core.asgi.get_asgi_application()

# Django's ASGI handler, its requests' threads pooled: config/request_threads.py.
from config.request_threads import PooledThreadsASGIHandler  # noqa: E402

application = PooledThreadsASGIHandler()

# Long-lived streams make CPython's full collections long pauses: config/gc_tuning.py.
from config.gc_tuning import tune_for_serving  # noqa: E402

tune_for_serving()
