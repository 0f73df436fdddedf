// The debug chat's calls (idl/conversation.thrift, idl/agent.thrift): the console chat stream with
// the agent's draft, the caller's console conversation with its history, cancel, clear, and the
// chat record (status and token usage) the console stream does not carry.
import { api } from "../../../api/client";
import { streamSse, type SseEvent } from "../../../api/sse";

/** A knowledge passage an answer cites (MessageSource). */
export interface MessageSource {
  id: string;
  dataset_id: string;
  dataset_name: string;
  document_id: string;
  document_name: string;
  slice_id: string;
  snippet: string;
  url: string;
  score: number;
}

/** A console message (ChatMessage): stream payloads and get_message_list rows. */
export interface ChatMessage {
  role: string;
  type: string;
  content: string;
  content_type?: string;
  message_id: string;
  reply_id?: string;
  section_id?: string;
  status?: string;
  broken_pos?: number;
  content_time?: number | string;
  extra_info?: { call_id?: string; tool_name?: string };
  reasoning_content?: string;
  sources?: MessageSource[];
}

/** The data of a `message` event (RunStreamResponse). */
export interface RunStreamResponse {
  message: ChatMessage;
  is_finish?: boolean;
  index?: number;
  conversation_id?: string;
  seq_id?: number;
}

/** The chat record (ChatV3ChatDetail) as /v3/chat/retrieve and /v3/chat/cancel answer it. */
export interface ChatDetail {
  id: string;
  conversation_id: string;
  status: string; // created | in_progress | completed | failed | requires_action | canceled
  usage?: { token_count?: number; output_count?: number; input_count?: number };
  last_error?: { code?: number; msg?: string };
}

/** What the chat shows of the agent's draft settings (BotInfo). */
export interface DraftAgent {
  bot_id: string;
  name?: string;
  description?: string;
  onboarding_info?: { prologue?: string; suggested_questions?: string[] };
  deep_research?: { enabled?: boolean; max_steps?: number; max_tokens?: number };
}

export async function getDraftAgent(botId: string, spaceId: string): Promise<DraftAgent> {
  const answer = await api.post<{ data: { bot_info: DraftAgent } }>("/api/playground_api/draftbot/get_draft_bot_info", {
    bot_id: botId,
    space_id: spaceId,
  });
  return answer.data.bot_info;
}

/** The caller's console conversation with the agent (started when there is none) and its newest messages. */
export async function getConversation(
  botId: string,
  spaceId: string,
  count = 50,
): Promise<{ conversation_id: string; message_list: ChatMessage[] }> {
  return api.post("/api/conversation/get_message_list", {
    bot_id: botId,
    space_id: spaceId,
    cursor: "0",
    count,
    draft_mode: true,
  });
}

export interface ChatRequest {
  botId: string;
  spaceId: string;
  conversationId: string;
  query: string;
  regenMessageId?: string;
  deepResearch?: boolean;
}

/** Runs one chat with the draft; every event goes to `onEvent` until `done` (or the signal aborts). */
export function chatStream(req: ChatRequest, onEvent: (event: SseEvent) => void, signal?: AbortSignal): Promise<void> {
  const body: Record<string, unknown> = {
    bot_id: req.botId,
    space_id: req.spaceId,
    conversation_id: req.conversationId,
    query: req.query,
    draft_mode: true,
    content_type: "text",
  };
  if (req.regenMessageId) body.regen_message_id = req.regenMessageId;
  if (req.deepResearch !== undefined) body.deep_research = req.deepResearch;
  return streamSse("/api/conversation/chat", body, onEvent, signal);
}

/** The chat a message belongs to (the console stream names messages, not chats). */
export async function chatIdOf(conversationId: string, messageId: string): Promise<string> {
  const answer = await api.get<{ data: { chat_id: string } }>("/v1/conversation/message/retrieve", {
    conversation_id: conversationId,
    message_id: messageId,
  });
  return answer.data.chat_id;
}

export async function retrieveChat(conversationId: string, chatId: string): Promise<ChatDetail> {
  const answer = await api.get<{ data: ChatDetail }>("/v3/chat/retrieve", { conversation_id: conversationId, chat_id: chatId });
  return answer.data;
}

/** Stops a running chat wherever it runs: its stream ends with the partial answer kept. */
export async function cancelChat(conversationId: string, chatId: string): Promise<ChatDetail> {
  const answer = await api.post<{ data: ChatDetail }>("/v3/chat/cancel", { conversation_id: conversationId, chat_id: chatId });
  return answer.data;
}

/** Deletes the conversation's messages and starts a new section (the agent forgets them). */
export async function clearConversation(botId: string, spaceId: string, conversationId: string): Promise<void> {
  await api.post("/api/conversation/clear_message", { conversation_id: conversationId, bot_id: botId, space_id: spaceId });
}
