// The console's areas: one entry each, its sidebar link and its routes (paths below its base).
// An area adds itself here and nowhere else in the shell.
import type { ReactNode } from "react";
import { TokensPage } from "../pages/tokens/TokensPage";
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
    base: "/workflows",
    label: "Workflows",
    routes: [
      { path: "", element: <WorkflowsPage /> },
      { path: ":workflowId", element: <EditorPage /> },
    ],
  },
  { base: "/tokens", label: "Access tokens", routes: [{ path: "", element: <TokensPage /> }] },
];
