// /agents/:botId/chat: the debug chat of one agent, full page.
import { Link, useParams } from "react-router-dom";
import { useSession } from "../../../app/session";
import { PageHeader } from "../../../ui/PageHeader";
import { DebugChat } from "./DebugChat";

export function AgentChatPage() {
  const { botId = "" } = useParams();
  const { spaceId } = useSession();
  return (
    <div className="agent-chat-page">
      <PageHeader
        title="Agent chat"
        subtitle="Chat with the agent's draft: every tool call, recalled passage and token shows."
        actions={
          <Link className="btn btn-ghost" to="/agents">
            All agents
          </Link>
        }
      />
      <DebugChat key={`${spaceId}-${botId}`} botId={botId} spaceId={spaceId} />
    </div>
  );
}
