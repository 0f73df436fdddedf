"""The infrastructure fixtures hand out real, working servers."""

from __future__ import annotations

import asyncio
import uuid

import asyncpg
import redis.asyncio as aioredis
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer
from aiokafka.admin import AIOKafkaAdminClient, NewTopic

from atelier_devstack.ports import free_port, port_open


async def test_database_url_is_a_database_of_this_session(database_url: str) -> None:
    # Other tests share the session database, so "fresh" is checked by its name and creation:
    # the lifecycle test proves it is dropped when the session ends.
    conn = await asyncpg.connect(database_url)
    try:
        assert (await conn.fetchval("SELECT current_database()")).startswith("atelier_test_")
        await conn.execute("CREATE TABLE fixture_probe (id int PRIMARY KEY)")
        await conn.execute("INSERT INTO fixture_probe VALUES (1)")
        assert await conn.fetchval("SELECT count(*) FROM fixture_probe") == 1
    finally:
        await conn.close()


async def test_redis_url_is_a_test_db_this_session_holds(redis_url: str) -> None:
    from atelier_devstack.pytest_plugin import CLAIM_KEY, TEST_DBS

    db = int(redis_url.rsplit("/", 1)[1])
    assert db in TEST_DBS  # never a dev stack's db 0 or the benchmarks' db 13
    client = aioredis.from_url(redis_url)
    try:
        await client.set("fixture:probe", "1")
        assert await client.get("fixture:probe") == b"1"
        assert (await client.client_info())["db"] == db
        assert await client.get(CLAIM_KEY)  # another session moves on to the next db
    finally:
        await client.aclose()


async def test_kafka_bootstrap_answers_metadata_and_round_trips(kafka_bootstrap: str) -> None:
    topic = f"fixture-probe-{uuid.uuid4().hex[:8]}"
    admin = AIOKafkaAdminClient(bootstrap_servers=kafka_bootstrap)
    await admin.start()
    try:
        await admin.create_topics([NewTopic(topic, num_partitions=2, replication_factor=1)])
        assert topic in await admin.list_topics()
    finally:
        await admin.close()

    producer = AIOKafkaProducer(bootstrap_servers=kafka_bootstrap)
    await producer.start()
    try:
        await producer.send_and_wait(topic, b"hello", key=b"k", headers=[("event-type", b"Probe")])
    finally:
        await producer.stop()

    consumer = AIOKafkaConsumer(topic, bootstrap_servers=kafka_bootstrap, auto_offset_reset="earliest", group_id=None)
    await consumer.start()
    try:
        msg = await asyncio.wait_for(consumer.getone(), 20)
    finally:
        await consumer.stop()
    assert msg.value == b"hello"
    assert dict(msg.headers)["event-type"] == b"Probe"


async def test_milvus_uri_answers(milvus_uri: str) -> None:
    from pymilvus import DataType, MilvusClient

    def roundtrip() -> list:
        client = MilvusClient(uri=milvus_uri)
        try:
            name = f"fixture_probe_{uuid.uuid4().hex[:8]}"
            schema = client.create_schema(auto_id=False)
            schema.add_field("id", DataType.INT64, is_primary=True)
            schema.add_field("vec", DataType.FLOAT_VECTOR, dim=4)
            index = client.prepare_index_params()
            index.add_index("vec", metric_type="COSINE", index_type="FLAT")
            client.create_collection(name, schema=schema, index_params=index)
            assert name in client.list_collections()
            client.insert(name, [{"id": 1, "vec": [1, 0, 0, 0]}, {"id": 2, "vec": [0, 1, 0, 0]}])
            client.load_collection(name)
            return client.search(name, data=[[0.9, 0.1, 0, 0]], limit=1, anns_field="vec")
        finally:
            client.close()

    hits = await asyncio.to_thread(roundtrip)
    assert hits[0][0]["id"] == 1


def test_storage_dir_is_a_writable_dir(storage_dir) -> None:
    (storage_dir / "probe.bin").write_bytes(b"x")
    assert (storage_dir / "probe.bin").read_bytes() == b"x"


def test_atelier_env_points_at_the_fixtures(atelier_env, database_url, redis_url, kafka_bootstrap, milvus_uri) -> None:
    assert atelier_env["ATELIER_DATABASE_URL"] == database_url
    assert atelier_env["ATELIER_REDIS_URL"] == redis_url
    assert atelier_env["ATELIER_KAFKA_BOOTSTRAP"] == kafka_bootstrap
    assert atelier_env["ATELIER_MILVUS_URI"] == milvus_uri
    ports = [int(atelier_env[f"ATELIER_{n.upper()}_ADDR"].rsplit(":", 1)[1]) for n in
             ("agent", "conversation", "knowledge", "indexer", "workflow", "plugin")]  # fmt: skip
    ports.append(int(atelier_env["ATELIER_GATEWAY_PORT"]))
    assert len(set(ports)) == len(ports)
    assert not any(port_open("127.0.0.1", p) for p in ports)
    assert all(k.startswith("ATELIER_") for k in atelier_env)


def test_free_port_is_bindable() -> None:
    import socket

    port = free_port()
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", port))


async def test_private_kafka_restarts_on_the_same_port_empty(private_kafka) -> None:
    """A crashed and restarted broker keeps its address; on memory storage it has lost its topics."""
    admin = AIOKafkaAdminClient(bootstrap_servers=private_kafka.url)
    await admin.start()
    try:
        await admin.create_topics([NewTopic("before-restart", 1, 1)])
        assert "before-restart" in await admin.list_topics()
    finally:
        await admin.close()
    port = private_kafka.port
    await private_kafka.restart()
    assert private_kafka.port == port and port_open("127.0.0.1", port)
    admin = AIOKafkaAdminClient(bootstrap_servers=private_kafka.url)
    await admin.start()
    try:
        assert "before-restart" not in await admin.list_topics()
    finally:
        await admin.close()
