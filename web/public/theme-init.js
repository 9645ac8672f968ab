// Apply the saved or system theme before first paint (no flash of the wrong theme). A file rather
// than an inline script: the Content-Security-Policy allows scripts from this origin only.
(() => {
  try {
    const t = localStorage.getItem("theme");
    const dark = t ? t === "dark" : window.matchMedia("(prefers-color-scheme: dark)").matches;
    if (dark) document.documentElement.classList.add("dark");
  } catch (_e) {}
})();
