"""The clients the I/O node executors take from `RunContext.services`, by these keys:

  CHAT_MODELS   "chat_models"   ChatModels (chat.py): LLM and IntentDetector nodes
  CHAT_HISTORY  "chat_history"  ChatHistory (history.py): the conversation, when a node's history is on
  HTTP          "http"          OutboundHttp (outbound.py): HTTPRequester nodes, through the SSRF guard
  PLUGINS       "plugins"       PluginTools (plugins.py): Plugin nodes and LLM nodes' plugin tools, the
                                plugin service's InvokeTool and ResolveTools
  WORKFLOWS     "workflows"     WorkflowLoader (workflows.py): SubWorkflow nodes, LLM nodes' workflow tools
  USER_VARIABLES "user_variables" UserVariables (engine/nodes/variables.py; agent_variables.py):
                                 VariableAssigner nodes, the user's memory variables in the agent service
  KNOWLEDGE     "knowledge"     KnowledgeBases (knowledge.py): the knowledge nodes and an LLM node's knowledge,
                                 as the run's user within the workflow's space
  DEBUG         "debug"         bool: a debug (test) run: drafts of sub-workflows and plugins
  DATABASES     "databases"     MemoryDatabases (databases.py): Database* nodes, the agent service's memory tables
  CONVERSATIONS "conversations" Conversations (named_conversations.py): conversation and message nodes,
                                 the run's user's conversations in its bot or app (conversation service)

`WorkflowClients.from_settings(settings, pool, plans)` builds the long-lived parts once per process;
`clients.run_services(space_id=, user_id=, debug=, bot_id=, app_id=, conversation_id=, history=)` the
mapping for one run (conversation_id: the conversation a chatflow run answers in, its user's).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from atelier_common.ai.models import ModelRegistry, load_models
from atelier_common.outbound import OutboundPolicy
from atelier_common.settings import Settings
from atelier_workflow.clients.agent_variables import AgentUserVariables
from atelier_workflow.clients.chat import RegistryChatModels
from atelier_workflow.clients.databases import GrpcMemoryDatabases
from atelier_workflow.clients.history import GivenHistory
from atelier_workflow.clients.knowledge import KNOWLEDGE_TIMEOUT_S, GrpcKnowledgeBases
from atelier_workflow.clients.named_conversations import GrpcConversations
from atelier_workflow.clients.outbound import GuardedHttp
from atelier_workflow.clients.plugins import GrpcPluginTools
from atelier_workflow.clients.workflows import StoreWorkflowLoader
from atelier_workflow.runs.definitions import PlanCache
from atelier_workflow.store import Conn

CHAT_MODELS = "chat_models"
CHAT_HISTORY = "chat_history"
HTTP = "http"
PLUGINS = "plugins"
WORKFLOWS = "workflows"
USER_VARIABLES = "user_variables"
KNOWLEDGE = "knowledge"
DEBUG = "debug"
DATABASES = "databases"
CONVERSATIONS = "conversations"


@dataclass
class WorkflowClients:
    models: ModelRegistry
    http: GuardedHttp
    plugin_addr: str
    plugin_timeout_s: float
    agent_addr: str
    llm_timeout_s: float
    conn: Conn
    plans: PlanCache
    knowledge_addr: str = ""
    conversation_addr: str = ""  # none: runs get no conversations client

    @classmethod
    def from_settings(cls, settings: Settings, conn: Conn, plans: PlanCache) -> WorkflowClients:
        return cls(models=ModelRegistry(load_models(settings.model_config_dir)),
                   http=GuardedHttp(OutboundPolicy.from_settings(settings)), plugin_addr=settings.plugin_addr,
                   agent_addr=settings.agent_addr, plugin_timeout_s=settings.plugin_call_timeout_s * 2, llm_timeout_s=settings.llm_timeout_s,
                   conn=conn, plans=plans, knowledge_addr=settings.knowledge_addr,
                   conversation_addr=settings.conversation_addr)

    def run_services(self, *, space_id: int, user_id: str, debug: bool, bot_id: int | None = None,
                     app_id: int | None = None, conversation_id: int | None = None,
                     history: Sequence[dict[str, Any]] | None = None) -> dict[str, Any]:
        services: dict[str, Any] = {
            CHAT_MODELS: RegistryChatModels(self.models, self.llm_timeout_s),
            HTTP: self.http,
            PLUGINS: GrpcPluginTools(self.plugin_addr, space_id=space_id, user_id=user_id,
                                     timeout_s=self.plugin_timeout_s),
            WORKFLOWS: StoreWorkflowLoader(self.conn, self.plans, space_id=space_id, debug=debug),
            DEBUG: debug,
            DATABASES: GrpcMemoryDatabases(self.agent_addr, space_id=space_id, user_id=user_id),
        }
        if self.knowledge_addr:
            services[KNOWLEDGE] = GrpcKnowledgeBases(self.knowledge_addr, space_id=space_id, user_id=user_id,
                                                     timeout_s=KNOWLEDGE_TIMEOUT_S)
        if history is not None:
            services[CHAT_HISTORY] = GivenHistory(history)
        if bot_id and user_id.isdigit():  # a run for a bot: its user's memory variables
            services[USER_VARIABLES] = AgentUserVariables(self.agent_addr, bot_id, int(user_id))
        if (bot_id or app_id) and user_id.isdigit() and self.conversation_addr:  # conversations belong to a bot (first) or an app
            services[CONVERSATIONS] = GrpcConversations(self.conversation_addr, space_id=space_id, user_id=int(user_id),
                                                        bot_id=bot_id or 0, app_id=0 if bot_id else app_id or 0,
                                                        conversation_id=conversation_id or 0)
        return services

    async def aclose(self) -> None:
        await self.models.aclose()
        await self.http.aclose()
