"""gunicorn settings for this service (each may be overridden on the command line).

Sized for a small machine: one worker process per core, each with a pool of threads (see
``threads`` below), the app preloaded once so the workers share it, a deadline for reading each
request, and an access log with each request's duration. The service answers at once: each
worker prepares the battle kernel in the background (api.warmup). Every setting is checked
before anything starts: a service with a setting out of range does not start, and says why.
"""

import math
import multiprocessing
import os
import sys

from api.config import check, server_settings

_settings, _problems = check()
if _problems:
    sys.stderr.write(
        "The service does not start; these settings do not fit:\n"
        + "".join(f"  {problem}\n" for problem in _problems)
    )
    sys.exit(2)
_server, _ = server_settings()
# The longest a request may take: waiting for its turn and for the battle kernel, then
# simulating.
_longest_request = (
    float(_settings["TIME_BUDGET_SECONDS"])
    + float(_settings["KERNEL_WAIT_SECONDS"])
    + float(_settings["SIMULATION_WAIT_SECONDS"])
)

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
# One worker per core: a simulation's kernel runs on every core, so more processes would only
# queue behind the same cores.
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count()))
# Threads, so that a slow or idle client holds a thread, not the process: while some threads
# wait on slow clients (each at most TITAN_READ_TIMEOUT_SECONDS) or run a simulation (at most
# TITAN_SIMULATIONS_PER_WORKER at once, the kernel releasing Python's lock), the others answer.
# A thread waiting on a socket costs no CPU and little memory (see docs/service.md, "Under load").
worker_class = "api.worker.ThreadWorker"
threads = 64
# Load the app once, before forking, so the workers share its memory and start serving at
# once. The master never runs the battle kernel (the kernel's threads do not survive
# fork); each worker loads it from numba's cache in the background, the first compiling it
# after an install while the others wait for its cache (post_fork below, api.warmup).
preload_app = True
# A request may wait for the kernel and then simulate for the time budget; give it room
# before the worker is taken for stuck and restarted.
timeout = max(_server.get("GUNICORN_TIMEOUT", 60), math.ceil(_longest_request) + 30)
graceful_timeout = math.ceil(_longest_request) + 10
keepalive = 5
# Recycle a worker now and then, staggered, so a slow leak cannot grow without bound.
max_requests = 2000
max_requests_jitter = 200
# Request line and headers: gunicorn's limits; bodies are limited by TITAN_MAX_CONTENT_LENGTH.
limit_request_line = 4094
limit_request_fields = 100
accesslog = "-"
errorlog = "-"
# remote address, the client's address as nginx gives it ("-" without nginx), request line,
# status, bytes, seconds taken
access_log_format = '%(h)s %({x-forwarded-for}i)s "%(r)s" %(s)s %(b)s %(L)ss'
# No control socket: it is one per user ($HOME/.gunicorn/gunicorn.ctl), so two instances (the
# service and a load test) would take it from each other, and nothing here uses gunicornc.
control_socket_disable = True


def post_fork(server, worker):
    """The worker serves at once; its battle kernel gets ready in a background thread."""
    import logging

    from api.warmup import start_in_worker

    # The service's own log lines (api.*: the kernel's warm-up, unexpected errors) go where
    # gunicorn's go, with the same format.
    service_log = logging.getLogger("api")
    service_log.setLevel(logging.INFO)
    for handler in server.log.error_log.handlers:
        service_log.addHandler(handler)
    start_in_worker()
