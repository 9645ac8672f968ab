"""wrap_anthropic with the official `anthropic` package (when installed) against a local fake of the
Messages API: the caller gets the same results as unwrapped, and each call (plain, stream=True,
messages.stream(), sync and async) becomes one log with the system prompt, content blocks and tool
use flattened as wrap_openai flattens them, model, tokens from usage and latency."""

import asyncio
import json
import unittest

from promptsentry import PromptSentry, wrap_anthropic
from promptsentry.anthropic_wrapper import prompt_of

from .fake_anthropic import ANSWER, CHUNK_DELAY, TOOL_TEXT, TOOL_USE, USAGE, FakeAnthropic
from .fake_api import FakeApi

try:
    import anthropic
except ImportError:  # the SDK itself never needs it
    anthropic = None

API_KEY = "sk-ant-api03-secret-fake-key-0123456789"
REQUEST = {"model": "claude-test", "max_tokens": 256, "system": "You are terse.",
           "messages": [{"role": "user", "content": "What is the capital of France?"}]}
PROMPT = "system: You are terse.\nuser: What is the capital of France?"
PROMPT_TOKENS = USAGE["input_tokens"] + USAGE["cache_creation_input_tokens"] + USAGE["cache_read_input_tokens"]


class PromptOfTest(unittest.TestCase):
    """The flattening needs no client: it reads the request's keyword arguments."""

    def test_tool_results_become_tool_turns(self):
        params = {"system": [{"type": "text", "text": "Be brief."}], "messages": [
            {"role": "user", "content": "Weather?"},
            {"role": "assistant", "content": [{"type": "text", "text": TOOL_TEXT}, dict(TOOL_USE, cache_control={"type": "ephemeral"})]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_fake1", "content": "18°C"},
                                         {"type": "text", "text": "Tomorrow?"}]},
        ]}
        self.assertEqual(prompt_of(params), "\n".join([
            "system: Be brief.", "user: Weather?",
            "assistant: %s\n%s" % (TOOL_TEXT, json.dumps([TOOL_USE], separators=(",", ":"))),
            "tool: 18°C", "user: Tomorrow?"]))

    def test_odd_requests(self):
        self.assertEqual(prompt_of({}), "")
        self.assertEqual(prompt_of({"messages": "nope"}), "")
        self.assertEqual(prompt_of({"messages": [{"role": "user", "content": [{"type": "image"}, {"type": "text", "text": "look"}]}]}), "look")

    def test_refuses_what_is_not_an_anthropic_client(self):
        for thing in (object(), None, {"messages": None}):
            with self.assertRaises(TypeError):
                wrap_anthropic(thing, None)


@unittest.skipIf(anthropic is None, "the anthropic package is not installed (pip install anthropic)")
class WrapAnthropicTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.provider = FakeAnthropic()

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
        return anthropic.Anthropic(api_key=API_KEY, base_url=self.provider.url, max_retries=0)

    def test_plain_message(self):
        plain = self.client().messages.create(**REQUEST)
        client = self.sdk.wrap_anthropic(self.client(), user_id="u-1", metadata={"feature": "faq"})
        wrapped = client.messages.create(**REQUEST)
        self.assertIs(type(wrapped), type(plain))
        self.assertEqual(wrapped.model_dump(), plain.model_dump())
        self.sdk.flush(10)
        self.assertEqual(len(self.api.stored), 1)
        log = self.api.stored[0]
        self.assertEqual((log["prompt"], log["response"], log["model"], log["tokenCount"], log["userId"], log["source"]),
                         (PROMPT, "".join(ANSWER), "claude-test-20260101", PROMPT_TOKENS + 7, "u-1", "python-sdk"))
        self.assertEqual(log["metadata"], {"provider": "anthropic", "feature": "faq", "stream": False, "id": "msg_fake1",
                                           "finishReason": "end_turn", "promptTokens": PROMPT_TOKENS, "completionTokens": 7})
        self.assertGreaterEqual(log["latencyMs"], CHUNK_DELAY * 1000 - 2)

    def test_streamed_message(self):
        def read(client):
            stream = client.messages.create(stream=True, **REQUEST)
            return stream, [e.model_dump() for e in stream]

        _, plain = read(self.client())
        stream, events = read(wrap_anthropic(self.client(), self.sdk))
        self.assertIsInstance(stream, anthropic.Stream)
        self.assertEqual(events, plain)
        self.sdk.flush(10)
        self.assertEqual(len(self.api.stored), 1)
        log = self.api.stored[0]
        self.assertEqual((log["prompt"], log["response"], log["model"], log["tokenCount"]),
                         (PROMPT, "".join(ANSWER), "claude-test-20260101", PROMPT_TOKENS + 7))
        self.assertEqual((log["metadata"]["stream"], log["metadata"]["finishReason"], log["metadata"]["id"]), (True, "end_turn", "msg_fake1"))
        self.assertGreaterEqual(log["latencyMs"], len(ANSWER) * CHUNK_DELAY * 1000 - 5)
        self.assertLessEqual(log["metadata"]["timeToFirstTokenMs"], log["latencyMs"])

    def test_stream_helper(self):
        client = wrap_anthropic(self.client(), self.sdk)
        with client.messages.stream(**REQUEST) as stream:
            text = "".join(stream.text_stream)
            final = stream.get_final_message()
        self.assertEqual((text, final.usage.output_tokens), ("".join(ANSWER), 7))
        self.sdk.flush(10)
        self.assertEqual([(l["response"], l["tokenCount"], l["metadata"]["stream"]) for l in self.api.stored],
                         [("".join(ANSWER), PROMPT_TOKENS + 7, True)])

    def test_tool_use_plain_and_streamed_alike(self):
        client = wrap_anthropic(self.client(), self.sdk)
        request = dict(REQUEST, model="fake-tool")
        answer = client.messages.create(**request)
        self.assertEqual(answer.content[1].input, TOOL_USE["input"])
        for _ in client.messages.create(stream=True, **request):
            pass
        self.sdk.flush(10)
        expected = "%s\n%s" % (TOOL_TEXT, json.dumps([TOOL_USE], separators=(",", ":")))
        self.assertEqual([(l["response"], l["metadata"]["finishReason"]) for l in self.api.stored], [(expected, "tool_use")] * 2)

    def test_provider_errors_pass_through_and_log_nothing(self):
        client = wrap_anthropic(self.client(), self.sdk)
        with self.assertRaises(anthropic.NotFoundError) as missing:
            client.messages.create(**dict(REQUEST, model="bad-model"))
        self.assertEqual(missing.exception.status_code, 404)
        with self.assertRaises(anthropic.APIStatusError) as overloaded:
            client.messages.create(**dict(REQUEST, model="fake-overloaded"))
        self.assertEqual(overloaded.exception.status_code, 529)
        with self.assertRaises(TypeError):  # the client's own check of a request without max_tokens
            client.messages.create(**{k: v for k, v in REQUEST.items() if k != "max_tokens"})
        stream = client.messages.create(stream=True, **dict(REQUEST, model="fake-stream-error"))
        with self.assertRaises(anthropic.APIStatusError) as midway:
            for _ in stream:
                pass
        self.assertIn("Overloaded", str(midway.exception))
        down = wrap_anthropic(anthropic.Anthropic(api_key=API_KEY, base_url="http://127.0.0.1:9", max_retries=0), self.sdk)
        with self.assertRaises(anthropic.APIConnectionError):
            down.messages.create(**REQUEST)
        self.sdk.flush(10)
        self.assertEqual(self.api.requests, [])

    def test_key_goes_to_the_provider_only(self):
        client = wrap_anthropic(self.client(), self.sdk)
        client.messages.create(**REQUEST)
        sent = self.provider.headers[-1]
        self.assertIn(API_KEY, sent.get("x-api-key") or sent.get("X-Api-Key") or sent.get("Authorization") or "")
        self.sdk.flush(10)
        self.assertEqual(len(self.api.stored), 1)
        for request in self.api.requests:
            self.assertNotIn(API_KEY.encode(), request["body"])
            self.assertNotIn(API_KEY, json.dumps(request["headers"]))

    def test_async_client_plain_streamed_and_helper(self):
        async def main():
            client = wrap_anthropic(anthropic.AsyncAnthropic(api_key=API_KEY, base_url=self.provider.url, max_retries=0), self.sdk)
            plain = await client.messages.create(**REQUEST)
            stream = await client.messages.create(stream=True, **{k: v for k, v in REQUEST.items() if k != "system"})
            self.assertIsInstance(stream, anthropic.AsyncStream)
            text = ""
            async for event in stream:
                if event.type == "content_block_delta":
                    text += event.delta.text
            async with client.messages.stream(**REQUEST) as helper:
                await helper.get_final_message()
            await client.close()
            return plain.content[0].text, text

        self.assertEqual(asyncio.run(main()), ("".join(ANSWER), "".join(ANSWER)))
        self.sdk.flush(10)
        self.assertEqual([(l["prompt"], l["response"], l["tokenCount"], l["metadata"]["stream"]) for l in self.api.stored], [
            (PROMPT, "".join(ANSWER), PROMPT_TOKENS + 7, False),
            ("What is the capital of France?", "".join(ANSWER), PROMPT_TOKENS + 7, True),
            (PROMPT, "".join(ANSWER), PROMPT_TOKENS + 7, True),
        ])

    def test_stream_left_early_is_logged_incomplete(self):
        client = wrap_anthropic(self.client(), self.sdk)
        with client.messages.create(stream=True, **REQUEST) as stream:
            for event in stream:
                if event.type == "content_block_delta":
                    break
        stream._iterator.close()  # what the garbage collector does to an abandoned generator
        self.sdk.flush(10)
        self.assertEqual([(l["response"], l.get("tokenCount"), l["metadata"].get("incomplete")) for l in self.api.stored],
                         [(ANSWER[0], None, True)])

    def test_wraps_once(self):
        client = self.client()
        create, stream = wrap_anthropic(client, self.sdk).messages.create, client.messages.stream
        wrap_anthropic(client, self.sdk)
        self.assertIs(client.messages.create, create)
        self.assertIs(client.messages.stream, stream)


if __name__ == "__main__":
    unittest.main()
