"""One-shot cluster bootstrap: apply every installed service's migrations and create Kafka topics.

Used by the compose `init` service and the Kubernetes migration/topic Jobs:

    python -m atelier_common.bootstrap            # both
    python -m atelier_common.bootstrap migrations
    python -m atelier_common.bootstrap topics

Services are discovered through the `atelier.services` entry-point group (each service package
declares `<name> = "atelier_<name>.main:SPEC"`), so this module never imports a service by name.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
from importlib.metadata import entry_points

from atelier_common.logging import configure_logging
from atelier_common.settings import Settings, get_settings

log = logging.getLogger("atelier.bootstrap")


def installed_specs() -> list:
    """ServiceSpec of every installed service, sorted by name."""
    specs = [ep.load() for ep in entry_points(group="atelier.services")]
    return sorted(specs, key=lambda spec: spec.name)


async def migrate_all(settings: Settings) -> dict[str, list[str]]:
    from atelier_common.service import migrate

    applied: dict[str, list[str]] = {}
    for spec in installed_specs():
        applied[spec.name] = await migrate(spec, settings)
        log.info("migrated", extra={"schema": spec.schema, "applied": applied[spec.name]})
    return applied


async def create_topics(settings: Settings) -> None:
    from atelier_common.kafka.topics import TOPICS, ensure_topics

    await ensure_topics(settings.kafka_bootstrap, TOPICS)
    log.info("topics ready", extra={"topics": [spec.name for spec in TOPICS]})


async def _main(what: str) -> None:
    settings = get_settings()
    if what in ("all", "migrations"):
        await migrate_all(settings)
    if what in ("all", "topics"):
        await create_topics(settings)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m atelier_common.bootstrap", description=__doc__.splitlines()[0])
    parser.add_argument("what", nargs="?", default="all", choices=["all", "migrations", "topics"])
    args = parser.parse_args()
    configure_logging("bootstrap", get_settings().log_level)
    asyncio.run(_main(args.what))


if __name__ == "__main__":
    main()
