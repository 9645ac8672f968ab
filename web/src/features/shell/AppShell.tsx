import { useState, type ReactNode } from "react";
import type { Organization } from "../../api/types";
import { Header } from "./Header";
import { Sidebar } from "./Sidebar";

export function AppShell({ organization, children }: { organization: Organization; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="min-h-screen">
      <Sidebar mobileOpen={menuOpen} onClose={() => setMenuOpen(false)} />
      <div className="lg:pl-64">
        <Header organization={organization} onOpenMenu={() => setMenuOpen(true)} />
        <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">{children}</main>
      </div>
    </div>
  );
}
