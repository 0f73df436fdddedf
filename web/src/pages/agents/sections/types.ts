import type { AgentForm } from "../form";

/** What every editor section gets: the form and a way to change some of its fields. */
export interface SectionProps {
  form: AgentForm;
  update: (patch: Partial<AgentForm>) => void;
}
