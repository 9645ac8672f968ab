import { useQuery, type QueryClient } from "@tanstack/react-query";
import { Outlet, createRootRouteWithContext } from "@tanstack/react-router";
import { Suspense, lazy } from "react";
import { organizationQueryOptions } from "../api/organization";
import type { Organization } from "../api/types";
import { Toaster } from "../components/toast";
import { ErrorState, Spinner } from "../components/ui";
import { RealtimeProvider } from "../features/realtime/RealtimeProvider";
import { AppShell } from "../features/shell/AppShell";
import { NotFound } from "../features/shell/NotFound";

export type RouterContext = { queryClient: QueryClient; organization: Organization | null };

// The landing page is only needed by visitors without an organization: load it on demand.
const Landing = lazy(() => import("../features/landing/Landing"));

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context }) => {
    // Child loaders only prefetch when there is an organization (no 401 noise on the landing page).
    const organization = await context.queryClient.ensureQueryData(organizationQueryOptions()).catch(() => null);
    return { organization };
  },
  component: RootComponent,
  notFoundComponent: NotFound,
});

function FullPage({ children }: { children: React.ReactNode }) {
  return <div className="flex min-h-screen items-center justify-center p-6">{children}</div>;
}

function RootComponent() {
  const org = useQuery(organizationQueryOptions());
  let body: React.ReactNode;
  if (org.isPending) {
    body = (
      <FullPage>
        <Spinner className="h-8 w-8" />
        <span className="sr-only">Loading</span>
      </FullPage>
    );
  } else if (org.isError) {
    body = (
      <FullPage>
        <ErrorState title="Failed to load organization" error={org.error} onRetry={() => void org.refetch()} />
      </FullPage>
    );
  } else if (!org.data) {
    body = (
      <Suspense
        fallback={
          <FullPage>
            <Spinner className="h-8 w-8" />
          </FullPage>
        }
      >
        <Landing />
      </Suspense>
    );
  } else {
    body = (
      <RealtimeProvider orgId={org.data.id}>
        <AppShell organization={org.data}>
          <Outlet />
        </AppShell>
      </RealtimeProvider>
    );
  }
  return (
    <>
      {body}
      <Toaster />
    </>
  );
}
