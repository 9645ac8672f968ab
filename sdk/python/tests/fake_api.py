"""A real local HTTP server standing in for POST /api/logs/batch, scripted per request to answer 201,
429/5xx (with Retry-After), a 4xx envelope, a hang (timeout), a dropped connection, or "store then
fail" (the answer is lost after the rows were written). Idempotency-Key behaves like the worker's:
a key seen before replays its ids and stores nothing."""

import json
import threading
import time
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from promptsentry import PromptSentry


class FakeApi:
    def __init__(self):
        self.requests = []  # dicts: at, key, auth, bytes, logs, headers
        self.stored = []
        self.script = []  # dicts {status, headers, body} or "hang" / "reset" / "store-then-503"
        self.keys = {}
        self.lock = threading.Lock()
        self._next_id = 1
        self._release = threading.Event()
        api = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                try:
                    logs = json.loads(raw.decode("utf-8"))["logs"]
                except (ValueError, KeyError):
                    logs = []
                key = self.headers.get("Idempotency-Key")
                with api.lock:
                    api.requests.append({"at": time.monotonic(), "key": key, "auth": self.headers.get("Authorization"),
                                         "bytes": len(raw), "logs": logs, "headers": dict(self.headers), "path": self.path,
                                         "method": self.command, "body": raw})
                    reply = api.script.pop(0) if api.script else {"status": 201}
                if reply == "hang":
                    api._release.wait(30)
                    return
                if reply == "reset":
                    self.close_connection = True
                    self.connection.shutdown(2)
                    return
                if reply == "store-then-503":
                    api._store(key, logs)
                    return self._send(503, {"error": {"code": "unavailable", "message": "lost answer"}})
                if reply["status"] == 201:
                    ids, replayed = api._store(key, logs)
                    return self._send(201, {"ids": ids}, {"Idempotent-Replayed": "true"} if replayed else {})
                self._send(reply["status"], reply.get("body") or {"error": {"code": "error", "message": "status %d" % reply["status"]}},
                           reply.get("headers") or {})

            # Any method is recorded and answered alike: a client that followed a 302/303 arrives with a GET.
            do_GET = do_PUT = do_DELETE = do_POST

            def _send(self, status, body, headers=None):
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = "http://127.0.0.1:%d" % self.server.server_address[1]
        self._thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()

    def _store(self, key, logs):
        with self.lock:
            if key and key in self.keys:
                return self.keys[key], True
            ids = []
            for _ in logs:
                ids.append("log_%d" % self._next_id)
                self._next_id += 1
            self.stored.extend(logs)
            if key:
                self.keys[key] = ids
            return ids, False

    def stop(self):
        self._release.set()
        self.server.shutdown()
        self.server.server_close()


def until(check, seconds=5.0, what="condition"):
    end = time.monotonic() + seconds
    while not check():
        if time.monotonic() > end:
            raise AssertionError("timed out waiting for " + what)
        time.sleep(0.01)


class ClientTestCase(unittest.TestCase):
    """A fake API per test and the clients made against it, shut down (then the API stopped) after it."""

    api_key = "pk_live_test"

    def setUp(self):
        self.api = FakeApi()
        self.errors = []
        self.clients = []

    def tearDown(self):
        for c in self.clients:
            c.shutdown(timeout=10)
        self.api.stop()

    def client(self, base_url=None, **options):
        options.setdefault("initial_backoff", 0.02)
        c = PromptSentry(self.api_key, base_url or self.api.url + "/", on_error=self.errors.append, flush_at_exit=False,
                         **options)
        self.clients.append(c)
        return c
