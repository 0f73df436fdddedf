import { describe, expect, it } from "vitest";
import type { RetrievedSlice } from "./api";
import { channelName, DEFAULT_RETRIEVAL_FORM, orderedStats, ranked, retrievalErrors, toStrategy } from "./retrieval";

describe("retrieval tester", () => {
  it("builds the strategy, leaving min score to the server when empty", () => {
    const form = { ...DEFAULT_RETRIEVAL_FORM, query: "descale", searchType: 20, topK: "3", useRerank: true };
    expect(toStrategy(form)).toEqual({ search_type: 20, top_k: 3, use_rewrite: false, use_rerank: true });
    expect(toStrategy({ ...form, minScore: "0.4" }).min_score).toBe(0.4);
  });

  it("names bad values", () => {
    expect(retrievalErrors({ ...DEFAULT_RETRIEVAL_FORM, query: "x" })).toEqual({});
    expect(retrievalErrors(DEFAULT_RETRIEVAL_FORM).query).toBeDefined();
    expect(retrievalErrors({ ...DEFAULT_RETRIEVAL_FORM, query: "x", topK: "0" }).topK).toMatch(/1 to 100/);
    expect(retrievalErrors({ ...DEFAULT_RETRIEVAL_FORM, query: "x", topK: "2.5" }).topK).toBeDefined();
    expect(retrievalErrors({ ...DEFAULT_RETRIEVAL_FORM, query: "x", minScore: "1.5" }).minScore).toMatch(/0 to 1/);
  });

  it("ranks best first and keeps the server's order on ties", () => {
    const s = (id: string, score: number) => ({ slice_id: id, score }) as RetrievedSlice;
    expect(ranked([s("a", 0.2), s("b", 0.9), s("c", 0.2)]).map((x) => x.slice_id)).toEqual(["b", "a", "c"]);
  });

  it("orders and names channels", () => {
    const stats = orderedStats([
      { channel: "rerank", took_ms: 1, hits: 1 },
      { channel: "vector", took_ms: 2, hits: 3 },
      { channel: "rewrite", took_ms: 3, hits: 0 },
    ]);
    expect(stats.map((c) => c.channel)).toEqual(["rewrite", "vector", "rerank"]);
    expect(channelName("fulltext")).toBe("Full text");
    expect(channelName("other")).toBe("other");
  });
});

describe("relevance feedback", () => {
  it("is asked for only when ticked (the server decides otherwise)", () => {
    const form = { ...DEFAULT_RETRIEVAL_FORM, query: "q" };
    expect(toStrategy(form)).not.toHaveProperty("use_feedback");
    expect(toStrategy({ ...form, useFeedback: true })).toMatchObject({ use_feedback: true });
  });
});
