// The persona is a Jinja2 template: `{{ name }}` (or `{{ name.upper() }}`) reads a variable. These
// helpers find those names and cut the text into segments for the highlighting overlay.

export interface PromptSegment {
  text: string;
  /** Set on a `{{ ... }}` segment: the variable it reads ("" when it reads none, e.g. `{{ 1 + 2 }}`). */
  variable?: string;
  /** Whether the variable is one the agent defines (a memory variable). */
  known?: boolean;
}

const PLACEHOLDER = /\{\{([\s\S]*?)\}\}/g;
const LEADING_NAME = /^\s*([A-Za-z_][A-Za-z0-9_]*)/;

function nameIn(expression: string): string {
  return LEADING_NAME.exec(expression)?.[1] ?? "";
}

/** The variable names a template reads, in order of first appearance, each once. */
export function extractVariables(prompt: string): string[] {
  const seen: string[] = [];
  for (const match of prompt.matchAll(PLACEHOLDER)) {
    const name = nameIn(match[1]);
    if (name && !seen.includes(name)) seen.push(name);
  }
  return seen;
}

/** The template as plain-text and placeholder segments; their texts joined give the template back. */
export function segmentPrompt(prompt: string, known: Iterable<string>): PromptSegment[] {
  const knownSet = new Set(known);
  const out: PromptSegment[] = [];
  let at = 0;
  for (const match of prompt.matchAll(PLACEHOLDER)) {
    const start = match.index ?? 0;
    if (start > at) out.push({ text: prompt.slice(at, start) });
    const variable = nameIn(match[1]);
    out.push({ text: match[0], variable, known: variable !== "" && knownSet.has(variable) });
    at = start + match[0].length;
  }
  if (at < prompt.length) out.push({ text: prompt.slice(at) });
  return out;
}

/** The variables a template reads that the agent does not define. */
export function unknownVariables(prompt: string, known: Iterable<string>): string[] {
  const knownSet = new Set(known);
  return extractVariables(prompt).filter((name) => !knownSet.has(name));
}
