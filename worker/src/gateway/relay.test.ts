import { describe, expect, it } from "vitest";
import { StreamTap } from "./answer-tap";
import { relayBody } from "./relay";

const encoder = new TextEncoder();
const block = (bytes: number) => new Uint8Array(bytes).fill(97);

/** A lazily made source of `count` chunks of `size` bytes, counting how many were pulled from it. */
function source(count: number, size: number) {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulled === count) return controller.close();
        state.pulled++;
        controller.enqueue(block(size));
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

/** A source that sends `first` and then nothing, ever (a stalled provider). */
function stalled(first: string) {
  const state = { cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(first));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

const noTap = () => new StreamTap(Date.now(), 0);
const readAll = async (body: ReadableStream<Uint8Array>) => new TextDecoder().decode(await new Response(body).arrayBuffer());

describe("relayBody", () => {
  it("reads the provider only as fast as the client: nothing is pulled ahead of the client's reads", async () => {
    const { stream, state } = source(1_000, 64 * 1024);
    const { body } = relayBody(stream, { tap: noTap(), idleMs: 5_000, sse: false, abort() {} });
    const reader = body.getReader();
    await reader.read();
    await new Promise((r) => setTimeout(r, 50));
    expect(state.pulled).toBeLessThanOrEqual(2);
    await reader.cancel();
  });

  it("passes 48 MiB through whole while its tap reads no more than its cap", async () => {
    const { stream } = source(768, 64 * 1024);
    const tap = new StreamTap(Date.now(), 1024 * 1024);
    const { body, ended } = relayBody(stream, { tap, idleMs: 5_000, sse: true, abort() {} });
    let bytes = 0;
    for await (const chunk of body) bytes += chunk.byteLength;
    expect(bytes).toBe(48 * 1024 * 1024);
    expect(tap).toMatchObject({ truncated: true, loggedBytes: 1024 * 1024 });
    expect(await ended).toMatchObject({ reason: "complete", bytes: 48 * 1024 * 1024 });
  });

  it("reads a byte stream (as a fetch body is) in larger chunks through one buffer, every byte intact", async () => {
    // 4 KiB chunks as a fetch body's default reader gives them, each byte numbered.
    let sent = 0;
    const total = 1024 * 1024;
    const stream = new ReadableStream({
      type: "bytes",
      pull(controller) {
        if (sent === total) return controller.close();
        const chunk = new Uint8Array(4096).map((_, i) => (sent + i) % 251);
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const { body, ended } = relayBody(stream, { tap: noTap(), idleMs: 5_000, sse: false, abort() {} });
    const chunks: Uint8Array[] = [];
    for await (const chunk of body) chunks.push(chunk);
    const all = new Uint8Array(await new Blob(chunks).arrayBuffer());
    expect(all.byteLength).toBe(total);
    expect(all.every((b, i) => b === i % 251)).toBe(true);
    expect(Math.max(...chunks.map((c) => c.byteLength))).toBeLessThanOrEqual(64 * 1024);
    expect((await ended).reason).toBe("complete");
  });

  it("ends a stalled stream with OpenAI's error event after the idle limit, and drops the provider", async () => {
    const { stream, state } = stalled('data: {"choices":[]}\n\ndata: {"cho');
    let aborted = false;
    const { body, ended } = relayBody(stream, {
      tap: noTap(),
      idleMs: 50,
      sse: true,
      abort: () => {
        aborted = true;
      },
    });
    const text = await readAll(body);
    expect(text.startsWith('data: {"choices":[]}\n\ndata: {"cho\n\ndata: ')).toBe(true);
    const event = JSON.parse(text.split("\n\ndata: ").at(-1)!);
    expect(event.error).toMatchObject({ code: "upstream_timeout", type: "api_error", param: null });
    expect(await ended).toMatchObject({ reason: "idle_timeout" });
    expect(aborted).toBe(true);
    expect(state.cancelled).toBe(true);
  });

  it("breaks a stalled JSON answer off (the client sees an error, not a short body)", async () => {
    const { stream } = stalled('{"id":"x","choices":[{"message":{"content":"par');
    const { body, ended } = relayBody(stream, { tap: noTap(), idleMs: 50, sse: false, abort() {} });
    await expect(readAll(body)).rejects.toThrow(/sent nothing for 0.05 s/);
    expect((await ended).reason).toBe("idle_timeout");
  });

  it("ends a stream whose provider connection breaks with an error event naming it", async () => {
    let n = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (n++ === 0) controller.enqueue(encoder.encode("data: {}\n\n"));
        else controller.error(new Error("connection reset"));
      },
    });
    const { body, ended } = relayBody(stream, { tap: noTap(), idleMs: 5_000, sse: true, abort() {} });
    expect(await readAll(body)).toContain('"code":"upstream_broken"');
    expect((await ended).reason).toBe("upstream_error");
  });

  it("settles as client_closed and cancels the provider when the client goes away", async () => {
    const { stream, state } = source(1_000, 1024);
    const { body, ended } = relayBody(stream, { tap: noTap(), idleMs: 5_000, sse: true, abort() {} });
    const reader = body.getReader();
    await reader.read();
    await reader.cancel();
    expect(await ended).toMatchObject({ reason: "client_closed", bytes: 1024 });
    expect(state.cancelled).toBe(true);
  });
});
