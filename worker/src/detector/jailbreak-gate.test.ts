// The phrase model's gate may skip its regex only on a text the regex cannot match: the literal
// finds (JAILBREAK_GATE_LITERALS) of the text, or of the text its prose view was made from, must
// never turn a match into a miss.
import { describe, expect, it } from "vitest";
import { proseView } from "./data-regions";
import { literalGate } from "./gate";
import { JAILBREAK_GATE_LITERALS, passesGate } from "./jailbreak-gate";

const GATE = literalGate(JAILBREAK_GATE_LITERALS);
/** What GATE matches, each alternative in a short and a long form. */
const STEMS =
  "ai|a.i|act as|anything|chatgpt|chat gpt|chatbot|character|dan|developer mode|ethics|ethical|explicit|fiction|fictional|gpt|gpt4|guidelines|graphic|graphics|hypothetical|hypothetically|imagine|imagination|illegal|ignore|ignored|instruction|instructions|jailbreak|jailbroken|llm|language model|moral|morality|openai|persona|pretend|pretending|policy|policies|prompt|prompts|porn|roleplay|role-play|role play|restrict|restrictions|rules|simulate|simulation|uncensored|unfiltered|unrestricted|unaligned|vulgar|you are now|you're now".split(
    "|",
  );
/** Near misses: stems inside words, cut short, or run into other words. */
const NEAR = [
  "maintain",
  "said",
  "guidance",
  "abundant",
  "chats",
  "characters",
  "ruless",
  "roles",
  "danish",
  "aim",
  "gp",
  "rul",
  "you are not now",
  "xai",
  "ai_x",
  "dan2",
];
const GLUE = [" ", "", ".", ",", "\n", "_", "-", "'", "9", "x", "é", "  "];

let seed = 11;
const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

function randomText(): string {
  let s = "";
  const parts = 1 + Math.floor(rnd() * 6);
  for (let p = 0; p < parts; p++) s += pick(GLUE) + (rnd() < 0.3 ? pick(STEMS) : rnd() < 0.6 ? pick(NEAR) : "the text") + pick(GLUE);
  return s;
}

describe("passesGate", () => {
  it("answers as the gate's regex does, on every stem and near miss in any surroundings", () => {
    for (let t = 0; t < 20000; t++) {
      const text = randomText();
      expect(passesGate(text, GATE.scan(text)), JSON.stringify(text)).toBe(passesGate(text, undefined));
    }
  });
  it("answers on a prose view as the regex does, given the finds of the text it was made from", () => {
    // data lines (blanked) around the stems, and stems inside them
    const data = ['{"ai": 1, "rules": [2]}', "const role = chat.dan(x);", "a9f3c0de7b41a9f3c0de7b41a9f3c0de7b41ai", "x = 1"];
    for (let t = 0; t < 5000; t++) {
      const lines: string[] = [];
      const count = 1 + Math.floor(rnd() * 6);
      for (let l = 0; l < count; l++) lines.push(rnd() < 0.5 ? pick(data) : randomText());
      const lower = lines.join("\n");
      const view = proseView(lower);
      expect(passesGate(view, GATE.scan(lower)), JSON.stringify(lower)).toBe(passesGate(view, undefined));
    }
  });
});
