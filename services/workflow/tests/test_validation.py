"""validate_tree: every kind of problem that keeps a canvas from running, naming its nodes."""

from __future__ import annotations

import pytest

from atelier_proto.enums import CanvasIssueKind as Kind
from atelier_proto.enums import ValidateErrorType
from atelier_workflow.domain.canvas import parse_canvas
from atelier_workflow.domain.validation import ValidationIssue, validate_tree


def issues_of(doc) -> list[ValidationIssue]:
    return validate_tree(parse_canvas(doc))


def only_issue(doc, kind: Kind) -> ValidationIssue:
    issues = issues_of(doc)
    assert [i.kind for i in issues] == [kind], [i.message for i in issues]
    return issues[0]


@pytest.mark.parametrize("name", ["support_triage", "loop_with_break", "batch_translate", "exception_branch",
                                  "parallel_research"])
def test_realistic_canvases_are_valid(canvases, name):
    assert issues_of(canvases.load(name)) == []


def test_a_canvas_needs_its_entry_and_exit(canvases):
    doc = canvases.load("parallel_research")
    doc["nodes"] = [n for n in doc["nodes"] if n["type"] not in ("1", "2")]
    doc["edges"] = []
    kinds = [i.kind for i in issues_of(doc)]
    assert kinds[:2] == [Kind.MissingEntry, Kind.MissingExit]


def test_duplicate_ids_are_named(canvases):
    doc = canvases.load("support_triage")
    doc["nodes"][4]["id"] = "118430"  # the text node takes the code node's id
    issue = next(i for i in issues_of(doc) if i.kind == Kind.DuplicateNode)
    assert issue.node_id == "118430" and "another node has the id 118430" in issue.message


def test_node_types_atelier_does_not_run(canvases):
    doc = canvases.load("support_triage")
    canvases.node(doc, "147552")["type"] = "16"
    issue = only_issue(doc, Kind.UnknownNodeType)
    assert issue.node_id == "147552" and 'has type "16"' in issue.message


def test_break_outside_a_loop_is_misplaced(canvases):
    doc = canvases.load("support_triage")
    canvases.node(doc, "147552")["type"] = "19"
    issue = only_issue(doc, Kind.MisplacedNode)
    assert issue.node_id == "147552" and "Break node only works inside a Loop" in issue.message


def test_composite_nodes_do_not_nest(canvases):
    doc = canvases.load("loop_with_break")
    canvases.node(doc, "139008")["type"] = "28"
    issue = next(i for i in issues_of(doc) if i.kind == Kind.NestedComposite)
    assert issue.node_id == "139008" and '"Clean each line" (174265)' in issue.message


def test_unreachable_and_dead_end_nodes(canvases):
    doc = canvases.load("parallel_research")
    doc["edges"] = [e for e in doc["edges"] if e["targetNodeID"] != "125002"]  # nothing leads to the plugin
    doc["edges"] = [e for e in doc["edges"] if e["sourceNodeID"] != "125001"]  # the search leads nowhere
    messages = {(i.kind, i.node_id): i.message for i in issues_of(doc)}
    assert messages[(Kind.Unconnected, "125002")] == 'node "Ask the wiki" (125002) cannot be reached from the start'
    assert messages[(Kind.Unconnected, "125001")] == 'node "Search the manuals" (125001) has no outgoing connection'


def test_every_port_of_a_branching_node_is_connected(canvases):
    doc = canvases.load("support_triage")
    doc["edges"] = [e for e in doc["edges"] if e.get("sourcePortID") != "false"]
    issues = issues_of(doc)
    port = next(i for i in issues if i.kind == Kind.Unconnected and i.node_id == "162104")
    assert port.message == 'node "Is it a refund?" (162104): port default not connected'


def test_edges_to_nodes_that_are_not_there(canvases):
    doc = canvases.load("support_triage")
    doc["edges"].append({"sourceNodeID": "131027", "targetNodeID": "555555", "sourcePortID": ""})
    issue = only_issue(doc, Kind.UnknownNode)
    assert (issue.node_id, issue.end_node_id, issue.path) == ("131027", "555555", "edges[6]")
    assert "node 555555, which is not on the canvas" in issue.message
    assert issue.error_type == ValidateErrorType.BotValidatePathErr


def test_edges_into_a_loop_body_from_outside(canvases):
    doc = canvases.load("loop_with_break")
    doc["edges"].append({"sourceNodeID": "100001", "targetNodeID": "139008"})
    issue = only_issue(doc, Kind.UnknownNode)
    assert "139008, which is at another level of the canvas" in issue.message


def test_edges_from_ports_a_node_does_not_have(canvases):
    doc = canvases.load("support_triage")
    doc["edges"][2]["sourcePortID"] = "true_1"  # the selector has one condition
    doc["edges"][0]["sourcePortID"] = "branch_error"  # the Entry does not branch
    issues = [i for i in issues_of(doc) if i.kind == Kind.UnknownPort]
    assert [(i.node_id, i.end_node_id) for i in issues] == [("100001", "131027"), ("162104", "118430")]
    assert 'from port "true_1"; its ports are branch_0, default' in issues[1].message
    assert 'from port "branch_error", which it does not have' in issues[0].message


def test_cycles_outside_loops(canvases):
    doc = canvases.load("support_triage")
    doc["edges"].append({"sourceNodeID": "147552", "targetNodeID": "131027"})  # back to the LLM
    cycle = [i for i in issues_of(doc) if i.kind == Kind.Cycle]
    assert {(i.node_id, i.end_node_id) for i in cycle} == {
        ("131027", "162104"), ("162104", "147552"), ("147552", "131027")}
    assert "closes a cycle (131027 -> 162104 -> 147552)" in cycle[0].message


def test_loop_bodies_are_no_cycles(canvases):
    # the body's edges leave the Loop node and come back to it: that is how a loop is drawn
    assert issues_of(canvases.load("loop_with_break")) == []


def test_empty_references(canvases):
    doc = canvases.load("support_triage")
    canvases.input(doc, "900001", "reply")["value"]["content"] = {"source": "block-output", "blockID": "", "name": ""}
    issue = only_issue(doc, Kind.EmptyReference)
    assert issue.node_id == "900001" and issue.path == "inputs.inputParameters.reply"
    assert "is not set" in issue.message


def test_references_to_missing_nodes(canvases):
    doc = canvases.load("support_triage")
    canvases.input(doc, "118430", "question")["value"]["content"]["blockID"] = "404404"
    issue = only_issue(doc, Kind.MissingNode)
    assert issue.node_id == "118430" and "refers to node 404404, which is not on the canvas" in issue.message


def test_references_to_nodes_that_do_not_run_before(canvases):
    doc = canvases.load("support_triage")
    # the refund branch reads the reply of the other branch: never both run
    canvases.input(doc, "118430", "question")["value"]["content"] = {
        "source": "block-output", "blockID": "147552", "name": "output"}
    issue = only_issue(doc, Kind.NotPredecessor)
    assert issue.message == ('node "Open refund ticket" (118430) reads node "Polite reply" (147552), which does not '
                             "run before it (inputs.inputParameters.question)")


def test_reading_inside_a_loop_from_outside_it(canvases):
    doc = canvases.load("loop_with_break")
    canvases.input(doc, "900001", "last")["value"]["content"]["blockID"] = "139008"
    canvases.input(doc, "900001", "last")["value"]["content"]["name"] = "output"
    issue = only_issue(doc, Kind.NotPredecessor)
    assert "which is inside node \"Clean each line\" (174265): read its outputs" in issue.message


def test_selector_conditions_and_templates_are_references_too(canvases):
    doc = canvases.load("exception_branch")
    http = canvases.node(doc, "110245")["data"]["inputs"]
    http["apiInfo"]["url"] = "https://shop.example.com/items?q={{block_output_100001.missing}}"
    issue = only_issue(doc, Kind.MissingField)
    assert issue.path == "inputs.apiInfo.url" and "reads missing of node \"Start\" (100001)" in issue.message

    doc = canvases.load("support_triage")
    condition = canvases.node(doc, "162104")["data"]["inputs"]["branches"][0]["condition"]["conditions"][0]
    condition["left"]["input"]["value"]["content"]["blockID"] = "118430"
    issue = only_issue(doc, Kind.NotPredecessor)
    assert issue.path == "inputs.branches[0].condition.conditions[0].left.input"


def test_references_to_fields_a_node_does_not_output(canvases):
    doc = canvases.load("exception_branch")
    canvases.input(doc, "173118", "message")["value"]["content"]["name"] = "errorBody.stack"
    issue = only_issue(doc, Kind.MissingField)
    assert issue.message == ('node "Explain failure" (173118): inputs.inputParameters.message reads errorBody.stack of '
                             'node "Fetch items" (110245), which it does not output')


def test_type_mismatches_between_output_and_input(canvases):
    doc = canvases.load("exception_branch")
    canvases.input(doc, "900001", "status")["type"] = "boolean"  # statusCode is an integer
    issue = only_issue(doc, Kind.TypeMismatch)
    assert issue.node_id == "900001"
    assert ("inputs.inputParameters.status is boolean, but statusCode of node \"Fetch items\" (110245) is integer"
            in issue.message)


def test_conversions_coze_makes_are_no_mismatch(canvases):
    doc = canvases.load("exception_branch")
    canvases.input(doc, "900001", "status")["type"] = "string"  # integer -> text
    canvases.input(doc, "900001", "items")["type"] = "object"  # a JSON body -> object
    assert issues_of(doc) == []


def test_an_object_assembled_from_references_checks_each_field(canvases):
    doc = canvases.load("parallel_research")
    topic = canvases.input(doc, "900001", "context")["schema"][0]["input"]
    topic["type"] = "integer"
    topic["value"]["content"] = {"source": "block-output", "blockID": "125001", "name": "outputList"}
    issue = only_issue(doc, Kind.TypeMismatch)
    assert issue.path == "inputs.inputParameters.context.topic"
    assert "list<object> cannot be converted to integer" in issue.message


def test_loop_outputs_gather_a_list_per_iteration(canvases):
    doc = canvases.load("loop_with_break")
    cleaned = canvases.node(doc, "174265")["data"]["outputs"][0]["input"]
    cleaned["type"] = "string"
    cleaned.pop("schema")
    issue = only_issue(doc, Kind.TypeMismatch)
    assert issue.path == "outputs.cleaned" and "once per iteration: declare it a list" in issue.message


def test_constants_of_the_wrong_type(canvases):
    doc = canvases.load("batch_translate")
    canvases.node(doc, "152330")["data"]["inputs"]["concurrentSize"]["value"]["content"] = "three"
    issue = only_issue(doc, Kind.InvalidLiteral)
    assert issue.node_id == "152330" and issue.path == "inputs.concurrentSize"
    assert '"three" is not a valid integer' in issue.message


def test_input_names_must_be_identifiers(canvases):
    doc = canvases.load("support_triage")
    canvases.node(doc, "118430")["data"]["inputs"]["inputParameters"][1]["name"] = "2nd tier"
    issue = only_issue(doc, Kind.InvalidName)
    assert issue.node_id == "118430" and 'input name "2nd tier"' in issue.message


@pytest.mark.parametrize(("name", "node_id", "change", "expected"), [
    ("loop_with_break", "174265", lambda i: i.pop("loopType"), "loopType must be array, count or infinite"),
    ("loop_with_break", "174265", lambda i: i.update(loopType="count") or i.pop("loopCount"),
     "a counted loop needs loopCount"),
    ("support_triage", "131027", lambda i: i["settingOnError"].update(processType=2, dataOnErr=""),
     "returns default data on error, but dataOnErr is empty"),
    ("exception_branch", "110245", lambda i: i["settingOnError"].update(dataOnErr="{not json"),
     "settingOnError.dataOnErr is not JSON"),
])
def test_settings_that_cannot_work(canvases, name, node_id, change, expected):
    doc = canvases.load(name)
    change(canvases.node(doc, node_id)["data"]["inputs"])
    issue = only_issue(doc, Kind.InvalidSetting)
    assert issue.node_id == node_id and expected in issue.message


def test_settings_a_node_does_not_use_are_not_checked(canvases):
    # the HTTP node's stale JSON body and binary file (bodyType EMPTY) refer to nothing valid
    doc = canvases.load("exception_branch")
    body = canvases.node(doc, "110245")["data"]["inputs"]["body"]
    assert "old_field" in body["bodyData"]["json"]
    assert issues_of(doc) == []
    body["bodyType"] = "JSON"
    assert only_issue(doc, Kind.MissingField).path == "inputs.body.bodyData.json"


def test_comment_nodes_are_ignored(canvases):
    doc = canvases.load("support_triage")
    comment = canvases.node(doc, "190020")
    assert comment["type"] == "31" and not any("190020" in (e["sourceNodeID"], e["targetNodeID"]) for e in doc["edges"])
    assert issues_of(doc) == []


def test_body_nodes_read_the_iteration_and_what_ran_before_the_loop(canvases):
    doc = canvases.load("loop_with_break")
    condition = canvases.node(doc, "105811")["data"]["inputs"]["branches"][0]["condition"]["conditions"][0]
    assert condition["left"]["input"]["value"]["content"]["name"] == "index"  # the loop's own counter
    assert condition["right"]["input"]["value"]["content"]["blockID"] == "100001"  # the Entry, before the loop
    condition["left"]["input"]["value"]["content"]["name"] = "position"
    issue = only_issue(doc, Kind.MissingField)
    assert issue.node_id == "105811" and "reads position of node \"Clean each line\" (174265)" in issue.message
