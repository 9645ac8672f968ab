// API keys: create (docs/auth-and-tenancy.md).
import * as v from "valibot";
import { PERMISSIONS } from "../constants/access";
import { MESSAGES, required, requiredName } from "./fields";

export const apiKeyBody = v.object({
  name: requiredName,
  permissions: required(
    v.pipe(
      v.array(v.picklist(PERMISSIONS, "Unknown permission"), MESSAGES.permissionsRequired),
      v.minLength(1, MESSAGES.permissionsRequired),
      v.transform((p) => [...new Set(p)]),
    ),
    [],
  ),
  expiresAt: v.optional(
    v.nullable(
      v.pipe(
        v.string(MESSAGES.expiresAt),
        v.check((s) => !Number.isNaN(Date.parse(s)), MESSAGES.expiresAt),
        v.transform((s) => new Date(s)),
        v.check((d) => d.getTime() > Date.now(), MESSAGES.expiresAt),
      ),
    ),
  ),
});
