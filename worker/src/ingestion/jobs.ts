// What an ingestion request hands to its organization's group commit (ingestion/committer.ts) and
// what it gets back. Both cross a Durable Object RPC boundary, so they are plain data (structured
// clone: Dates survive, class instances such as ApiError do not — errors travel as JobError).
import type { Permission } from "@promptsentry/schema/constants/access";
import type { DataShardBinding } from "@promptsentry/schema/shards";
import type { AlertRow } from "@promptsentry/schema/tables/alerts";
import type { PromptLogRow } from "@promptsentry/schema/tables/logs";
import type { LogInput } from "@promptsentry/schema/requests/logs";
import type { IngestSubscribers } from "../delivery/emit";
import type { Principal } from "../env";
import { ApiError, type Issues } from "../errors";
import type { PrincipalRow } from "../auth/principal";
import type { StoreOptions } from "./build-row";

/** The name of a data shard's D1 binding (schema/shards.ts): where a job's logs are written. */
export type DbRef = DataShardBinding;

/** A cached key still to be re-read before the job's rows are written (auth/request.ts). */
export type JobCredentialCheck = { keyId: string; keyHash: string; via: Principal["via"]; permission: Permission };

export type CommitJob = {
  /** The organization resolved from the credential (never from the body); names the committer too. */
  orgId: string;
  /** Where the logs go: the organization's data shard (the binding behind `c.var.data`). */
  db: DbRef;
  inputs: LogInput[];
  opts: StoreOptions;
  check: JobCredentialCheck | null;
};

/** An ApiError as data: status, envelope and headers (Retry-After), rebuilt by the request. */
export type JobError = { status: number; code: string; message: string; issues?: Issues; headers?: Record<string, string> };

export type CommitResult = {
  /** The re-read key row (when the job had a check) and when it was judged, for the request to apply. */
  checkRows?: PrincipalRow[];
  checkedAt?: number;
  error?: JobError;
  stored?: {
    rows: PromptLogRow[];
    /** Alerts this job's logs opened (not those they only counted into), for `alert.created`. */
    newAlerts: AlertRow[];
    replayed: boolean;
    /** Who to tell (absent on a replay: nothing new to tell). */
    subscribers?: IngestSubscribers;
  };
};

/** Flattens a thrown error for the trip back; anything but an ApiError becomes a 500 (logged where it happened). */
export function jobError(error: unknown): JobError {
  if (error instanceof ApiError)
    return { status: error.status, code: error.code, message: error.message, issues: error.issues, headers: error.headers };
  console.error("group commit failed", error);
  return { status: 500, code: "internal_error", message: String((error as Error)?.message ?? error) };
}

/** The error the request throws for a job's error: the same envelope as if it had been thrown there. */
export function jobErrorToThrow(error: JobError): Error {
  if (error.status >= 500) return new Error(`group commit failed: ${error.message}`);
  return new ApiError(error.status as ConstructorParameters<typeof ApiError>[0], error.code, error.message, error.issues, error.headers);
}
