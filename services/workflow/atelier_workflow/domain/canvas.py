"""Coze Studio canvas JSON as typed, read-only models.

A workflow is stored as the canvas the console draws (Coze Studio's `vo.Canvas`): `nodes`, each
with `id`, `type` (the decimal string of a `NodeType`), `meta.position`, `data.nodeMeta`,
`data.inputs` and `data.outputs`; `edges` between them (`sourceNodeID`, `targetNodeID`,
`sourcePortID`); Loop and Batch nodes hold their body as `blocks` with inner `edges`.

Parsing is lenient where Coze's is: every field these models do not name is kept as it came
(`model_extra`, and `model_dump(by_alias=True, exclude_unset=True)` writes it back), so a canvas
saved by Coze Studio loads, and is saved again, unchanged. Node-type specific settings that the
validator and the planner do not read (an LLM's `llmParam`, an HTTP node's `apiInfo`...) stay raw
in `NodeInputs.model_extra`, for the node executors.

Interface:
- `parse_canvas(source) -> Canvas` (JSON text, bytes or an already decoded mapping); a document
  that is not a canvas raises `CanvasFormatError` (400) naming where it went wrong.
- `Canvas`, `CanvasNode` (`.node_type`, `.title`, `.inputs`), `Edge`, `NodeData`, `NodeInputs`,
  `Param`, `BlockInput` (a typed value: `.value` is a `LiteralValue`, `RefValue` or
  `ObjectRefValue`), `BlockRef`, `VariableSchema` (`.fields` of an object, `.element` of a list),
  `SettingOnError`, `NodeBatch`, `SelectorBranch`, `Condition`.
- `ENTRY_NODE_ID` / `EXIT_NODE_ID`: the fixed ids Coze gives the Entry and Exit nodes.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Discriminator, Field, Tag, ValidationError

from atelier_common.errors import InvalidArgument
from atelier_proto.enums import AssistType, ErrorProcessType, LoopType, NodeType, VariableType

ENTRY_NODE_ID = "100001"
EXIT_NODE_ID = "900001"

# Where a reference points (`content.source` of a "ref" value).
REF_BLOCK_OUTPUT = "block-output"
GLOBAL_VARIABLE_SOURCES = ("global_variable_app", "global_variable_system", "global_variable_user")

_NODE_TYPE_IDS = {str(t.value): t for t in NodeType}


class CanvasFormatError(InvalidArgument):
    """The document is not a canvas (not JSON, or a field of the wrong shape)."""


class _CanvasModel(BaseModel):
    # extra="allow": fields we do not model ride along, so a Coze canvas round-trips unchanged.
    model_config = ConfigDict(extra="allow", frozen=True, populate_by_name=True)


def _null_as_empty_list(value: Any) -> Any:
    return [] if value is None else value


def _null_as_empty_str(value: Any) -> Any:
    return "" if value is None else value


def _blank_as_none(value: Any) -> Any:
    return None if value == "" else value


# Go reads null as the zero value; so do these fields.
ListOrNull = BeforeValidator(_null_as_empty_list)
StrOrNull = BeforeValidator(_null_as_empty_str)
IntOrNull = BeforeValidator(lambda value: 0 if value is None else value)
BoolOrNull = BeforeValidator(lambda value: False if value is None else value)
BlankIsNone = BeforeValidator(_blank_as_none)


# ------------------------------------------------------------------ types and values


class VariableSchema(_CanvasModel):
    """A typed field: an output, a declared input, an object's field or a list's element (then
    nameless). `schema` holds an object's fields (a list) or a list's element (one schema)."""

    name: Annotated[str, StrOrNull] = ""
    type: Annotated[VariableType | None, BlankIsNone] = None
    assist_type: AssistType = Field(AssistType.NotSet, alias="assistType")
    required: Annotated[bool, BoolOrNull] = False
    description: Annotated[str, StrOrNull] = ""
    default_value: Any = Field(None, alias="defaultValue")
    schema_: list[VariableSchema] | VariableSchema | None = Field(None, alias="schema")

    @property
    def fields(self) -> list[VariableSchema]:
        return self.schema_ if isinstance(self.schema_, list) else []

    @property
    def element(self) -> VariableSchema | None:
        return self.schema_ if isinstance(self.schema_, VariableSchema) else None


class BlockRef(_CanvasModel):
    """`content` of a "ref" value: a node's output field (`blockID` + dotted `name`), or a global
    variable (`source` global_variable_*, `path`)."""

    source: str = REF_BLOCK_OUTPUT
    block_id: Annotated[str, StrOrNull] = Field("", alias="blockID")
    name: Annotated[str, StrOrNull] = ""
    path: Annotated[list[str], ListOrNull] = Field(default_factory=list)

    @property
    def is_global(self) -> bool:
        return self.source in GLOBAL_VARIABLE_SOURCES

    @property
    def field_path(self) -> tuple[str, ...]:
        """The referenced field as a path into the node's outputs; () is the whole output."""
        return tuple(self.name.split(".")) if self.name else ()


class LiteralValue(_CanvasModel):
    type: Literal["literal"]
    content: Any = None
    raw_meta: Any = Field(None, alias="rawMeta")


class RefValue(_CanvasModel):
    type: Literal["ref"]
    content: BlockRef | None = None
    raw_meta: Any = Field(None, alias="rawMeta")


class ObjectRefValue(_CanvasModel):
    """An object assembled from named values: they are the `schema` of the enclosing BlockInput."""

    type: Literal["object_ref"]
    content: Any = None
    raw_meta: Any = Field(None, alias="rawMeta")


Value = Annotated[LiteralValue | RefValue | ObjectRefValue, Field(discriminator="type")]


def _param_or_variable(item: Any) -> str:
    if isinstance(item, Mapping):
        return "param" if "input" in item else "variable"
    return "param" if isinstance(item, Param) else "variable"


class BlockInput(_CanvasModel):
    """A value given to a node, with the type the node declares for it (`type`, `assistType`,
    `schema`). `value` None: not set."""

    type: Annotated[VariableType | None, BlankIsNone] = None
    assist_type: AssistType = Field(AssistType.NotSet, alias="assistType")
    schema_: list[SchemaItem] | VariableSchema | None = Field(None, alias="schema")
    value: Value | None = None


class Param(_CanvasModel):
    """A named value: `input` for most fields; `left`/`right` for assignments and conditions;
    `variables` for a VariableAggregator group."""

    name: Annotated[str, StrOrNull] = ""
    input: BlockInput | None = None
    left: BlockInput | None = None
    right: BlockInput | None = None
    variables: Annotated[list[BlockInput], ListOrNull] = Field(default_factory=list)


# An object_ref's schema lists Params (name + value); a ref's or a literal's lists VariableSchemas.
SchemaItem = Annotated[
    Annotated[Param, Tag("param")] | Annotated[VariableSchema, Tag("variable")],
    Discriminator(_param_or_variable),
]

BlockInput.model_rebuild()


# ------------------------------------------------------------------ node settings


class SettingOnError(_CanvasModel):
    """Coze's common error handling of a node: what to do on failure, retries, time limit."""

    data_on_err: Annotated[str, StrOrNull] = Field("", alias="dataOnErr")
    switch: Annotated[bool, BoolOrNull] = False
    process_type: ErrorProcessType | None = Field(None, alias="processType")
    retry_times: Annotated[int, IntOrNull] = Field(0, alias="retryTimes")
    timeout_ms: Annotated[int, IntOrNull] = Field(0, alias="timeoutMs")
    ext: dict[str, Any] | None = None


class NodeBatch(_CanvasModel):
    """A node's own batch mode (`inputs.batch`, not the Batch node): it runs once per element of
    `inputLists`, which its inputs reach by referring to the node itself."""

    batch_enable: Annotated[bool, BoolOrNull] = Field(False, alias="batchEnable")
    batch_size: Annotated[int, IntOrNull] = Field(0, alias="batchSize")
    concurrent_size: Annotated[int, IntOrNull] = Field(0, alias="concurrentSize")
    input_lists: Annotated[list[Param], ListOrNull] = Field(default_factory=list, alias="inputLists")


class Condition(_CanvasModel):
    operator: Annotated[int, IntOrNull] = 0
    left: Param | None = None
    right: Param | None = None


class ConditionGroup(_CanvasModel):
    logic: Annotated[int, IntOrNull] = 0  # Coze's LogicType: 1 or, 2 and
    conditions: Annotated[list[Condition], ListOrNull] = Field(default_factory=list)


class SelectorBranch(_CanvasModel):
    condition: ConditionGroup = Field(default_factory=ConditionGroup)


class NamedOption(_CanvasModel):
    name: Annotated[str, StrOrNull] = ""


class NodeInputs(_CanvasModel):
    """`data.inputs`: the inputs every node has (`inputParameters`, `settingOnError`, `batch`)
    and the settings of the node types whose shape decides the control flow (Selector branches,
    intents, answer options, Loop and Batch, Exit). Anything else stays in `model_extra`."""

    input_parameters: Annotated[list[Param], ListOrNull] = Field(default_factory=list, alias="inputParameters")
    setting_on_error: SettingOnError | None = Field(None, alias="settingOnError")
    batch: NodeBatch | None = None
    # Selector
    branches: Annotated[list[SelectorBranch], ListOrNull] = Field(default_factory=list)
    # IntentDetector
    intents: Annotated[list[NamedOption], ListOrNull] = Field(default_factory=list)
    # QuestionAnswer
    answer_type: Annotated[str, StrOrNull] = ""
    option_type: Annotated[str, StrOrNull] = ""
    options: Annotated[list[NamedOption], ListOrNull] = Field(default_factory=list)
    # Loop
    loop_type: Annotated[LoopType | None, BlankIsNone] = Field(None, alias="loopType")
    loop_count: BlockInput | None = Field(None, alias="loopCount")
    variable_parameters: Annotated[list[Param], ListOrNull] = Field(default_factory=list, alias="variableParameters")
    # Batch
    batch_size: BlockInput | None = Field(None, alias="batchSize")
    concurrent_size: BlockInput | None = Field(None, alias="concurrentSize")
    # Exit, OutputEmitter
    terminate_plan: Annotated[str, StrOrNull] = Field("", alias="terminatePlan")
    # SubWorkflow
    workflow_id: Annotated[str, StrOrNull] = Field("", alias="workflowId")
    workflow_version: Annotated[str, StrOrNull] = Field("", alias="workflowVersion")

    def extra(self, key: str, default: Any = None) -> Any:
        """A setting these models leave raw (by its canvas key, e.g. "llmParam")."""
        return (self.model_extra or {}).get(key, default)


class NodeMetaInfo(_CanvasModel):
    title: Annotated[str, StrOrNull] = ""
    description: Annotated[str, StrOrNull] = ""
    icon: Annotated[str, StrOrNull] = ""
    sub_title: Annotated[str, StrOrNull] = Field("", alias="subTitle")


# data.outputs: fields and types; a Loop's or Batch's are Params gathering values from its body.
OutputItem = Annotated[
    Annotated[Param, Tag("param")] | Annotated[VariableSchema, Tag("variable")],
    Discriminator(_param_or_variable),
]


class NodeData(_CanvasModel):
    node_meta: NodeMetaInfo | None = Field(None, alias="nodeMeta")
    inputs: NodeInputs | None = None
    outputs: Annotated[list[OutputItem], ListOrNull] = Field(default_factory=list)


# ------------------------------------------------------------------ graph


class Position(_CanvasModel):
    x: int | float = 0
    y: int | float = 0


class CanvasMeta(_CanvasModel):
    position: Position | None = None


class Edge(_CanvasModel):
    source_node_id: Annotated[str, StrOrNull] = Field("", alias="sourceNodeID")
    target_node_id: Annotated[str, StrOrNull] = Field("", alias="targetNodeID")
    source_port_id: Annotated[str, StrOrNull] = Field("", alias="sourcePortID")
    target_port_id: Annotated[str, StrOrNull] = Field("", alias="targetPortID")


class CanvasNode(_CanvasModel):
    id: str
    type: str
    meta: CanvasMeta | None = None
    data: Annotated[NodeData, BeforeValidator(lambda v: {} if v is None else v)] = Field(default_factory=NodeData)
    blocks: Annotated[list[CanvasNode], ListOrNull] = Field(default_factory=list)
    edges: Annotated[list[Edge], ListOrNull] = Field(default_factory=list)

    @property
    def node_type(self) -> NodeType | None:
        """The node's type, None when Atelier does not know the id."""
        return _NODE_TYPE_IDS.get(self.type)

    @property
    def title(self) -> str:
        return self.data.node_meta.title if self.data.node_meta and self.data.node_meta.title else self.id

    @property
    def inputs(self) -> NodeInputs:
        return self.data.inputs or _NO_INPUTS


_NO_INPUTS = NodeInputs()


class Canvas(_CanvasModel):
    nodes: Annotated[list[CanvasNode], ListOrNull] = Field(default_factory=list)
    edges: Annotated[list[Edge], ListOrNull] = Field(default_factory=list)
    versions: Any = None

    def to_json(self) -> str:
        """The canvas as Coze JSON again, with every field it was read with."""
        return self.model_dump_json(by_alias=True, exclude_unset=True)


def parse_canvas(source: str | bytes | Mapping[str, Any]) -> Canvas:
    """Read a canvas (JSON text or decoded). Raises CanvasFormatError naming the first bad field."""
    try:
        data = json.loads(source) if isinstance(source, str | bytes) else source
    except ValueError as exc:
        raise CanvasFormatError(f"canvas is not JSON: {exc}") from None
    if not isinstance(data, Mapping):
        raise CanvasFormatError("canvas must be a JSON object with nodes and edges")
    try:
        return Canvas.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise CanvasFormatError(f"canvas {where}: {first['msg']}") from None
