"""Publishing: the draft's settings and enabled tools become an immutable version, the online one.

As in Coze Studio: every enabled tool must have passed a debug run since its last change, at least
one tool must be enabled (OpenAPI plugins), and the version name is a `vMAJOR.MINOR.PATCH` greater
than the last one (the next patch when none is given)."""

from __future__ import annotations

import re
import time

from atelier_common.auth import current_context
from atelier_common.errors import Conflict, InvalidArgument
from atelier_plugin import access, builtin_plugins
from atelier_plugin.state import PluginState
from atelier_plugin.store import UniqueViolation
from atelier_plugin.store import plugins as plugin_rows
from atelier_plugin.store import tools as tool_rows
from atelier_plugin.store import versions as version_rows
from atelier_proto import plugin_pb2 as ppb
from atelier_proto.enums import APIDebugStatus, PluginKind

FIRST_VERSION = "v1.0.0"
_SEMVER = re.compile(r"^v(\d+)\.(\d+)\.(\d+)$")


def _semver(name: str) -> tuple[int, int, int] | None:
    match = _SEMVER.match(name)
    return (int(match[1]), int(match[2]), int(match[3])) if match else None


def next_version_name(last: str | None) -> str:
    parsed = _semver(last or "")
    if parsed is None:
        return FIRST_VERSION
    major, minor, patch = parsed
    return f"v{major}.{minor}.{patch + 1}"


def check_version_name(name: str, last: str | None) -> None:
    parsed = _semver(name)
    if parsed is None:
        raise InvalidArgument(f"field 'version_name': {name!r} is not a version like v1.0.0")
    previous = _semver(last or "")
    if previous is not None and parsed <= previous:
        raise InvalidArgument(f"field 'version_name': {name} must be greater than the online version {last}")


async def publish(state: PluginState, req: ppb.PublishPluginRequest) -> str:
    """The new version's version_ts."""
    builtin_plugins.refuse_change(req.plugin_id, "be published (it is always online)")
    async with state.deps.pool.acquire() as conn, conn.transaction():
        plugin = await access.plugin(conn, req.plugin_id, space_id=req.space_id, for_update=True)
        tools = [t for t in await tool_rows.of_plugin(conn, plugin.id) if not t.disabled]
        if plugin.settings.kind == PluginKind.Openapi:
            if not tools:
                raise InvalidArgument(f"plugin '{plugin.settings.name}' has no enabled tool to publish")
            waiting = [t.name for t in tools if t.debug_status != APIDebugStatus.DebugPassed]
            if waiting:
                raise InvalidArgument(f"tools not debugged since their last change: {', '.join(waiting)}; "
                                      "run each once with debug_api before publishing")
        latest = await version_rows.latest(conn, plugin.id)
        last_name = latest.version_name if latest else None
        name = req.version_name.strip() or next_version_name(last_name)
        check_version_name(name, last_name)
        # Milliseconds, as Coze's version_ts; later than the last even within one millisecond.
        version = str(max(int(time.time() * 1000), int(latest.version) + 1 if latest else 0))
        try:
            await version_rows.insert(conn, plugin_id=plugin.id, version=version, version_name=name,
                                      version_desc=req.version_desc, settings=plugin.settings,
                                      secrets_sealed=plugin.secrets_sealed, tools=tools,
                                      creator_id=current_context().user_id)
        except UniqueViolation:
            raise Conflict(f"plugin {plugin.id} already has a version {name}") from None
        await plugin_rows.mark_published(conn, plugin.id, version)
    return version
