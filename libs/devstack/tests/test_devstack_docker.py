"""testcontainers-backed servers; skipped with the reason where no Docker engine answers."""

from __future__ import annotations

import asyncio
import uuid

import httpx
import pytest
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer

from atelier_devstack.pytest_plugin import docker_unavailable_reason

pytestmark = pytest.mark.docker


def test_docker_reason_is_explicit() -> None:
    reason = docker_unavailable_reason()
    assert reason is None or "Docker" in reason or "docker" in reason


async def test_real_kafka_round_trip(real_kafka: str) -> None:
    topic = f"probe-{uuid.uuid4().hex[:8]}"
    producer = AIOKafkaProducer(bootstrap_servers=real_kafka)
    await producer.start()
    try:
        await producer.send_and_wait(topic, b"hello")
    finally:
        await producer.stop()
    consumer = AIOKafkaConsumer(topic, bootstrap_servers=real_kafka, auto_offset_reset="earliest")
    await consumer.start()
    try:
        assert (await asyncio.wait_for(consumer.getone(), 30)).value == b"hello"
    finally:
        await consumer.stop()


def test_real_milvus_answers(real_milvus: str) -> None:
    from pymilvus import MilvusClient

    client = MilvusClient(uri=real_milvus)
    try:
        assert isinstance(client.list_collections(), list)
    finally:
        client.close()


def test_real_elasticsearch_answers(real_elasticsearch: str) -> None:
    assert httpx.get(real_elasticsearch, timeout=10).json()["version"]["number"].startswith("8.")
