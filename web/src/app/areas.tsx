// The console's areas: one entry each, its sidebar link and its routes (paths below its base).
// An area adds itself here and nowhere else in the shell.
import type { ReactNode } from "react";
import { AgentEditorPage } from "../pages/agents/AgentEditorPage";
import { AgentsListPage } from "../pages/agents/AgentsListPage";
import { PluginPage } from "../pages/plugins/PluginPage";
import { PluginsPage } from "../pages/plugins/PluginsPage";
import { ChatRunPage } from "../pages/runs/ChatRunPage";
import { RunsPage } from "../pages/runs/RunsPage";
import { WorkflowRunPage } from "../pages/runs/WorkflowRunPage";
import { DatasetPage } from "../pages/knowledge/DatasetPage";
import { DatasetsPage } from "../pages/knowledge/DatasetsPage";
import { DocumentPage } from "../pages/knowledge/DocumentPage";
import { TokensPage } from "../pages/tokens/TokensPage";
import { agentChatRoutes } from "../pages/agents/chat/routes";
import { EditorPage } from "../pages/workflows/EditorPage";
import { WorkflowsPage } from "../pages/workflows/WorkflowsPage";

export interface Area {
  /** The URL base, e.g. "/knowledge"; its routes are relative to it. */
  base: string;
  label: string;
  /** Routes below the base: "" is the area's landing page. */
  routes: { path: string; element: ReactNode }[];
}

export const AREAS: Area[] = [
  {
    base: "/knowledge",
    label: "Knowledge",
    routes: [
      { path: "", element: <DatasetsPage /> },
      { path: ":datasetId", element: <DatasetPage /> },
      { path: ":datasetId/documents/:documentId", element: <DocumentPage /> },
    ],
  },
  {
    base: "/agents",
    label: "Agents",
    routes: [
      { path: "", element: <AgentsListPage /> },
      { path: ":botId", element: <AgentEditorPage /> },
      ...agentChatRoutes,
    ],
  },
  {
    base: "/plugins",
    label: "Plugins",
    routes: [
      { path: "", element: <PluginsPage /> },
      { path: ":pluginId", element: <PluginPage /> },
    ],
  },
  {
    base: "/workflows",
    label: "Workflows",
    routes: [
      { path: "", element: <WorkflowsPage /> },
      { path: ":workflowId", element: <EditorPage /> },
    ],
  },
  {
    base: "/runs",
    label: "Runs",
    routes: [
      { path: "", element: <RunsPage /> },
      { path: "chat/:chatId", element: <ChatRunPage /> },
      { path: "workflow/:workflowId/:executeId", element: <WorkflowRunPage /> },
    ],
  },
  { base: "/tokens", label: "Access tokens", routes: [{ path: "", element: <TokensPage /> }] },
];
