// The reducer fed console chat streams recorded from the real stack (chat_stack, the scripted
// model): a plugin call with recalled knowledge, citations and follow-ups; a model failing mid-answer.
import { describe, expect, it } from "vitest";
import { parseSseChunk } from "../../../api/sse";
import failureStream from "./fixtures/model-failure.sse?raw";
import toolStream from "./fixtures/tool-knowledge-answer.sse?raw";
import { reduce, regenerateTarget, timing, toolMs, turnSources, type AnswerStep, type KnowledgeStep, type ToolStep, type Transcript } from "./transcript";

function replay(text: string): Transcript {
  const { events, rest } = parseSseChunk(text);
  expect(rest.trim()).toBe("");
  let state = reduce({ conversationId: "", turns: [] }, { type: "send", key: "t", question: "asked", at: 0 });
  events.forEach((event, i) => {
    state = reduce(state, { type: "event", key: "t", event, at: 100 + i * 10 });
  });
  return state;
}

describe("recorded streams", () => {
  it("a plugin call with recalled knowledge: every step, the cited answer, follow-ups", () => {
    const state = replay(toolStream);
    expect(state.conversationId).toBe("383479401437679616");
    const [turn] = state.turns;
    expect(turn.status).toBe("completed");
    expect(turn.questionId).toBe("383479401609646081");
    expect(turn.steps.map((s) => s.kind)).toEqual(["knowledge", "tool", "answer"]);
    const [passage] = (turn.steps[0] as KnowledgeStep).passages;
    expect(passage).toMatchObject({ documentId: "383479394898030592", datasetId: "383479394730258432", score: 1,
                                    snippet: "The Tower of Hercules in A Coruna is the oldest working lighthouse." });
    const tool = turn.steps[1] as ToolStep;
    expect(tool).toMatchObject({ name: "forecast", plugin: "Weather", outcome: "ok", statusCode: 200,
                                 response: '{"city":"Coruna","high_c":19,"sky":"clear"}' });
    expect(JSON.parse(tool.arguments)).toEqual({ city: "Coruna", days: 1 });
    expect(toolMs(tool)).toBeGreaterThan(0); // the plugin call took real time on the server's clock
    const answer = turn.steps[2] as AnswerStep;
    expect(answer.content).toBe("Tomorrow A Coruna is clear and 19 C. The Tower of Hercules in A Coruna is the oldest working lighthouse [1].");
    expect(answer.finished && !answer.broken).toBe(true);
    expect(turnSources(turn).map((s) => [s.id, s.document_name])).toEqual([["1", "lighthouse-facts"]]);
    expect(turn.followUps).toEqual(["And the day after?", "Can I climb it?"]);
    expect(regenerateTarget(turn)).toBe(answer.id);
    const times = timing(turn);
    expect(times.firstTokenMs).not.toBeNull();
    expect(times.totalMs).toBeGreaterThan(times.firstTokenMs!);
  });

  it("a model failing mid-answer: the partial answer kept, the server's message shown", () => {
    const [turn] = replay(failureStream).turns;
    expect(turn.status).toBe("failed");
    expect(turn.error).toBe("chat model 'stub-chat' failed: model crashed");
    const answer = turn.steps.find((s): s is AnswerStep => s.kind === "answer")!;
    expect(answer).toMatchObject({ content: "Partial ", broken: true, finished: true });
    expect(turn.endedAt).not.toBeNull();
  });
});
