// The retrieval tester's form -> the retrieve route's strategy, and its answer arranged for reading.
import type { ChannelStat, RetrievalStrategyBody, RetrievedSlice } from "./api";

export interface RetrievalForm {
  query: string;
  searchType: number;
  topK: string;
  /** Empty: the server's default for the strategy. */
  minScore: string;
  useRewrite: boolean;
  useRerank: boolean;
  /** Pseudo-relevance feedback: a second pass per channel (the server's default is off). */
  useFeedback: boolean;
}

export const DEFAULT_RETRIEVAL_FORM: RetrievalForm = {
  query: "",
  searchType: 1,
  topK: "5",
  minScore: "",
  useRewrite: false,
  useRerank: false,
  useFeedback: false,
};

export function retrievalErrors(form: RetrievalForm): Partial<Record<keyof RetrievalForm, string>> {
  const errors: Partial<Record<keyof RetrievalForm, string>> = {};
  if (!form.query.trim()) errors.query = "Type a question or phrase to search for";
  const topK = Number(form.topK);
  if (!/^\d+$/.test(form.topK.trim()) || topK < 1 || topK > 100) errors.topK = "Top k must be a whole number from 1 to 100";
  if (form.minScore.trim()) {
    const min = Number(form.minScore);
    if (Number.isNaN(min) || min < 0 || min > 1) errors.minScore = "Min score must be a number from 0 to 1";
  }
  return errors;
}

export function toStrategy(form: RetrievalForm): RetrievalStrategyBody {
  return {
    search_type: form.searchType,
    top_k: Number(form.topK),
    ...(form.minScore.trim() ? { min_score: Number(form.minScore) } : {}),
    use_rewrite: form.useRewrite,
    use_rerank: form.useRerank,
    ...(form.useFeedback ? { use_feedback: true } : {}),
  };
}

/** Slices best first (the server ranks them; ties keep its order). */
export function ranked(slices: RetrievedSlice[]): RetrievedSlice[] {
  return slices.map((s, i) => [s, i] as const).sort((a, b) => b[0].score - a[0].score || a[1] - b[1]).map(([s]) => s);
}

const CHANNEL_NAMES: Record<string, string> = {
  rewrite: "Query rewrite",
  vector: "Semantic (vector)",
  fulltext: "Full text",
  nl2sql: "Table query (NL2SQL)",
  rerank: "Rerank",
  feedback: "Relevance feedback",
};

export function channelName(channel: string): string {
  return CHANNEL_NAMES[channel] ?? channel;
}

/** Per-channel stats in the order the pipeline runs them. */
export function orderedStats(stats: ChannelStat[]): ChannelStat[] {
  const order = ["rewrite", "vector", "fulltext", "nl2sql", "rerank"];
  const position = (c: string) => (order.includes(c) ? order.indexOf(c) : order.length);
  return [...stats].sort((a, b) => position(a.channel) - position(b.channel));
}
