"""What a node does when it fails, from Coze's `settingOnError`.

Every node may set a time limit (`timeoutMs`, shared by all its attempts), a number of retries
(`retryTimes`, run at once after a failure) and what a failure finally does (`processType`):
fail the run (Throw, also when nothing is set), output `dataOnErr` and go on
(ReturnDefaultData), or leave by the node's `branch_error` port (ExceptionBranch). As in Coze,
`dataOnErr` with `switch` on and no `processType` means ReturnDefaultData, and `switch` alone
does not turn the time limit off. An LLM node may name a backup model for its retries
(`ext.backupLLMParam`).

After a success the node's `isSuccess` is true, as Coze sets it, except that a node with an
`isSuccess` answer of its own (conversation and message nodes: false for a conversation that is
not there) keeps that answer: Coze's canvas offers error handling only on node types that have
none (`ERROR_HANDLING_TYPES`), so the two never meet there.

Interface: `ErrorPolicy`, `error_policy(node) -> (ErrorPolicy, problem | None)`,
`success_flag(node_type, answered) -> bool`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from atelier_proto.enums import ErrorProcessType, NodeType
from atelier_workflow.domain.canvas import CanvasNode


@dataclass(frozen=True, slots=True)
class ErrorPolicy:
    action: ErrorProcessType = ErrorProcessType.Throw
    timeout_ms: int = 0  # 0: no limit
    max_retries: int = 0
    default_output: Mapping[str, Any] | None = None  # dataOnErr: the output when it fails
    backup_llm_param: str = ""  # LLM: model settings (JSON) its retries use


THROW = ErrorPolicy()

# The node types Coze's canvas offers settingOnError on (frontend setting-on-error/constants.ts):
# their isSuccess is the policy's alone.
ERROR_HANDLING_TYPES = frozenset({
    NodeType.CodeRunner, NodeType.LLM, NodeType.Plugin, NodeType.DatabaseCustomSQL, NodeType.DatabaseInsert,
    NodeType.DatabaseUpdate, NodeType.DatabaseQuery, NodeType.DatabaseDelete, NodeType.IntentDetector,
    NodeType.HTTPRequester, NodeType.SubWorkflow})


def success_flag(node_type: NodeType | None, answered: Any) -> bool:
    """isSuccess of a node that succeeded under a ReturnDefaultData or ExceptionBranch policy."""
    if node_type not in ERROR_HANDLING_TYPES and isinstance(answered, bool):
        return answered
    return True


def error_policy(node: CanvasNode) -> tuple[ErrorPolicy, str | None]:
    """The node's policy, and what is wrong with its setting (then the policy is Throw)."""
    setting = node.inputs.setting_on_error
    if setting is None:
        return THROW, None
    default_output = None
    if setting.data_on_err.strip():
        try:
            default_output = json.loads(setting.data_on_err)
        except ValueError:
            return THROW, "settingOnError.dataOnErr is not JSON"
        if not isinstance(default_output, dict):
            return THROW, "settingOnError.dataOnErr must be a JSON object of the node's outputs"
    action = setting.process_type
    if action is None:
        action = (ErrorProcessType.ReturnDefaultData if default_output is not None and setting.switch
                  else ErrorProcessType.Throw)
    if action == ErrorProcessType.ReturnDefaultData and default_output is None:
        return THROW, "settingOnError returns default data on error, but dataOnErr is empty"
    if setting.timeout_ms < 0 or setting.retry_times < 0:
        return THROW, "settingOnError.timeoutMs and retryTimes cannot be negative"
    backup = (setting.ext or {}).get("backupLLMParam") or ""
    return ErrorPolicy(action, setting.timeout_ms, setting.retry_times, default_output, str(backup)), None
