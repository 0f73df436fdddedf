"""Workflow definitions through the gateway, as the console uses them: create, edit the canvas,
publish versions, find workflows, copy and delete them; what is refused, naming the problem."""

from __future__ import annotations

import json

import asyncpg

from atelier_devstack.api_client import expect_error

WORKFLOW, CHATFLOW = 0, 3
CAN_NOT_SUBMIT, HAD_SUBMIT = 1, 3  # WorkFlowDevStatus
CAN_NOT_PUBLISH, HAD_PUBLISHED = 1, 3  # WorkFlowStatus
DRAFT, PUBLISH = 1, 3  # VCSCanvasType
UNPUBLISHED, PUBLISHED = 1, 2  # WorkFlowListStatus


async def test_a_workflow_from_creation_to_deletion(workflows, parts, workflow_db: asyncpg.Pool) -> None:
    name = workflows.unique_name("triage")
    created = await workflows.call("create", name=name, desc="sorts tickets", icon_uri="")
    workflow_id = created["data"]["workflow_id"]
    assert created["data"]["name"] == name and created["data"]["status"] == CAN_NOT_PUBLISH

    # a new workflow opens on a start and an end node, unpublished
    opened = await workflows.canvas(workflow_id)
    wf = opened["workflow"]
    assert (wf["workflow_id"], wf["name"], wf["desc"], wf["flow_mode"]) == (workflow_id, name, "sorts tickets", WORKFLOW)
    assert [n["id"] for n in json.loads(wf["schema_json"])["nodes"]] == ["100001", "900001"]
    assert wf["status"] == CAN_NOT_SUBMIT and wf["creator"]["self"] is True and wf["plugin_id"] == "0"
    assert opened["vcs_data"]["type"] == DRAFT and "workflow_version" not in opened
    first_commit = opened["vcs_data"]["submit_commit_id"]

    # the editor saves its canvas; it reads back as sent, at a new commit
    sent = json.dumps(parts.canvas(parts.text_node("130001")), indent=1)
    saved = await workflows.save(workflow_id, sent, first_commit)
    assert saved["submit_commit_id"] not in ("", first_commit) and saved["status"] == CAN_NOT_SUBMIT
    reopened = await workflows.canvas(workflow_id)
    assert reopened["workflow"]["schema_json"] == sent
    assert reopened["vcs_data"]["submit_commit_id"] == saved["submit_commit_id"]

    # publishing wants a test run first, unless forced; the first version is v0.0.1
    await expect_error(workflows.publish(workflow_id), 409, "test run", "force")
    published = await workflows.publish(workflow_id, force=True, version_description="first")
    assert published == {"workflow_id": workflow_id, "publish_commit_id": saved["submit_commit_id"], "success": True}
    after = await workflows.canvas(workflow_id)
    assert after["workflow_version"] == "v0.0.1" and after["vcs_data"]["type"] == PUBLISH
    assert after["vcs_data"]["publish_commit_id"] == saved["submit_commit_id"]
    assert after["workflow"]["status"] == HAD_SUBMIT and after["workflow"]["workflow_status"] == HAD_PUBLISHED
    assert after["workflow"]["plugin_id"] == workflow_id and after["workflow"]["version"] == "v0.0.1"

    # the draft stays editable; the published version keeps the canvas it was published with
    changed = parts.canvas(parts.text_node("130001"), parts.text_node("130002", x=600))
    await workflows.save(workflow_id, changed)
    assert (await workflows.canvas(workflow_id))["vcs_data"]["type"] == DRAFT
    stored = await workflow_db.fetchrow("SELECT canvas, description FROM workflow.workflow_versions"
                                        " WHERE workflow_id = $1 AND version = 'v0.0.1'", int(workflow_id))
    assert (stored["canvas"], stored["description"]) == (sent, "first")

    # versions only go up, and look like vMAJOR.MINOR.PATCH
    await expect_error(workflows.publish(workflow_id, force=True, workflow_version="v0.0.1"), 409,
                       "workflow_version", "v0.0.1")
    await expect_error(workflows.publish(workflow_id, force=True, workflow_version="1.2"), 400,
                       "workflow_version", "vMAJOR.MINOR.PATCH")
    await workflows.publish(workflow_id, force=True, workflow_version="v0.2.0")
    assert (await workflows.canvas(workflow_id))["workflow_version"] == "v0.2.0"

    # found by name and by published status, with the latest version in its details
    found = await workflows.listed(name=name[-8:].upper(), status=PUBLISHED)
    assert [w["workflow_id"] for w in found["workflow_list"]] == [workflow_id]
    assert found["workflow_list"][0]["version"] == "v0.2.0" and "schema_json" not in found["workflow_list"][0]
    assert (await workflows.listed(name=name, status=UNPUBLISHED))["workflow_list"] == []
    [detail] = await workflows.detail(workflow_id)
    assert (detail["workflow_id"], detail["name"], detail["version"], detail["end_type"]) == (
        workflow_id, name, "v0.2.0", 0)
    assert [p["name"] for p in json.loads(detail["inputs"])] == ["city"]
    assert [p["name"] for p in json.loads(detail["outputs"])] == ["answer"]

    # a copy is a new, unpublished workflow with the same draft, named after the original
    copy_id = (await workflows.call("copy", workflow_id=workflow_id))["data"]["workflow_id"]
    second_id = (await workflows.call("copy", workflow_id=workflow_id))["data"]["workflow_id"]
    copied = await workflows.canvas(copy_id)
    assert copy_id != workflow_id and copied["workflow"]["name"] == f"{name}_copy"
    assert (await workflows.canvas(second_id))["workflow"]["name"] == f"{name}_copy_2"
    assert json.loads(copied["workflow"]["schema_json"]) == changed
    assert "workflow_version" not in copied and copied["workflow"]["workflow_status"] == CAN_NOT_PUBLISH

    # deleted, it is gone from every route, and its name is free again
    deleted = await workflows.call("delete", workflow_id=workflow_id)
    assert deleted["data"]["status"] == 0
    await expect_error(workflows.canvas(workflow_id), 404, workflow_id)
    await expect_error(workflows.save(workflow_id, changed, "0"), 404, workflow_id)
    await expect_error(workflows.publish(workflow_id, force=True), 404, workflow_id)
    assert await workflows.detail(workflow_id) == []
    assert (await workflows.listed(name=name))["total"] == 2  # the copies
    assert await workflows.create(name)


async def test_names_follow_the_rules_and_are_unique_in_a_space(workflows, other) -> None:
    for bad in ("1st_flow", "has space", "dash-ed", "", "x" * 65):
        await expect_error(workflows.create(bad), 400, "field 'name'")
    await expect_error(workflows.create(workflows.unique_name(), desc="d" * 601), 400, "field 'desc'")
    await expect_error(workflows.create(workflows.unique_name(), flow_mode=1), 400, "flow_mode")

    name = workflows.unique_name()
    first = await workflows.create(name)
    await expect_error(workflows.create(name), 409, "field 'name'", name)
    assert await other.create(name)  # another space has names of its own

    # renaming onto a taken name is refused too; a free one is taken at once
    second = await workflows.create()
    await expect_error(workflows.call("update_meta", workflow_id=second, name=name), 409, name)
    await expect_error(workflows.call("update_meta", workflow_id=second, name="9lives"), 400, "field 'name'")
    renamed = workflows.unique_name("renamed")
    await workflows.call("update_meta", workflow_id=second, name=renamed, desc="new words", flow_mode=CHATFLOW)
    meta = (await workflows.canvas(second))["workflow"]
    assert (meta["name"], meta["desc"], meta["flow_mode"]) == (renamed, "new words", CHATFLOW)
    await workflows.call("delete", workflow_id=first)
    await workflows.call("update_meta", workflow_id=second, name=name)


async def test_a_chatflow_starts_with_the_users_message_and_answers_with_text(workflows) -> None:
    chatflow = await workflows.create(flow_mode=CHATFLOW)
    [detail] = await workflows.detail(chatflow)
    assert detail["flow_mode"] == CHATFLOW and detail["end_type"] == 1
    assert [p["name"] for p in json.loads(detail["inputs"])] == ["USER_INPUT", "CONVERSATION_NAME"]
    types = (await workflows.call("node_type", workflow_id=chatflow))["data"]
    start = next(p for p in types["nodes_properties"] if p["id"] == "100001")
    assert start["is_enable_user_query"] is True


async def test_two_editors_cannot_overwrite_each_other(workflows, parts) -> None:
    import asyncio

    workflow_id = await workflows.create()
    loaded = await workflows.commit(workflow_id)  # both editors opened the same canvas

    mine = parts.canvas(parts.text_node("130001"))
    theirs = parts.canvas(parts.text_node("130001", x=50), parts.text_node("130002"))
    await workflows.save(workflow_id, mine, loaded)
    await expect_error(workflows.save(workflow_id, theirs, loaded), 409, "saved by someone else", loaded)
    assert json.loads((await workflows.canvas(workflow_id))["workflow"]["schema_json"]) == mine

    # at the very same moment, one wins and the other is told
    current = await workflows.commit(workflow_id)
    results = await asyncio.gather(workflows.save(workflow_id, mine, current),
                                   workflows.save(workflow_id, theirs, current), return_exceptions=True)
    failures = [r for r in results if isinstance(r, Exception)]
    assert len(failures) == 1 and getattr(failures[0], "status", None) == 409, results
    winner = mine if not isinstance(results[0], Exception) else theirs
    assert json.loads((await workflows.canvas(workflow_id))["workflow"]["schema_json"]) == winner

    # a save needs the commit it was made on, and a canvas
    await expect_error(workflows.call("save", workflow_id=workflow_id, schema=json.dumps(mine)), 400,
                       "submit_commit_id")
    await expect_error(workflows.call("save", workflow_id=workflow_id, submit_commit_id=current), 400, "schema")


async def test_a_canvas_must_be_canvas_json_of_bounded_size(workflows, parts) -> None:
    workflow_id = await workflows.create()
    big = parts.canvas(parts.text_node("130001", note="x" * 800_000))
    body = await expect_error(workflows.save(workflow_id, big), 413, "field 'schema'", "786432")
    assert body["code"] == 413
    for bad, fragment in (("{not json", "not JSON"), ("[1, 2]", "JSON object"),
                          (json.dumps({"nodes": {}, "edges": []}), "'nodes' must be a list"),
                          (json.dumps({"nodes": []}), "'edges' must be a list"),
                          (json.dumps({"nodes": [{"type": "1"}], "edges": []}), "nodes[0]"),
                          (json.dumps(parts.canvas(parts.sub_workflow_node("130001", "abc"))), "'abc'")):
        await expect_error(workflows.save(workflow_id, bad), 400, "field 'schema'", fragment)
    # nothing of it was stored
    assert [n["id"] for n in json.loads((await workflows.canvas(workflow_id))["workflow"]["schema_json"])["nodes"]] \
        == ["100001", "900001"]


async def test_workflows_of_other_spaces_are_not_found(workflows, other, parts) -> None:
    workflow_id = await workflows.create()
    await workflows.save(workflow_id, parts.canvas(parts.text_node("130001")))
    await workflows.publish(workflow_id, force=True)
    commit = await workflows.commit(workflow_id)

    # named in their own space, my workflow does not exist for them
    for route, extra in (("canvas", {}), ("save", {"schema": json.dumps(parts.canvas()), "submit_commit_id": commit}),
                         ("update_meta", {"name": "stolen"}), ("publish", {"force": True}), ("copy", {}),
                         ("delete", {}), ("node_type", {})):
        await expect_error(other.call(route, workflow_id=workflow_id, **extra), 404, "not found")
    assert await other.detail(workflow_id) == []
    assert workflow_id not in [w["workflow_id"] for w in (await other.listed(size=100))["workflow_list"]]
    # naming my space is refused outright
    await expect_error(other.client.call("/api/workflow_api/canvas", {"space_id": workflows.space_id,
                                                                      "workflow_id": workflow_id}), 403)
    # and nothing changed
    assert (await workflows.canvas(workflow_id))["vcs_data"]["submit_commit_id"] == commit


async def test_lists_page_and_filter(other, parts) -> None:
    own_space = other  # a space with nothing else in it
    ids = [await own_space.create(f"flow_{n}") for n in range(3)]
    chat = await own_space.create("chat_1", flow_mode=CHATFLOW)
    await own_space.save(ids[0], parts.canvas(parts.text_node("130001")))
    await own_space.publish(ids[0], force=True)

    first = await own_space.listed(page=1, size=2)
    assert (first["total"], first["has_more"], len(first["workflow_list"])) == (4, True, 2)
    second = await own_space.listed(page=2, size=2)
    assert (second["total"], second["has_more"]) == (4, False)
    # most recently changed first: the published one, then the newest
    listed = [w["workflow_id"] for w in first["workflow_list"] + second["workflow_list"]]
    assert listed == [ids[0], chat, ids[2], ids[1]]

    assert [w["workflow_id"] for w in (await own_space.listed(flow_mode=CHATFLOW))["workflow_list"]] == [chat]
    assert len((await own_space.listed(flow_mode=100))["workflow_list"]) == 4  # All
    assert [w["workflow_id"] for w in (await own_space.listed(status=PUBLISHED))["workflow_list"]] == [ids[0]]
    assert (await own_space.listed(status=UNPUBLISHED))["total"] == 3
    assert [w["workflow_id"] for w in (await own_space.listed(workflow_ids=[ids[1], chat], flow_mode=WORKFLOW))[
        "workflow_list"]] == [ids[1]]
    assert (await own_space.listed(login_user_create=True))["total"] == 4
    await expect_error(own_space.listed(size=101), 400, "field 'size'")
    await expect_error(own_space.listed(page=0), 400, "field 'page'")
