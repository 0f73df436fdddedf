"""Agent configurations (BotConfig: BotInfo as a JSON document, proto field names, enums as integers, i64
as strings): defaults, partial updates, validation and the effective settings the runtime uses. Pure: no I/O."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from jsonschema import SchemaError
from jsonschema.validators import validator_for

from atelier_agent.domain.entities import BotConfig
from atelier_common import names
from atelier_common.errors import InvalidArgument
from atelier_proto.enums import KnowledgeNoRecallReplyMode, SearchStrategy, SuggestReplyMode

# Coze's defaults for a new agent's knowledge settings (Coze Studio creates agents with min_score
# 0.01: hybrid retrieval's fused scores rank, a passage one channel found scores at most 0.5).
DEFAULT_TOP_K = 3
DEFAULT_MIN_SCORE = 0.01
MAX_NAME_LEN = names.MAX_NAME_CHARS
MAX_PROMPT_CHARS = 100_000
MAX_VARIABLES = 50
MAX_VARIABLE_KEY = 50
MAX_CLIENT_TOOLS = 32
CLIENT_TOOL_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]{0,63}$")  # what OpenAI-compatible APIs accept
MAX_TOOL_DESCRIPTION = 1024
# Names of the runtime's own tools (and the prefix of database tools): a client tool cannot take them.
RESERVED_TOOL_NAMES = ("setKeywordMemory", "recallKnowledge")
RESERVED_TOOL_PREFIX = "db_"
EMPTY_PARAMETERS = {"type": "object", "properties": {}}
# Deep research bounds: model calls that may search, and the tokens they may use, before it answers.
DEFAULT_RESEARCH_STEPS = 4
MAX_RESEARCH_STEPS = 10
DEFAULT_RESEARCH_TOKENS = 20_000
MIN_RESEARCH_TOKENS = 1_000
MAX_RESEARCH_TOKENS = 200_000

# A configuration path ("model_info.temperature") -> the field name errors show to the caller.
FieldNamer = Callable[[str], str]

# Fields the runtime owns or derives; an update never sets them.
READ_ONLY_FIELDS = ("bot_id", "creator_id", "create_time", "update_time", "version", "space_id", "icon_url")


def new_draft(*, bot_id: int, space_id: int, creator_id: int, name: str, description: str, icon_uri: str,
              now_s: int) -> BotConfig:
    return BotConfig({
        "bot_id": str(bot_id), "space_id": str(space_id), "creator_id": str(creator_id), "name": name,
        "description": description, "icon_uri": icon_uri, "create_time": str(now_s), "update_time": str(now_s),
        "prompt_info": {"prompt": ""}, "model_info": {}, "plugin_info_list": [], "workflow_info_list": [],
        "onboarding_info": {"prologue": "", "suggested_questions": []},
        "knowledge": {"knowledge_info": [], "top_k": str(DEFAULT_TOP_K), "min_score": DEFAULT_MIN_SCORE, "auto": True,
                      "search_strategy": SearchStrategy.HybridSearch},
        "variable_list": [], "database_list": [],
        "suggest_reply_info": {"suggest_reply_mode": SuggestReplyMode.Disable},
        "shortcut_sort": [],
    })


def valid_name(name: str, field: str = "name") -> str:
    return names.display_name(name, field)


def apply_update(draft: BotConfig, patch: dict[str, Any]) -> tuple[BotConfig, bool]:
    """The draft with every top-level field present in patch (a partial BotInfo document) replaced;
    whether anything changed."""
    updated = copy.deepcopy(draft.doc)
    for key, value in patch.items():
        if key in READ_ONLY_FIELDS:
            continue
        updated[key] = value
    return BotConfig(updated), updated != draft.doc


def touched(draft: BotConfig, now_s: int) -> BotConfig:
    """The draft as changed now."""
    return draft.with_fields(update_time=str(now_s))


def _number(value: Any, field: str, lo: float, hi: float) -> None:
    if value is None:
        return
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise InvalidArgument(f"field '{field}': must be a number") from None
    if not lo <= number <= hi:
        raise InvalidArgument(f"field '{field}': must be between {lo:g} and {hi:g}, got {number:g}")


def _integer(value: Any, field: str, lo: int, hi: int) -> None:
    _number(value, field, lo, hi)
    if value is not None and float(value) != int(float(value)):
        raise InvalidArgument(f"field '{field}': must be a whole number, got {value}")


def console_field(path: str) -> str:
    """How the console API names a configuration field in errors (its requests nest it in bot_info)."""
    return f"bot_info.{path}"


def validate(draft: BotConfig, model_ids: set[int], field: FieldNamer = console_field) -> None:
    """InvalidArgument naming the first unusable field (as `field` spells its configuration path)."""
    valid_name(str(draft.doc.get("name", "")), field("name"))
    prompt = draft.section("prompt_info").get("prompt", "")
    if len(prompt) > MAX_PROMPT_CHARS:
        raise InvalidArgument(f"field '{field('prompt_info.prompt')}': at most {MAX_PROMPT_CHARS} characters")
    model = draft.section("model_info")
    if model.get("model_id") not in (None, "", "0", 0) and int(model["model_id"]) not in model_ids:
        raise InvalidArgument(f"field '{field('model_info.model_id')}': no model {model['model_id']} is configured")
    _number(model.get("temperature"), field("model_info.temperature"), 0, 2)
    _number(model.get("top_p"), field("model_info.top_p"), 0, 1)
    _number(model.get("frequency_penalty"), field("model_info.frequency_penalty"), -2, 2)
    _number(model.get("presence_penalty"), field("model_info.presence_penalty"), -2, 2)
    _number(model.get("max_tokens"), field("model_info.max_tokens"), 1, 1_000_000)
    rounds = (model.get("short_memory_policy") or {}).get("history_round")
    _number(rounds, field("model_info.short_memory_policy.history_round"), 0, 100)
    knowledge = draft.section("knowledge")
    _number(knowledge.get("top_k"), field("knowledge.top_k"), 1, 20)
    _number(knowledge.get("min_score"), field("knowledge.min_score"), 0, 1)
    variables = draft.entries("variable_list")
    if len(variables) > MAX_VARIABLES:
        raise InvalidArgument(f"field '{field('variable_list')}': at most {MAX_VARIABLES} variables")
    seen: set[str] = set()
    for i, var in enumerate(variables):
        key = str(var.get("key", ""))
        names.identifier(key, field(f"variable_list[{i}].key"), max_chars=MAX_VARIABLE_KEY)
        if key in seen:
            raise InvalidArgument(f"field '{field(f'variable_list[{i}].key')}': {key!r} is used twice")
        seen.add(key)
    validate_client_tools(draft.entries("client_tool_list"), field)
    research = draft.section("deep_research")
    _integer(research.get("max_steps"), field("deep_research.max_steps"), 1, MAX_RESEARCH_STEPS)
    _integer(research.get("max_tokens"), field("deep_research.max_tokens"), MIN_RESEARCH_TOKENS, MAX_RESEARCH_TOKENS)


def tool_parameters(text: str) -> dict[str, Any]:
    """A client tool's parameters (JSON text) as a schema; ValueError saying what is wrong."""
    if not text.strip():
        return dict(EMPTY_PARAMETERS)
    try:
        schema = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"not valid JSON ({e.msg} at position {e.pos})") from None
    if not isinstance(schema, dict) or schema.get("type") != "object":
        raise ValueError('must be a JSON schema of an object ({"type": "object", "properties": {...}})')
    try:
        validator_for(schema).check_schema(schema)
    except SchemaError as e:
        raise ValueError(f"not a valid JSON schema: {e.message}") from None
    return schema


def validate_client_tools(tools: list[dict[str, Any]], field_name: FieldNamer = console_field) -> None:
    if len(tools) > MAX_CLIENT_TOOLS:
        raise InvalidArgument(f"field '{field_name('client_tool_list')}': at most {MAX_CLIENT_TOOLS} tools")
    seen: set[str] = set()
    for i, tool in enumerate(tools):
        field = field_name(f"client_tool_list[{i}]")
        name = str(tool.get("name") or "")
        if not CLIENT_TOOL_NAME.match(name):
            raise InvalidArgument(f"field '{field}.name': {name!r} must be 1 to 64 letters, digits, '_' or '-' "
                                  "and not start with a digit or '-'")
        if name in RESERVED_TOOL_NAMES or name.startswith(RESERVED_TOOL_PREFIX):
            raise InvalidArgument(f"field '{field}.name': {name!r} is reserved for the agent's own tools")
        if name in seen:
            raise InvalidArgument(f"field '{field}.name': {name!r} is used twice")
        seen.add(name)
        if len(str(tool.get("description") or "")) > MAX_TOOL_DESCRIPTION:
            raise InvalidArgument(f"field '{field}.description': at most {MAX_TOOL_DESCRIPTION} characters")
        try:
            tool_parameters(str(tool.get("parameters") or ""))
        except ValueError as e:
            raise InvalidArgument(f"field '{field}.parameters': {e}") from None


def client_tool_definitions(draft: BotConfig) -> dict[str, dict[str, Any]]:
    """The agent's client-side tools as OpenAI function definitions, by name (drafts are validated
    on update; a tool that no longer parses is left out rather than failing the chat)."""
    out: dict[str, dict[str, Any]] = {}
    for tool in draft.entries("client_tool_list"):
        name = str(tool.get("name") or "")
        try:
            parameters = tool_parameters(str(tool.get("parameters") or ""))
        except ValueError:
            continue
        if CLIENT_TOOL_NAME.match(name):
            out[name] = {"type": "function", "function": {
                "name": name, "description": str(tool.get("description") or ""), "parameters": parameters}}
    return out


@dataclass(frozen=True)
class KnowledgeSettings:
    dataset_ids: list[int]
    top_k: int
    min_score: float
    auto: bool
    search_strategy: SearchStrategy
    use_rewrite: bool
    use_rerank: bool
    use_nl2sql: bool
    no_recall_reply_custom: str | None  # the fixed reply when nothing is recalled (CustomizePrompt mode)
    show_source: bool


def knowledge_settings(draft: BotConfig) -> KnowledgeSettings:
    k = draft.section("knowledge")
    recall = k.get("recall_strategy") or {}
    custom = None
    if k.get("no_recall_reply_mode") == KnowledgeNoRecallReplyMode.CustomizePrompt and k.get("no_recall_reply_customize_prompt"):
        custom = str(k["no_recall_reply_customize_prompt"])
    return KnowledgeSettings(
        dataset_ids=[int(i["id"]) for i in k.get("knowledge_info") or [] if str(i.get("id", "")).isdigit()],
        top_k=int(k.get("top_k") or DEFAULT_TOP_K),
        min_score=float(k["min_score"]) if k.get("min_score") is not None else DEFAULT_MIN_SCORE,
        auto=bool(k.get("auto", True)),
        search_strategy=SearchStrategy(int(k.get("search_strategy", SearchStrategy.HybridSearch))),
        use_rewrite=bool(recall.get("use_rewrite", False)),
        use_rerank=bool(recall.get("use_rerank", False)),
        use_nl2sql=bool(recall.get("use_nl2sql", False)),
        no_recall_reply_custom=custom,
        show_source=bool(k.get("show_source", False)),
    )


def history_rounds(draft: BotConfig, default: int) -> int:
    policy = draft.section("model_info").get("short_memory_policy") or {}
    rounds = policy.get("history_round")
    return default if rounds is None else int(rounds)


def suggestions_enabled(draft: BotConfig) -> tuple[bool, str]:
    """Whether to suggest follow-up questions, and the custom prompt for them ("" = ours)."""
    info = draft.section("suggest_reply_info")
    mode = info.get("suggest_reply_mode", SuggestReplyMode.Disable)
    if mode == SuggestReplyMode.System:
        return True, ""
    if mode == SuggestReplyMode.Custom:
        return True, str(info.get("customized_suggest_prompt") or "")
    return False, ""


@dataclass(frozen=True)
class ResearchSettings:
    """Deep research for one chat: its bounds (the searching steps end at whichever comes first)."""

    max_steps: int
    max_tokens: int


def research_settings(draft: BotConfig, requested: bool | None) -> ResearchSettings | None:
    """The chat's deep research, or None when it answers directly: the chat's flag when set, else
    the agent's setting."""
    section = draft.section("deep_research")
    enabled = bool(section.get("enabled", False)) if requested is None else requested
    if not enabled:
        return None
    return ResearchSettings(max_steps=int(section.get("max_steps") or DEFAULT_RESEARCH_STEPS),
                            max_tokens=int(section.get("max_tokens") or DEFAULT_RESEARCH_TOKENS))
