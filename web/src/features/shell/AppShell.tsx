import { lazy, Suspense, useCallback, useState, type ReactNode } from "react";
import type { Organization } from "../../api/types";
import { Header } from "./Header";
import { useShellShortcuts } from "./shortcuts";
import { Sidebar } from "./Sidebar";

const CommandPalette = lazy(() => import("./CommandPalette"));

export function AppShell({ organization, children }: { organization: Organization; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted on first use only: the palette's code loads then, not with the first screen.
  const [palette, setPalette] = useState<"unused" | "open" | "closed">("unused");
  const openPalette = useCallback(() => setPalette("open"), []);
  useShellShortcuts(openPalette);
  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Sidebar mobileOpen={menuOpen} onClose={() => setMenuOpen(false)} />
      <div className="lg:pl-64">
        <Header organization={organization} onOpenMenu={() => setMenuOpen(true)} />
        <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 focus:outline-none sm:px-6 lg:px-8">
          {children}
        </main>
      </div>
      {palette !== "unused" ? (
        <Suspense fallback={null}>
          <CommandPalette open={palette === "open"} onClose={() => setPalette("closed")} />
        </Suspense>
      ) : null}
    </div>
  );
}
