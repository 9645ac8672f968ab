// Code samples of the Testing page, generated for this server's origin. Each one is complete and
// runnable as shown once YOUR_API_KEY (or YOUR_WEBHOOK_SECRET) is replaced:
//   python  — the Python SDK (sdk/python: batches to {origin}/api/logs/batch with `Authorization:
//             Bearer <key>`, retries, Idempotency-Key), after `pip install` (python-install)
//   node    — the TypeScript SDK (sdk/typescript, @promptsentry/sdk), same behaviour (node-install)
//   curl    — POST {origin}/api/logs from a shell
//   webhook — a Node receiver verifying the Standard Webhooks signature the server sends
import { STATUS_CARD_KEY_CHARS } from "@promptsentry/schema/constants/screens";

export const API_KEY_PLACEHOLDER = "YOUR_API_KEY";
export const WEBHOOK_SECRET_PLACEHOLDER = "YOUR_WEBHOOK_SECRET";

export type SampleId = "python" | "python-install" | "node" | "node-install" | "curl" | "webhook";
export type Samples = Record<SampleId, string>;

/** The example log every sample sends (estimatedCost is in cents). */
export const SAMPLE_LOG = {
  prompt: "Summarize the key points of our Q3 customer feedback report.",
  response: "Customers praised onboarding speed, asked for better export options, and reported slower search on large workspaces.",
  model: "gpt-4",
  tokenCount: 182,
  estimatedCost: 0.82,
} as const;

/** Install commands: the SDKs live in the repository (sdk/), standard library / zero dependencies. */
export const PYTHON_INSTALL = "pip install ./promptsentry/sdk/python\n";
export const NODE_INSTALL = "npm run build:sdk --prefix ./promptsentry && npm install ./promptsentry/sdk/typescript\n";

/** Origin without a trailing slash ('http://127.0.0.1:8787'). */
export function normalizeOrigin(origin: string): string {
  return origin.replace(/\/+$/, "");
}

function python(origin: string, key: string): string {
  return `from promptsentry import PromptSentry

sentry = PromptSentry(api_key="${key}", base_url="${origin}")
sentry.log(
    prompt=${JSON.stringify(SAMPLE_LOG.prompt)},
    response=${JSON.stringify(SAMPLE_LOG.response)},
    model=${JSON.stringify(SAMPLE_LOG.model)},
    source="python-sdk",
    tokenCount=${SAMPLE_LOG.tokenCount},
    estimatedCost=${SAMPLE_LOG.estimatedCost},  # in cents
)
sentry.flush()  # logs leave in batches in the background; this waits for them (exit flushes too)
print(sentry.stats)
`;
}

function node(origin: string, key: string): string {
  return `// Node.js 18+, also Workers, Deno and Bun: node log-prompt.mjs
import { PromptSentry } from "@promptsentry/sdk";

const sentry = new PromptSentry({ apiKey: "${key}", baseUrl: "${origin}" });
sentry.log({
  prompt: ${JSON.stringify(SAMPLE_LOG.prompt)},
  response: ${JSON.stringify(SAMPLE_LOG.response)},
  model: ${JSON.stringify(SAMPLE_LOG.model)},
  source: "node-sdk",
  tokenCount: ${SAMPLE_LOG.tokenCount},
  estimatedCost: ${SAMPLE_LOG.estimatedCost}, // in cents
});
await sentry.shutdown(); // sends what is queued (in Workers: ctx.waitUntil(sentry.flush()))
console.log(sentry.stats);
`;
}

function curl(origin: string, key: string): string {
  const body = JSON.stringify({ ...SAMPLE_LOG, source: "curl" });
  return `curl --fail-with-body -sS -X POST "${origin}/api/logs" \\
  -H "Authorization: Bearer ${key}" \\
  -H "Content-Type: application/json" \\
  -d '${body.replace(/'/g, "'\\''")}'
`;
}

function webhook(secret: string): string {
  return `// Webhook receiver (Node.js 18+): node receiver.mjs
// Verifies the Standard Webhooks signature PromptSentry sends with every delivery:
//   webhook-signature: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">
// keyed with the base64-decoded part of the secret after "whsec_". The id and timestamp are signed
// too, so a captured delivery cannot be replayed later: refuse timestamps more than 5 minutes away,
// and process each webhook-id once. (Do not rely on the legacy X-Signature header: it signs the
// body only, so an old delivery replayed verbatim still matches it.)
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";

const SECRET = "${secret}"; // the webhook's signing secret (Webhooks page)
const TOLERANCE_SECONDS = 5 * 60;
const seen = new Map(); // webhook-id → when it was first accepted (ms)

function verify(headers, body, now = Date.now()) {
  const id = headers["webhook-id"];
  const timestamp = headers["webhook-timestamp"];
  const signatures = headers["webhook-signature"];
  if (!id || !/^\\d+$/.test(timestamp ?? "") || !signatures) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const key = Buffer.from(SECRET.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(\`\${id}.\${timestamp}.\${body}\`).digest();
  return signatures.split(" ").some((entry) => {
    const [version, signature = ""] = entry.split(",");
    const given = Buffer.from(signature, "base64");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** True the first time a verified webhook-id is seen (a retry of a handled delivery is not redone). */
function firstDelivery(id, now = Date.now()) {
  for (const [key, at] of seen) if (now - at > 2 * TOLERANCE_SECONDS * 1000) seen.delete(key);
  if (seen.has(id)) return false;
  seen.set(id, now);
  return true;
}

createServer((req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8");
    if (req.method !== "POST" || !verify(req.headers, body)) {
      res.writeHead(401).end("invalid signature");
      return;
    }
    if (firstDelivery(req.headers["webhook-id"])) {
      const event = JSON.parse(body); // { id, type, timestamp, data }
      console.log(event.type, JSON.stringify(event.data));
    }
    res.writeHead(204).end(); // answer 2xx for a duplicate too, so it is not retried
  });
}).listen(Number(process.env.PORT ?? 3000), () => console.log("listening"));
`;
}

/** Every sample for an origin. The key and secret default to placeholders (the key is never readable). */
export function buildSamples(
  origin: string,
  apiKey: string = API_KEY_PLACEHOLDER,
  webhookSecret: string = WEBHOOK_SECRET_PLACEHOLDER,
): Samples {
  const o = normalizeOrigin(origin);
  return {
    python: python(o, apiKey),
    "python-install": PYTHON_INSTALL,
    node: node(o, apiKey),
    "node-install": NODE_INSTALL,
    curl: curl(o, apiKey),
    webhook: webhook(webhookSecret),
  };
}

/** An example delivery body (flag.detected), as the receiver gets it. */
export function samplePayload(now: Date = new Date()): string {
  return JSON.stringify(
    {
      id: "msg_01JEXAMPLE0000000000000000",
      type: "flag.detected",
      timestamp: now.toISOString(),
      data: { prompt_id: "01JEXAMPLELOG00000000000000", flag_type: "prompt_injection", severity: "critical", timestamp: now.toISOString() },
    },
    null,
    2,
  );
}

/** Status card: the first STATUS_CARD_KEY_CHARS characters we know of the key, then '…'. */
export function statusCardKey(keyPrefix: string | null | undefined): string {
  if (!keyPrefix) return "—";
  return `${keyPrefix.slice(0, STATUS_CARD_KEY_CHARS)}…`;
}

/** Live Testing figures (docs/api.md#calls): tokenCount 100–1099, estimatedCost under 0.1 with 4 decimals. */
export function randomTokenCount(random: () => number = Math.random): number {
  return 100 + Math.floor(random() * 1000);
}
export function randomEstimatedCost(random: () => number = Math.random): number {
  return Math.floor(random() * 1000) / 10000;
}
