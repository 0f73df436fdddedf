"""The calculator: an arithmetic expression evaluated by simpleeval (never Python's eval) with only
numbers, arithmetic and comparison operators, and the math functions below.

Caps keep one call cheap: the expression's length, and the size of any integer it makes (a power,
a product, a factorial or binomial is refused before it is computed when its result would pass
MAX_RESULT_BITS). `^` is refused with a hint rather than read as XOR: people mean a power by it."""

from __future__ import annotations

import ast
import math
import operator
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import simpleeval

from atelier_plugin.domain.errors import ArgumentValueError, ToolRunError

MAX_EXPRESSION_CHARS = 500
MAX_RESULT_BITS = 3_400  # about 1,000 decimal digits
MAX_COMBINATORIAL_N = 10_000  # factorial, comb, perm
SIGNIFICANT_DIGITS = 15  # a float's digits shown (0.1 + 0.2 reads 0.3)

Number = int | float


class TooLarge(ArithmeticError):
    pass


def _check_bits(bits: float, what: str) -> None:
    if bits > MAX_RESULT_BITS:
        raise TooLarge(f"{what} would have more than {MAX_RESULT_BITS * 0.30103:,.0f} digits")


def _power(base: Number, exponent: Number) -> Number:
    if isinstance(base, int) and isinstance(exponent, int) and exponent > 0 and abs(base) > 1:
        _check_bits(exponent * math.log2(abs(base)), "the power")
    return base**exponent


def _multiply(left: Number, right: Number) -> Number:
    if isinstance(left, int) and isinstance(right, int):
        _check_bits(left.bit_length() + right.bit_length(), "the product")
    return left * right


def _not_a_power(left: Any, right: Any) -> Any:
    raise ArgumentValueError("'expression': '^' is not a power here; write ** (2 ** 10)")


def _combinatorial(function: Callable[..., int], name: str) -> Callable[..., int]:
    def guarded(n: int, *rest: int) -> int:
        if isinstance(n, int) and n > MAX_COMBINATORIAL_N:
            raise TooLarge(f"{name}({n}) is over the limit of {MAX_COMBINATORIAL_N}")
        result = function(n, *rest)
        _check_bits(result.bit_length(), f"{name}({n})")
        return result

    return guarded


OPERATORS: dict[type, Callable[..., Any]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: _multiply, ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.Pow: _power, ast.BitXor: _not_a_power,
    ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Not: operator.not_,
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Gt: operator.gt, ast.Lt: operator.lt, ast.GtE: operator.ge,
    ast.LtE: operator.le,
}

FUNCTIONS: dict[str, Callable[..., Any]] = {
    "abs": abs, "round": round, "min": min, "max": max,
    "sqrt": math.sqrt, "cbrt": math.cbrt, "exp": math.exp, "log": math.log, "log10": math.log10, "log2": math.log2,
    "sin": math.sin, "cos": math.cos, "tan": math.tan, "asin": math.asin, "acos": math.acos, "atan": math.atan,
    "atan2": math.atan2, "sinh": math.sinh, "cosh": math.cosh, "tanh": math.tanh,
    "degrees": math.degrees, "radians": math.radians, "hypot": math.hypot,
    "floor": math.floor, "ceil": math.ceil, "trunc": math.trunc, "gcd": math.gcd, "lcm": math.lcm,
    "factorial": _combinatorial(math.factorial, "factorial"), "comb": _combinatorial(math.comb, "comb"),
    "perm": _combinatorial(math.perm, "perm"),
}

CONSTANTS: dict[str, Number] = {"pi": math.pi, "e": math.e, "tau": math.tau}


@dataclass(frozen=True)
class Calculation:
    expression: str
    value: Number | bool

    @property
    def shown(self) -> str:
        """The value as people read it: an integer whole, a float to 15 significant digits."""
        if isinstance(self.value, bool):
            return "true" if self.value else "false"
        if isinstance(self.value, int):
            return str(self.value)
        return format(self.value, f".{SIGNIFICANT_DIGITS}g")

    @property
    def for_model(self) -> str:
        return f"{self.expression} = {self.shown}"


# What an expression may be made of; simpleeval evaluates it. Attributes, subscripts, strings and
# f-strings are left out: (10).to_bytes(10**9) or "a" * 10**9 would be cheap to write, costly to run.
_SHAPES = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.IfExp, ast.Call, ast.keyword,
           ast.Name, ast.Constant, ast.Load, ast.operator, ast.unaryop, ast.cmpop, ast.boolop)


def evaluate(expression: str) -> Calculation:
    """ArgumentValueError for an expression that is not one (syntax, unknown names, what a
    calculation cannot have); ToolRunError for one that cannot be computed (division by zero, a
    math domain error, a result too large or not a real number)."""
    expression = expression.strip()
    if len(expression) > MAX_EXPRESSION_CHARS:
        raise ArgumentValueError(f"'expression': longer than {MAX_EXPRESSION_CHARS} characters")
    tree = _parsed(expression)
    evaluator = simpleeval.SimpleEval(operators=OPERATORS, functions=FUNCTIONS, names=CONSTANTS)
    try:
        value = evaluator.eval(expression, previously_parsed=tree.body)
    except ArgumentValueError:
        raise
    except simpleeval.NameNotDefined as exc:
        raise ArgumentValueError(f"'expression': unknown name '{exc.name}' (constants: {', '.join(CONSTANTS)})"
                                 ) from None
    except simpleeval.FunctionNotDefined as exc:
        raise ArgumentValueError(f"'expression': unknown function '{exc.func_name}' "
                                 f"(functions: {', '.join(sorted(FUNCTIONS))})") from None
    except simpleeval.InvalidExpression as exc:
        raise ArgumentValueError(f"'expression': {exc}") from None
    except (TypeError, RecursionError) as exc:
        raise ArgumentValueError(f"'expression': {exc}") from None
    except ZeroDivisionError:
        raise ToolRunError(f"{expression} divides by zero") from None
    except (TooLarge, OverflowError) as exc:
        raise ToolRunError(f"{expression}: the result is too large ({exc})") from None
    except ValueError as exc:  # math domain errors: sqrt(-1), log(0), ...
        raise ToolRunError(f"{expression}: {exc}") from None
    return Calculation(expression, _checked(expression, value))


def _parsed(expression: str) -> ast.Expression:
    try:
        tree = ast.parse(expression, mode="eval")  # one expression: statements and assignments are syntax errors
    except SyntaxError as exc:
        raise ArgumentValueError(f"'expression': {expression!r} is not an arithmetic expression "
                                 f"({exc.msg}, at character {exc.offset or 0})") from None
    for node in ast.walk(tree):
        if not isinstance(node, _SHAPES):
            raise ArgumentValueError(f"'expression': {ast.unparse(node)!r} has no place in a calculation "
                                     "(numbers, operators and functions only)")
        if isinstance(node, ast.Constant) and not isinstance(node.value, int | float):
            raise ArgumentValueError(f"'expression': {ast.unparse(node)} is not a number")
        if isinstance(node, ast.Call) and not isinstance(node.func, ast.Name):
            raise ArgumentValueError(f"'expression': {ast.unparse(node.func)!r} is not a function name")
    return tree


def _checked(expression: str, value: Any) -> Number | bool:
    if isinstance(value, complex):
        raise ToolRunError(f"{expression}: the result is not a real number ({value})")
    if not isinstance(value, int | float):
        raise ArgumentValueError(f"'expression': gives {type(value).__name__}, not a number")
    if isinstance(value, float) and not math.isfinite(value):
        raise ToolRunError(f"{expression}: the result is {'not a number' if math.isnan(value) else 'infinite'}")
    if isinstance(value, int):
        try:
            _check_bits(value.bit_length(), "the result")
        except TooLarge as exc:
            raise ToolRunError(f"{expression}: {exc}") from None
    return value
