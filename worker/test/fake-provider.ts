// vitest globalSetup (runs in Node, outside workerd): the local OpenAI-compatible provider the gateway
// tests forward to (scripts/lib/fake-openai.mjs), and an origin where nothing listens.
import type { TestProject } from "vitest/node";
import { deadOrigin, startFakeOpenAI } from "../../scripts/lib/fake-openai.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    fakeProviderOrigin: string;
    deadProviderOrigin: string;
  }
}

export default async function setup(project: TestProject) {
  const provider = await startFakeOpenAI();
  project.provide("fakeProviderOrigin", provider.origin);
  project.provide("deadProviderOrigin", await deadOrigin());
  return () => provider.close();
}
