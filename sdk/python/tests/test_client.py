"""The client against a real local HTTP server: batching thresholds, retries under one
Idempotency-Key, Retry-After, timeouts, 4xx not retried, the bounded queue, flush, shutdown, atexit."""

import os
import re
import subprocess
import sys
import time
import unittest

from promptsentry import PromptSentry, backoff_seconds, retry_after_seconds

from .fake_api import ClientTestCase, FakeApi, until

SRC = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")


def entry(i, **extra):
    return dict(prompt="prompt %d" % i, response="response %d" % i, model="gpt-4", **extra)


class ClientTest(ClientTestCase):

    def log(self, sdk, i, **extra):
        e = entry(i, **extra)
        sdk.log(e.pop("prompt"), e.pop("response"), e.pop("model"), **e)

    # ── Batching ──────────────────────────────────────────────────────────────
    def test_full_batches_at_once_and_the_rest_after_the_interval(self):
        sdk = self.client()
        start = time.monotonic()
        for i in range(250):
            self.log(sdk, i)
        until(lambda: len(self.api.requests) >= 2, 2, "two full batches")
        self.assertEqual([len(r["logs"]) for r in self.api.requests], [100, 100])
        self.assertLess(self.api.requests[1]["at"] - start, 0.9)
        until(lambda: len(self.api.requests) == 3, 3, "the remainder")
        self.assertEqual(len(self.api.requests[2]["logs"]), 50)
        self.assertGreaterEqual(self.api.requests[2]["at"] - start, 0.95)
        self.assertEqual([l["prompt"] for l in self.api.stored], ["prompt %d" % i for i in range(250)])
        first = self.api.requests[0]
        self.assertEqual(first["auth"], "Bearer pk_live_test")
        self.assertEqual(first["path"], "/api/logs/batch")
        self.assertEqual(first["headers"]["Content-Type"], "application/json")
        self.assertEqual(self.api.stored[0]["source"], "python-sdk")
        self.assertEqual(len({r["key"] for r in self.api.requests}), 3)
        # The fake API records a request before the SDK has read its answer: wait for the SDK's side.
        until(lambda: sdk.stats["sent"] == 250, 2, "the remainder acknowledged")
        self.assertEqual(sdk.stats, {"sent": 250, "dropped": 0, "failed": 0, "retries": 0, "pending": 0})

    def test_waits_for_the_interval_with_fewer_than_a_batch(self):
        sdk = self.client(flush_interval=1.0)
        self.log(sdk, 1, token_count=5, user_id="u1", metadata={"a": 1})
        time.sleep(0.15)
        self.log(sdk, 2, source="mine", tokenCount=7, estimatedCost=0.5)
        time.sleep(0.15)
        self.assertEqual(self.api.requests, [])
        until(lambda: len(self.api.requests) == 1, 2)
        logs = self.api.requests[0]["logs"]
        self.assertEqual([l["source"] for l in logs], ["python-sdk", "mine"])
        self.assertEqual((logs[0]["tokenCount"], logs[0]["userId"], logs[0]["metadata"]), (5, "u1", {"a": 1}))
        self.assertEqual((logs[1]["tokenCount"], logs[1]["estimatedCost"]), (7, 0.5))

    def test_batches_stay_within_the_byte_limit(self):
        sdk = self.client(max_batch_bytes=2000)
        for i in range(12):
            self.log(sdk, i, metadata={"pad": "x" * 450})
        self.assertTrue(sdk.flush(10))
        self.assertEqual(len(self.api.stored), 12)
        self.assertGreaterEqual(len(self.api.requests), 4)
        for r in self.api.requests:
            self.assertLessEqual(r["bytes"], 2000)
        self.log(sdk, 99, metadata={"pad": "y" * 3000})
        self.assertEqual([e.kind for e in self.errors], ["invalid"])

    def test_invalid_entries_are_reported_not_sent(self):
        sdk = self.client()
        sdk.log("", "r", "gpt-4")
        sdk.log("p", "r", " ")
        sdk.log("p", "r", "gpt-4", colour="blue")
        sdk.flush(5)
        self.assertEqual(self.api.requests, [])
        self.assertEqual([(e.kind, str(e)) for e in self.errors], [
            ("invalid", "prompt is required"), ("invalid", "model is required"), ("invalid", "unknown field(s): colour")])

    # ── Retries ───────────────────────────────────────────────────────────────
    def test_retries_503_and_429_with_the_same_key(self):
        self.api.script += [{"status": 503}, {"status": 429, "headers": {"Retry-After": "0"}}]
        sdk = self.client()
        for i in range(4):
            self.log(sdk, i)
        self.assertTrue(sdk.flush(10))
        self.assertEqual(len(self.api.requests), 3)
        self.assertEqual(len({r["key"] for r in self.api.requests}), 1)
        self.assertRegex(self.api.requests[0]["key"], r"^[0-9a-f-]{36}$")
        self.assertEqual(len(self.api.stored), 4)
        self.assertEqual((sdk.stats["sent"], sdk.stats["retries"], sdk.stats["failed"]), (4, 2, 0))
        self.assertEqual(self.errors, [])

    def test_never_duplicates_when_the_answer_is_lost(self):
        self.api.script += ["store-then-503", "reset"]
        sdk = self.client()
        for i in range(5):
            self.log(sdk, i)
        self.assertTrue(sdk.flush(10))
        self.assertEqual(len(self.api.requests), 3)
        self.assertEqual(len({r["key"] for r in self.api.requests}), 1)
        self.assertEqual([l["prompt"] for l in self.api.stored], ["prompt %d" % i for i in range(5)])

    def test_honours_retry_after(self):
        self.api.script.append({"status": 429, "headers": {"Retry-After": "1"}})
        sdk = self.client(initial_backoff=0.001)
        self.log(sdk, 1)
        self.assertTrue(sdk.flush(10))
        self.assertEqual(len(self.api.requests), 2)
        self.assertGreaterEqual(self.api.requests[1]["at"] - self.api.requests[0]["at"], 0.99)

    def test_retries_a_timeout(self):
        self.api.script.append("hang")
        sdk = self.client(timeout=0.3)
        self.log(sdk, 1)
        self.assertTrue(sdk.flush(10))
        self.assertEqual(len(self.api.requests), 2)
        self.assertEqual(self.api.requests[0]["key"], self.api.requests[1]["key"])
        self.assertEqual(len(self.api.stored), 1)

    def test_does_not_retry_other_4xx(self):
        for status in (400, 401, 403, 413, 422):
            with self.subTest(status=status):
                self.api.requests.clear()
                self.errors.clear()
                envelope = {"error": {"code": "bad", "message": "refused with %d" % status}}
                self.api.script.append({"status": status, "body": envelope})
                sdk = self.client()
                self.log(sdk, 1)
                self.log(sdk, 2)
                sdk.flush(5)
                self.assertEqual(len(self.api.requests), 1)
                self.assertEqual(len(self.errors), 1)
                e = self.errors[0]
                self.assertEqual((e.kind, e.status, e.logs, e.body), ("rejected", status, 2, envelope))
                self.assertIn("refused with %d" % status, str(e))
                self.assertEqual((sdk.stats["failed"], sdk.stats["retries"]), (2, 0))

    def test_gives_up_after_max_retries_on_network_errors(self):
        port = int(self.api.url.rsplit(":", 1)[1])
        self.api.stop()
        self.api = FakeApi()
        sdk = PromptSentry("k", "http://127.0.0.1:%d" % port, max_retries=2, initial_backoff=0.01,
                           on_error=self.errors.append, flush_at_exit=False)
        self.clients.append(sdk)
        sdk.log("p", "r", "gpt-4")
        sdk.flush(10)
        self.assertEqual([e.kind for e in self.errors], ["gave_up"])
        self.assertIn("after 3 attempts", str(self.errors[0]))
        self.assertEqual((sdk.stats["failed"], sdk.stats["retries"]), (1, 2))

    # ── Bounded queue ─────────────────────────────────────────────────────────
    def test_drops_the_oldest_while_the_api_is_down(self):
        self.api.script += [{"status": 503, "headers": {"Retry-After": "0.4"}} for _ in range(3)]
        sdk = self.client(max_batch_size=5, max_queue_size=10)
        for i in range(5):
            self.log(sdk, i)
        until(lambda: len(self.api.requests) == 1, 2)
        for i in range(5, 30):
            self.log(sdk, i)
        self.assertEqual((sdk.stats["dropped"], sdk.stats["pending"]), (15, 15))
        self.assertTrue(sdk.flush(10))
        expected = list(range(5)) + list(range(20, 30))
        self.assertEqual([l["prompt"] for l in self.api.stored], ["prompt %d" % i for i in expected])
        self.assertEqual(sum(e.logs for e in self.errors if e.kind == "dropped"), 15)
        self.assertEqual((sdk.stats["sent"], sdk.stats["failed"]), (15, 0))

    # ── Flush, shutdown, exit ─────────────────────────────────────────────────
    def test_flush_and_shutdown(self):
        sdk = self.client(flush_interval=60)
        for i in range(130):
            self.log(sdk, i)
        t = time.monotonic()
        self.assertTrue(sdk.flush(10))
        self.assertLess(time.monotonic() - t, 2)
        self.assertEqual(len(self.api.stored), 130)
        self.log(sdk, 200)
        self.assertTrue(sdk.shutdown(10))
        self.assertEqual(len(self.api.stored), 131)
        self.assertFalse(sdk._thread.is_alive())
        self.log(sdk, 201)
        self.assertEqual([e.kind for e in self.errors], ["invalid"])

    def test_a_script_that_exits_without_flushing_still_delivers(self):
        code = ("import sys; sys.path.insert(0, %r)\n"
                "from promptsentry import PromptSentry\n"
                "s = PromptSentry('pk_live_exit', %r)\n"
                "for i in range(3): s.log('exit %%d' %% i, 'r', 'gpt-4')\n") % (SRC, self.api.url)
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual([l["prompt"] for l in self.api.stored], ["exit 0", "exit 1", "exit 2"])


class BackoffTest(unittest.TestCase):
    def test_retry_after(self):
        self.assertEqual(retry_after_seconds("3"), 3.0)
        self.assertEqual(retry_after_seconds("0.5"), 0.5)
        self.assertEqual(retry_after_seconds("Thu, 01 Jan 2026 00:00:10 GMT", now=1767225600.0), 10.0)
        self.assertIsNone(retry_after_seconds("soon"))
        self.assertIsNone(retry_after_seconds(None))

    def test_backoff(self):
        self.assertEqual(backoff_seconds(0, 0.5, 30, lambda: 0), 0.125)
        self.assertEqual(backoff_seconds(0, 0.5, 30, lambda: 1), 0.5)
        self.assertEqual(backoff_seconds(3, 0.5, 30, lambda: 1), 4.0)
        self.assertEqual(backoff_seconds(20, 0.5, 30, lambda: 1), 30.0)


class LimitsTest(unittest.TestCase):
    def test_matches_the_server(self):
        """The copies in _limits.py equal schema/constants/ (read from the repository when present)."""
        from promptsentry import SERVER_BATCH_MAX_LOGS, SERVER_MAX_BATCH_BODY_BYTES

        constants = os.path.join(SRC, "..", "..", "..", "schema", "constants", "ingestion.ts")
        if not os.path.exists(constants):
            self.skipTest("not inside the repository")
        with open(constants, encoding="utf-8") as f:
            text = f.read()
        self.assertEqual(int(re.search(r"BATCH_MAX_LOGS = (\d+)", text).group(1)), SERVER_BATCH_MAX_LOGS)
        self.assertEqual(re.search(r"MAX_BATCH_BODY_BYTES = ([\d *]+);", text).group(1).strip(), "10 * 1024 * 1024")
        self.assertEqual(SERVER_MAX_BATCH_BODY_BYTES, 10 * 1024 * 1024)


if __name__ == "__main__":
    unittest.main()
