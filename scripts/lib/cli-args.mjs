// The benchmark scripts' command-line options: `--name value` and `--flag` (npm run bench… -- …).
/** The arguments after the script's own path. */
export const argv = process.argv.slice(2);

/** The value after `--name` (unless it is another option), or the fallback. */
export const arg = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] && !argv[i + 1].startsWith("--") ? argv[i + 1] : fallback;
};

/** `--name` as a positive integer, or the fallback; anything else stops the script with the option's name. */
export const int = (name, fallback) => {
  const n = Number(arg(name, fallback));
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
  return n;
};

/** Whether `--name` was given. */
export const flag = (name) => argv.includes(`--${name}`);
