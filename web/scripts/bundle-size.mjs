#!/usr/bin/env node
// Initial-load budget check: gzip size of the entry chunk plus every chunk it imports statically
// (what the browser must fetch before the first screen renders), read from the Vite manifest.
// Usage: node web/scripts/bundle-size.mjs [--budget-kb 150] [--verbose] [--dist web/dist]
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const args = process.argv.slice(2);
const distArg = args.indexOf("--dist");
const dist = distArg >= 0 ? args[distArg + 1] : join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const budgetArg = args.indexOf("--budget-kb");
const BUDGET_KB = budgetArg >= 0 ? Number(args[budgetArg + 1]) : 150;
const verbose = args.includes("--verbose");

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));
} catch (_e) {
  console.error(`Cannot read ${join(dist, ".vite", "manifest.json")}: build first (vite build --config web/vite.config.ts).`);
  process.exit(2);
}

const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
if (entries.length === 0) {
  console.error("No entry chunk in the manifest.");
  process.exit(2);
}

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1);

let failed = false;
for (const [key, entry] of entries) {
  const seen = new Set();
  const css = new Set();
  const walk = (k) => {
    if (seen.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    for (const c of chunk.css ?? []) css.add(c);
    for (const dep of chunk.imports ?? []) walk(dep);
  };
  walk(key);
  const rows = [...seen].map((k) => ({ file: manifest[k].file, gzip: gz(manifest[k].file) }));
  const js = rows.reduce((a, r) => a + r.gzip, 0);
  const cssSize = [...css].reduce((a, f) => a + gz(f), 0);
  // Lazy chunks reachable by dynamic import (not part of the initial load), for information.
  const lazy = new Set();
  for (const k of seen) for (const d of manifest[k].dynamicImports ?? []) if (!seen.has(d)) lazy.add(d);

  if (verbose) for (const r of rows.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(r.gzip).padStart(7)} KB  ${r.file}`);
  console.log(
    `Initial JS (${key}: ${entry.file} + ${seen.size - 1} static imports): ${kb(js)} KB gzip ` +
      `(budget ${BUDGET_KB} KB); CSS ${kb(cssSize)} KB gzip; ${lazy.size} lazily loaded chunks.`,
  );
  // What each lazily loaded chunk adds on top of the initial load (routes, charts, landing).
  if (verbose) {
    for (const k of [...lazy].sort()) {
      const extra = new Set();
      const walkLazy = (d) => {
        if (seen.has(d) || extra.has(d)) return;
        extra.add(d);
        for (const i of manifest[d].imports ?? []) walkLazy(i);
      };
      walkLazy(k);
      const size = [...extra].reduce((a, d) => a + gz(manifest[d].file), 0);
      console.log(`  lazy ${kb(size).padStart(6)} KB  ${manifest[k].src ?? k}`);
    }
  }
  if (js > BUDGET_KB * 1024) {
    console.error(`Over budget by ${kb(js - BUDGET_KB * 1024)} KB.`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
