// The chat component against a scripted fetch: which calls it makes, in which order, and what the
// author sees (the browser test drives the real stack; this pins the call sequence of a cancel).
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DebugChat } from "./DebugChat";

interface Call {
  url: string;
  body: Record<string, unknown> | null;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function sseMessage(message: Record<string, unknown>, isFinish: boolean): string {
  return `event: message\ndata: ${JSON.stringify({ message, is_finish: isFinish, conversation_id: "77" })}\n\n`;
}

let calls: Call[];
let push: (text: string) => void;
let close: () => void;
let chatStatus: string;

beforeEach(() => {
  calls = [];
  chatStatus = "completed";
  const encoder = new TextEncoder();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
      calls.push({ url, body });
      if (url.startsWith("/api/playground_api/draftbot/get_draft_bot_info")) {
        return json({ code: 0, msg: "", data: { bot_info: { bot_id: "5", name: "Guide", onboarding_info: {
          prologue: "Welcome aboard", suggested_questions: ["What can you do?"] }, deep_research: { enabled: true } } } });
      }
      if (url.startsWith("/api/conversation/get_message_list")) {
        return json({ code: 0, msg: "", conversation_id: "77", message_list: [] });
      }
      if (url.startsWith("/api/conversation/chat")) {
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            push = (text) => controller.enqueue(encoder.encode(text));
            close = () => controller.close();
            init?.signal?.addEventListener("abort", () => controller.error(new DOMException("aborted", "AbortError")));
          },
        });
        return new Response(stream, { headers: { "Content-Type": "text/event-stream" } });
      }
      if (url.startsWith("/v1/conversation/message/retrieve")) return json({ code: 0, msg: "", data: { chat_id: "900" } });
      if (url.startsWith("/v3/chat/cancel")) return json({ code: 0, msg: "", data: { id: "900", status: "canceled" } });
      if (url.startsWith("/v3/chat/retrieve")) {
        return json({ code: 0, msg: "", data: { id: "900", status: chatStatus, usage: { input_count: 31, output_count: 7 } } });
      }
      if (url.startsWith("/api/conversation/clear_message")) return json({ code: 0, msg: "", new_section_id: "1" });
      return json({ code: 404, msg: `unexpected ${url}` }, 404);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("DebugChat", () => {
  it("asks a suggested question, streams the answer, then shows tokens from the chat record", async () => {
    render(<DebugChat botId="5" spaceId="9" />);
    expect(await screen.findByText("Welcome aboard")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "What can you do?" }));
    await waitFor(() => expect(calls.some((c) => c.url === "/api/conversation/chat")).toBe(true));
    const sent = calls.find((c) => c.url === "/api/conversation/chat")!.body;
    expect(sent).toMatchObject({ bot_id: "5", space_id: "9", conversation_id: "77", query: "What can you do?",
                                 draft_mode: true, deep_research: true });
    await act(async () => {
      push(sseMessage({ type: "ack", role: "user", content: "What can you do?", message_id: "10" }, true));
      push(sseMessage({ type: "answer", role: "assistant", content: "I can **help**", message_id: "11" }, false));
    });
    expect(await screen.findByText("help")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Stop" })).toBeTruthy();
    await act(async () => {
      push(sseMessage({ type: "answer", role: "assistant", content: "I can **help**.", message_id: "11" }, true));
      push("event: done\ndata: \n\n");
      close();
    });
    expect(await screen.findByText("31")).toBeTruthy(); // input tokens
    expect(screen.getByText("7")).toBeTruthy();
    expect(calls.map((c) => c.url.split("?")[0])).toContain("/v3/chat/retrieve");
    expect(screen.getByRole("button", { name: "Send" })).toBeTruthy();
  });

  it("Stop cancels the chat by its id and shows the turn cancelled", async () => {
    chatStatus = "canceled";
    render(<DebugChat botId="5" spaceId="9" />);
    const box = await screen.findByLabelText("Message");
    await waitFor(() => expect((box as HTMLTextAreaElement).disabled).toBe(false));
    fireEvent.change(box, { target: { value: "talk" } });
    fireEvent.keyDown(box, { key: "Enter" });
    await waitFor(() => expect(calls.some((c) => c.url === "/api/conversation/chat")).toBe(true));
    await act(async () => {
      push(sseMessage({ type: "ack", role: "user", content: "talk", message_id: "10" }, true));
      push(sseMessage({ type: "answer", role: "assistant", content: "word word", message_id: "11" }, false));
    });
    fireEvent.click(await screen.findByRole("button", { name: "Stop" }));
    await waitFor(() => expect(calls.some((c) => c.url === "/v3/chat/cancel")).toBe(true));
    expect(calls.find((c) => c.url === "/v3/chat/cancel")!.body).toMatchObject({ conversation_id: "77", chat_id: "900" });
    const retrieve = calls.find((c) => c.url.startsWith("/v1/conversation/message/retrieve"))!;
    expect(retrieve.url).toContain("message_id=10");
    await act(async () => {
      push(sseMessage({ type: "answer", role: "assistant", content: "word word", message_id: "11", status: "broken" }, true));
      push("event: done\ndata: \n\n");
      close();
    });
    expect(await screen.findByText("Cancelled")).toBeTruthy();
  });

  it("shows the server's message when the chat is refused", async () => {
    render(<DebugChat botId="5" spaceId="9" />);
    const box = await screen.findByLabelText("Message");
    await waitFor(() => expect((box as HTMLTextAreaElement).disabled).toBe(false));
    vi.mocked(fetch).mockImplementationOnce(async () => json({ code: 4001, msg: "field 'query': required" }, 400));
    fireEvent.change(box, { target: { value: "x" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect((await screen.findByRole("alert")).textContent).toContain("field 'query': required");
  });
});
