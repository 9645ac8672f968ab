// Session and user views (docs/api.md#sessions-and-users): a session's logs in the order they
// happened with its totals, a user's totals and days. An id the organization's logs never named
// (another organization's included) is a 404, the same answer either way.
import { Hono } from "hono";
import { sessionViewSchema, userViewSchema, type SessionView, type UserView } from "@promptsentry/schema/responses";
import { sessionParam } from "@promptsentry/schema/requests/logs";
import { userViewQuery } from "@promptsentry/schema/requests/analytics";
import type { AppEnv } from "../env";
import { notFound } from "../errors";
import { orgOf } from "../middleware/auth";
import { guard, json } from "../middleware/guard";
import type { getSession, getUser } from "../queries/activity";
import { userFilter } from "../queries/logs";
import { getSessionIn, getUserIn } from "../queries/segment-activity";
import { serializeLog } from "../serialize";
import { requestSegments } from "../tenancy/segments";
import { validate } from "../validate";

type Session = NonNullable<Awaited<ReturnType<typeof getSession>>>;
type User = NonNullable<Awaited<ReturnType<typeof getUser>>>;

const serializeSession = (s: Session): SessionView => ({
  ...s,
  firstAt: s.firstAt.toISOString(),
  lastAt: s.lastAt.toISOString(),
  items: s.items.map(serializeLog),
});

const serializeUser = (u: User): UserView => ({ ...u, firstSeenAt: u.firstSeenAt.toISOString(), lastSeenAt: u.lastSeenAt.toISOString() });

export const activityRoutes = new Hono<AppEnv>()
  .get(
    "/sessions/:id",
    ...guard("logs:read", {
      summary: "One session: its logs oldest first (at most 500) with totals over all of them",
      tag: "Logs",
      answers: json(sessionViewSchema),
      errors: { 404: "`not_found`: no log of the organization carries this session id" },
    }),
    validate("param", sessionParam),
    async (c) => {
      const session = await getSessionIn(await requestSegments(c), orgOf(c), c.req.valid("param").id);
      if (!session) throw notFound("Session");
      return c.json(serializeSession(session));
    },
  )
  .get(
    "/users/:id",
    ...guard("logs:read", {
      summary: "One user: first and last seen, totals and per-day activity over the last N days (default 30)",
      tag: "Logs",
      answers: json(userViewSchema),
      errors: { 404: "`not_found`: no log of the organization carries this user id" },
    }),
    validate("param", sessionParam),
    validate("query", userViewQuery),
    async (c) => {
      const orgId = orgOf(c);
      const id = c.req.valid("param").id;
      // Every form the user's logs may be stored under (the id, or its fingerprint under "sensitive").
      const { userId: forms = [id] } = await userFilter(c.var.db, orgId, { userId: id });
      const user = await getUserIn(await requestSegments(c), orgId, id, forms, c.req.valid("query").days);
      if (!user) throw notFound("User");
      return c.json(serializeUser(user));
    },
  );
