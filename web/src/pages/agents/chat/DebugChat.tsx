// The agent's debug chat: talks to the draft over the console chat stream, shows every step the
// agent took, and lets the author stop, regenerate and clear. Embeddable beside the editor.
import { useCallback, useEffect, useReducer, useRef, useState, type FormEvent, type JSX, type KeyboardEvent } from "react";
import { ApiError, describeError } from "../../../api/client";
import type { SseEvent } from "../../../api/sse";
import { ErrorBanner } from "../../../ui/ErrorBanner";
import {
  cancelChat,
  chatIdOf,
  chatStream,
  clearConversation,
  getConversation,
  getDraftAgent,
  retrieveChat,
  type DraftAgent,
  type RunStreamResponse,
} from "./api";
import { EMPTY, reduce, regenerateTarget } from "./transcript";
import { TurnView } from "./TurnView";
import "./chat.css";

// A cancel that the server did not act on within this time ends the stream from here.
const CANCEL_GRACE_MS = 5000;

interface Running {
  key: string;
  controller: AbortController;
  chatId: Promise<string> | null;
  aborted: boolean;
}

let turnCounter = 0;

export function DebugChat({ botId, spaceId }: { botId: string; spaceId: string }): JSX.Element {
  const [transcript, dispatch] = useReducer(reduce, EMPTY);
  const [agent, setAgent] = useState<DraftAgent | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  const [input, setInput] = useState("");
  const [deepResearch, setDeepResearch] = useState(false);
  const [running, setRunning] = useState<string | null>(null);
  const [clearing, setClearing] = useState(false);
  const [reloadTick, setReloadTick] = useState(0);
  const current = useRef<Running | null>(null);
  const conversationRef = useRef("");
  conversationRef.current = transcript.conversationId;
  const logRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    setLoadError(null);
    Promise.all([getDraftAgent(botId, spaceId), getConversation(botId, spaceId)]).then(
      ([found, conversation]) => {
        if (!live) return;
        setAgent(found);
        setDeepResearch(Boolean(found.deep_research?.enabled));
        dispatch({ type: "loaded", conversationId: String(conversation.conversation_id), messages: conversation.message_list ?? [] });
      },
      (error: unknown) => live && setLoadError(error),
    );
    return () => {
      live = false;
      current.current?.controller.abort();
    };
  }, [botId, spaceId, reloadTick]);

  // Follow the newest text while it streams.
  useEffect(() => {
    const log = logRef.current;
    if (log && typeof log.scrollTo === "function") log.scrollTo({ top: log.scrollHeight });
  }, [transcript]);

  const run = useCallback(
    async (key: string, query: string, regenMessageId?: string) => {
      const conversationId = conversationRef.current;
      const state: Running = { key, controller: new AbortController(), chatId: null, aborted: false };
      current.current = state;
      setRunning(key);
      setActionError(null);
      const onEvent = (event: SseEvent) => {
        const data = event.data as RunStreamResponse | null;
        if (event.event === "message" && data?.message?.type === "ack" && !state.chatId) {
          state.chatId = chatIdOf(conversationId, String(data.message.message_id));
          state.chatId.catch(() => undefined); // read again below, where a failure matters
        }
        dispatch({ type: "event", key, event, at: Date.now() });
      };
      try {
        await chatStream(
          { botId, spaceId, conversationId, query, regenMessageId, deepResearch: agent?.deep_research ? deepResearch : undefined },
          onEvent,
          state.controller.signal,
        );
      } catch (error) {
        if (state.aborted) dispatch({ type: "event", key, event: { event: "done", data: "", raw: "" }, at: Date.now() });
        else dispatch({ type: "failed", key, message: describeError(error), at: Date.now() });
      } finally {
        if (current.current === state) current.current = null;
        setRunning(null);
      }
      // The console stream names no chat: its record gives the tokens used and how it ended.
      if (state.chatId) {
        try {
          const chatId = await state.chatId;
          const chat = await retrieveChat(conversationId, chatId);
          const usage = chat.usage ? { input: chat.usage.input_count ?? 0, output: chat.usage.output_count ?? 0 } : null;
          dispatch({ type: "chat", key, chatId, status: chat.status, usage, error: chat.last_error?.msg });
        } catch (error) {
          setActionError(error);
        }
      }
    },
    [botId, spaceId, agent, deepResearch],
  );

  const ask = (question: string) => {
    const text = question.trim();
    if (!text || running || !transcript.conversationId) return;
    const key = `t${++turnCounter}-${Date.now()}`;
    dispatch({ type: "send", key, question: text, at: Date.now() });
    setInput("");
    void run(key, text);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    ask(input);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      ask(input);
    }
  };

  const cancel = async () => {
    const state = current.current;
    if (!state) return;
    dispatch({ type: "cancelling", key: state.key });
    const abort = () => {
      if (current.current !== state) return;
      state.aborted = true;
      state.controller.abort(); // the server cancels a run whose client went away
    };
    if (!state.chatId) {
      abort();
      return;
    }
    try {
      await cancelChat(conversationRef.current, await state.chatId);
    } catch (error) {
      // 409: it had just ended by itself; anything else is worth saying.
      if (!(error instanceof ApiError && error.status === 409)) setActionError(error);
      abort();
      return;
    }
    setTimeout(abort, CANCEL_GRACE_MS);
  };

  const lastTurn = transcript.turns[transcript.turns.length - 1];
  const regenerateId = lastTurn && lastTurn.status !== "streaming" ? regenerateTarget(lastTurn) : "";

  const regenerate = () => {
    if (!lastTurn || !regenerateId || running) return;
    dispatch({ type: "regenerate", key: lastTurn.key, at: Date.now() });
    void run(lastTurn.key, lastTurn.question, regenerateId);
  };

  const clear = async () => {
    if (running || !transcript.conversationId) return;
    setClearing(true);
    setActionError(null);
    try {
      await clearConversation(botId, spaceId, transcript.conversationId);
      dispatch({ type: "cleared" });
    } catch (error) {
      setActionError(error);
    } finally {
      setClearing(false);
    }
  };

  const onboarding = agent?.onboarding_info;
  const suggestions = (onboarding?.suggested_questions ?? []).filter((q) => q.trim());
  const followUps = lastTurn && lastTurn.status === "completed" ? lastTurn.followUps : [];
  const ready = Boolean(transcript.conversationId) && !loadError;

  return (
    <section className="agent-chat" aria-labelledby={`agent-chat-title-${botId}`}>
      <header className="agent-chat-head">
        <div>
          <h2 id={`agent-chat-title-${botId}`}>Debug chat</h2>
          {agent?.name && <p className="muted">Draft of {agent.name}</p>}
        </div>
        <div className="agent-chat-tools">
          {agent?.deep_research && (
            <label className="agent-chat-toggle">
              <input
                type="checkbox"
                checked={deepResearch}
                onChange={(e) => setDeepResearch(e.target.checked)}
                disabled={Boolean(running)}
              />
              Deep research
            </label>
          )}
          <button type="button" className="btn btn-small" onClick={regenerate} disabled={!regenerateId || Boolean(running)}>
            Regenerate
          </button>
          <button type="button" className="btn btn-small btn-ghost" onClick={() => void clear()} disabled={!ready || Boolean(running) || clearing}>
            {clearing ? "Clearing…" : "Clear"}
          </button>
        </div>
      </header>
      <ErrorBanner error={loadError} onRetry={() => setReloadTick((n) => n + 1)} />
      <ErrorBanner error={actionError} />
      <div className="agent-chat-log" role="log" aria-label="Conversation" ref={logRef} tabIndex={0}>
        {transcript.turns.length === 0 && ready && (
          <div className="agent-chat-onboarding">
            {onboarding?.prologue ? <p className="chat-prologue">{onboarding.prologue}</p> : <p className="muted">Ask the draft anything.</p>}
            {suggestions.length > 0 && (
              <ul className="chat-suggestions" aria-label="Suggested questions">
                {suggestions.map((q) => (
                  <li key={q}>
                    <button type="button" className="btn btn-small" onClick={() => ask(q)}>
                      {q}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        {transcript.turns.map((turn, i) => (
          <TurnView key={turn.key} turn={turn} index={i} />
        ))}
        {followUps.length > 0 && !running && (
          <ul className="chat-suggestions" aria-label="Follow-up questions">
            {followUps.map((q) => (
              <li key={q}>
                <button type="button" className="btn btn-small" onClick={() => ask(q)}>
                  {q}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <form className="agent-chat-input" onSubmit={onSubmit} aria-label="Ask the agent">
        <label htmlFor={`agent-chat-message-${botId}`} className="visually-hidden">
          Message
        </label>
        <textarea
          id={`agent-chat-message-${botId}`}
          rows={2}
          value={input}
          placeholder="Message the draft (Enter sends, Shift+Enter adds a line)"
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={onKeyDown}
          disabled={!ready}
        />
        {running ? (
          <button type="button" className="btn btn-danger" onClick={() => void cancel()}>
            Stop
          </button>
        ) : (
          <button type="submit" className="btn btn-primary" disabled={!ready || !input.trim()}>
            Send
          </button>
        )}
      </form>
    </section>
  );
}
