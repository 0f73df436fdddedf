// The console's areas: one entry each, its sidebar link and its routes (paths below its base).
// An area adds itself here and nowhere else in the shell.
import type { ReactNode } from "react";
import { DatasetPage } from "../pages/knowledge/DatasetPage";
import { DatasetsPage } from "../pages/knowledge/DatasetsPage";
import { DocumentPage } from "../pages/knowledge/DocumentPage";
import { TokensPage } from "../pages/tokens/TokensPage";

export interface Area {
  /** The URL base, e.g. "/knowledge"; its routes are relative to it. */
  base: string;
  label: string;
  /** Routes below the base: "" is the area's landing page. */
  routes: { path: string; element: ReactNode }[];
}

export const AREAS: Area[] = [
  { base: "/tokens", label: "Access tokens", routes: [{ path: "", element: <TokensPage /> }] },
  {
    base: "/knowledge",
    label: "Knowledge",
    routes: [
      { path: "", element: <DatasetsPage /> },
      { path: ":datasetId", element: <DatasetPage /> },
      { path: ":datasetId/documents/:documentId", element: <DocumentPage /> },
    ],
  },
];
