"""gunicorn settings for this service (each may be overridden on the command line)."""

import multiprocessing
import os

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
# One worker per core: a simulation already fills a core while it runs.
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count()))
# Load the app (and its compiled kernels) once, before forking the workers.
preload_app = True
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "60"))
graceful_timeout = 10
keepalive = 5
accesslog = "-"
errorlog = "-"


def post_fork(server, worker):
    """Each worker loads the battle kernel (numba's cache, filled while the app was preloaded)
    before its first request."""
    from api.routes.odds import warm_up_worker

    warm_up_worker()
