// The one fetch wrapper of the app (docs/api.md#calls, docs/web.md#texts).
import * as v from "valibot";
import { TOTAL_COUNT_HEADER } from "../../../schema/constants";
import { errorEnvelopeSchema } from "../../../schema/responses/errors";

export type FieldIssues = Record<string, string[]>;

/** A non-ok answer. `message` is `${status}: ${body text or statusText}` (docs/web.md#texts). */
export class ApiError extends Error {
  readonly status: number;
  /** `error.code` of the server's envelope, when there is one. */
  readonly code: string | undefined;
  /** `error.message` of the envelope (human text), when there is one. */
  readonly serverMessage: string | undefined;
  /** Validation issues per field path, when the server sent them. */
  readonly issues: FieldIssues | undefined;

  constructor(status: number, statusText: string, body: string) {
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
    throw new ApiError(res.status, res.statusText, text);
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

/** Human text for a toast: the server's message when there is one, else the raw error message. */
export function errorText(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error) return error.message;
  return undefined;
}
