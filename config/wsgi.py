"""WSGI entry point (gunicorn config.wsgi; runserver, as bin/run starts it, loads it too)."""

import os

from django.core.servers import basehttp
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

# runserver (bin/run, the club's laptop) keeps this many connections waiting to be accepted
# (Django's own is 10): at the end of a round every phone's outbox sends at once, and a full
# queue resets the connections beyond it (tests/faults/test_laptop_entries.py). Read when
# runserver makes its server, after loading this module; gunicorn has its own (--backlog).
basehttp.WSGIServer.request_queue_size = 128
