"""A database node that cannot run is reported by validate_tree and keeps the workflow from being
published, naming the node (the draft is still saved: a draft is work in progress)."""

from __future__ import annotations

from atelier_devstack.api_client import expect_error
from atelier_proto.enums import CanvasIssueKind


def delete_everything(node_id: str) -> dict:
    """A Delete node (44) on a table, with no condition: it would empty the table."""
    return {"id": node_id, "type": "44", "meta": {"position": {"x": 400, "y": 0}},
            "data": {"nodeMeta": {"title": "Purge"}, "inputs": {
                "databaseInfoList": [{"databaseInfoID": "7400000000001"}], "deleteParam": {
                    "condition": {"conditionList": [], "logic": "AND"}}},
                "outputs": [{"type": "integer", "name": "rowNum"}]}}


def sql_without_table(node_id: str) -> dict:
    return {"id": node_id, "type": "12", "meta": {"position": {"x": 600, "y": 0}},
            "data": {"nodeMeta": {"title": "Report"}, "inputs": {"sql": "SELECT 1"},
                     "outputs": [{"type": "integer", "name": "rowNum"}]}}


async def test_incomplete_database_nodes_are_reported_and_not_published(workflows, parts) -> None:
    workflow_id = await workflows.create()
    doc = parts.canvas(delete_everything("130001"), sql_without_table("130002"))
    doc["nodes"][-1]["data"]["inputs"]["inputParameters"] = []
    await workflows.save(workflow_id, doc)

    [info] = (await workflows.call("validate_tree", workflow_id=workflow_id))["data"]
    found = {e["node_error"]["node_id"]: e["message"] for e in info["errors"] if e["kind"] == CanvasIssueKind.InvalidSetting.value}
    assert set(found) == {"130001", "130002"}, info["errors"]
    assert "a delete needs at least one condition" in found["130001"]
    assert "no database is selected" in found["130002"]

    await expect_error(workflows.publish(workflow_id, force=True), 400, "130001", "a delete needs at least one condition")
