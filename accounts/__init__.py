"""Accounts: the users' registration and logins, their access tokens, the failed-login
limit. A Django app (label `accounts`) with its model (`AccessToken`), its services
(`services.py`, `failed_logins.py`) and its reads (`selectors.py`); the HTTP of it is
api/ (auth_views.py, auth.py). It never imports api/
(docs/decisions/0009-packages-beside-api.md)."""
