"""Workflows as YAML, for git: a workflow with the sub-workflows it runs, recursively, each once.

    version: 1                        # of this format; other versions are refused
    workflow:                         # the workflow exported
      name: triage                    # also its reference: sub-workflows' canvases call it so
      description: sorts tickets
      mode: workflow                  # or chatflow
      canvas: {nodes: [...], edges: [...]}     # the draft, as a structure (Coze canvas JSON)
    sub_workflows:                    # keyed by reference: the name each had when exported
      summarize:
        name: summarize
        description: ...
        mode: workflow
        canvas: {...}                 # its draft
        versions:                     # the published versions some canvas pins, oldest first
          v0.0.2: {description: first release, canvas: {...}}

In every canvas a SubWorkflow node's `inputs.workflowId` holds the reference instead of the id
(its `workflowVersion` stays), so the document holds no id of the space it came from: exporting
what an import made gives the same document again.

`to_yaml(bundle)` and `from_yaml(text)` convert; `from_yaml` reads with yaml.safe_load, refuses
anchors and aliases (a small document must not expand into a huge one), other format versions
and malformed entries, naming the place (400). `with_refs` / `with_ids` rewrite the calls.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import yaml

from atelier_common.errors import InvalidArgument
from atelier_proto.enums import WorkflowMode
from atelier_workflow.domain import canvas_facts
from atelier_workflow.domain.canvas_check import CanvasDoc, check_shape
from atelier_workflow.domain.versions import parse as parse_version

FORMAT_VERSION = 1
FIELD = "yaml"
MODES = {"workflow": WorkflowMode.Workflow, "chatflow": WorkflowMode.ChatFlow}
MODE_NAMES = {mode: name for name, mode in MODES.items()}


@dataclass(frozen=True)
class VersionSpec:
    description: str
    canvas: CanvasDoc


@dataclass(frozen=True)
class WorkflowSpec:
    name: str
    description: str
    mode: WorkflowMode
    canvas: CanvasDoc  # the draft; SubWorkflow nodes call references
    versions: dict[str, VersionSpec] = field(default_factory=dict)  # "vX.Y.Z" -> version


@dataclass(frozen=True)
class Bundle:
    main: str  # the reference of the workflow exported (its name)
    workflows: dict[str, WorkflowSpec]  # by reference, the main one included

    @property
    def subs(self) -> dict[str, WorkflowSpec]:
        return {ref: spec for ref, spec in self.workflows.items() if ref != self.main}


# ------------------------------------------------------------------ references in canvases


def with_refs(doc: CanvasDoc, ref_of: Mapping[int, str]) -> CanvasDoc:
    """The canvas with each SubWorkflow node's workflow id replaced by its reference (ids not in
    ref_of, such as one that is not a workflow id, stay as they are)."""
    def replace(node: dict[str, Any], value: Any) -> Any:
        try:
            return ref_of.get(int(value), value)
        except (TypeError, ValueError):
            return value

    return canvas_facts.replace_sub_workflow_ids(doc, replace)


def with_ids(doc: CanvasDoc, id_of: Mapping[str, int], where: str) -> CanvasDoc:
    """The canvas with each SubWorkflow node's reference replaced by the id (a decimal string, as
    Coze writes it); 400 for a reference the document does not define."""
    def replace(node: dict[str, Any], value: Any) -> Any:
        if value not in id_of:
            raise InvalidArgument(f"field '{FIELD}': {where}: node {node['id']} runs {value!r}, which is not "
                                  "a workflow of the document (workflow or sub_workflows)")
        return str(id_of[value])

    return canvas_facts.replace_sub_workflow_ids(doc, replace)


def pinned_versions(doc: CanvasDoc) -> list[tuple[str, Any, str]]:
    """(node id, workflow reference, version) of each SubWorkflow node pinning a version."""
    found = []
    for node in canvas_facts.all_nodes(doc):
        if node["type"] != canvas_facts.SUB_WORKFLOW_TYPE:
            continue
        inputs = node.get("data", {}).get("inputs", {}) if isinstance(node.get("data"), dict) else {}
        version = inputs.get("workflowVersion") if isinstance(inputs, dict) else None
        if isinstance(version, str) and version:
            found.append((node["id"], inputs.get("workflowId"), version))
    return found


# ------------------------------------------------------------------ YAML


def _entry(spec: WorkflowSpec) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": spec.name, "description": spec.description, "mode": MODE_NAMES[spec.mode],
                             "canvas": spec.canvas}
    if spec.versions:
        ordered = sorted(spec.versions.items(), key=lambda item: parse_version(item[0]))
        entry["versions"] = {v: {"description": s.description, "canvas": s.canvas} for v, s in ordered}
    return entry


def to_yaml(bundle: Bundle) -> str:
    doc: dict[str, Any] = {"version": FORMAT_VERSION, "workflow": _entry(bundle.workflows[bundle.main])}
    subs = bundle.subs
    if subs:
        doc["sub_workflows"] = {ref: _entry(subs[ref]) for ref in sorted(subs)}
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, default_flow_style=False, width=120)


def _load(text: str) -> Any:
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, yaml.AliasEvent):
                raise InvalidArgument(f"field '{FIELD}': aliases (*name) are not accepted; write the value out")
        return yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise InvalidArgument(f"field '{FIELD}': not YAML ({e})".replace("\n", " ")) from None


def _field(holder: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str, default: Any = None) -> Any:
    value = holder.get(key, default)
    if not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        shown = "missing" if key not in holder else f"a {type(value).__name__}"
        raise InvalidArgument(f"field '{FIELD}': {where}.{key} must be a {_kind_word(names)}, not {shown}")
    return value


def _kind_word(name: str) -> str:
    return {"dict": "mapping", "str": "string", "int": "number"}.get(name, name)


def _canvas(holder: Mapping[str, Any], where: str) -> CanvasDoc:
    canvas = _field(holder, "canvas", dict, where)
    try:
        return check_shape(canvas)
    except InvalidArgument as e:
        raise InvalidArgument(f"field '{FIELD}': {where}.canvas: {e}") from None


def _spec(entry: Any, where: str) -> WorkflowSpec:
    if not isinstance(entry, dict):
        raise InvalidArgument(f"field '{FIELD}': {where} must be a mapping with name, description, mode and canvas")
    mode_name = _field(entry, "mode", str, where, "workflow")
    if mode_name not in MODES:
        raise InvalidArgument(f"field '{FIELD}': {where}.mode is {mode_name!r}, not one of {', '.join(MODES)}")
    versions: dict[str, VersionSpec] = {}
    for version, item in _field(entry, "versions", dict, where, {}).items():
        at = f"{where}.versions.{version}"
        parse_version(str(version), f"{FIELD}.{at}")
        if not isinstance(item, dict):
            raise InvalidArgument(f"field '{FIELD}': {at} must be a mapping with description and canvas")
        versions[str(version)] = VersionSpec(_field(item, "description", str, at, ""), _canvas(item, at))
    return WorkflowSpec(name=_field(entry, "name", str, where), description=_field(entry, "description", str, where, ""),
                        mode=MODES[mode_name], canvas=_canvas(entry, where), versions=versions)


def from_yaml(text: str) -> Bundle:
    doc = _load(text)
    if not isinstance(doc, dict):
        raise InvalidArgument(f"field '{FIELD}': a workflow document is a mapping with version, workflow and "
                              "sub_workflows")
    version = doc.get("version")
    if version != FORMAT_VERSION:
        raise InvalidArgument(f"field '{FIELD}': format version {version!r} is not supported (this Atelier reads "
                              f"version {FORMAT_VERSION})")
    main = _spec(doc.get("workflow"), "workflow")
    workflows = {main.name: main}
    for ref, entry in _field(doc, "sub_workflows", dict, "document", {}).items():
        if not isinstance(ref, str) or not ref:
            raise InvalidArgument(f"field '{FIELD}': sub_workflows keys must be non-empty strings, not {ref!r}")
        if ref in workflows:
            raise InvalidArgument(f"field '{FIELD}': sub_workflows.{ref} has the reference of the main workflow "
                                  "(its name)")
        workflows[ref] = _spec(entry, f"sub_workflows.{ref}")
    _check_pins(workflows)
    return Bundle(main=main.name, workflows=workflows)


def _check_pins(workflows: Mapping[str, WorkflowSpec]) -> None:
    """Every pinned version a canvas runs is in the document."""
    for ref, spec in workflows.items():
        canvases = [(ref, spec.canvas)] + [(f"{ref} {v}", s.canvas) for v, s in spec.versions.items()]
        for where, doc in canvases:
            for node_id, target, version in pinned_versions(doc):
                called = workflows.get(target) if isinstance(target, str) else None
                if called is not None and version not in called.versions:
                    raise InvalidArgument(f"field '{FIELD}': {where}: node {node_id} runs version {version} of "
                                          f"{target!r}, which the document does not hold ({target}.versions)")

