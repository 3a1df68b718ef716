"""Names vulture (tests/test_unused_code.py) would call unused that a framework calls.

Not imported by anything: vulture reads it, and a name written here counts as used.
Names given as dotted paths in config/ (settings' middleware, parsers, cache backend,
schema hooks, logging classes, Celery tasks, URL handlers) need no entry: the test reads
them from there. Add an entry only for a real entry point, with why.
"""

# ruff: noqa
# Django finds an app's AppConfig in its apps.py, reads a model's inner Meta, and runs a
# management command's Command (by its file name) with its add_arguments.
ApiConfig, EventsConfig, AccountsConfig, Meta, Command, add_arguments

# Django calls a signal receiver with the sender as its first argument.
sender

# DRF calls these on authentication classes, views and serializers (validate_<field>).
authenticate_header, get_authenticate_header, select_parser, select_renderer, get_rate
validate_wait
format_suffix  # an argument of DRF's select_renderer signature

# drf-spectacular registers an OpenApiAuthenticationExtension subclass by subclassing,
# and calls its get_security_definition(auto_schema).
TokenScheme, get_security_definition, auto_schema

# Python's logging calls a Formatter's format.
format

# Django compiles a query expression by calling its as_<vendor> (as_sqlite,
# as_postgresql), else its as_sql (events/inbox.py AwaitsSeat).
as_sql, as_sqlite, as_postgresql

# gunicorn calls the hooks its config module defines by name (config/gunicorn_conf.py),
# with the arbiter as first argument.
post_fork

# Celery calls the receivers connected to its signals (config/celery.py: the pool
# processes die with the worker).
remember_the_worker, die_with_the_worker
