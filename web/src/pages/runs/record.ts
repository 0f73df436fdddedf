// A chat run's messages as the steps a reader follows: the question, each tool call with its
// result (matched by call id), the answer, and other events (knowledge, verbose, follow-ups).
import type { RunMessage } from "./api";

export type Step =
  | { kind: "question" | "answer" | "event"; message: RunMessage }
  | { kind: "tool"; call: RunMessage; result?: RunMessage; name: string };

export function runSteps(messages: RunMessage[]): Step[] {
  const steps: Step[] = [];
  const pending = new Map<string, Extract<Step, { kind: "tool" }>>();
  for (const message of messages) {
    const callId = message.extra_info?.call_id ?? "";
    if (message.type === "question") steps.push({ kind: "question", message });
    else if (message.type === "answer") steps.push({ kind: "answer", message });
    else if (message.type === "function_call") {
      const step: Extract<Step, { kind: "tool" }> = { kind: "tool", call: message, name: toolName(message) };
      steps.push(step);
      if (callId) pending.set(callId, step);
    } else if (message.type === "tool_response" && callId && pending.has(callId)) {
      pending.get(callId)!.result = message;
      pending.delete(callId);
    } else steps.push({ kind: "event", message });
  }
  return steps;
}

/** The tool's name: stored with the message, else read from the call's JSON ({name} or {function: {name}}). */
export function toolName(call: RunMessage): string {
  if (call.extra_info?.tool_name) return call.extra_info.tool_name;
  try {
    const parsed = JSON.parse(call.content) as { name?: string; function?: { name?: string } };
    return parsed.name ?? parsed.function?.name ?? "tool";
  } catch {
    return "tool";
  }
}

/** JSON text indented for reading; other text as it is. */
export function pretty(text: string | undefined): string {
  if (!text) return "";
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
