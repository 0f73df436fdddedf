"""The agent context's entities, as the store returns them (store/*.py and databases/store.py build
them from the rows of migrations/*.sql; nothing else sees a row).

Frozen: a change is a new value, written through the store. Enum columns hold the IDL's numbers and
come back as atelier_proto.enums members. An agent's configuration stays the BotInfo JSON document
the console edits and the Coze mapping reads (BotConfig carries it); shortcut commands and memory
variable definitions are parts of such documents (ShortcutCommand and Variable JSON)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any

from atelier_agent.citations import Passage
from atelier_common import user_tables
from atelier_common.errors import InvalidArgument
from atelier_proto.enums import BotTableRWMode, FieldItemType, HistoryType

# ------------------------------------------------------------------ agents


@dataclass(frozen=True)
class BotConfig:
    """An agent's configuration: BotInfo as a JSON document (idl/agent.thrift; proto field names, enums
    as integers, i64 as strings). The draft is one, a published version snapshots one. domain.config
    and domain.openapi read the document, proto_json maps it onto BotInfo. Read as a value: a change
    is a new BotConfig (`with_fields`, config.apply_update)."""

    doc: dict[str, Any]

    def section(self, key: str) -> dict[str, Any]:
        """A nested object (model_info, knowledge, onboarding_info, ...); {} when unset."""
        return self.doc.get(key) or {}

    def entries(self, key: str) -> list[dict[str, Any]]:
        """A list field (variable_list, database_list, plugin_info_list, ...); [] when unset."""
        return list(self.doc.get(key) or [])

    def with_fields(self, **fields: Any) -> BotConfig:
        """This configuration with top-level fields replaced."""
        return BotConfig({**self.doc, **fields})

    @property
    def name(self) -> str:
        return str(self.doc.get("name") or "")

    @property
    def description(self) -> str:
        return str(self.doc.get("description") or "")

    @property
    def icon_uri(self) -> str:
        return str(self.doc.get("icon_uri") or "")


@dataclass(frozen=True)
class Bot:
    """An agent: its draft and which version is online."""

    id: int
    space_id: int
    creator_id: int
    draft: BotConfig
    online_version: str | None  # None until published (and once unpublished)
    published_at: datetime | None
    draft_changed: bool  # the draft differs from the online version
    display_info: dict[str, int]  # the console's tab_display_info
    created_at: datetime
    updated_at: datetime

    @property
    def is_published(self) -> bool:
        return self.online_version is not None


@dataclass(frozen=True)
class BotVersionSummary:
    """A published version as the history lists it (without its configuration)."""

    version: str
    history_type: HistoryType
    info: str  # release note
    creator_id: int
    created_at: datetime


@dataclass(frozen=True)
class BotVersion:
    """A published version: the draft's configuration and shortcut commands when it was published."""

    bot_id: int
    version: str
    history_type: HistoryType
    config: BotConfig
    shortcuts: list[dict[str, Any]]  # ShortcutCommand documents
    info: str
    connectors: dict[str, dict[str, str]]  # connector id -> its publish settings
    creator_id: int
    created_at: datetime


@dataclass(frozen=True)
class BotWithOnlineConfig:
    """A bot with its online version's configuration (how a space's list shows it)."""

    bot: Bot
    online_config: BotConfig | None  # None while unpublished

    def shown_config(self, *, online: bool) -> BotConfig:
        """The online version's configuration when asked for (and published), else the draft's."""
        return self.online_config if online and self.online_config is not None else self.bot.draft


@dataclass(frozen=True)
class RunnableBot(BotWithOnlineConfig):
    """A bot with what its chats run on."""

    online_shortcuts: list[dict[str, Any]] | None
    draft_shortcuts: list[dict[str, Any]] | None  # only when the draft was asked for


@dataclass(frozen=True)
class ShortcutCommand:
    """One of a draft's shortcut commands (a ShortcutCommand document)."""

    id: int
    bot_id: int
    command: dict[str, Any]


@dataclass(frozen=True)
class VariableValue:
    """An end user's stored value of one memory variable."""

    keyword: str
    value: str
    created_at: datetime
    updated_at: datetime


# ------------------------------------------------------------------ a waiting turn


@dataclass(frozen=True)
class PendingCall:
    """A call the turn stopped for: a client-side tool the caller answers, a plugin call waiting
    for the user to authorize the plugin (OAuth; authorization_url set), made again on resume, or
    a workflow run waiting for the user's answer to its question (execute_id set), carried on with it."""

    id: str
    name: str
    arguments: str  # JSON text as the model wrote it
    authorization_url: str = ""
    plugin_name: str = ""
    workflow_id: int = 0
    execute_id: int = 0  # the workflow run that waits
    interrupt_type: int = 0  # Coze's: 2 a question, 5 an input form
    event_id: str = ""
    question: str = ""  # what the user is asked (the interrupt's data when not plain text)
    question_content_type: str = ""  # ContentType: text, or card for options and forms
    node_title: str = ""  # the workflow node that asks
    data: str = ""  # the interrupt's data, as the workflow gave it

    @property
    def awaits_authorization(self) -> bool:
        return bool(self.authorization_url)

    @property
    def awaits_answer(self) -> bool:
        return bool(self.execute_id)


@dataclass(frozen=True)
class Checkpoint:
    """A turn stopped with requires_action, as stored until it resumes: the model's messages so far
    (the last assistant message holds the calls; calls that ran already have their results), the
    calls still pending, and what the turn needs to go on."""

    messages: list[dict[str, Any]]  # OpenAI chat messages
    pending: list[PendingCall]
    iteration: int  # the ReAct iteration the turn continues with
    model_id: int
    params: dict[str, Any] = field(default_factory=dict)  # model parameters of the turn
    query_text: str = ""  # the user's question (follow-up suggestions)
    answer: str = ""  # what the model already said in this turn
    passages: list[Passage] = field(default_factory=list)  # knowledge given so far: the answer cites them

    def to_state(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> Checkpoint:
        return cls(**{**state, "pending": [PendingCall(**p) for p in state.get("pending", [])],
                      "passages": [Passage(**p) for p in state.get("passages", [])]})

    @property
    def authorizing(self) -> list[PendingCall]:
        """The plugin calls to make again now that the user may have authorized their plugins."""
        return [p for p in self.pending if p.awaits_authorization]

    @property
    def questions(self) -> list[PendingCall]:
        """The workflow runs waiting for the user's answer."""
        return [p for p in self.pending if p.awaits_answer]

    def resumed(self, outputs: list[tuple[str, str]]) -> list[dict[str, Any]]:
        """The messages with one tool result per pending client-side call, in the calls' order;
        InvalidArgument when the outputs do not answer exactly those calls (an output given for a call
        waiting for authorization is not used: that call is made again; one given for a workflow's
        question is its answer, see `answers`)."""
        client = [p.id for p in self.pending if not p.awaits_authorization and not p.awaits_answer]
        other = {p.id for p in self.pending if p.awaits_authorization or p.awaits_answer}
        given = dict(outputs)
        answered = [call_id for call_id, _ in outputs if call_id not in other]
        if len(given) != len(outputs) or sorted(answered) != sorted(client):
            raise InvalidArgument(f"tool_outputs: expected one output for each of {', '.join(client) or 'no call'}")
        return [*self.messages, *({"role": "tool", "tool_call_id": p.id, "content": given[p.id]}
                                  for p in self.pending if p.id in client)]

    def answers(self, outputs: list[tuple[str, str]], default: str = "") -> dict[str, str]:
        """The answer to each waiting workflow question: the output given for its call, else `default`
        (the user's next message)."""
        given = dict(outputs)
        return {p.id: given.get(p.id, default) for p in self.questions}


# ------------------------------------------------------------------ memory databases


@dataclass(frozen=True)
class FieldSpec:
    """A field of a memory database; its column is named by its id, so a rename keeps the data."""

    id: int
    name: str
    desc: str
    type: FieldItemType
    must_required: bool

    @property
    def column(self) -> str:
        return user_tables.column_name(self.id)


@dataclass(frozen=True)
class BotDatabase:
    """A memory database: a user-defined table agents read and write through their SQL tool."""

    id: int
    space_id: int
    creator_id: int
    table_name: str
    table_desc: str
    icon_uri: str
    fields: list[FieldSpec]
    next_field_id: int  # the id the next new field gets
    rw_mode: BotTableRWMode
    prompt_disabled: bool
    physical_table: str  # agent_user_tables.t_<id>
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class TableRecord:
    """A row of a memory database's physical table."""

    id: int
    user_id: str  # the end user who added it
    created_at: datetime
    values: dict[int, Any]  # field id -> its column's value
