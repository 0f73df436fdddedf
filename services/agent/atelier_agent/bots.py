"""Agent drafts, versions (publish, history, rollback), display settings, onboarding and shortcuts."""

from __future__ import annotations

import time
from typing import Any

from atelier_agent import access, icons, refs
from atelier_agent.domain import config
from atelier_agent.domain.entities import BotConfig
from atelier_agent.domain.proto_json import from_doc, to_doc, to_patch
from atelier_agent.models import ModelRegistry
from atelier_agent.run_configs import RunConfigs
from atelier_agent.store import bots, shortcuts
from atelier_common import paging
from atelier_common.auth import current_context, require_space
from atelier_common.errors import Conflict, InvalidArgument, NotFound
from atelier_common.service import ServiceDeps
from atelier_proto import agent_pb2 as apb
from atelier_proto.enums import HistoryType, ToolType

MAX_PAGE_SIZE = 100


def _now_s() -> int:
    return int(time.time())


async def create(deps: ServiceDeps, req: apb.DraftBotCreateRequest) -> int:
    require_space(req.space_id)
    name = config.valid_name(req.name)
    bot_id = deps.ids.next_id()
    draft = config.new_draft(bot_id=bot_id, space_id=req.space_id, creator_id=current_context().user_id, name=name,
                             description=req.description, icon_uri=req.icon_uri, now_s=_now_s())
    await bots.insert(deps.pool, id=bot_id, space_id=req.space_id, creator_id=current_context().user_id, draft=draft)
    return bot_id


async def delete(deps: ServiceDeps, req: apb.DeleteDraftBotRequest) -> None:
    await access.bot(deps.pool, req.bot_id, space_id=req.space_id)
    await bots.soft_delete(deps.pool, req.bot_id)


async def duplicate(deps: ServiceDeps, req: apb.DuplicateDraftBotRequest) -> tuple[int, str]:
    async with deps.pool.acquire() as conn, conn.transaction():
        bot = await access.bot(conn, req.bot_id, space_id=req.space_id)
        new_id = deps.ids.next_id()
        name = f"{bot.draft.doc.get('name', '')}(copy)"[: config.MAX_NAME_LEN]
        now = str(_now_s())
        copy_ = bot.draft.with_fields(bot_id=str(new_id), name=name, creator_id=str(current_context().user_id),
                                      create_time=now, update_time=now)
        await bots.insert(conn, id=new_id, space_id=bot.space_id, creator_id=current_context().user_id, draft=copy_)
        for command in await shortcuts.list_for_bot(conn, req.bot_id):
            command_id = deps.ids.next_id()
            await shortcuts.upsert(conn, command_id, new_id,
                                   {**command, "command_id": str(command_id), "object_id": str(new_id)})
    return new_id, name


async def bot_info(deps: ServiceDeps, cfg: BotConfig, *, version: str = "") -> apb.BotInfo:
    info = from_doc(cfg.doc, apb.BotInfo)
    if version:
        info.version = version
    info.icon_url = await icons.url(deps, info.icon_uri)
    return info


async def get_info(deps: ServiceDeps, req: apb.GetDraftBotInfoAgwRequest) -> apb.GetDraftBotInfoAgwData:
    bot = await access.bot(deps.pool, req.bot_id, space_id=req.space_id)
    if req.version:
        version = await bots.get_version(deps.pool, req.bot_id, req.version)
        if version is None:
            raise NotFound(f"bot {req.bot_id} has no version {req.version}")
        cfg, commands = version.config, version.shortcuts
    else:
        cfg, commands = bot.draft, await shortcuts.list_for_bot(deps.pool, req.bot_id)
    data = apb.GetDraftBotInfoAgwData(
        bot_info=await bot_info(deps, cfg, version=req.version or (bot.online_version or "")),
        has_unpublished_change=bot.draft_changed, editable=True, deletable=True,
        has_publish=bot.is_published, space_id=bot.space_id,
        bot_option_data=apb.BotOptionData(shortcut_command_list=[from_doc(c, apb.ShortcutCommand) for c in commands]),
    )
    if bot.published_at is not None:
        data.publish_time = str(int(bot.published_at.timestamp()))
    return data


async def update_info(deps: ServiceDeps, models: ModelRegistry, req: apb.UpdateDraftBotInfoAgwRequest,
                      sent_empty: frozenset[str] = frozenset()) -> bool:
    """sent_empty: the bot_info list fields the caller sent as [] (atelier_common.sent_empty): cleared."""
    if not req.bot_info.HasField("bot_id") or not req.bot_info.bot_id:
        raise InvalidArgument("field 'bot_info.bot_id': required")
    patch = to_patch(req.bot_info, sent_empty)
    model_ids = {m.id for m in models.models}
    # References to other places are checked first: nothing is locked while knowledge answers.
    bot = await access.bot(deps.pool, req.bot_info.bot_id, space_id=req.space_id)
    await refs.check_added(deps, bot.space_id, patch, bot.draft, config.console_field)
    async with deps.pool.acquire() as conn, conn.transaction():
        bot = await access.bot(conn, req.bot_info.bot_id, for_update=True, space_id=req.space_id)
        draft, changed = config.apply_update(bot.draft, patch)
        config.validate(draft, model_ids)
        if changed:
            await bots.save_draft(conn, bot.id, config.touched(draft, _now_s()))
    return changed


async def publish(deps: ServiceDeps, models: ModelRegistry, req: apb.PublishDraftBotRequest) -> str:
    async with deps.pool.acquire() as conn, conn.transaction():
        draft = (await access.bot(conn, req.bot_id, for_update=True, space_id=req.space_id)).draft
        config.validate(draft, {m.id for m in models.models})
        model_id = int(draft.section("model_info").get("model_id") or 0)
        if models.resolve(model_id) is None:
            raise InvalidArgument("the agent has no model and no default model is configured")
        version = req.commit_version or str(deps.ids.next_id())
        if await bots.version_exists(conn, req.bot_id, version):
            raise Conflict(f"bot {req.bot_id} already has a version {version}")
        connectors = {k: dict(v.values) for k, v in req.connectors.items()} or {"API": {}}
        await bots.insert_version(conn, bot_id=req.bot_id, version=version, config=draft,
                                  shortcuts=await shortcuts.list_for_bot(conn, req.bot_id), info=req.history_info,
                                  connectors=connectors, creator_id=current_context().user_id)
    return version


async def history(deps: ServiceDeps, req: apb.ListDraftBotHistoryRequest) -> apb.ListDraftBotHistoryData:
    await access.bot(deps.pool, req.bot_id, space_id=req.space_id)
    # Both fields are required by the IDL: 0 is out of range, not "absent".
    page = paging.page(req.page_index, req.page_size, default_size=MAX_PAGE_SIZE, max_size=MAX_PAGE_SIZE,
                       number_field="page_index", size_field="page_size")
    if req.HasField("history_type") and req.history_type != HistoryType.FLAG:
        return apb.ListDraftBotHistoryData(total=0)  # only published versions are kept
    versions, total = await bots.list_versions(deps.pool, req.bot_id, limit=page.size, offset=page.offset)
    infos = [apb.HistoryInfo(version=v.version, history_type=v.history_type, info=v.info,
                             create_time=str(int(v.created_at.timestamp())), creator_id=v.creator_id)
             for v in versions]
    return apb.ListDraftBotHistoryData(history_infos=infos, total=total)


async def revert(deps: ServiceDeps, req: apb.RevertDraftBotRequest) -> apb.BotInfo:
    """Rollback: the draft (config and shortcuts) becomes a copy of a published version."""
    async with deps.pool.acquire() as conn, conn.transaction():
        bot = await access.bot(conn, req.bot_id, for_update=True, space_id=req.space_id)
        version = await bots.get_version(conn, req.bot_id, req.version)
        if version is None:
            raise NotFound(f"bot {req.bot_id} has no version {req.version}")
        draft = config.touched(version.config, _now_s())
        await bots.save_draft(conn, bot.id, draft)
        await shortcuts.replace_all(conn, bot.id, version.shortcuts)
    return await bot_info(deps, draft)


async def get_display_info(deps: ServiceDeps, bot_id: int, space_id: int) -> dict[str, int]:
    return dict((await access.bot(deps.pool, bot_id, space_id=space_id)).display_info)


async def update_display_info(deps: ServiceDeps, bot_id: int, space_id: int, info: dict[str, int]) -> None:
    await access.bot(deps.pool, bot_id, space_id=space_id)
    await bots.set_display_info(deps.pool, bot_id, info)


async def onboarding(deps: ServiceDeps, req: apb.GetOnboardingRequest) -> apb.OnboardingContent:
    info = (await access.bot(deps.pool, req.bot_id, space_id=req.space_id)).draft.section("onboarding_info")
    return apb.OnboardingContent(prologue=info.get("prologue", ""),
                                 suggested_questions=list(info.get("suggested_questions") or []))


async def save_shortcut(deps: ServiceDeps, req: apb.CreateUpdateShortcutCommandRequest) -> apb.ShortcutCommand:
    command = apb.ShortcutCommand()
    command.CopyFrom(req.shortcuts)
    if not command.command_name.strip():
        raise InvalidArgument("field 'shortcuts.command_name': must not be empty")
    if not command.shortcut_command.startswith("/"):
        raise InvalidArgument("field 'shortcuts.shortcut_command': must start with '/'")
    if command.tool_type == ToolType.ToolTypeNone and not command.template_query.strip():
        raise InvalidArgument("field 'shortcuts.template_query': a prompt shortcut needs a template")
    async with deps.pool.acquire() as conn, conn.transaction():
        await access.bot(conn, req.object_id, for_update=True, space_id=req.space_id)
        if command.command_id:
            found = await shortcuts.get(conn, command.command_id)
            if found is None or found.bot_id != req.object_id:
                raise NotFound(f"shortcut command {command.command_id} not found on bot {req.object_id}")
        else:
            command.command_id = deps.ids.next_id()
        command.object_id = req.object_id
        await shortcuts.upsert(conn, command.command_id, req.object_id, to_doc(command))

        def remember(draft: BotConfig) -> BotConfig:
            order = list(draft.doc.get("shortcut_sort") or [])
            return draft if str(command.command_id) in order else \
                draft.with_fields(shortcut_sort=[*order, str(command.command_id)])

        await bots.update_draft(conn, req.object_id, remember)
    return command


async def runtime_config(deps: ServiceDeps, bot_id: int, *, draft_mode: bool, space_id: int = 0,
                         configs: RunConfigs | None = None) -> tuple[BotConfig, list[dict[str, Any]], int]:
    """The configuration a chat runs with: (config, shortcut commands, space_id), in one query (none
    when `configs` keeps it). 404 for a bot that was never published when the published version is
    asked for."""
    found = await access.runnable(deps.pool, bot_id, draft_mode=draft_mode, space_id=space_id or None,
                                  configs=configs)
    bot = found.bot
    if draft_mode:
        return bot.draft, found.draft_shortcuts or [], bot.space_id
    if not bot.is_published or found.online_config is None:
        raise NotFound(f"bot {bot_id} is not published")
    return found.online_config, found.online_shortcuts or [], bot.space_id
