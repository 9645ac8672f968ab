// The one fetch wrapper of the app (docs/api.md#calls, docs/web.md#texts).
import * as v from "valibot";
import { PERMISSION_LABELS, type Permission } from "@promptsentry/schema/constants/access";
import { TOTAL_COUNT_HEADER } from "@promptsentry/schema/constants/logs";
import { errorEnvelopeSchema } from "@promptsentry/schema/responses/errors";

export type FieldIssues = Record<string, string[]>;

/**
 * A non-ok answer. `message` is `${status}: ${body text or statusText}` (spec §8, docs/web.md#texts):
 * for logs and developers only; screens show `describeError(error)`.
 */
export class ApiError extends Error {
  readonly status: number;
  /** `error.code` of the server's envelope, when there is one. */
  readonly code: string | undefined;
  /** `error.message` of the envelope (human text), when there is one. */
  readonly serverMessage: string | undefined;
  /** Validation issues per field path, when the server sent them. */
  readonly issues: FieldIssues | undefined;
  /** The id an unexpected failure was logged under (`error.reference`), for support. */
  readonly reference: string | undefined;
  /** Seconds the server asked us to wait (`Retry-After` of a 429 or 503), when it said. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, statusText: string, body: string, headers?: Headers) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    this.status = status;
    // The server's one error envelope (schema/responses/errors.ts); anything else (a proxy's HTML page,
    // plain text) leaves only the message, which already carries the text.
    const envelope = v.safeParse(errorEnvelopeSchema, parseJson(body));
    const error = envelope.success ? envelope.output.error : undefined;
    this.code = error?.code;
    this.serverMessage = error?.message;
    this.issues = error?.issues;
    this.reference = error?.reference;
    const retry = Number(headers?.get("retry-after") ?? Number.NaN);
    this.retryAfterSeconds = Number.isFinite(retry) && retry > 0 ? retry : undefined;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type QueryValue = string | number | boolean | null | undefined | readonly string[];

/** Build `path?query`, skipping empty values; arrays become comma lists. */
export function withQuery(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(","));
    } else params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
};

async function request(path: string, opts: RequestOptions): Promise<Response> {
  const hasBody = opts.body !== undefined;
  const res = await fetch(withQuery(path, opts.query), {
    method: opts.method ?? "GET",
    credentials: "include",
    headers: hasBody ? { "Content-Type": "application/json", Accept: "application/json" } : { Accept: "application/json" },
    body: hasBody ? JSON.stringify(opts.body) : undefined,
    signal: opts.signal,
  });
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    throw new ApiError(res.status, res.statusText, text, res.headers);
  }
  return res;
}

async function json<T>(res: Response): Promise<T> {
  if (res.status === 204) return null as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Fetch JSON from the API with the session cookie. 204 → null. Non-ok → throws ApiError. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return json<T>(await request(path, opts));
}

export type ListPage<T> = { items: T[]; total: number | null };

/** A page of a list and how many rows match across all pages (the server's X-Total-Count). */
export async function apiPage<T>(path: string, opts: RequestOptions = {}): Promise<ListPage<T>> {
  const res = await request(path, opts);
  const header = res.headers.get(TOTAL_COUNT_HEADER);
  const total = header === null ? null : Number(header);
  return { items: (await json<T[]>(res)) ?? [], total: Number.isFinite(total) ? total : null };
}

// ── What a failure means to a person (docs/web.md#errors) ─────────────────────
// One sentence they can act on, per error code and per validation issue (the server's issue texts
// are already plain: schema/issue-text.ts), with the code and reference kept apart for support.
// Every error state, list footer and failure toast reads failures through here, never the raw answer.

export type ErrorDescription = {
  /** What happened and what to do, as a sentence. */
  sentence: string;
  /** The server's error code (or HTTP status) for support; absent for network failures. */
  code?: string;
  /** The id the server logged an unexpected failure under. */
  reference?: string;
};

const end = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

const seconds = (n: number | undefined) =>
  n === undefined
    ? "in a moment"
    : n < 90
      ? `in ${Math.ceil(n)} second${Math.ceil(n) === 1 ? "" : "s"}`
      : `in about ${Math.ceil(n / 60)} minutes`;

/** "This key lacks the 'admin' permission" → the permission's label, when the server named one. */
function missingPermission(message: string | undefined): string | undefined {
  const id = message?.match(/'([\w:]+)'/)?.[1];
  return id && id in PERMISSION_LABELS ? PERMISSION_LABELS[id as Permission] : undefined;
}

/** A sentence per code; the server's own message (human text by contract) where it says more. */
function sentenceFor(e: ApiError): string {
  const issues = e.issues ? Object.values(e.issues).flatMap((messages) => messages.slice(0, 1)) : [];
  if (issues.length) return issues.length === 1 ? issues[0]! : issues.map(end).join(" ");
  switch (e.code) {
    case "unauthorized":
      return "Your session has ended or your API key is no longer valid. Sign in again.";
    case "forbidden": {
      const label = missingPermission(e.serverMessage);
      return `You don't have permission to do this${label ? ` (it needs ${label})` : ""}. Ask an admin of your organization.`;
    }
    case "not_found":
      return "It could not be found. It may have been deleted; refresh and try again.";
    case "payload_too_large":
      return "That is too large to send. Shorten it and try again.";
    case "rate_limited":
      return `Too many requests right now. Try again ${seconds(e.retryAfterSeconds)}.`;
    case "internal_error":
      return "Something went wrong on our side. Try again; if it keeps happening, contact support with the reference below.";
    case "unsupported_media_type":
    case "invalid_content_type":
    case "method_not_allowed":
      return "The app sent a request the server does not accept. Reload the page and try again.";
  }
  if (e.serverMessage) return e.serverMessage;
  // No envelope: a proxy or the platform answered (an HTML page, plain text).
  if (e.status === 429) return `Too many requests right now. Try again ${seconds(e.retryAfterSeconds)}.`;
  if (e.status === 502 || e.status === 503 || e.status === 504)
    return `The service is temporarily unavailable. Try again ${seconds(e.retryAfterSeconds)}.`;
  if (e.status >= 500) return "Something went wrong on our side. Try again in a moment.";
  if (e.status === 401) return "Your session has ended. Sign in again.";
  if (e.status === 403) return "You don't have permission to do this. Ask an admin of your organization.";
  if (e.status === 404) return "It could not be found. It may have been deleted; refresh and try again.";
  return "The request could not be completed. Check what you entered and try again.";
}

/** Any thrown value as a sentence, plus the code and reference for support. */
export function describeError(error: unknown): ErrorDescription {
  if (error instanceof ApiError) {
    return { sentence: sentenceFor(error), code: error.code ?? String(error.status), reference: error.reference };
  }
  // fetch rejects with a TypeError when the network (or the server) cannot be reached at all.
  if (error instanceof TypeError) return { sentence: "Could not reach the server. Check your connection and try again." };
  if (error instanceof DOMException && error.name === "AbortError") return { sentence: "The request was cancelled." };
  if (error instanceof Error && error.message) return { sentence: error.message };
  return { sentence: "Something went wrong. Try again." };
}

/** The sentence alone: a toast's description. */
export function errorText(error: unknown): string {
  return describeError(error).sentence;
}

/** The small print for support ("Error code: internal_error · reference 3f9a2c1d"), or undefined. */
export function supportLine({ code, reference }: Pick<ErrorDescription, "code" | "reference">): string | undefined {
  if (!code && !reference) return undefined;
  return [code ? `Error code: ${code}` : null, reference ? `reference ${reference}` : null].filter(Boolean).join(" · ");
}
