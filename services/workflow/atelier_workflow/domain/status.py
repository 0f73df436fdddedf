"""The statuses the console shows for a workflow, from its draft and latest version (Coze's
rules: a draft whose content is the published one "had submit"; otherwise it may be submitted
once it passed a test run)."""

from __future__ import annotations

from atelier_proto.enums import VCSCanvasType, WorkFlowDevStatus, WorkFlowStatus
from atelier_workflow.domain.entities import Workflow


def dev_status(wf: Workflow) -> WorkFlowDevStatus:
    if not wf.modified:
        return WorkFlowDevStatus.HadSubmit
    return WorkFlowDevStatus.CanSubmit if wf.draft.test_run_passed else WorkFlowDevStatus.CanNotSubmit


def publish_status(wf: Workflow) -> WorkFlowStatus:
    if not wf.modified:
        return WorkFlowStatus.HadPublished
    return WorkFlowStatus.CanPublish if wf.draft.test_run_passed else WorkFlowStatus.CanNotPublish


def canvas_type(wf: Workflow) -> VCSCanvasType:
    return VCSCanvasType.Draft if wf.modified else VCSCanvasType.Publish
