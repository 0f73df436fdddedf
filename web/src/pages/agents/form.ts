// The editor's form and the agent configuration (BotInfo) it edits, both ways. An update replaces
// each top-level field it sends, so toBotInfo sends whole sections, keeping what the form does not
// show (extra model parameters, the context mode, ...) from the configuration it was loaded from.
import type { BotInfo, Database, PluginInfo, Variable, WorkflowInfo } from "./api";

export const SEARCH_STRATEGIES = [
  [0, "Semantic"],
  [1, "Hybrid"],
  [20, "Full text"],
] as const;

export const SUGGEST_MODES = [
  [0, "Default suggestions"],
  [1, "Custom prompt"],
  [2, "Off"],
] as const;

export const RESPONSE_FORMATS = [
  [0, "Text"],
  [1, "Markdown"],
  [2, "JSON"],
] as const;

/** Model parameters the form edits, as text: "" leaves the parameter unset (the model's default). */
export const MODEL_PARAMS = ["temperature", "top_p", "max_tokens", "frequency_penalty", "presence_penalty"] as const;
export type ModelParam = (typeof MODEL_PARAMS)[number];

export interface VariableRow {
  key: string;
  description: string;
  defaultValue: string;
  promptDisabled: boolean;
  disabled: boolean;
}

export interface ClientToolRow {
  name: string;
  description: string;
  parameters: string;
}

export interface AgentForm {
  name: string;
  description: string;
  prompt: string;
  modelId: string;
  params: Record<ModelParam, string>;
  historyRound: string;
  responseFormat: number;
  datasets: { id: string; name: string }[];
  topK: string;
  minScore: string;
  auto: boolean;
  searchStrategy: number;
  showSource: boolean;
  showSourceMode: number;
  noRecallCustom: boolean;
  noRecallPrompt: string;
  useRerank: boolean;
  useRewrite: boolean;
  variables: VariableRow[];
  databases: Database[];
  plugins: PluginInfo[];
  workflows: WorkflowInfo[];
  prologue: string;
  questions: string[];
  showAllQuestions: boolean;
  suggestMode: number;
  suggestPrompt: string;
  research: boolean;
  researchSteps: string;
  researchTokens: string;
  clientTools: ClientToolRow[];
}

const text = (value: unknown): string => (value === undefined || value === null ? "" : String(value));
const num = (value: unknown, fallback: number): number => {
  const n = Number(value);
  return value === undefined || value === null || value === "" || Number.isNaN(n) ? fallback : n;
};

export function fromBotInfo(info: BotInfo): AgentForm {
  const model = info.model_info ?? {};
  const knowledge = info.knowledge ?? {};
  const onboarding = info.onboarding_info ?? {};
  const suggest = info.suggest_reply_info ?? {};
  return {
    name: text(info.name),
    description: text(info.description),
    prompt: text(info.prompt_info?.prompt),
    modelId: text(model.model_id),
    params: {
      temperature: text(model.temperature),
      top_p: text(model.top_p),
      max_tokens: text(model.max_tokens),
      frequency_penalty: text(model.frequency_penalty),
      presence_penalty: text(model.presence_penalty),
    },
    historyRound: text(model.short_memory_policy?.history_round),
    responseFormat: num(model.response_format, 0),
    datasets: (knowledge.knowledge_info ?? []).map((k) => ({ id: text(k.id), name: text(k.name) })),
    topK: text(knowledge.top_k ?? 3),
    minScore: text(knowledge.min_score ?? ""),
    auto: knowledge.auto ?? true,
    searchStrategy: num(knowledge.search_strategy, 1),
    showSource: knowledge.show_source ?? false,
    showSourceMode: num(knowledge.show_source_mode, 0),
    noRecallCustom: num(knowledge.no_recall_reply_mode, 0) === 1,
    noRecallPrompt: text(knowledge.no_recall_reply_customize_prompt),
    useRerank: knowledge.recall_strategy?.use_rerank ?? false,
    useRewrite: knowledge.recall_strategy?.use_rewrite ?? false,
    variables: (info.variable_list ?? [])
      .filter((v) => !v.is_system)
      .map((v) => ({
        key: text(v.key),
        description: text(v.description),
        defaultValue: text(v.default_value),
        promptDisabled: v.prompt_disabled ?? false,
        disabled: v.is_disabled ?? false,
      })),
    databases: [...(info.database_list ?? [])],
    plugins: [...(info.plugin_info_list ?? [])],
    workflows: [...(info.workflow_info_list ?? [])],
    prologue: text(onboarding.prologue),
    questions: [...(onboarding.suggested_questions ?? [])],
    showAllQuestions: num(onboarding.suggested_questions_show_mode, 0) === 1,
    suggestMode: num(suggest.suggest_reply_mode, 2),
    suggestPrompt: text(suggest.customized_suggest_prompt),
    research: info.deep_research?.enabled ?? false,
    researchSteps: text(info.deep_research?.max_steps),
    researchTokens: text(info.deep_research?.max_tokens),
    clientTools: (info.client_tool_list ?? []).map((t) => ({ name: text(t.name), description: text(t.description), parameters: text(t.parameters) })),
  };
}

/** A number typed in a field; undefined for an empty field; NaN (refused by validate) for junk. */
function typed(value: string): number | undefined {
  const trimmed = value.trim();
  return trimmed === "" ? undefined : Number(trimmed);
}

/** What is wrong with the form, by field label; empty when it can be saved. */
export function validate(form: AgentForm): string[] {
  const problems: string[] = [];
  if (!form.name.trim()) problems.push("Name: must not be empty");
  for (const key of MODEL_PARAMS) {
    const value = typed(form.params[key]);
    if (value !== undefined && Number.isNaN(value)) problems.push(`Model ${key}: "${form.params[key]}" is not a number`);
  }
  for (const [label, value] of [
    ["History rounds", form.historyRound],
    ["Knowledge top K", form.topK],
    ["Knowledge minimum score", form.minScore],
    ["Research steps", form.researchSteps],
    ["Research tokens", form.researchTokens],
  ] as const) {
    const n = typed(value);
    if (n !== undefined && Number.isNaN(n)) problems.push(`${label}: "${value}" is not a number`);
  }
  const keys = new Set<string>();
  form.variables.forEach((v, i) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(v.key)) problems.push(`Variable ${i + 1}: "${v.key}" is not a valid name (letters, digits, _; not starting with a digit)`);
    else if (keys.has(v.key)) problems.push(`Variable ${i + 1}: "${v.key}" is defined twice`);
    keys.add(v.key);
  });
  form.clientTools.forEach((t, i) => {
    if (!t.parameters.trim()) return;
    try {
      JSON.parse(t.parameters);
    } catch {
      problems.push(`Client tool ${i + 1} parameters: not valid JSON`);
    }
  });
  return problems;
}

function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The update's bot_info: every section the editor owns, whole. */
export function toBotInfo(form: AgentForm, base: BotInfo): BotInfo {
  const baseModel = base.model_info ?? {};
  const model = { ...baseModel };
  for (const key of MODEL_PARAMS) delete model[key];
  const params = defined({
    temperature: typed(form.params.temperature),
    top_p: typed(form.params.top_p),
    max_tokens: typed(form.params.max_tokens),
    frequency_penalty: typed(form.params.frequency_penalty),
    presence_penalty: typed(form.params.presence_penalty),
  });
  const historyRound = typed(form.historyRound);
  const shortMemory = defined({ ...(baseModel.short_memory_policy ?? {}), history_round: historyRound });
  if (historyRound === undefined) delete shortMemory.history_round;
  const baseSystemVars: Variable[] = (base.variable_list ?? []).filter((v) => v.is_system);
  return {
    bot_id: base.bot_id,
    name: form.name.trim(),
    description: form.description,
    prompt_info: { ...(base.prompt_info ?? {}), prompt: form.prompt },
    model_info: defined({
      ...model,
      ...params,
      model_id: form.modelId || undefined,
      response_format: form.responseFormat,
      short_memory_policy: Object.keys(shortMemory).length ? shortMemory : undefined,
    }),
    knowledge: defined({
      ...(base.knowledge ?? {}),
      knowledge_info: form.datasets.map((d) => ({ id: d.id, name: d.name })),
      top_k: typed(form.topK),
      min_score: typed(form.minScore),
      auto: form.auto,
      search_strategy: form.searchStrategy,
      show_source: form.showSource,
      show_source_mode: form.showSourceMode,
      no_recall_reply_mode: form.noRecallCustom ? 1 : 0,
      no_recall_reply_customize_prompt: form.noRecallPrompt,
      recall_strategy: { ...(base.knowledge?.recall_strategy ?? {}), use_rerank: form.useRerank, use_rewrite: form.useRewrite },
    }),
    variable_list: [
      ...baseSystemVars,
      ...form.variables.map((v) => ({
        key: v.key,
        description: v.description,
        default_value: v.defaultValue,
        prompt_disabled: v.promptDisabled,
        is_disabled: v.disabled,
      })),
    ],
    database_list: form.databases,
    plugin_info_list: form.plugins,
    workflow_info_list: form.workflows,
    onboarding_info: {
      ...(base.onboarding_info ?? {}),
      prologue: form.prologue,
      suggested_questions: form.questions.map((q) => q.trim()).filter(Boolean),
      suggested_questions_show_mode: form.showAllQuestions ? 1 : 0,
    },
    suggest_reply_info: {
      suggest_reply_mode: form.suggestMode,
      customized_suggest_prompt: form.suggestPrompt,
    },
    deep_research: defined({
      enabled: form.research,
      max_steps: typed(form.researchSteps),
      max_tokens: typed(form.researchTokens),
    }),
    client_tool_list: form.clientTools.map((t) =>
      defined({ name: t.name.trim(), description: t.description || undefined, parameters: t.parameters.trim() || undefined }),
    ),
  };
}

/** Whether the form differs from the configuration it was loaded from (what Save would change). */
export function isDirty(form: AgentForm, base: BotInfo): boolean {
  return JSON.stringify(toBotInfo(form, base)) !== JSON.stringify(toBotInfo(fromBotInfo(base), base));
}

/** The memory variables' names, the ones the persona may read. */
export function knownVariables(form: AgentForm): string[] {
  return form.variables.filter((v) => v.key && !v.disabled).map((v) => v.key);
}
