// The PromptSentry client: log() queues, a single sender posts batches to /api/logs/batch (at most
// maxBatchSize logs or maxBatchBytes, or whatever waited flushIntervalMs), retrying 429/5xx/network
// failures with backoff and Retry-After under one Idempotency-Key per batch, so a retry of a batch
// the server already stored is answered from its record instead of storing the logs twice.
import { Fifo } from "./fifo.js";
import { backoffMs, isRetryableStatus, retryAfterMs } from "./backoff.js";
import { checkBaseUrl } from "./base-url.js";
import { BATCH_ENVELOPE_BYTES, DEFAULTS, SERVER_BATCH_MAX_LOGS, SERVER_MAX_BATCH_BODY_BYTES } from "./limits.js";
import { wrapAnthropic } from "./anthropic.js";
import { wrapOpenAI } from "./openai.js";
import type { WrapOptions } from "./wrap.js";
import { PromptSentryError, type ErrorKind, type LogEntry, type PromptSentryOptions, type PromptSentryStats } from "./types.js";

type Queued = { json: string; bytes: number; at: number };
type Settings = Required<Omit<PromptSentryOptions, "onError" | "fetch" | "flushOnExit">>;
type NodeProcess = { on(event: string, fn: () => void): unknown; off?(event: string, fn: () => void): unknown };

/** Longest Retry-After obeyed; beyond it the server is treated as asking for the maximum. */
const MAX_RETRY_AFTER_MS = 10 * 60_000;
const encoder = new TextEncoder();

export class PromptSentry {
  private readonly settings: Settings;
  private readonly endpoint: string;
  private readonly fetchFn: typeof fetch;
  private readonly onError: (error: PromptSentryError) => void;
  private readonly queue = new Fifo<Queued>();
  private queuedBytes = 0;
  private inFlight = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pumping: Promise<void> | null = null;
  private flushing = 0;
  private closed = false;
  private unreportedDrops = 0;
  private readonly counters = { sent: 0, dropped: 0, failed: 0, retries: 0 };
  private readonly exitHook = () => {
    if (this.queue.length && !this.pumping) void this.flush();
  };
  private readonly proc: NodeProcess | undefined;

  constructor(options: PromptSentryOptions) {
    if (!options?.apiKey) throw new TypeError("PromptSentry: apiKey is required");
    if (!options.baseUrl) throw new TypeError("PromptSentry: baseUrl is required");
    checkBaseUrl(options.baseUrl, (message) => console.warn(message));
    const pick = <K extends keyof Settings>(k: K): Settings[K] => (options[k] ?? DEFAULTS[k as keyof typeof DEFAULTS]) as Settings[K];
    this.settings = {
      apiKey: options.apiKey,
      baseUrl: options.baseUrl.replace(/\/+$/, ""),
      maxBatchSize: Math.max(1, Math.min(pick("maxBatchSize"), SERVER_BATCH_MAX_LOGS)),
      flushIntervalMs: pick("flushIntervalMs"),
      maxBatchBytes: Math.min(pick("maxBatchBytes"), SERVER_MAX_BATCH_BODY_BYTES),
      maxQueueSize: Math.max(1, pick("maxQueueSize")),
      maxRetries: Math.max(0, pick("maxRetries")),
      initialBackoffMs: pick("initialBackoffMs"),
      maxBackoffMs: pick("maxBackoffMs"),
      timeoutMs: pick("timeoutMs"),
      source: pick("source"),
    };
    this.endpoint = `${this.settings.baseUrl}/api/logs/batch`;
    const f = options.fetch ?? globalThis.fetch;
    if (typeof f !== "function") throw new TypeError("PromptSentry: no fetch available; pass options.fetch");
    this.fetchFn = (input, init) => f(input, init);
    this.onError = options.onError ?? ((e) => console.warn(`[promptsentry] ${e.message}`));
    // Node: a script that logs and ends still delivers (the batch timer itself never holds the process).
    const proc = (globalThis as { process?: NodeProcess }).process;
    if (options.flushOnExit !== false && proc && typeof proc.on === "function") {
      this.proc = proc;
      proc.on("beforeExit", this.exitHook);
    }
  }

  /** Queues one log; never throws and never waits for the network. Problems go to `onError`. */
  log(entry: LogEntry): void {
    if (this.closed) return this.report("invalid", 1, "the client is shut down; the log was not queued");
    const problem = invalidEntry(entry);
    if (problem) return this.report("invalid", 1, problem);
    let json: string;
    try {
      json = JSON.stringify({ ...entry, source: entry.source ?? this.settings.source });
    } catch (e) {
      return this.report("invalid", 1, `the log is not serializable as JSON (${(e as Error).message})`);
    }
    const bytes = encoder.encode(json).length;
    if (bytes + BATCH_ENVELOPE_BYTES > this.settings.maxBatchBytes) {
      return this.report("invalid", 1, `the log is ${bytes} bytes, more than a whole batch may carry (${this.settings.maxBatchBytes})`);
    }
    // Bounded memory when the API is down for long: the oldest logs make room, counted and reported.
    while (this.queue.length >= this.settings.maxQueueSize) {
      this.queuedBytes -= this.queue.shift()!.bytes;
      this.counters.dropped++;
      this.unreportedDrops++;
    }
    this.queue.push({ json, bytes, at: Date.now() });
    this.queuedBytes += bytes;
    if (!this.pumping) this.due() ? this.kick() : this.arm();
  }

  /** Sends everything queued (including logs added meanwhile) and resolves when each batch is settled. */
  async flush(): Promise<void> {
    this.flushing++;
    try {
      this.clearTimer();
      while (this.queue.length || this.pumping) {
        if (!this.pumping) this.kick();
        await this.pumping;
      }
    } finally {
      this.flushing--;
      if (!this.queue.length) this.clearTimer();
    }
  }

  /** Flushes, then stops: no timers or exit hooks remain and later log() calls are refused. */
  async shutdown(): Promise<void> {
    this.closed = true;
    await this.flush();
    this.clearTimer();
    this.proc?.off?.("beforeExit", this.exitHook);
  }

  /** Logs every chat.completions.create of an OpenAI client through this SDK; returns the same client. */
  wrapOpenAI<T>(client: T, options?: WrapOptions): T {
    return wrapOpenAI(client, this, options);
  }

  /** Logs every messages.create (and so messages.stream) of an Anthropic client through this SDK; returns the same client. */
  wrapAnthropic<T>(client: T, options?: WrapOptions): T {
    return wrapAnthropic(client, this, options);
  }

  get stats(): PromptSentryStats {
    return { ...this.counters, pending: this.queue.length + this.inFlight };
  }

  // ── Sending ───────────────────────────────────────────────────────────────
  /** A batch is ready: full by count or bytes, its oldest log waited long enough, or a flush asked. */
  private due(): boolean {
    if (!this.queue.length) return false;
    return (
      this.flushing > 0 ||
      this.queue.length >= this.settings.maxBatchSize ||
      this.queuedBytes + this.queue.length + BATCH_ENVELOPE_BYTES > this.settings.maxBatchBytes ||
      Date.now() - this.queue.peek()!.at >= this.settings.flushIntervalMs
    );
  }

  private kick(): void {
    this.clearTimer();
    if (this.pumping) return;
    this.pumping = this.pump().finally(() => {
      this.pumping = null;
      this.arm();
    });
  }

  /** One sender at a time: batches leave in order and a retrying batch holds the rest back. */
  private async pump(): Promise<void> {
    while (this.due()) {
      await this.send(this.take());
      this.reportDrops();
    }
    this.reportDrops();
  }

  /** Waits for the oldest queued log's deadline. The timer never keeps a Node process alive. */
  private arm(): void {
    if (this.timer || this.pumping || !this.queue.length) return;
    if (this.due()) return this.kick();
    const wait = Math.max(0, this.queue.peek()!.at + this.settings.flushIntervalMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.kick();
    }, wait);
    (this.timer as { unref?: () => void }).unref?.();
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The next batch from the front of the queue, within the count and byte limits. */
  private take(): Queued[] {
    const batch: Queued[] = [];
    let bytes = BATCH_ENVELOPE_BYTES;
    while (this.queue.length && batch.length < this.settings.maxBatchSize) {
      const add = this.queue.peek()!.bytes + (batch.length ? 1 : 0);
      if (batch.length && bytes + add > this.settings.maxBatchBytes) break;
      const item = this.queue.shift()!;
      this.queuedBytes -= item.bytes;
      batch.push(item);
      bytes += add;
    }
    return batch;
  }

  /** Posts one batch until it is stored, rejected, or out of retries. Never throws. */
  private async send(batch: Queued[]): Promise<void> {
    const body = `{"logs":[${batch.map((q) => q.json).join(",")}]}`;
    // One key for every attempt of this batch: the server stores it once and replays its answer.
    const key = crypto.randomUUID();
    this.inFlight = batch.length;
    try {
      for (let retry = 0; ; retry++) {
        let status: number | undefined;
        let detail: unknown;
        let wait: number | null = null;
        try {
          const res = await this.post(body, key);
          if (isRedirect(res)) {
            // Final, like a 4xx: the address is wrong (often http:// answered with a move to https://),
            // and the same request would be answered the same way again.
            await res.body?.cancel().catch(() => {});
            const to = res.headers.get("location");
            return this.report(
              "rejected",
              batch.length,
              `the API answered a batch of ${batch.length} with a redirect${res.status ? ` (${res.status})` : ""}${to ? ` to ${to}` : ""}, which is not followed so the key and the logs go nowhere else: set baseUrl to the server's final address`,
              res.status || undefined,
              to ? { location: to } : undefined,
            );
          }
          if (res.ok) {
            await res.body?.cancel().catch(() => {});
            this.counters.sent += batch.length;
            return;
          }
          status = res.status;
          detail = await readBody(res);
          if (!isRetryableStatus(status)) {
            return this.report(
              "rejected",
              batch.length,
              `the API refused a batch of ${batch.length} with ${status}: ${describe(detail)}`,
              status,
              detail,
            );
          }
          wait = retryAfterMs(res.headers.get("retry-after"));
        } catch (e) {
          detail =
            (e as Error)?.name === "AbortError" ? `no answer within ${this.settings.timeoutMs} ms` : String((e as Error)?.message ?? e);
        }
        if (retry >= this.settings.maxRetries) {
          const why = status ? `${status}: ${describe(detail)}` : describe(detail);
          return this.report(
            "gave_up",
            batch.length,
            `a batch of ${batch.length} failed after ${retry + 1} attempts (${why})`,
            status,
            detail,
          );
        }
        this.counters.retries++;
        await sleep(
          wait !== null ? Math.min(wait, MAX_RETRY_AFTER_MS) : backoffMs(retry, this.settings.initialBackoffMs, this.settings.maxBackoffMs),
        );
      }
    } finally {
      this.inFlight = 0;
    }
  }

  private async post(body: string, key: string): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.settings.timeoutMs);
    try {
      const res = await this.fetchFn(this.endpoint, {
        method: "POST",
        headers: { Authorization: `Bearer ${this.settings.apiKey}`, "Content-Type": "application/json", "Idempotency-Key": key },
        body,
        // Following would re-post the prompts to whatever host a 307/308 names (and the key too,
        // where a fetch does not drop Authorization across origins), and count its 2xx as stored.
        redirect: "manual",
        signal: controller.signal,
      });
      return res;
    } finally {
      clearTimeout(timer);
    }
  }

  // ── Reporting ─────────────────────────────────────────────────────────────
  private reportDrops(): void {
    if (!this.unreportedDrops) return;
    const n = this.unreportedDrops;
    this.unreportedDrops = 0;
    this.report(
      "dropped",
      n,
      `the queue was full (${this.settings.maxQueueSize}): dropped the ${n} oldest log(s)`,
      undefined,
      undefined,
      false,
    );
  }

  private report(kind: ErrorKind, logs: number, message: string, status?: number, body?: unknown, countFailed = true): void {
    if (countFailed) this.counters.failed += logs;
    try {
      this.onError(new PromptSentryError(message, kind, logs, status, body));
    } catch {
      // A throwing callback must not break delivery of the next batch.
    }
  }
}

/** What makes an entry unacceptable to the API whatever happens (schema/requests/logs.ts logBody). */
function invalidEntry(entry: LogEntry): string | null {
  if (!entry || typeof entry !== "object") return "a log must be an object";
  if (typeof entry.prompt !== "string" || entry.prompt === "") return "prompt is required";
  if (typeof entry.model !== "string" || entry.model.trim() === "") return "model is required";
  return null;
}

/** A 3xx as Node, Deno and workerd answer it under `redirect: "manual"`, or a browser's opaque one (status 0). */
const isRedirect = (res: Response) => res.type === "opaqueredirect" || (res.status >= 300 && res.status < 400);

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => "");
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function describe(detail: unknown): string {
  const message = (detail as { error?: { message?: unknown } })?.error?.message;
  if (typeof message === "string") return message;
  return typeof detail === "string" ? detail.slice(0, 200) : (JSON.stringify(detail)?.slice(0, 200) ?? "");
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
