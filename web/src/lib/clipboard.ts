import { useEffect, useRef, useState } from "react";

/** Copy text: the async Clipboard API, else a hidden textarea and execCommand (older or insecure contexts). */
export async function copyText(text: string): Promise<void> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return;
    }
  } catch {
    // Denied (no permission, not focused): fall through to the legacy path.
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("Copy to clipboard is not available");
}

/** Copy confirmation that resets after `resetMs` (schema/constants/: 2 seconds). `copied` holds the last copied id. */
export function useCopied(resetMs = 2000) {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const mark = (id: string) => {
    setCopied(id);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), resetMs);
  };
  return { copied, mark };
}
