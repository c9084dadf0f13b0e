"""gunicorn's threaded worker, with what this service needs of the server in front of the app.

- Each request must arrive whole (request line, headers and body) within
  ``TITAN_READ_TIMEOUT_SECONDS`` of its first byte: a client that trickles its request is cut
  off with 408 (or, when the app is already reading the body, the app answers 408), so a
  thread is never held for longer than that by a slow client. Writes have a timeout too.
- The errors gunicorn answers before the app sees a request (a malformed request line or
  header, too many or too long headers, an unsupported transfer coding, a timed-out read) are
  the service's JSON error envelope, with the right reason phrase, never HTML.

Used by gunicorn.conf.py as ``worker_class``; the app does not depend on it.
"""

from __future__ import annotations

import errno
import json
import os
import selectors
import signal
import socket
import time
from collections.abc import Callable
from functools import partial
from http import HTTPStatus
from types import FrameType
from typing import TYPE_CHECKING, Any, BinaryIO, TypeVar, cast

from gunicorn.http import errors as http_errors
from gunicorn.workers.gthread import TConn
from gunicorn.workers.gthread import ThreadWorker as _ThreadWorker

if TYPE_CHECKING:
    from gunicorn._types import _AddressType
    from gunicorn.http import Request

T = TypeVar("T")

# A response the client does not read may hold a thread this long, at most.
WRITE_TIMEOUT_SECONDS = 30.0
DEFAULT_READ_TIMEOUT_SECONDS = 10.0
# A worker told to quit at once is gone within this, even if the quit itself is stuck.
QUIT_SECONDS = 2.0


def read_timeout() -> float:
    """TITAN_READ_TIMEOUT_SECONDS (checked with every setting by gunicorn.conf.py)."""
    return float(os.environ.get("TITAN_READ_TIMEOUT_SECONDS", DEFAULT_READ_TIMEOUT_SECONDS))


def _quit_now(sig: int, frame: FrameType | None) -> None:
    """The quit's deadline passed: leave without waiting on any lock or thread. (A lock's wait
    is interrupted to run this handler, so it runs even in a deadlocked main thread.)"""
    os._exit(0)


class SlowClient(Exception):
    """A request that did not arrive whole within the read timeout (408)."""

    status = 408

    def __init__(self, seconds: float):
        super().__init__(f"the request did not arrive within {seconds:g} s")


class DeadlineSocket:
    """A client socket whose reads of one request end at a deadline: ``read_timeout`` seconds
    after the first read of the request (``begin`` starts the next request)."""

    def __init__(self, sock: socket.socket, read_timeout: float):
        self._sock = sock
        self.read_timeout = read_timeout
        self.deadline: float | None = None
        self.sent = 0  # bytes of a response sent for the current request
        self.closing = False

    def begin(self) -> None:
        self.deadline = None
        self.sent = 0

    def shutdown(self, how: int) -> None:
        """Closing. gunicorn then drains what the client still sends, waiting up to 2 s on the
        worker's main thread, which would stall every other connection of the worker
        meanwhile; here the drain reads only what has already arrived."""
        self.closing = True
        self._sock.shutdown(how)

    def recv(self, size: int, *flags: int) -> bytes:
        if self.closing:
            prior = self._sock.gettimeout()
            self._sock.setblocking(False)
            try:
                return self._sock.recv(size)
            except BlockingIOError:
                return b""  # nothing more has arrived: close now
            finally:
                self._sock.settimeout(prior)
        now = time.monotonic()
        if self.deadline is None:
            self.deadline = now + self.read_timeout
        remaining = self.deadline - now
        if remaining <= 0:
            raise SlowClient(self.read_timeout)
        prior = self._sock.gettimeout()
        self._sock.settimeout(remaining if not prior else min(prior, remaining))
        try:
            return self._sock.recv(size, *flags)
        except TimeoutError:
            if time.monotonic() >= self.deadline:
                raise SlowClient(self.read_timeout) from None
            raise  # a shorter timeout of the caller's (e.g. gunicorn draining a body)
        finally:
            self._sock.settimeout(prior)

    def _writing(self, send: Callable[..., T], data: Any, *args: Any) -> T:
        prior = self._sock.gettimeout()
        self._sock.settimeout(WRITE_TIMEOUT_SECONDS)
        try:
            return send(data, *args)
        finally:
            self._sock.settimeout(prior)

    def sendall(self, data: bytes | bytearray | memoryview, *flags: int) -> None:
        self.sent += len(data)
        return self._writing(self._sock.sendall, data, *flags)

    def send(self, data: bytes | bytearray | memoryview, *flags: int) -> int:
        sent = self._writing(self._sock.send, data, *flags)
        self.sent += sent
        return sent

    def sendfile(self, file: BinaryIO, offset: int = 0, count: int | None = None) -> int:
        self.sent += 1
        return self._writing(lambda f: self._sock.sendfile(f, offset, count), file)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)


def _status(exc: BaseException) -> tuple[int, str]:
    """(status, message) of an error gunicorn finds before the app, as its own worker would
    answer it (base.Worker.handle_error), with a message for people."""
    if isinstance(exc, SlowClient):
        return 408, str(exc)
    if isinstance(exc, http_errors.LimitRequestLine):
        return 414, "the request line is too long"
    if isinstance(exc, http_errors.LimitRequestHeaders):
        return 431, "too many headers, or a header too long"
    if isinstance(exc, http_errors.UnsupportedTransferCoding):
        return 501, "this transfer coding is not supported"
    if isinstance(exc, http_errors.ExpectationFailed):
        return 417, "this expectation cannot be met"
    if isinstance(exc, http_errors.ForbiddenProxyRequest):
        return 403, "request forbidden"
    if isinstance(exc, http_errors.InvalidHTTPVersion):
        return 505, "this service speaks HTTP/1.0 and HTTP/1.1"
    return 400, "the request is not valid HTTP/1.1"


def _client_error(exc: BaseException) -> bool:
    if isinstance(exc, SlowClient):
        return True
    # errors of a header the app sent: gunicorn 27 has them, its stubs (types-gunicorn) not yet
    server_side = (
        http_errors.InvalidResponseHeader,  # type: ignore[attr-defined]
        http_errors.InvalidResponseHeaderName,  # type: ignore[attr-defined]
    )
    return isinstance(exc, http_errors.ParseException) and not isinstance(exc, server_side)


def error_response(status: int, message: str, detail: str = "") -> bytes:
    """A whole HTTP/1.1 response holding the service's JSON error envelope."""
    phrase = HTTPStatus(status).phrase
    code = phrase.lower().replace(" ", "_").replace("-", "_")
    details = [{"path": None, "rule": None, "message": detail[:200]}] if detail else []
    body = json.dumps({"error": {"code": code, "message": message, "details": details}}).encode()
    head = (
        f"HTTP/1.1 {status} {phrase}\r\nConnection: close\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    return head.encode("latin-1") + body


class ThreadWorker(_ThreadWorker):
    """gthread with a read deadline per request and JSON errors (see the module's notes)."""

    _quitting = False

    def init_signals(self) -> None:
        super().init_signals()
        signal.signal(signal.SIGALRM, _quit_now)

    def handle_quit(self, sig: int, frame: FrameType | None) -> None:
        """Quit at once (Ctrl-C, or the master's quick shutdown), within QUIT_SECONDS whatever
        the signal interrupted. The handler runs on the main thread between two bytecodes: if
        that thread held the thread pool's lock (taking a connection) the pool's shutdown
        waits on it for ever, and a second signal (Ctrl-C reaches every process of the group
        and the master passes a quit on as well) re-enters the handler. So the first signal
        arms a deadline and the others are ignored."""
        if self._quitting:
            return
        self._quitting = True
        self.alive = False
        signal.setitimer(signal.ITIMER_REAL, QUIT_SECONDS)
        super().handle_quit(sig, frame)

    def accept(self, listener: socket.socket) -> None:
        """A new connection waits for its first byte in the poller, not in a thread (gunicorn
        gives it a thread for up to 5 s), so idle connections hold no thread at all; one that
        sends nothing for the keep-alive time is closed."""
        try:
            client, address = listener.accept()
        except OSError as e:
            if e.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise
            return
        self.nr_conns += 1
        # a DeadlineSocket stands in for the socket in all that gunicorn does with it
        sock = cast(socket.socket, DeadlineSocket(client, read_timeout()))
        conn = TConn(self.cfg, sock, address, listener.getsockname())
        conn.timeout = time.monotonic() + self.cfg.keepalive
        self.pending_conns.append(conn)
        self.poller.register(
            conn.sock, selectors.EVENT_READ, partial(self.on_pending_socket_readable, conn)
        )

    def handle(self, conn: TConn) -> bool:
        if isinstance(conn.sock, DeadlineSocket):
            conn.sock.begin()
        return super().handle(conn)

    def handle_error(
        self,
        req: Request | None,
        client: socket.socket,
        addr: _AddressType,
        exc: BaseException,
    ) -> None:
        if not _client_error(exc):
            return super().handle_error(req, client, addr, exc)  # logged with its traceback: 500
        if isinstance(client, DeadlineSocket) and client.sent:
            # The app has answered already (e.g. 400 for a broken chunked body), and the error
            # came from reading what was left of the body: the connection just closes.
            self.log.debug("after the response: %s", exc)
            return None
        status, message = _status(exc)
        host = addr[0] if isinstance(addr, tuple) else ""  # a Unix socket's client has none
        self.log.warning("%s from %s: %s", status, host, str(exc)[:200])
        try:
            client.setblocking(True)
            client.settimeout(1.0)
            client.sendall(error_response(status, message))  # gunicorn's words stay in the log
        except OSError:
            self.log.debug("the error response could not be sent")
        return None
