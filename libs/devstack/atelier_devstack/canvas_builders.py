"""Coze canvas JSON built in code, for the workflow tests: nodes, typed values, edges.

`node(id, type, inputs, outputs)` is a canvas node; `lit`/`ref` are BlockInputs (a literal, a
reference to a node's output field), `param(name, value)` a named input, `out(name, type)` a
declared output, `entry`/`exit_` Coze's Start and End nodes, `edge`/`chain` the edges, `concat`
a TextProcessor joining its inputs into a template.
"""

from __future__ import annotations

from typing import Any

ENTRY_ID = "100001"
EXIT_ID = "900001"


def lit(value: Any, type_: str = "string") -> dict[str, Any]:
    return {"type": type_, "value": {"type": "literal", "content": value}}


def ref(block_id: str, name: str, type_: str = "string", **extra: Any) -> dict[str, Any]:
    return {"type": type_, **extra,
            "value": {"type": "ref", "content": {"source": "block-output", "blockID": block_id, "name": name}}}


def param(name: str, value: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "input": value}


def out(name: str, type_: str = "string", **extra: Any) -> dict[str, Any]:
    return {"name": name, "type": type_, **extra}


def node(id_: str, type_: int, inputs: dict[str, Any] | None = None, outputs: list | None = None,
         title: str = "", **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"nodeMeta": {"title": title or id_}, "outputs": outputs or []}
    if inputs is not None:
        data["inputs"] = inputs
    return {"id": id_, "type": str(type_), "data": data, **extra}


def entry(*outputs: dict[str, Any]) -> dict[str, Any]:
    return node(ENTRY_ID, 1, None, list(outputs), "Start")


def exit_(*params: dict[str, Any], text: str | None = None) -> dict[str, Any]:
    inputs: dict[str, Any] = {"terminatePlan": "returnVariables" if text is None else "useAnswerContent",
                              "inputParameters": list(params)}
    if text is not None:
        inputs["content"] = lit(text)
    return node(EXIT_ID, 2, inputs, title="End")


def edge(source: str, target: str, port: str = "") -> dict[str, Any]:
    return {"sourceNodeID": source, "targetNodeID": target, "sourcePortID": port}


def chain(*ids: str) -> list[dict[str, Any]]:
    return [edge(a, b) for a, b in zip(ids, ids[1:], strict=False)]


def concat(id_: str, template: str, *params: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """A TextProcessor concatenating `template` over its inputs."""
    return node(id_, 15, {"method": "concat", "inputParameters": list(params),
                          "concatParams": [param("concatResult", lit(template)),
                                           param("arrayItemConcatChar", lit(", "))], **extra},
                [out("output")])
