// The command palette (Ctrl/⌘-K): go to a screen, search the logs, open a log by its id. Loaded on
// first use (shell/AppShell.tsx), so Headless UI's dialog and combobox stay out of the first screen.
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useRouter } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { FileTextIcon, SearchIcon } from "../../components/icons";
import { cx } from "../../components/ui";
import { NAV_ITEMS } from "./nav";
import { paletteActions, paletteHref, type PaletteAction } from "./palette";

function ActionIcon({ action }: { action: PaletteAction }) {
  const cls = "h-4 w-4 shrink-0 text-gray-400";
  if (action.kind === "screen") {
    const Icon = NAV_ITEMS.find((i) => i.to === action.to)?.icon ?? NAV_ITEMS[NAV_ITEMS.length - 1].icon;
    return <Icon className={cls} />;
  }
  return action.kind === "log" ? <FileTextIcon className={cls} /> : <SearchIcon className={cls} />;
}

export default function CommandPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const router = useRouter();
  const [query, setQuery] = useState("");
  const actions = useMemo(() => paletteActions(query), [query]);
  const close = () => {
    onClose();
    setQuery("");
  };
  const run = (action: PaletteAction | null) => {
    if (!action) return;
    close();
    router.history.push(paletteHref(action));
  };
  return (
    <Dialog open={open} onClose={close} className="fixed inset-0 z-50 overflow-y-auto p-4 pt-[12vh]">
      <div className="fixed inset-0 bg-gray-900/50 dark:bg-black/70" aria-hidden="true" />
      <DialogPanel className="relative mx-auto max-w-xl overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-black/5 dark:bg-gray-900 dark:ring-gray-700">
        <DialogTitle className="sr-only">Command palette</DialogTitle>
        <Combobox<PaletteAction | null> onChange={run} value={null}>
          <div className="relative border-b border-gray-100 dark:border-gray-800">
            <SearchIcon className="pointer-events-none absolute top-3.5 left-4 h-5 w-5 text-gray-400" />
            <ComboboxInput
              autoFocus
              aria-label="Go to a screen, search logs or open a log by id"
              placeholder="Go to a screen, search logs, or paste a log id…"
              className="h-12 w-full border-0 bg-transparent pr-4 pl-11 text-sm text-gray-900 placeholder:text-gray-400 focus:ring-0 focus:outline-none dark:text-white"
              onChange={(e) => setQuery(e.target.value)}
              value={query}
            />
          </div>
          <ComboboxOptions static className="max-h-80 scroll-py-2 overflow-y-auto p-2 text-sm">
            {actions.map((action) => (
              <ComboboxOption
                key={action.id}
                value={action}
                className={({ focus }) =>
                  cx(
                    "flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 select-none",
                    focus ? "bg-indigo-600 text-white" : "text-gray-700 dark:text-gray-200",
                  )
                }
              >
                <ActionIcon action={action} />
                <span className="truncate">{action.label}</span>
              </ComboboxOption>
            ))}
          </ComboboxOptions>
          <p className="border-t border-gray-100 px-4 py-2 text-xs text-gray-500 dark:border-gray-800 dark:text-gray-400">
            ↑ ↓ to choose · Enter to open · Esc to close · <kbd>/</kbd> focuses a screen's search
          </p>
        </Combobox>
      </DialogPanel>
    </Dialog>
  );
}
