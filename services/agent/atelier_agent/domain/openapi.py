"""The Coze OpenAPI's view of an agent (cozepy's field names and string enums) mapped onto the one
configuration document the console edits (domain.config), and back. Pure: no I/O.

Requests become a patch of top-level configuration fields, merged with the current draft where
the OpenAPI shape carries only part of a field (model parameters, knowledge settings, tool names
already known); answers are rendered from a configuration document (draft or published version)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Set
from dataclasses import dataclass
from typing import Any

from google.protobuf.message import Message

from atelier_agent.domain import config
from atelier_agent.domain.entities import BotConfig
from atelier_common import paging
from atelier_common.errors import InvalidArgument
from atelier_proto import agent_pb2 as apb
from atelier_proto.enums import BotMode, ModelResponseFormat, SearchStrategy, SuggestReplyMode

# The OpenAPI's spellings of the configuration's enums.
REPLY_MODES = {"enable": SuggestReplyMode.System, "customized": SuggestReplyMode.Custom,
               "disable": SuggestReplyMode.Disable}
RESPONSE_FORMATS = {f.name.lower(): f for f in ModelResponseFormat}  # text, markdown, json
SEARCH_STRATEGIES = {SearchStrategy.SemanticSearch: "semantic", SearchStrategy.HybridSearch: "hybrid",
                     SearchStrategy.FullTextSearch: "full text"}
USER_INPUT_TEXT = "text"
KV_VARIABLE = "KVVariable"

# Connectors: Coze's API channel is "1024"; the console publishes to "API". Both mean the API.
API_CONNECTOR = "1024"
CONSOLE_API_CONNECTOR = "API"
MAX_UNPUBLISH_REASON = 1024

PUBLISHED_ONLINE, PUBLISHED_DRAFT, UNPUBLISHED_DRAFT, ALL = "published_online", "published_draft", "unpublished_draft", "all"
PUBLISH_STATUSES = (PUBLISHED_ONLINE, PUBLISHED_DRAFT, UNPUBLISHED_DRAFT, ALL)
DEFAULT_PAGE_SIZE = 20
MAX_PAGE_SIZE = 100

# Configuration paths whose OpenAPI name differs (longest prefix first).
_FIELD_NAMES = (
    ("model_info.short_memory_policy.history_round", "model_info_config.context_round"),
    ("model_info.", "model_info_config."),
    ("plugin_info_list", "plugin_id_list.id_list"),  # entry i is id_list[i] (_plugins)
)


_WORKFLOW_ENTRY = re.compile(r"workflow_info_list\[(\d+)\]\.workflow_id")  # entry i is ids[i] (_workflows)


def field_name(path: str) -> str:
    """A configuration path as the OpenAPI request names it (for config.validate's errors)."""
    workflow = _WORKFLOW_ENTRY.fullmatch(path)
    if workflow:
        return f"workflow_id_list.ids[{workflow.group(1)}].id"
    for prefix, public in _FIELD_NAMES:
        if path.startswith(prefix):
            return public + path[len(prefix):]
    return path


# ------------------------------------------------------------------ requests -> configuration


def _reply_mode(info: apb.OpenAPIBotSuggestReplyInfo) -> dict[str, Any]:
    mode = info.reply_mode.strip().lower()
    if mode not in REPLY_MODES:
        raise InvalidArgument(f"field 'suggest_reply_info.reply_mode': {info.reply_mode!r} is not one of "
                              f"{', '.join(REPLY_MODES)}")
    if mode == "customized" and not info.customized_prompt.strip():
        raise InvalidArgument("field 'suggest_reply_info.customized_prompt': required when reply_mode is customized")
    return {"suggest_reply_mode": REPLY_MODES[mode],
            "customized_suggest_prompt": info.customized_prompt if mode == "customized" else ""}


def _model(given: apb.OpenAPIBotModelInfo, current: dict[str, Any]) -> dict[str, Any]:
    """The draft's model_info with the given fields replaced (the others stay)."""
    model = dict(current)
    if given.HasField("model_id"):
        model["model_id"] = str(given.model_id)
    for name in ("temperature", "max_tokens", "top_k", "top_p", "presence_penalty", "frequency_penalty"):
        if given.HasField(name):
            model[name] = getattr(given, name)
    if given.HasField("context_round"):
        model["short_memory_policy"] = {**(model.get("short_memory_policy") or {}), "history_round": given.context_round}
    if given.HasField("response_format"):
        fmt = given.response_format.strip().lower()
        if fmt not in RESPONSE_FORMATS:
            raise InvalidArgument(f"field 'model_info_config.response_format': {given.response_format!r} is not one "
                                  f"of {', '.join(RESPONSE_FORMATS)}")
        model["response_format"] = RESPONSE_FORMATS[fmt]
    if given.parameters:
        model["parameters"] = dict(given.parameters)
    return model


def _plugins(given: apb.OpenAPIPluginIDList, current: list[dict[str, Any]]) -> list[dict[str, Any]]:
    names = {(p.get("plugin_id"), p.get("api_id")): p.get("api_name", "") for p in current}
    out = []
    for i, item in enumerate(given.id_list):
        if item.plugin_id <= 0 or item.api_id <= 0:
            raise InvalidArgument(f"field 'plugin_id_list.id_list[{i}]': plugin_id and api_id are required")
        entry = {"plugin_id": str(item.plugin_id), "api_id": str(item.api_id)}
        if names.get((entry["plugin_id"], entry["api_id"])):
            entry["api_name"] = names[(entry["plugin_id"], entry["api_id"])]
        out.append(entry)
    return out


def _workflows(given: apb.OpenAPIWorkflowIDList, current: list[dict[str, Any]]) -> list[dict[str, Any]]:
    known = {w.get("workflow_id"): w for w in current}
    out = []
    for i, item in enumerate(given.ids):
        if item.id <= 0:
            raise InvalidArgument(f"field 'workflow_id_list.ids[{i}].id': required")
        out.append(known.get(str(item.id)) or {"workflow_id": str(item.id)})
    return out


def knowledge_patch(given: apb.OpenAPIBotKnowledge, draft: BotConfig,
                    dataset_names: Mapping[int, str], sent_empty: Set[str] = frozenset()) -> dict[str, Any]:
    """The draft's knowledge settings with the given datasets and switches (top_k, min_score and
    the recall strategy stay, and the datasets when none are given); dataset_names: the checked
    datasets' names; sent_empty: the request's list fields sent as []."""
    knowledge = dict(draft.section("knowledge"))
    if sent_list(given.dataset_ids, "knowledge.dataset_ids", sent_empty):
        knowledge["knowledge_info"] = [{"id": str(i), "name": dataset_names.get(i, "")} for i in given.dataset_ids]
    if given.HasField("auto_call"):
        knowledge["auto"] = given.auto_call
    if given.HasField("search_strategy"):
        if given.search_strategy not in SEARCH_STRATEGIES:
            raise InvalidArgument(f"field 'knowledge.search_strategy': {given.search_strategy} is not one of "
                                  + ", ".join(f"{k.value} ({v})" for k, v in SEARCH_STRATEGIES.items()))
        knowledge["search_strategy"] = given.search_strategy
    return knowledge


def check_dataset_ids(ids: list[int]) -> None:
    seen: set[int] = set()
    for i, dataset_id in enumerate(ids):
        if dataset_id <= 0:
            raise InvalidArgument(f"field 'knowledge.dataset_ids[{i}]': {dataset_id} is not a dataset id")
        if dataset_id in seen:
            raise InvalidArgument(f"field 'knowledge.dataset_ids[{i}]': dataset {dataset_id} is listed twice")
        seen.add(dataset_id)


def _given(msg: Message, field: str) -> bool:
    """Whether a request carries `field` (a required field always does)."""
    return msg.HasField(field) if msg.DESCRIPTOR.fields_by_name[field].has_presence else True


def sent_list(values: Any, path: str, sent_empty: Set[str]) -> bool:
    """Whether the request gave the list field at path: proto3 keeps no presence for lists, so an
    empty one counts only when the caller sent it as [] (atelier_common.sent_empty); a list not
    sent leaves the configuration's as it was."""
    return len(values) > 0 or path in sent_empty


def draft_patch(req: apb.OpenCreateBotRequest | apb.OpenUpdateBotRequest, draft: BotConfig,
                sent_empty: Set[str] = frozenset()) -> dict[str, Any]:
    """The top-level configuration fields a create/update request sets (knowledge and the icon, which
    need lookups, are patched by the caller); sent_empty: the request's list fields sent as []."""
    patch: dict[str, Any] = {}
    if _given(req, "name"):
        patch["name"] = config.valid_name(req.name)
    if req.HasField("description"):
        patch["description"] = req.description
    if req.HasField("prompt_info"):
        patch["prompt_info"] = {"prompt": req.prompt_info.prompt}
    if req.HasField("onboarding_info"):
        onboarding = dict(draft.section("onboarding_info"))
        onboarding["prologue"] = req.onboarding_info.prologue
        questions = req.onboarding_info.suggested_questions
        if sent_list(questions, "onboarding_info.suggested_questions", sent_empty):
            onboarding["suggested_questions"] = [q for q in questions if q.strip()]
        patch["onboarding_info"] = onboarding
    if req.HasField("suggest_reply_info"):
        patch["suggest_reply_info"] = _reply_mode(req.suggest_reply_info)
    if req.HasField("model_info_config"):
        patch["model_info"] = _model(req.model_info_config, draft.section("model_info"))
    if req.HasField("plugin_id_list") and sent_list(req.plugin_id_list.id_list, "plugin_id_list.id_list", sent_empty):
        patch["plugin_info_list"] = _plugins(req.plugin_id_list, draft.entries("plugin_info_list"))
    if req.HasField("workflow_id_list") and sent_list(req.workflow_id_list.ids, "workflow_id_list.ids", sent_empty):
        patch["workflow_info_list"] = _workflows(req.workflow_id_list, draft.entries("workflow_info_list"))
    return patch


def connector_ids(given: list[str], field: str = "connector_ids") -> list[str]:
    """Connector ids as given (digits), the API connector when none."""
    out: list[str] = []
    for i, connector in enumerate(given):
        connector = connector.strip()
        if not connector.isdigit():
            raise InvalidArgument(f"field '{field}[{i}]': {connector!r} is not a connector id")
        if connector not in out:
            out.append(connector)
    return out or [API_CONNECTOR]


def connector_aliases(connector_id: str) -> list[str]:
    """The keys a published version may record the connector under."""
    return [API_CONNECTOR, CONSOLE_API_CONNECTOR] if connector_id in (API_CONNECTOR, CONSOLE_API_CONNECTOR) \
        else [connector_id]


def page(number: int | None, size: int | None, *, number_field: str) -> paging.Page:
    return paging.page(number, size, default_size=DEFAULT_PAGE_SIZE, max_size=MAX_PAGE_SIZE,
                       number_field=number_field, size_field="page_size")


def publish_status(given: str | None) -> str:
    status = (given or PUBLISHED_ONLINE).strip().lower()
    if status not in PUBLISH_STATUSES:
        raise InvalidArgument(f"field 'publish_status': {given!r} is not one of {', '.join(PUBLISH_STATUSES)}")
    return status


# ------------------------------------------------------------------ configuration -> answers


def _int(value: Any) -> int:
    try:
        return int(value or 0)
    except (TypeError, ValueError):
        return 0


@dataclass(frozen=True)
class ModelRef:
    """The model a configuration runs on: its id and display name."""
    id: int
    name: str


def _model_info(cfg: BotConfig, model: ModelRef | None) -> apb.OpenAPIBotModelInfo | None:
    if model is None:
        return None
    given = cfg.section("model_info")
    info = apb.OpenAPIBotModelInfo(model_id=model.id, model_name=model.name)
    for name in ("temperature", "top_p", "presence_penalty", "frequency_penalty"):
        if given.get(name) is not None:
            setattr(info, name, float(given[name]))
    for name in ("max_tokens", "top_k"):
        if given.get(name) is not None:
            setattr(info, name, int(given[name]))
    rounds = (given.get("short_memory_policy") or {}).get("history_round")
    if rounds is not None:
        info.context_round = int(rounds)
    if given.get("response_format") is not None:
        by_number = {v: k for k, v in RESPONSE_FORMATS.items()}
        info.response_format = by_number.get(int(given["response_format"]), "text")
    info.parameters.update({str(k): str(v) for k, v in (given.get("parameters") or {}).items()})
    return info


def _suggest_reply(cfg: BotConfig) -> apb.OpenAPIBotSuggestReplyInfo:
    info = cfg.section("suggest_reply_info")
    by_number = {v: k for k, v in REPLY_MODES.items()}
    mode = by_number.get(_int(info.get("suggest_reply_mode", SuggestReplyMode.Disable)), "disable")
    return apb.OpenAPIBotSuggestReplyInfo(reply_mode=mode, customized_prompt=str(info.get("customized_suggest_prompt")
                                                                                   or ""))


def _knowledge(cfg: BotConfig) -> apb.OpenAPIBotKnowledge:
    settings = config.knowledge_settings(cfg)
    return apb.OpenAPIBotKnowledge(dataset_ids=settings.dataset_ids, auto_call=settings.auto,
                                   search_strategy=settings.search_strategy)


def _plugin_infos(cfg: BotConfig) -> list[apb.OpenAPIBotPluginInfo]:
    """Tools grouped by plugin, in the draft's order (names as far as the configuration knows them)."""
    by_plugin: dict[int, apb.OpenAPIBotPluginInfo] = {}
    for p in cfg.entries("plugin_info_list"):
        plugin_id = _int(p.get("plugin_id"))
        info = by_plugin.setdefault(plugin_id, apb.OpenAPIBotPluginInfo(plugin_id=plugin_id))
        info.api_info_list.append(apb.OpenAPIBotPluginAPIInfo(api_id=_int(p.get("api_id")),
                                                              name=str(p.get("api_name") or "")))
    return list(by_plugin.values())


def _workflow_infos(cfg: BotConfig) -> list[apb.OpenAPIBotWorkflowInfo]:
    return [apb.OpenAPIBotWorkflowInfo(id=_int(w.get("workflow_id")), name=str(w.get("workflow_name") or ""),
                                       description=str(w.get("desc") or ""), icon_url=str(w.get("plugin_icon") or ""))
            for w in cfg.entries("workflow_info_list")]


def _variables(cfg: BotConfig) -> list[apb.OpenAPIBotVariable]:
    return [apb.OpenAPIBotVariable(
        keyword=str(v.get("key", "")), default_value=str(v.get("default_value") or ""), variable_type=KV_VARIABLE,
        channel="system" if v.get("is_system") else "custom", description=str(v.get("description") or ""),
        enable=not v.get("is_disabled", False), prompt_enable=not v.get("prompt_disabled", False))
        for v in cfg.entries("variable_list") if v.get("key")]


def _shortcuts(commands: list[dict[str, Any]]) -> list[apb.ShortcutCommandInfo]:
    return [apb.ShortcutCommandInfo(id=_int(c.get("command_id")), name=str(c.get("command_name") or ""),
                                    command=str(c.get("shortcut_command") or ""),
                                    description=str(c.get("description") or ""),
                                    query_template=str(c.get("template_query") or ""))
            for c in commands]


def bot_view(cfg: BotConfig, *, bot_id: int, version: str, icon_url: str, model: ModelRef | None,
             shortcuts: list[dict[str, Any]]) -> apb.OpenAPIBotInfo:
    """A configuration (draft or version) as the OpenAPI's Bot."""
    doc = cfg.doc
    onboarding = cfg.section("onboarding_info")
    bot = apb.OpenAPIBotInfo(
        bot_id=bot_id, name=cfg.name, description=cfg.description,
        icon_url=icon_url, create_time=_int(doc.get("create_time")), update_time=_int(doc.get("update_time")),
        version=version, prompt_info=apb.OpenAPIBotPromptInfo(prompt=str(cfg.section("prompt_info").get("prompt")
                                                                          or "")),
        onboarding_info=apb.OpenAPIBotOnboardingInfo(prologue=str(onboarding.get("prologue") or ""),
                                                     suggested_questions=list(onboarding.get("suggested_questions")
                                                                              or [])),
        bot_mode=BotMode.SingleMode, plugin_info_list=_plugin_infos(cfg), knowledge=_knowledge(cfg),
        workflow_info_list=_workflow_infos(cfg), shortcut_commands=_shortcuts(shortcuts),
        default_user_input_type=USER_INPUT_TEXT, suggest_reply_info=_suggest_reply(cfg), variables=_variables(cfg),
        owner_user_id=_int(doc.get("creator_id")),
    )
    model_info = _model_info(cfg, model)
    if model_info is not None:
        bot.model_info.CopyFrom(model_info)
    return bot
