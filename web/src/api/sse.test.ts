import { describe, expect, it } from "vitest";
import { parseSseChunk } from "./sse";

describe("parseSseChunk", () => {
  it("parses complete blocks and keeps the partial one", () => {
    const text = 'event: conversation.message.delta\ndata: {"content":"Hel"}\n\nevent: done\ndata: "[DONE]"\n\nevent: conv';
    const { events, rest } = parseSseChunk(text);
    expect(events.map((e) => e.event)).toEqual(["conversation.message.delta", "done"]);
    expect(events[0].data).toEqual({ content: "Hel" });
    expect(rest).toBe("event: conv");
  });

  it("joins multi-line data, skips comments and keeps non-JSON data as text", () => {
    const { events } = parseSseChunk(": keep-alive\n\ndata: line one\ndata: line two\n\n");
    expect(events).toHaveLength(1);
    expect(events[0].data).toBe("line one\nline two");
    expect(events[0].event).toBe("message");
  });

  it("accepts CRLF line ends", () => {
    const { events } = parseSseChunk('event: Message\r\ndata: {"a":1}\r\n\r\n');
    expect(events[0]).toMatchObject({ event: "Message", data: { a: 1 } });
  });
});
