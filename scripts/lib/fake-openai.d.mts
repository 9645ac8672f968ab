export function startFakeOpenAI(options?: { port?: number }): Promise<{ origin: string; close(): Promise<void> }>;
export function deadOrigin(): Promise<string>;
