// The server address the SDK sends the API key and the prompts to. Plain http is refused by nothing
// (local stacks use it) but outside loopback it puts both on the wire in clear text, so the client
// says so once per origin and process: a client made per request (Workers) must not flood the log.

/** Hosts that never leave the machine, where plain http exposes nothing on a network. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

const warned = new Set<string>();

/** The parsed base URL; throws a TypeError for anything but an http(s) URL, warns once on plain http off loopback. */
export function checkBaseUrl(baseUrl: string, warn: (message: string) => void): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`PromptSentry: baseUrl is not a URL (${baseUrl})`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new TypeError(`PromptSentry: baseUrl must be http(s), not ${url.protocol}`);
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname) && !warned.has(url.origin)) {
    warned.add(url.origin);
    warn(
      `[promptsentry] baseUrl ${url.origin} is not https: the API key and every prompt cross the network in clear text. Use https outside localhost.`,
    );
  }
  return url;
}
