import { describe, expect, it } from "vitest";
import { parseSseChunk, type SseEvent } from "../../../api/sse";
import type { ChatMessage } from "./api";
import {
  EMPTY,
  fromHistory,
  parsePassages,
  reduce,
  regenerateTarget,
  timing,
  toolMs,
  turnSources,
  type Action,
  type AnswerStep,
  type KnowledgeStep,
  type ToolStep,
  type Transcript,
} from "./transcript";

// A console chat stream as the conversation service writes it (entry.agent_run): the ack, the
// recalled knowledge, a plugin call with its run record, the streamed answer, the cited answer,
// the final-answer marker, then done.
const CONV = "7001";
const msg = (message: Partial<ChatMessage>, isFinish: boolean, seq: number) =>
  `event: message\ndata: ${JSON.stringify({ message: { role: "assistant", content_type: "text", status: "available", ...message }, is_finish: isFinish, index: 0, conversation_id: CONV, seq_id: seq })}\n\n`;

const SOURCE = {
  id: "1", dataset_id: "11", dataset_name: "Lighthouses", document_id: "22", document_name: "lighthouse-facts",
  slice_id: "33", snippet: "The Tower of Hercules in A Coruna", url: "", score: 0.8731,
};
const recalled = JSON.stringify([
  { content: "The Tower of Hercules in A Coruna is the oldest working lighthouse.", source: "lighthouse-facts", score: 0.8731, document_id: "22", dataset_id: "11" },
]);
const record = JSON.stringify({
  msg_type: "tool_call_record",
  data: JSON.stringify({ call_id: "call_1", plugin_name: "Weather", tool_name: "forecast", outcome: "ok", status_code: 200 }),
});

const RECORDED =
  msg({ role: "user", type: "ack", content: "Weather in A Coruna?", message_id: "100", content_time: 1_000 }, true, 1) +
  msg({ type: "knowledge", content: recalled, message_id: "101", reply_id: "100", content_time: 1_050 }, true, 2) +
  msg({ type: "function_call", content: JSON.stringify({ name: "forecast", arguments: '{"city": "A Coruna", "days": 1}' }), message_id: "102", reply_id: "100", content_time: 1_200, extra_info: { call_id: "call_1", tool_name: "forecast" } }, true, 3) +
  msg({ type: "tool_response", content: '{"city":"A Coruna","high_c":19}', message_id: "103", reply_id: "100", content_time: 1_450, extra_info: { call_id: "call_1", tool_name: "forecast" } }, true, 4) +
  msg({ type: "verbose", content: record, message_id: "104", reply_id: "100", content_time: 1_451 }, true, 5) +
  msg({ type: "answer", content: "It is 19 C ", message_id: "105", reply_id: "100", content_time: 1_500 }, false, 6) +
  msg({ type: "answer", content: "near the Tower of Hercules.", message_id: "105", reply_id: "100", content_time: 1_500 }, false, 7) +
  msg({ type: "answer", content: "It is 19 C near the Tower of Hercules [1].", message_id: "105", reply_id: "100", content_time: 1_500, sources: [SOURCE] }, true, 8) +
  msg({ type: "verbose", content: JSON.stringify({ msg_type: "generate_answer_finish", data: "{}" }), message_id: "106", reply_id: "100" }, true, 9) +
  msg({ type: "follow_up", content: "And tomorrow?", message_id: "107", reply_id: "100" }, true, 10) +
  "event: done\ndata: \n\n";

function events(text: string): SseEvent[] {
  return parseSseChunk(text).events;
}

/** Sends `question` as turn "t1" at t=0 and feeds the events 10 ms apart. */
function play(stream: SseEvent[], start: Transcript = { conversationId: CONV, turns: [] }, key = "t1"): Transcript {
  let state = reduce(start, { type: "send", key, question: "Weather in A Coruna?", at: 0 });
  stream.forEach((event, i) => {
    state = reduce(state, { type: "event", key, event, at: (i + 1) * 10 });
  });
  return state;
}

describe("the transcript reducer", () => {
  it("turns a recorded stream into knowledge, tool and answer steps", () => {
    const state = play(events(RECORDED));
    const [turn] = state.turns;
    expect(turn.status).toBe("completed");
    expect(turn.questionId).toBe("100");
    expect(turn.steps.map((s) => s.kind)).toEqual(["knowledge", "tool", "answer"]);
    const knowledge = turn.steps[0] as KnowledgeStep;
    expect(knowledge.passages).toEqual([
      { id: "", datasetId: "11", datasetName: "", documentId: "22", documentName: "lighthouse-facts", score: 0.8731,
        snippet: "The Tower of Hercules in A Coruna is the oldest working lighthouse." },
    ]);
    const tool = turn.steps[1] as ToolStep;
    expect(tool).toMatchObject({ id: "call_1", name: "forecast", plugin: "Weather", statusCode: 200, outcome: "ok",
                                 response: '{"city":"A Coruna","high_c":19}' });
    expect(JSON.parse(tool.arguments)).toEqual({ city: "A Coruna", days: 1 });
    expect(tool.arguments).toContain("\n"); // shown pretty
    expect(toolMs(tool)).toBe(250); // the server's timestamps of the call and its result
    const answer = turn.steps[2] as AnswerStep;
    // the cited answer replaces the streamed text
    expect(answer).toMatchObject({ content: "It is 19 C near the Tower of Hercules [1].", finished: true, broken: false });
    expect(turnSources(turn)).toEqual([SOURCE]);
    expect(turn.followUps).toEqual(["And tomorrow?"]);
  });

  it("accumulates deltas while streaming and times the first token and the whole run", () => {
    const stream = events(RECORDED);
    const partial = play(stream.slice(0, 7)); // up to the second delta
    const answer = partial.turns[0].steps.find((s) => s.kind === "answer") as AnswerStep;
    expect(answer.content).toBe("It is 19 C near the Tower of Hercules.");
    expect(answer.finished).toBe(false);
    expect(partial.turns[0].status).toBe("streaming");
    const done = play(stream);
    // first delta is the 6th event (t=60), done the 11th (t=110); asked at t=0
    expect(timing(done.turns[0])).toEqual({ firstTokenMs: 60, totalMs: 110 });
  });

  it("keeps reasoning apart from the answer", () => {
    const stream = events(
      msg({ role: "user", type: "ack", content: "q", message_id: "1" }, true, 1) +
        msg({ type: "answer", content: "", reasoning_content: "Sub-question: ", message_id: "2" }, false, 2) +
        msg({ type: "answer", content: "", reasoning_content: "where?", message_id: "2" }, false, 3) +
        msg({ type: "answer", content: "Here.", message_id: "2" }, false, 4) +
        msg({ type: "answer", content: "Here.", reasoning_content: "Sub-question: where?", message_id: "2" }, true, 5) +
        "event: done\ndata: \n\n",
    );
    const partial = play(stream.slice(0, 3));
    expect(partial.turns[0].steps[0]).toMatchObject({ reasoning: "Sub-question: where?", content: "" });
    expect(partial.turns[0].firstTokenAt).toBe(20); // reasoning is the first token
    const done = play(stream);
    expect(done.turns[0].steps[0]).toMatchObject({ reasoning: "Sub-question: where?", content: "Here." });
  });

  it("shows the server's error and ends failed", () => {
    const stream = events(
      msg({ role: "user", type: "ack", content: "q", message_id: "1" }, true, 1) +
        msg({ type: "answer", content: "Half an ans", message_id: "2" }, false, 2) +
        msg({ type: "answer", content: "Half an ans", message_id: "2", status: "broken" }, true, 3) +
        'event: error\ndata: {"code": 502, "msg": "the model answered 500: upstream exploded"}\n\n' +
        "event: done\ndata: \n\n",
    );
    const [turn] = play(stream).turns;
    expect(turn.status).toBe("failed");
    expect(turn.error).toBe("the model answered 500: upstream exploded");
    expect(turn.steps[0]).toMatchObject({ content: "Half an ans", broken: true });
    expect(turn.endedAt).toBe(50);
  });

  it("marks a turn cancelled when the stream ends after a cancel, keeping the partial answer", () => {
    const stream = events(
      msg({ role: "user", type: "ack", content: "q", message_id: "1" }, true, 1) +
        msg({ type: "answer", content: "word word ", message_id: "2" }, false, 2),
    );
    let state = play(stream);
    state = reduce(state, { type: "cancelling", key: "t1" });
    expect(state.turns[0]).toMatchObject({ status: "streaming", cancelling: true });
    for (const event of events(msg({ type: "answer", content: "word word ", message_id: "2", status: "broken" }, true, 3) + "event: done\ndata: \n\n")) {
      state = reduce(state, { type: "event", key: "t1", event, at: 99 });
    }
    expect(state.turns[0]).toMatchObject({ status: "cancelled", cancelling: false });
    expect(state.turns[0].steps[0]).toMatchObject({ content: "word word ", broken: true });
    // the chat record agrees, and brings the tokens used so far
    state = reduce(state, { type: "chat", key: "t1", chatId: "9", status: "canceled", usage: { input: 12, output: 3 } });
    expect(state.turns[0]).toMatchObject({ status: "cancelled", usage: { input: 12, output: 3 }, chatId: "9" });
  });

  it("a broken answer without a cancel from here is still shown as cancelled (stopped elsewhere)", () => {
    const stream = events(
      msg({ role: "user", type: "ack", content: "q", message_id: "1" }, true, 1) +
        msg({ type: "answer", content: "part", message_id: "2", status: "broken" }, true, 2) +
        "event: done\ndata: \n\n",
    );
    expect(play(stream).turns[0].status).toBe("cancelled");
  });

  it("a request the server refused fails the turn with its message", () => {
    let state = reduce({ conversationId: CONV, turns: [] }, { type: "send", key: "t1", question: "q", at: 0 });
    state = reduce(state, { type: "failed", key: "t1", message: "bot 5 not found", at: 40 });
    expect(state.turns[0]).toMatchObject({ status: "failed", error: "bot 5 not found", endedAt: 40 });
  });

  it("the chat record fails a turn whose stream ended without an error event", () => {
    let state = play(events(msg({ role: "user", type: "ack", content: "q", message_id: "1" }, true, 1) + "event: done\ndata: \n\n"));
    expect(state.turns[0].status).toBe("completed");
    state = reduce(state, { type: "chat", key: "t1", chatId: "9", status: "failed", usage: null, error: "the chat ran longer than 60 s" });
    expect(state.turns[0]).toMatchObject({ status: "failed", error: "the chat ran longer than 60 s" });
  });

  it("regenerate replaces the last turn's steps, keeps its question, and names its last answer", () => {
    let state = play(events(RECORDED));
    expect(regenerateTarget(state.turns[0])).toBe("105");
    state = reduce(state, { type: "chat", key: "t1", chatId: "9", status: "completed", usage: { input: 120, output: 14 } });
    state = reduce(state, { type: "regenerate", key: "t1", at: 1000 });
    expect(state.turns[0]).toMatchObject({ question: "Weather in A Coruna?", questionId: "100", status: "streaming",
                                          steps: [], usage: null, followUps: [], startedAt: 1000 });
    const again = events(
      msg({ role: "user", type: "ack", content: "Weather in A Coruna?", message_id: "100" }, true, 1) +
        msg({ type: "answer", content: "Second take.", message_id: "200" }, true, 2) +
        "event: done\ndata: \n\n",
    );
    for (const event of again) state = reduce(state, { type: "event", key: "t1", event, at: 1100 });
    expect(state.turns).toHaveLength(1);
    expect(state.turns[0].steps).toMatchObject([{ kind: "answer", content: "Second take." }]);
    expect(regenerateTarget(state.turns[0])).toBe("200");
  });

  it("keeps each turn's events apart and learns the conversation id from the stream", () => {
    let state = play(events(RECORDED), EMPTY, "a");
    expect(state.conversationId).toBe(CONV);
    state = reduce(state, { type: "send", key: "b", question: "second", at: 500 });
    state = reduce(state, { type: "event", key: "b", event: events(msg({ type: "answer", content: "x", message_id: "9" }, false, 1))[0], at: 510 });
    expect(state.turns.map((t) => t.status)).toEqual(["completed", "streaming"]);
    expect(state.turns[0].steps).toHaveLength(3);
    state = reduce(state, { type: "cleared" });
    expect(state).toEqual({ conversationId: CONV, turns: [] });
  });

  it("ignores events it does not know and messages without a body", () => {
    const start = play([]);
    const state = [
      { event: "ping", data: "", raw: "" },
      { event: "message", data: "not json", raw: "not json" },
      { event: "message", data: { message: { type: "interrupt", content: "", message_id: "1" } }, raw: "" },
    ].reduce<Transcript>((s, event) => reduce(s, { type: "event", key: "t1", event, at: 5 } as Action), start);
    expect(state.turns[0].steps).toEqual([]);
    expect(state.turns[0].status).toBe("streaming");
  });

  it("a tool response without its call still shows", () => {
    const state = play(events(msg({ type: "tool_response", content: "42", message_id: "5", extra_info: { call_id: "c9", tool_name: "calc" } }, true, 1)));
    expect(state.turns[0].steps[0]).toMatchObject({ kind: "tool", id: "c9", name: "calc", response: "42", arguments: "" });
  });
});

describe("parsePassages", () => {
  it("reads Coze's knowledge_recall record (show_source)", () => {
    const content = JSON.stringify({
      msg_type: "knowledge_recall",
      data: JSON.stringify({ chunks: [{ id: "1", slice: "A passage", score: 0.5, slice_id: "3",
        meta: { dataset: { id: "11", name: "Docs" }, document: { id: "22", name: "guide.md" }, link: { title: "guide.md", url: "" } } }],
        ori_req: "", status_code: 0 }),
    });
    expect(parsePassages(content)).toEqual([
      { id: "1", datasetId: "11", datasetName: "Docs", documentId: "22", documentName: "guide.md", score: 0.5, snippet: "A passage" },
    ]);
  });

  it("reads deep research's passages (with the ids the answer cites) and rejects garbage", () => {
    const content = JSON.stringify([{ id: "2", content: "read text", source: "paper.pdf", score: 0.25, document_id: "5", dataset_id: "6" }]);
    expect(parsePassages(content)[0]).toMatchObject({ id: "2", documentName: "paper.pdf", snippet: "read text" });
    expect(parsePassages("nope")).toEqual([]);
    expect(parsePassages("42")).toEqual([]);
  });
});

describe("history", () => {
  const stored: ChatMessage[] = [
    // newest first, as get_message_list answers
    { role: "assistant", type: "answer", content: "Partial", message_id: "9", reply_id: "8", status: "broken" },
    { role: "user", type: "question", content: "second", message_id: "8" },
    { role: "assistant", type: "verbose", content: JSON.stringify({ msg_type: "generate_answer_finish", data: "{}" }), message_id: "5", reply_id: "1" },
    { role: "assistant", type: "answer", content: "First answer [1]", message_id: "4", reply_id: "1", sources: [SOURCE] },
    { role: "assistant", type: "tool_response", content: "ok", message_id: "3", reply_id: "1", content_time: 2500, extra_info: { call_id: "c", tool_name: "t" } },
    { role: "assistant", type: "function_call", content: JSON.stringify({ name: "t", arguments: "{}" }), message_id: "2", reply_id: "1", content_time: 2000, extra_info: { call_id: "c", tool_name: "t" } },
    { role: "user", type: "question", content: "first", message_id: "1" },
    { role: "assistant", type: "answer", content: "orphan", message_id: "0", reply_id: "404" },
  ];

  it("groups stored messages into turns, oldest first", () => {
    const turns = fromHistory(stored);
    expect(turns.map((t) => [t.question, t.status, t.live])).toEqual([
      ["first", "completed", false],
      ["second", "cancelled", false],
    ]);
    expect(turns[0].steps.map((s) => s.kind)).toEqual(["tool", "answer"]);
    expect(toolMs(turns[0].steps[0] as ToolStep)).toBe(500);
    expect(timing(turns[0])).toEqual({ firstTokenMs: null, totalMs: null });
    const loaded = reduce(EMPTY, { type: "loaded", conversationId: "c1", messages: stored });
    expect(loaded.conversationId).toBe("c1");
    expect(regenerateTarget(loaded.turns[1])).toBe("9");
  });
});

describe("deep research's record", () => {
  it("says what each search looked for and found, and how the research ended", () => {
    const note = (msgType: string, data: Record<string, unknown>) =>
      JSON.stringify({ msg_type: msgType, data: JSON.stringify(data) });
    const stream = parseSseChunk(
      msg({ type: "verbose", content: note("research_search", { step: 1, call_id: "c", tool: "recallKnowledge", query: "where was Ada born", ok: true,
                                                                 passages: [{ id: "1" }, { id: "2" }] }), message_id: "1" }, true, 1) +
        msg({ type: "verbose", content: note("research_search", { step: 2, tool: "search_web", ok: false, passages: [], error: "timed out" }), message_id: "2" }, true, 2) +
        msg({ type: "verbose", content: note("research_finished", { steps: 3, searches: 2, tokens: 4100, stopped: "enough", passages: 2 }), message_id: "3" }, true, 3),
    ).events;
    const [turn] = play(stream).turns;
    expect(turn.steps).toEqual([
      { kind: "note", id: "1", title: "Research search, step 1", detail: '"where was Ada born" → 2 passages' },
      { kind: "note", id: "2", title: "Research search, step 2", detail: "search_web → failed: timed out" },
      { kind: "note", id: "3", title: "Research finished", detail: "3 steps, 2 searches, 2 passages read, 4100 tokens, stopped: enough" },
    ]);
  });
});

describe("a run waiting for client-side tool outputs", () => {
  it("is marked from the chat record, its call without a response", () => {
    const stream = parseSseChunk(
      msg({ role: "user", type: "ack", content: "q", message_id: "1" }, true, 1) +
        msg({ type: "function_call", content: JSON.stringify({ name: "local_lookup", arguments: "{}" }), message_id: "2",
              extra_info: { call_id: "c1", tool_name: "local_lookup" } }, true, 2) +
        "event: done\ndata: \n\n",
    ).events;
    let state = play(stream);
    expect(state.turns[0].steps[0]).toMatchObject({ kind: "tool", name: "local_lookup", response: null });
    state = reduce(state, { type: "chat", key: "t1", chatId: "5", status: "requires_action", usage: { input: 3, output: 1 } });
    expect(state.turns[0]).toMatchObject({ waitingForTools: true, status: "completed" });
  });
});
