"""Memory variables: the agent's variable definitions (meta, in its config) and each end user's values."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from atelier_agent import access
from atelier_agent.domain.entities import BotConfig
from atelier_agent.store import bots, variables
from atelier_common.auth import current_context
from atelier_common.errors import InvalidArgument, NotFound
from atelier_common.service import ServiceDeps
from atelier_proto import agent_pb2 as apb
from atelier_proto.enums import VariableChannel

MAX_VALUE_CHARS = 5000


def definitions(config: BotConfig) -> list[dict[str, Any]]:
    """Enabled variable definitions (Variable documents) of a configuration."""
    return [v for v in config.entries("variable_list") if v.get("key") and not v.get("is_disabled")]


def end_user(user_id: int | None) -> str:
    """Values belong to an end user: the one named, else the console caller."""
    return str(user_id) if user_id else str(current_context().user_id)


async def _config(deps: ServiceDeps, bot_id: int, version: str = "", space_id: int = 0) -> BotConfig:
    bot = await access.bot(deps.pool, bot_id, space_id=space_id or None)
    if not version:
        return bot.draft
    found = await bots.get_version(deps.pool, bot_id, version)
    if found is None:
        raise NotFound(f"bot {bot_id} has no version {version}")
    return found.config


async def meta(deps: ServiceDeps, req: apb.GetMemoryVariableMetaRequest) -> list[apb.MemoryVariable]:
    config = await _config(deps, req.bot_id, req.version, req.space_id)
    return [apb.MemoryVariable(keyword=v["key"], default_value=v.get("default_value", ""),
                               description=v.get("description", ""), channel=VariableChannel.Custom,
                               enable=True, prompt_disabled=bool(v.get("prompt_disabled", False)))
            for v in definitions(config)]


@dataclass(frozen=True)
class Value:
    """One end user's value of a variable."""
    definition: dict[str, Any]
    value: str  # the stored value, else the default
    create_time: int  # unix seconds; 0 while the default applies
    update_time: int


async def user_values(conn: variables.Conn, bot_id: int, user_id: str, config: BotConfig,
                      keywords: Sequence[str] = ()) -> list[Value]:
    """The user's value of each defined variable (of those named, when keywords are given)."""
    stored = {s.keyword: s for s in await variables.values(conn, bot_id, user_id)}
    out = []
    for v in definitions(config):
        if keywords and v["key"] not in keywords:
            continue
        found = stored.get(v["key"])
        out.append(Value(v, found.value if found else v.get("default_value", ""),
                         int(found.created_at.timestamp()) if found else 0,
                         int(found.updated_at.timestamp()) if found else 0))
    return out


async def current_values(conn: variables.Conn, bot_id: int, user_id: str, config: BotConfig) -> dict[str, str]:
    """Every defined variable's value for this user: stored value, else its default."""
    return {v.definition["key"]: v.value for v in await user_values(conn, bot_id, user_id, config)}


async def get_values(deps: ServiceDeps, req: apb.GetProfileMemoryRequest) -> list[apb.KVItem]:
    config = await _config(deps, req.bot_id, space_id=req.space_id)
    return [apb.KVItem(keyword=v.definition["key"], value=v.value, create_time=v.create_time,
                       update_time=v.update_time, is_system=bool(v.definition.get("is_system", False)),
                       prompt_disabled=bool(v.definition.get("prompt_disabled", False)))
            for v in await user_values(deps.pool, req.bot_id, end_user(req.user_id), config, list(req.keywords))]


def check_items(config: BotConfig, items: Sequence[tuple[str, str]], field: str = "data") -> None:
    """InvalidArgument for a keyword the agent does not define or a value too long."""
    known = {v["key"] for v in definitions(config)}
    for i, (keyword, value) in enumerate(items):
        if keyword not in known:
            raise InvalidArgument(f"field '{field}[{i}].keyword': the agent has no variable {keyword!r}")
        if len(value) > MAX_VALUE_CHARS:
            raise InvalidArgument(f"field '{field}[{i}].value': at most {MAX_VALUE_CHARS} characters")


async def set_values(deps: ServiceDeps, req: apb.SetKvMemoryRequest) -> None:
    config = await _config(deps, req.bot_id, space_id=req.space_id)
    items = [(item.keyword, item.value) for item in req.data]
    if not items:
        raise InvalidArgument("field 'data': at least one keyword")
    check_items(config, items)
    await variables.upsert(deps.pool, req.bot_id, end_user(req.user_id), items)


async def delete_values(deps: ServiceDeps, req: apb.DelProfileMemoryRequest) -> None:
    await _config(deps, req.bot_id, space_id=req.space_id)
    await variables.delete(deps.pool, req.bot_id, end_user(req.user_id), list(req.keywords))


# ------------------------------------------------------------------ OpenAPI: GET|PUT /v1/variables


async def _open_target(deps: ServiceDeps, bot_id: int | None, app_id: str) -> tuple[int, BotConfig]:
    """The bot and the variable definitions its chats use: the published version's, else the draft's."""
    if not bot_id:
        if app_id.strip():
            raise InvalidArgument("field 'app_id': apps (projects) are not supported; pass the bot's bot_id")
        raise InvalidArgument("field 'bot_id': required")
    found = await access.runnable(deps.pool, bot_id, draft_mode=False)
    return bot_id, found.shown_config(online=True)


def _open_user(connector_uid: str) -> str:
    """The end user whose values these are: `user_id` of /v3/chat; the caller when not given."""
    return connector_uid.strip() or str(current_context().user_id)


async def open_values(deps: ServiceDeps, req: apb.OpenGetVariablesRequest) -> list[apb.OpenVariableValue]:
    bot_id, config = await _open_target(deps, req.bot_id if req.HasField("bot_id") else None, req.app_id)
    known = {v["key"] for v in definitions(config)}
    for i, keyword in enumerate(req.keywords):
        if keyword not in known:
            raise InvalidArgument(f"field 'keywords[{i}]': the bot has no variable {keyword!r}")
    return [apb.OpenVariableValue(keyword=v.definition["key"], value=v.value, create_time=v.create_time,
                                  update_time=v.update_time)
            for v in await user_values(deps.pool, bot_id, _open_user(req.connector_uid), config, list(req.keywords))]


async def open_set(deps: ServiceDeps, req: apb.OpenSetVariablesRequest) -> None:
    bot_id, config = await _open_target(deps, req.bot_id if req.HasField("bot_id") else None, req.app_id)
    items = [(item.keyword, item.value) for item in req.data]
    if not items:
        raise InvalidArgument("field 'data': at least one keyword")
    check_items(config, items)
    await variables.upsert(deps.pool, bot_id, _open_user(req.connector_uid), items)
