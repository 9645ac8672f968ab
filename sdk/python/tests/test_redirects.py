"""Redirects and plain http: the client never follows a 3xx (urlopen carried the API key to wherever a
301/302/303 pointed, as a GET, and counted the other host's 2xx as sent), reports the batch as
rejected, and warns once when the base URL is plain http off loopback."""

import logging
import unittest

from promptsentry import PromptSentry
from promptsentry._base_url import is_loopback_host

from .fake_api import ClientTestCase, FakeApi


class RedirectTest(ClientTestCase):
    api_key = "pk_live_secret"

    def setUp(self):
        super().setUp()
        self.elsewhere = FakeApi()

    def tearDown(self):
        super().tearDown()
        self.elsewhere.stop()

    def test_a_redirect_to_another_server_is_not_followed_and_the_batch_is_reported(self):
        for status in (301, 302, 303, 307, 308):
            with self.subTest(status=status):
                self.errors.clear()
                self.elsewhere.requests.clear()
                target = self.elsewhere.url + "/collect"
                self.api.script.append({"status": status, "headers": {"Location": target}})
                sent_before = len(self.api.requests)
                sdk = self.client()
                sdk.log("the quarterly numbers", "r", "gpt-4")
                sdk.log("second", "r", "gpt-4")
                self.assertTrue(sdk.flush(timeout=10))

                self.assertEqual(self.elsewhere.requests, [], "the other server received a request")
                self.assertEqual(len(self.api.requests) - sent_before, 1)  # not retried
                self.assertEqual(len(self.errors), 1)
                e = self.errors[0]
                self.assertEqual((e.kind, e.logs, e.status, e.body), ("rejected", 2, status, {"location": target}))
                self.assertIn("redirect (%d) to %s" % (status, target), str(e))
                self.assertIn("set base_url", str(e))
                self.assertEqual(sdk.stats, {"sent": 0, "dropped": 0, "failed": 2, "retries": 0, "pending": 0})

                # The next batch goes on as usual.
                sdk.log("third", "r", "gpt-4")
                self.assertTrue(sdk.flush(timeout=10))
                self.assertEqual(sdk.stats["sent"], 1)
                self.assertEqual(self.api.stored[-1]["prompt"], "third")

    def test_a_redirect_without_location_is_reported_too(self):
        self.api.script.append({"status": 302})
        sdk = self.client()
        sdk.log("p", "r", "gpt-4")
        self.assertTrue(sdk.flush(timeout=10))
        self.assertEqual([(e.kind, e.status, e.logs) for e in self.errors], [("rejected", 302, 1)])
        self.assertEqual(sdk.stats["sent"], 0)


class BaseUrlTest(unittest.TestCase):
    def make(self, base_url):
        c = PromptSentry("k", base_url, flush_at_exit=False)
        c.shutdown(timeout=5)

    def test_warns_once_per_origin_on_plain_http_off_loopback(self):
        with self.assertLogs("promptsentry", level="WARNING") as logs:
            self.make("http://promptsentry.example.net:8080/")
            self.make("http://promptsentry.example.net:8080")
            self.make("http://10.1.2.3")
            for url in ("https://promptsentry.example.net", "http://localhost:8787", "http://127.0.0.1:9", "http://[::1]:9",
                        "http://127.8.9.10"):
                self.make(url)
            logging.getLogger("promptsentry").warning("end")
        warnings = logs.output[:-1]
        self.assertEqual(len(warnings), 2, warnings)
        self.assertIn("http://promptsentry.example.net:8080 is not https", warnings[0])
        self.assertIn("http://10.1.2.3 is not https", warnings[1])

    def test_refuses_a_base_url_that_is_not_http(self):
        for url in ("promptsentry.example.net", "ftp://promptsentry.example.net", "file:///tmp/x"):
            with self.subTest(url=url), self.assertRaises(ValueError):
                PromptSentry("k", url, flush_at_exit=False)

    def test_knows_loopback_hosts(self):
        for host in ("localhost", "LOCALHOST", "127.0.0.1", "127.255.0.1", "[::1]", "::1"):
            self.assertTrue(is_loopback_host(host), host)
        for host in ("localhost.example.com", "127.0.0.1.nip.io", "10.0.0.1", "::2", "example.com"):
            self.assertFalse(is_loopback_host(host), host)


if __name__ == "__main__":
    unittest.main()
