// vitest globalSetup (runs in Node, outside workerd): the local OpenAI-compatible provider the gateway
// tests forward to (scripts/lib/fake-openai.mjs), and an origin where nothing listens.
import type { TestProject } from "vitest/node";
import { deadOrigin, HUGE_PIECE, PROVIDER_HEADERS, startFakeOpenAI } from "../../scripts/lib/fake-openai.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    fakeProviderOrigin: string;
    deadProviderOrigin: string;
    /** What the fake's `fake-huge-<MiB>` answers repeat, and the headers `fake-headers` sends. */
    hugePiece: string;
    providerHeaders: typeof PROVIDER_HEADERS;
  }
}

export default async function setup(project: TestProject) {
  const provider = await startFakeOpenAI();
  project.provide("fakeProviderOrigin", provider.origin);
  project.provide("deadProviderOrigin", await deadOrigin());
  project.provide("hugePiece", HUGE_PIECE);
  project.provide("providerHeaders", PROVIDER_HEADERS);
  return () => provider.close();
}
