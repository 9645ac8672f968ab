// API keys as listed (never the key itself), a created key (its value once), a rotated key.
import * as v from "valibot";
import { PERMISSIONS } from "../constants/access";
import { id, nullableString, optionalTimestamp, timestamp } from "./common";

export const apiKeySchema = v.object({
  id,
  name: v.string(),
  keyPrefix: v.string(),
  /** A member's key follows the member's role. */
  permissions: v.array(v.picklist(PERMISSIONS)),
  memberId: nullableString,
  expiresAt: optionalTimestamp,
  expired: v.boolean(),
  createdAt: timestamp,
  lastUsed: optionalTimestamp,
});
export type ApiKeyInfo = v.InferOutput<typeof apiKeySchema>;

/** POST /api/api-keys: the key with its full value, answered once. */
export const createdApiKeySchema = v.object({ ...apiKeySchema.entries, keyValue: v.string() });
export type CreatedApiKey = v.InferOutput<typeof createdApiKeySchema>;

/** POST /api/settings/rotate-key: the new secret of the caller's key, answered once. */
export const rotatedKeySchema = v.object({ apiKey: v.string(), keyPrefix: v.string() });
export type RotatedKey = v.InferOutput<typeof rotatedKeySchema>;
