"""The Coze OpenAPI for bots (/v1/bot/*, /v1/bots*, /v1/space/published_bots_list): create, update,
publish, unpublish, get and list, on the same drafts and versions as the console (bots.py)."""

from __future__ import annotations

import logging
import time
from datetime import datetime
from typing import Any

from atelier_agent import access, bots, icons, refs
from atelier_agent.domain import config, openapi
from atelier_agent.domain.entities import BotConfig, BotWithOnlineConfig
from atelier_agent.models import ModelRegistry
from atelier_agent.store import bots as bot_rows
from atelier_agent.store import shortcuts
from atelier_common.auth import current_context, require_space
from atelier_common.errors import Conflict, InvalidArgument, NotFound
from atelier_common.service import ServiceDeps
from atelier_proto import agent_pb2 as apb
from atelier_proto import base_pb2

log = logging.getLogger("atelier.agent.openapi")


def _model_ids(models: ModelRegistry) -> set[int]:
    return {m.id for m in models.models}


async def create(deps: ServiceDeps, models: ModelRegistry, req: apb.OpenCreateBotRequest) -> int:
    require_space(req.space_id)
    name = config.valid_name(req.name)
    icon_uri = await icons.uri_of_file(deps, req.icon_file_id) if req.HasField("icon_file_id") else ""
    bot_id = deps.ids.next_id()
    user_id = current_context().user_id
    draft = config.new_draft(bot_id=bot_id, space_id=req.space_id, creator_id=user_id, name=name,
                             description=req.description, icon_uri=icon_uri, now_s=int(time.time()))
    patch = openapi.draft_patch(req, draft)
    await refs.check_added(deps, req.space_id, patch, draft, openapi.field_name)
    draft, _ = config.apply_update(draft, patch)
    config.validate(draft, _model_ids(models), openapi.field_name)
    await bot_rows.insert(deps.pool, id=bot_id, space_id=req.space_id, creator_id=user_id, draft=draft)
    return bot_id


async def update(deps: ServiceDeps, models: ModelRegistry, req: apb.OpenUpdateBotRequest,
                 sent_empty: frozenset[str] = frozenset()) -> None:
    """sent_empty: the request's list fields the caller sent as [] (atelier_common.sent_empty): a
    list not sent stays as it was, one sent empty is cleared."""
    bot = await access.bot(deps.pool, req.bot_id, space_id=req.space_id)
    # Lookups in other places first: nothing is locked or written while they run.
    extra: dict[str, Any] = {}
    if req.HasField("icon_file_id"):
        extra["icon_uri"] = await icons.uri_of_file(deps, req.icon_file_id)
    await refs.check_added(deps, bot.space_id, openapi.draft_patch(req, bot.draft, sent_empty), bot.draft,
                           openapi.field_name)
    dataset_names: dict[int, str] = {}
    if req.HasField("knowledge"):
        ids = list(req.knowledge.dataset_ids)
        openapi.check_dataset_ids(ids)
        dataset_names = await refs.dataset_names(
            deps, bot.space_id, [(f"knowledge.dataset_ids[{i}]", dataset_id) for i, dataset_id in enumerate(ids)])
    async with deps.pool.acquire() as conn, conn.transaction():
        bot = await access.bot(conn, req.bot_id, for_update=True, space_id=req.space_id)
        patch = {**openapi.draft_patch(req, bot.draft, sent_empty), **extra}
        if req.HasField("knowledge"):
            patch["knowledge"] = openapi.knowledge_patch(req.knowledge, bot.draft, dataset_names, sent_empty)
        updated, changed = config.apply_update(bot.draft, patch)
        config.validate(updated, _model_ids(models), openapi.field_name)
        if changed:
            await bot_rows.save_draft(conn, bot.id, config.touched(updated, int(time.time())))


async def publish(deps: ServiceDeps, models: ModelRegistry, req: apb.OpenPublishBotRequest) -> str:
    connectors = openapi.connector_ids(list(req.connector_ids))
    return await bots.publish(deps, models, apb.PublishDraftBotRequest(
        space_id=req.space_id, bot_id=req.bot_id, connectors={c: base_pb2.StringMap() for c in connectors}))


async def unpublish(deps: ServiceDeps, req: apb.OpenUnpublishBotRequest) -> None:
    """The connector leaves the online version; without the API connector the bot is offline."""
    connector = req.connector_id.strip()
    if not connector.isdigit():
        raise InvalidArgument(f"field 'connector_id': {req.connector_id!r} is not a connector id")
    if len(req.unpublish_reason) > openapi.MAX_UNPUBLISH_REASON:
        raise InvalidArgument(f"field 'unpublish_reason': at most {openapi.MAX_UNPUBLISH_REASON} characters")
    async with deps.pool.acquire() as conn, conn.transaction():
        bot = await access.bot(conn, req.bot_id, for_update=True, space_id=req.space_id)
        if bot.online_version is None:
            raise Conflict(f"bot {req.bot_id} is not published")
        version = await bot_rows.get_version(conn, req.bot_id, bot.online_version)
        published_to = dict(version.connectors) if version is not None else {}
        aliases = openapi.connector_aliases(connector)
        if not any(a in published_to for a in aliases):
            raise InvalidArgument(f"field 'connector_id': bot {req.bot_id} is not published to connector {connector}")
        remaining = {k: v for k, v in published_to.items() if k not in aliases}
        await bot_rows.set_connectors(conn, req.bot_id, bot.online_version, remaining)
        if not any(a in remaining for a in openapi.connector_aliases(openapi.API_CONNECTOR)):
            await bot_rows.take_offline(conn, req.bot_id)
    log.info("bot unpublished", extra={"bot_id": req.bot_id, "connector_id": connector,
                                       "reason": req.unpublish_reason})


def _model_ref(models: ModelRegistry, cfg: BotConfig) -> openapi.ModelRef | None:
    model_id = cfg.section("model_info").get("model_id")
    model = models.resolve(int(model_id) if str(model_id or "").isdigit() else None)
    return None if model is None else openapi.ModelRef(model.id, model.name)


async def bot(deps: ServiceDeps, models: ModelRegistry, bot_id: int, *, published: bool,
              space_id: int = 0) -> apb.OpenAPIBotInfo:
    """The published version (404 when there is none), or the draft."""
    found = await access.bot(deps.pool, bot_id, space_id=space_id)
    if published:
        online = None if found.online_version is None else await bot_rows.get_version(deps.pool, bot_id,
                                                                                      found.online_version)
        if online is None:
            raise NotFound(f"bot {bot_id} is not published")
        cfg, commands, version = online.config, online.shortcuts, online.version
    else:
        cfg, commands, version = found.draft, await shortcuts.list_for_bot(deps.pool, bot_id), ""
    return openapi.bot_view(cfg, bot_id=bot_id, version=version, icon_url=await icons.url(deps, cfg.icon_uri),
                            model=_model_ref(models, cfg), shortcuts=commands)


def _epoch(moment: datetime | None) -> int:
    return int(moment.timestamp()) if moment is not None else 0


async def _simple_bot(deps: ServiceDeps, listed: BotWithOnlineConfig, *, online: bool) -> apb.OpenAPISimpleBot:
    bot = listed.bot
    cfg = listed.shown_config(online=online)
    item = apb.OpenAPISimpleBot(
        id=bot.id, name=cfg.name, description=cfg.description,
        icon_url=await icons.url(deps, cfg.icon_uri), is_published=bot.is_published,
        updated_at=_epoch(bot.published_at if online else bot.updated_at),
        owner_user_id=bot.creator_id)
    if bot.published_at is not None:
        item.published_at = _epoch(bot.published_at)
    return item


async def list_bots(deps: ServiceDeps, req: apb.OpenListBotsRequest) -> apb.OpenListBotsData:
    """GET /v1/bots: published_online shows the online versions (latest publish first), the other
    statuses the drafts (latest change first)."""
    require_space(req.workspace_id)
    status = openapi.publish_status(req.publish_status if req.HasField("publish_status") else None)
    if req.HasField("page_num"):
        number, field = req.page_num, "page_num"
    else:  # cozepy sends page_index
        number, field = (req.page_index if req.HasField("page_index") else None), "page_index"
    page = openapi.page(number, req.page_size if req.HasField("page_size") else None, number_field=field)
    connectors = None
    if req.HasField("connector_id"):
        connectors = openapi.connector_aliases(openapi.connector_ids([req.connector_id], "connector_id")[0])
    published = {openapi.ALL: None, openapi.UNPUBLISHED_DRAFT: False}.get(status, True)
    online = status == openapi.PUBLISHED_ONLINE
    listed, total = await bot_rows.list_in_space(deps.pool, req.workspace_id, published=published,
                                                 connectors=connectors, by_publish_time=online,
                                                 limit=page.size, offset=page.offset)
    return apb.OpenListBotsData(items=[await _simple_bot(deps, b, online=online) for b in listed], total=total)


async def list_published(deps: ServiceDeps, req: apb.OpenListPublishedBotsRequest) -> apb.OpenListPublishedBotsData:
    """GET /v1/space/published_bots_list: the bots published to the API, as their online versions."""
    require_space(req.space_id)
    page = openapi.page(req.page_index if req.HasField("page_index") else None,
                        req.page_size if req.HasField("page_size") else None, number_field="page_index")
    listed, total = await bot_rows.list_in_space(
        deps.pool, req.space_id, published=True, connectors=openapi.connector_aliases(openapi.API_CONNECTOR),
        by_publish_time=True, limit=page.size, offset=page.offset)
    items = []
    for found in listed:
        cfg = found.shown_config(online=True)
        items.append(apb.OpenAPISpaceBot(bot_id=found.bot.id, bot_name=cfg.name,
                                         description=cfg.description,
                                         icon_url=await icons.url(deps, cfg.icon_uri),
                                         publish_time=str(_epoch(found.bot.published_at))))
    return apb.OpenListPublishedBotsData(space_bots=items, total=total)
