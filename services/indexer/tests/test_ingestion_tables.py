"""Table datasets: the first document defines the schema and the physical table; appended
documents must match it; every row becomes a slice holding the row as JSON."""

from __future__ import annotations

import json
import uuid

import asyncpg
import pytest

from atelier_devstack import sample_files
from atelier_devstack.api_client import AtelierClient
from atelier_devstack.stack_fixtures import KnowledgeStack
from atelier_search import SearchStores

pytestmark = pytest.mark.e2e

ENABLED, FAILED = 1, 9
ROWS = [["name", "price", "notes"], ["bolt", 3, "steel hex bolt"], ["washer", 1, "zinc flat washer"],
        ["nut", 2, "lock nut with nylon insert"]]


def name(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


async def physical_rows(env: dict[str, str], dataset_id: str, document_id: str | None = None) -> int:
    conn = await asyncpg.connect(env["ATELIER_DATABASE_URL"])
    try:
        table = f"knowledge_tables.t_{dataset_id}"
        if await conn.fetchval("SELECT to_regclass($1)", table) is None:
            return 0
        if document_id is None:
            return await conn.fetchval(f"SELECT count(*) FROM {table}")
        return await conn.fetchval(f"SELECT count(*) FROM {table} WHERE _document_id = $1", int(document_id))
    finally:
        await conn.close()


async def test_csv_defines_the_schema_and_xlsx_appends(client: AtelierClient, knowledge_stack: KnowledgeStack,
                                                       stores: SearchStores) -> None:
    dataset_id = await client.create_dataset(name("parts"), format_type=1)
    first = await client.upload(dataset_id, "parts.csv", sample_files.csv_bytes(ROWS, bom=True))
    done = (await client.wait_documents([first["document_id"]]))[first["document_id"]]
    assert done["status"] == ENABLED, done

    slices = await client.slices(first["document_id"])
    assert [json.loads(s["content"]) for s in slices] == [
        {"name": "bolt", "price": 3, "notes": "steel hex bolt"},
        {"name": "washer", "price": 1, "notes": "zinc flat washer"},
        {"name": "nut", "price": 2, "notes": "lock nut with nylon insert"},
    ]
    assert await physical_rows(knowledge_stack.env, dataset_id) == 3
    await stores.vector.flush(int(dataset_id))
    assert await stores.vector.count(int(dataset_id)) == 3

    docs = (await client.call("/api/knowledge/document/list", {"dataset_id": dataset_id, "space_id": client.space_id}))
    meta = {c["column_name"]: c for c in docs["document_infos"][0]["table_meta"]}
    assert set(meta) == {"name", "price", "notes"}
    assert meta["price"]["column_type"] == 2 and not meta["price"]["is_semantic"]  # number, not embedded
    assert meta["notes"]["is_semantic"]

    more = sample_files.xlsx({"Sheet1": [["name", "price", "notes"], ["gear", 40, "spur gear"], ["shaft", 25, None]]})
    appended = await client.upload(dataset_id, "more.xlsx", more)
    done = (await client.wait_documents([appended["document_id"]]))[appended["document_id"]]
    assert done["status"] == ENABLED, done
    assert await physical_rows(knowledge_stack.env, dataset_id) == 5
    assert await physical_rows(knowledge_stack.env, dataset_id, appended["document_id"]) == 2


async def test_appended_files_that_do_not_match_fail_naming_the_column(client: AtelierClient,
                                                                      knowledge_stack: KnowledgeStack) -> None:
    dataset_id = await client.create_dataset(name("strict"), format_type=1)
    first = await client.upload(dataset_id, "parts.csv", sample_files.csv_bytes(ROWS))
    assert (await client.wait_documents([first["document_id"]]))[first["document_id"]]["status"] == ENABLED

    renamed = await client.upload(dataset_id, "renamed.csv", sample_files.csv_bytes(
        [["name", "cost", "notes"], ["pin", 1, "cotter pin"]]))
    bad_cell = await client.upload(dataset_id, "badcell.csv", sample_files.csv_bytes(
        [["name", "price", "notes"], ["pin", 1, "ok"], ["clip", "cheap", "spring clip"]]))
    finals = await client.wait_documents([renamed["document_id"], bad_cell["document_id"]])
    assert finals[renamed["document_id"]]["status"] == FAILED
    assert "'price'" in finals[renamed["document_id"]]["status_descript"]
    reason = finals[bad_cell["document_id"]]["status_descript"]
    assert finals[bad_cell["document_id"]]["status"] == FAILED and "'price'" in reason and "row 3" in reason, reason
    # Nothing of the failed files stayed behind.
    assert await physical_rows(knowledge_stack.env, dataset_id) == 3


async def test_table_schema_preview_and_validation(client: AtelierClient) -> None:
    dataset_id = await client.create_dataset(name("preview"), format_type=1)
    first = await client.upload(dataset_id, "parts.csv", sample_files.csv_bytes(ROWS))
    await client.wait_documents([first["document_id"]])
    schema = await client.call("/api/knowledge/table_schema/get",
                               {"space_id": client.space_id, "source_file": {"tos_uri": first["tos_uri"]}})
    assert [c["column_name"] for c in schema["table_meta"]] == ["name", "price", "notes"]
    assert schema["preview_data"][0]["values"] == {"name": "bolt", "price": "3", "notes": "steel hex bolt"}
    assert schema["sheet_list"][0]["total_row"] >= 3

    other = await client.upload(dataset_id, "other.csv", sample_files.csv_bytes([["name", "weight"], ["x", 1]]))
    await client.wait_documents([other["document_id"]])
    result = await client.call("/api/knowledge/table_schema/validate", {
        "space_id": client.space_id, "document_id": first["document_id"],
        "source_file": {"tos_uri": other["tos_uri"]}})
    assert result["column_valid_result"]["name"] == ""
    assert result["column_valid_result"]["price"] == "missing from the file"
    assert result["column_valid_result"]["weight"] == "not in the table schema"
