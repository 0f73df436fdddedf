"""Selector (if / else if / else): the first branch whose conditions hold chooses its port
(`branch_<i>`), none: `default`. Conditions of a branch combine with AND or OR (Coze's logic 2
and 1); operators are Coze's (vo.OperatorType 1..16) with its handling of empty operands
(nodes/selector/clause.go)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from atelier_proto.enums import NodeType
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.domain.ports import PORT_DEFAULT, branch_port
from atelier_workflow.engine.context import NodeContext
from atelier_workflow.engine.model import NodeError, NodeOutput

LOGIC_OR = 1


def _length(value: Any) -> int:
    if isinstance(value, str | list | dict):
        return len(value)
    raise NodeError(f"a length compares only text, lists and objects, not {type(value).__name__}",
                    "selector_operand")


def _number(value: Any) -> float:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    raise NodeError(f"a comparison needs numbers, not {type(value).__name__}", "selector_operand")


def _empty(left: Any) -> bool:
    if left is None:
        return True
    if isinstance(left, str):
        return left == "" or left == "None"
    if isinstance(left, list | dict):
        return not left
    if isinstance(left, bool):
        return not left
    if isinstance(left, int | float):
        return left == 0
    return False


def _contains(left: Any, right: Any) -> bool:
    if left is None:
        return False
    if isinstance(left, str):
        return str(right if right is not None else "") in left
    return right in left  # a list's element, an object's key


def _equal(left: Any, right: Any) -> bool:
    return left == right if type(left) is not bool and type(right) is not bool else left is right


def _compare(test: Callable[[float, float], bool], if_left_none: Callable[[Any], bool],
             if_right_none: bool) -> Callable[[Any, Any], bool]:
    def resolve(left: Any, right: Any) -> bool:
        if left is None:
            return if_left_none(right)
        if right is None:
            return if_right_none
        return test(_number(left), _number(right))
    return resolve


def _length_compare(test: Callable[[int, int], bool], if_left_none: Callable[[Any], bool]) -> Callable[[Any, Any], bool]:
    def resolve(left: Any, right: Any) -> bool:
        if left is None:
            return if_left_none(right)
        return test(_length(left), int(_number(right)))
    return resolve


OPERATORS: dict[int, Callable[[Any, Any], bool]] = {
    1: lambda left, right: _equal(left, right),
    2: lambda left, right: not _equal(left, right),
    3: _length_compare(lambda a, b: a > b, lambda right: False),
    4: _length_compare(lambda a, b: a >= b, lambda right: right == 0),
    5: _length_compare(lambda a, b: a < b, lambda right: right != 0),
    6: _length_compare(lambda a, b: a <= b, lambda right: True),
    7: _contains,
    8: lambda left, right: left is not None and not _contains(left, right),
    9: lambda left, right: _empty(left),
    10: lambda left, right: not _empty(left),
    11: lambda left, right: left is True,
    12: lambda left, right: left is None or left is False,
    13: _compare(lambda a, b: a > b, lambda right: False, True),
    14: _compare(lambda a, b: a >= b, lambda right: right is None, True),
    15: _compare(lambda a, b: a < b, lambda right: right is not None, False),
    16: _compare(lambda a, b: a <= b, lambda right: True, False),
}


async def select(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    for i, branch in enumerate(node.config.branches):
        group = branch.condition
        results = []
        for j, condition in enumerate(group.conditions):
            operator = OPERATORS.get(condition.operator)
            if operator is None:
                raise NodeError(f"branch {i + 1}, condition {j + 1}: unknown operator {condition.operator}",
                                "selector_operator")
            place = f"branches[{i}].condition.conditions[{j}]"
            left = ctx.setting(f"{place}.left.input")
            right = ctx.setting(f"{place}.right.input")
            results.append(operator(left, right))
        held = any(results) if group.logic == LOGIC_OR else all(results)
        if results and held:
            return NodeOutput({}, branch_port(i))
    return NodeOutput({}, PORT_DEFAULT)


EXECUTORS = {NodeType.Selector: select}
