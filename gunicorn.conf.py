"""gunicorn settings for this service (each may be overridden on the command line).

Sized for a small machine: one synchronous worker per core (a simulation fills a core
while it runs), the app preloaded once so the workers share it, timeouts above the
simulation time budget, and an access log with each request's duration.
"""

import math
import multiprocessing
import os

from api.config import DEFAULTS, from_environment

_budget = float(from_environment().get("TIME_BUDGET_SECONDS", DEFAULTS["TIME_BUDGET_SECONDS"]))

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
# One worker per core: more would only queue behind the same cores.
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count()))
worker_class = "sync"
# Load the app once, before forking, so the workers share its memory; the battle kernel is
# compiled into numba's cache meanwhile (see api.routes.odds.warm_up_when_served).
preload_app = True
# A request may simulate for the time budget; give it room before the worker is recycled.
timeout = max(int(os.environ.get("GUNICORN_TIMEOUT", "60")), math.ceil(_budget) + 30)
graceful_timeout = math.ceil(_budget) + 10
keepalive = 5
# Recycle a worker now and then, staggered, so a slow leak cannot grow without bound.
max_requests = 2000
max_requests_jitter = 200
# Request line and headers: gunicorn's limits; bodies are limited by TITAN_MAX_CONTENT_LENGTH.
limit_request_line = 4094
limit_request_fields = 100
accesslog = "-"
errorlog = "-"
# remote address, request line, status, bytes, seconds taken
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(L)ss'


def post_fork(server, worker):
    """Each worker loads the battle kernel (numba's cache, filled while the app was preloaded)
    before its first request."""
    from api.routes.odds import warm_up_worker

    try:
        warm_up_worker()
    except Exception:  # the worker still serves; its first odds request compiles instead
        server.log.exception("worker %s starts cold: loading the battle kernel failed", worker.pid)
