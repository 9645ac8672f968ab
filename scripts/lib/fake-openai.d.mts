export type FakeOpenAI = { origin: string; url: string; chunkDelayMs: number; close(): Promise<void> };
export type FakeUsage = { prompt_tokens: number; completion_tokens: number; total_tokens: number };
export function startFakeOpenAI(options?: { port?: number; chunkDelayMs?: number }): Promise<FakeOpenAI>;
export function deadOrigin(): Promise<string>;
export function echoAnswer(prompt: string): string;
export function echoUsage(prompt: string): FakeUsage;
export function answerPieces(answer: string): string[];
export const HUGE_PIECE: string;
export const PROVIDER_HEADERS: { useful: Record<string, string>; internal: Record<string, string> };
