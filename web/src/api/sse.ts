// Server-sent events over a POST (EventSource only does GET without headers): the chat and
// workflow streams. Parses `event:` / `data:` blocks as they arrive; a JSON `data` is parsed.
import { ApiError, authHeaders, currentToken, readAnswer } from "./client";

export interface SseEvent {
  event: string;
  data: unknown;
  raw: string;
}

/** Splits a text buffer into complete SSE blocks; returns the events and what is left over. */
export function parseSseChunk(buffer: string): { events: SseEvent[]; rest: string } {
  const events: SseEvent[] = [];
  const normalized = buffer.replace(/\r\n/g, "\n");
  const blocks = normalized.split("\n\n");
  const rest = blocks.pop() ?? "";
  for (const block of blocks) {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") event = value;
      else if (field === "data") data.push(value);
    }
    if (!data.length && event === "message") continue;
    const raw = data.join("\n");
    let parsed: unknown = raw;
    try {
      parsed = raw ? JSON.parse(raw) : raw;
    } catch {
      parsed = raw;
    }
    events.push({ event, data: parsed, raw });
  }
  return { events, rest };
}

/** POSTs `body` and calls `onEvent` per event until the stream ends or `signal` aborts. */
export async function streamSse(
  path: string,
  body: unknown,
  onEvent: (event: SseEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const sentWith = currentToken();
  const response = await fetch(path, {
    method: "POST",
    headers: authHeaders({ "Content-Type": "application/json", Accept: "text/event-stream" }),
    body: JSON.stringify(body),
    signal,
  });
  const type = response.headers.get("content-type") ?? "";
  if (!response.ok || !type.includes("text/event-stream")) {
    await readAnswer(response, sentWith); // throws the server's error
    throw new ApiError(response.status, response.status, "the server did not answer with an event stream");
  }
  if (!response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    const { events, rest } = parseSseChunk(buffer);
    buffer = rest;
    for (const event of events) onEvent(event);
  }
  const { events } = parseSseChunk(buffer + "\n\n");
  for (const event of events) onEvent(event);
}
