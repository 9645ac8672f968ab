// What `npm run deploy` refuses to ship. wrangler.toml holds only production-safe values; the local
// stack's development values (a loopback party server, webhooks to private receivers) come from
// scripts/dev/start.mjs at run time, so nothing in the file can carry them to production. This check is
// the second lock: a deployment whose configuration would point browsers at a loopback socket, let
// webhooks reach private networks, or write to placeholder databases stops before anything uploads.
import { checkOutboundUrl } from "../../../worker/src/lib/url-policy";

export type DeployConfig = {
  vars?: Record<string, unknown>;
  d1_databases?: { binding: string; database_id?: string }[];
};

/** wrangler.toml's stand-in ids (00000000-0000-0000-0000-0000000000NN); real D1 ids are random UUIDs. */
const PLACEHOLDER_ID = /^0{8}-0{4}-0{4}-0{4}-/;

/** The same spelling rules as the worker's partyOrigin: a host[:port] or a full URL. */
function partyUrl(raw: string): string {
  return /^[a-z]+:\/\//i.test(raw) ? raw.replace(/^ws/i, "http") : `https://${raw}`;
}

/** Every reason this configuration must not be deployed; empty when it may be. */
export function deployProblems(config: DeployConfig): string[] {
  const problems: string[] = [];
  const vars = config.vars ?? {};
  const partyHost = typeof vars.PARTY_HOST === "string" ? vars.PARTY_HOST.trim() : "";
  if (!partyHost) problems.push("PARTY_HOST is not set: put the host `partykit deploy` printed in wrangler.toml [vars]");
  else {
    // The party server is reached by every dashboard user's browser and by the worker: it must be a
    // public https host, by the same policy that guards webhooks (no private, loopback or internal names).
    const verdict = checkOutboundUrl(partyUrl(partyHost), false);
    if (!verdict.ok) problems.push(`PARTY_HOST "${partyHost}" cannot be deployed: ${verdict.reason}`);
    else if (partyUrl(partyHost).startsWith("http://")) problems.push(`PARTY_HOST "${partyHost}" must use https/wss`);
  }
  if (vars.ALLOW_PRIVATE_WEBHOOKS === "true")
    problems.push('ALLOW_PRIVATE_WEBHOOKS is "true": webhooks could reach private networks; remove it for production');
  for (const db of config.d1_databases ?? [])
    if (!db.database_id || PLACEHOLDER_ID.test(db.database_id))
      problems.push(`${db.binding}: database_id is a placeholder; put the id printed by \`wrangler d1 create\``);
  return problems;
}
