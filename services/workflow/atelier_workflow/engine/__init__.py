"""The workflow engine: runs a compiled plan (domain/plan.py) in process, on asyncio.

`Engine(registry).run(plan, inputs, context=RunContext(...), observer=..., resume=checkpoint,
resume_answer=ResumeAnswer(node_id, answer)) -> RunResult` (status INTERRUPTED with `interrupt`
when a node waits for the user). Node executors live in `engine.nodes`, one module per family, gathered by
`default_registry()` (`full_registry()` adds the nodes that call other services); the `RunObserver` protocol is the seam for storage, checkpoints and
streaming. No database or broker here: those wire in through the observer and `RunContext`.
"""

from atelier_workflow.engine.context import LoopControl, NodeContext, RunContext
from atelier_workflow.engine.model import (
    Interrupt,
    InvalidResume,
    NodeError,
    NodeInterrupt,
    NodeOutput,
    NodeTimeout,
    NodeUnavailable,
    ResumeAnswer,
    Resumed,
    RunFailure,
    RunResult,
    RunStatus,
    TokenUsage,
)
from atelier_workflow.engine.observer import BaseObserver, MessageEvent, NodeEvent, RunObserver, Scope
from atelier_workflow.engine.registry import ExecutorRegistry, NodeExecutor, default_registry, full_registry
from atelier_workflow.engine.runner import BodyRun, Engine, RunFailed

__all__ = [
    "BaseObserver", "BodyRun", "Engine", "ExecutorRegistry", "Interrupt", "InvalidResume", "LoopControl",
    "MessageEvent", "NodeContext", "NodeError", "NodeEvent", "NodeExecutor", "NodeInterrupt", "NodeOutput",
    "NodeTimeout", "NodeUnavailable", "ResumeAnswer", "Resumed", "RunContext", "RunFailed", "RunFailure",
    "RunObserver", "RunResult", "RunStatus", "Scope", "TokenUsage", "default_registry", "full_registry",
]
