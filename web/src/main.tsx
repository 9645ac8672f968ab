import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider, createRouter } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createQueryClient } from "./api/query-client";
import { routeTree } from "./routeTree.gen";
import "./styles.css";

const queryClient = createQueryClient();

const router = createRouter({
  routeTree,
  context: { queryClient, organization: null },
  defaultPreload: "intent",
  // Freshness is React Query's business (docs/api.md#calls: data never stale); the router only prefetches.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
