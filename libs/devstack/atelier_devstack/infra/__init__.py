"""Launchers for the stack's infrastructure: one module per component, each with start/stop/health."""

from atelier_devstack.infra.base import Launcher
from atelier_devstack.infra.kafka import KafkaLauncher
from atelier_devstack.infra.milvus import MilvusLauncher
from atelier_devstack.infra.postgres import PostgresLauncher
from atelier_devstack.infra.redis import RedisLauncher

__all__ = ["KafkaLauncher", "Launcher", "MilvusLauncher", "PostgresLauncher", "RedisLauncher"]
