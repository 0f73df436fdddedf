// The agent chat's routes below /agents (the lead merges them with the editor's).
import type { ReactNode } from "react";
import { AgentChatPage } from "./AgentChatPage";

export const agentChatRoutes: { path: string; element: ReactNode }[] = [{ path: ":botId/chat", element: <AgentChatPage /> }];
