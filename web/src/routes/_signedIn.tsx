import { createFileRoute } from "@tanstack/react-router";

/** Signed out: the root shows the landing page at every path, so no page may prefetch (no 401 noise). */
class SignedOut extends Error {}

// The pathless layout of every page of the dashboard: it holds the signed-in check once, so the
// pages' loaders run only with an organization (and see it as non-null in their context).
export const Route = createFileRoute("/_signedIn")({
  beforeLoad: ({ context }) => {
    // Thrown in beforeLoad, none of the child routes loads; the root never renders this branch then.
    if (!context.organization) throw new SignedOut("Not signed in");
    return { organization: context.organization };
  },
});
