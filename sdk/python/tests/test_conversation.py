"""openai_turns: OpenAI chat messages as the log's turns, within the server's bounds (the numbers
are checked against schema/conversation.ts, which the SDK does not ship with)."""

import re
import unittest
from pathlib import Path

from promptsentry import _conversation as C
from promptsentry._conversation import openai_turns

SCHEMA = Path(__file__).resolve().parents[3] / "schema" / "conversation.ts"


class OpenAiTurnsTest(unittest.TestCase):
    def test_bounds_match_the_server(self):
        text = SCHEMA.read_text()
        block = re.search(r"CONVERSATION_LIMITS = \{(.*?)\} as const", text, re.S).group(1)
        server = dict(re.findall(r"(\w+): ([\w_]+)", block))
        self.assertEqual(server["messages"], str(C.MAX_MESSAGES))
        self.assertEqual(server["partsPerMessage"], str(C.MAX_PARTS_PER_MESSAGE))
        self.assertEqual(server["toolCallsPerMessage"], str(C.MAX_TOOL_CALLS_PER_MESSAGE))
        self.assertEqual(server["nameChars"], str(C.MAX_NAME_CHARS))
        self.assertEqual(server["chars"], "MAX_TEXT_CHARS")
        constants = (SCHEMA.parent / "constants" / "ingestion.ts").read_text()
        self.assertIn("export const MAX_TEXT_CHARS = %s;" % format(C.MAX_CHARS, "_"), constants)

    def test_turns(self):
        turns = openai_turns([
            {"role": "developer", "content": "Be brief."},
            {"role": "user", "name": "n" * 300, "content": [{"type": "text", "text": "What is this?"},
                                                           {"type": "image_url", "image_url": {"url": "https://x/y.png"}}]},
            {"role": "assistant", "content": None,
             "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "look", "arguments": "{}"}}]},
            {"role": "tool", "tool_call_id": "c1", "content": "a cat"},
        ])
        self.assertEqual(turns, [
            {"role": "system", "content": "Be brief."},
            {"role": "user", "name": "n" * 200, "content": [{"type": "text", "text": "What is this?"}, {"type": "media", "kind": "image"}]},
            {"role": "assistant", "content": None, "toolCalls": [{"id": "c1", "name": "look", "arguments": "{}"}]},
            {"role": "tool", "content": "a cat", "toolCallId": "c1"},
        ])

    def test_nothing_past_the_bounds(self):
        self.assertIsNone(openai_turns(None))
        self.assertIsNone(openai_turns([]))
        self.assertIsNone(openai_turns([{"role": "user", "content": "x"}] * (C.MAX_MESSAGES + 1)))
        self.assertEqual(len(openai_turns([{"role": "user", "content": "x"}] * C.MAX_MESSAGES)), C.MAX_MESSAGES)
        self.assertIsNone(openai_turns([{"role": "user", "content": "x" * C.MAX_CHARS}, {"role": "assistant", "content": "y"}]))


if __name__ == "__main__":
    unittest.main()
