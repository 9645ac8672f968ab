// The shell's keyboard shortcuts: Ctrl/⌘-K opens the command palette, `/` focuses the screen's search.
import { useEffect } from "react";
import { isTypingTarget } from "./palette";

/** The screen's search box (a search input, or the text box of a search form), if it has one. */
function searchBox(): HTMLInputElement | null {
  return document.querySelector<HTMLInputElement>(
    'main input[type="search"], main [role="search"] input[type="text"], main [role="search"] input:not([type])',
  );
}

export function useShellShortcuts(openPalette: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey) return;
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k") {
        e.preventDefault();
        openPalette();
        return;
      }
      if (e.key !== "/" || e.ctrlKey || e.metaKey || isTypingTarget(e.target)) return;
      // A dialog open on top owns the keyboard (a closed one may stay in the page, hidden: no boxes).
      if ([...document.querySelectorAll('[role="dialog"]')].some((d) => d.getClientRects().length > 0)) return;
      e.preventDefault();
      const box = searchBox();
      if (box) {
        box.focus();
        box.select();
      } else openPalette();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [openPalette]);
}
