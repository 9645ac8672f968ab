"""wrap_openai with the official `openai` package (when installed) against a local fake provider:
the caller gets the same results as unwrapped, and each completion, plain and streamed, becomes one
log with prompt, response, model, tokens from usage and latency, delivered to a real HTTP server."""

import unittest

from promptsentry import PromptSentry, wrap_openai

from .fake_api import FakeApi
from .fake_openai import ANSWER, CHUNK_DELAY, USAGE, FakeOpenAI

try:
    import openai
except ImportError:  # the SDK itself never needs it
    openai = None

MESSAGES = [{"role": "system", "content": "You are terse."}, {"role": "user", "content": "What is the capital of France?"}]


@unittest.skipIf(openai is None, "the openai package is not installed (pip install openai)")
class WrapOpenAITest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.provider = FakeOpenAI()

    @classmethod
    def tearDownClass(cls):
        cls.provider.stop()

    def setUp(self):
        self.api = FakeApi()
        self.sdk = PromptSentry("pk_live_test", self.api.url, flush_at_exit=False)

    def tearDown(self):
        self.sdk.shutdown(10)
        self.api.stop()

    def client(self):
        return openai.OpenAI(api_key="sk-test", base_url=self.provider.url, max_retries=0)

    def test_plain_completion(self):
        plain = self.client().chat.completions.create(model="gpt-4", messages=MESSAGES)
        client = self.sdk.wrap_openai(self.client(), user_id="u-1", metadata={"feature": "faq"})
        wrapped = client.chat.completions.create(model="gpt-4", messages=MESSAGES)
        self.assertIs(type(wrapped), type(plain))
        self.assertEqual(wrapped.model_dump(exclude={"created"}), plain.model_dump(exclude={"created"}))
        self.sdk.flush(10)
        self.assertEqual(len(self.api.stored), 1)
        log = self.api.stored[0]
        self.assertEqual(log["prompt"], "system: You are terse.\nuser: What is the capital of France?")
        self.assertEqual((log["response"], log["model"], log["tokenCount"], log["userId"], log["source"]),
                         ("".join(ANSWER), "gpt-4-0613", USAGE["total_tokens"], "u-1", "python-sdk"))
        self.assertEqual(log["metadata"], {"provider": "openai", "feature": "faq", "stream": False, "id": "chatcmpl-fake1",
                                           "finishReason": "stop", "promptTokens": 21, "completionTokens": 7})
        self.assertGreaterEqual(log["latencyMs"], CHUNK_DELAY * 1000 - 2)
        self.assertEqual(log["messages"], [{"role": "system", "content": "You are terse."},
                                           {"role": "user", "content": "What is the capital of France?"}])

    def test_streamed_completion(self):
        def read(client):
            stream = client.chat.completions.create(model="gpt-4", messages=MESSAGES, stream=True, stream_options={"include_usage": True})
            return stream, [c.model_dump(exclude={"created"}) for c in stream]

        _, plain = read(self.client())
        stream, chunks = read(wrap_openai(self.client(), self.sdk))
        self.assertIsInstance(stream, openai.Stream)
        self.assertEqual(chunks, plain)
        self.sdk.flush(10)
        self.assertEqual(len(self.api.stored), 1)
        log = self.api.stored[0]
        self.assertEqual((log["response"], log["model"], log["tokenCount"]), ("".join(ANSWER), "gpt-4-0613", 28))
        self.assertEqual((log["metadata"]["stream"], log["metadata"]["finishReason"]), (True, "stop"))
        self.assertGreaterEqual(log["latencyMs"], len(ANSWER) * CHUNK_DELAY * 1000 - 5)
        self.assertLessEqual(log["metadata"]["timeToFirstTokenMs"], log["latencyMs"])

    def test_provider_error_passes_through_and_logs_nothing(self):
        client = wrap_openai(self.client(), self.sdk)
        with self.assertRaises(openai.NotFoundError) as caught:
            client.chat.completions.create(model="bad-model", messages=MESSAGES)
        self.assertEqual(caught.exception.status_code, 404)
        self.sdk.flush(10)
        self.assertEqual(self.api.requests, [])

    def test_async_client_plain_and_streamed(self):
        import asyncio

        async def main():
            client = wrap_openai(openai.AsyncOpenAI(api_key="sk-test", base_url=self.provider.url, max_retries=0), self.sdk)
            plain = await client.chat.completions.create(model="gpt-4", messages=MESSAGES)
            stream = await client.chat.completions.create(model="gpt-4", messages=MESSAGES[1:], stream=True, stream_options={"include_usage": True})
            self.assertIsInstance(stream, openai.AsyncStream)
            text = ""
            async for chunk in stream:
                if chunk.choices and chunk.choices[0].delta.content:
                    text += chunk.choices[0].delta.content
            await client.close()
            return plain.choices[0].message.content, text

        self.assertEqual(asyncio.run(main()), ("".join(ANSWER), "".join(ANSWER)))
        self.sdk.flush(10)
        self.assertEqual([(l["prompt"], l["response"], l["tokenCount"], l["metadata"]["stream"]) for l in self.api.stored], [
            ("system: You are terse.\nuser: What is the capital of France?", "".join(ANSWER), 28, False),
            ("What is the capital of France?", "".join(ANSWER), 28, True),
        ])

    def test_wraps_once(self):
        client = self.client()
        create = wrap_openai(client, self.sdk).chat.completions.create
        self.assertIs(wrap_openai(client, self.sdk).chat.completions.create, create)
        with self.assertRaises(TypeError):
            wrap_openai(object(), self.sdk)


if __name__ == "__main__":
    unittest.main()
