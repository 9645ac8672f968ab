// Theme: localStorage 'theme', else the system preference (docs/web.md#behaviour-the-code-relies-on). web/public/theme-init.js applies the class
// before first paint; this module keeps React in step and flips/saves on toggle.
import { useSyncExternalStore } from "react";

export type Theme = "light" | "dark";
const STORAGE_KEY = "theme";
const listeners = new Set<() => void>();

function systemTheme(): Theme {
  return window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

function savedTheme(): Theme | null {
  try {
    const t = localStorage.getItem(STORAGE_KEY);
    return t === "dark" || t === "light" ? t : null;
  } catch {
    return null;
  }
}

export function currentTheme(): Theme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

function apply(theme: Theme) {
  document.documentElement.classList.toggle("dark", theme === "dark");
  for (const l of listeners) l();
}

export function setTheme(theme: Theme) {
  try {
    localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Storage unavailable: still apply for this page.
  }
  apply(theme);
}

export function toggleTheme() {
  setTheme(currentTheme() === "dark" ? "light" : "dark");
}

let watching = false;
function subscribe(l: () => void) {
  listeners.add(l);
  if (!watching && typeof window !== "undefined" && window.matchMedia) {
    watching = true;
    // Follow the system while the user has not chosen.
    window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
      if (!savedTheme()) apply(systemTheme());
    });
  }
  return () => listeners.delete(l);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, () => "light");
}
