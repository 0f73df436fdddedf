"""What the workflow definition store holds, as typed values: a workflow with the state of its
draft and of its latest published version, the draft's canvas, a published version, a reference
from one workflow to another."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from atelier_proto.enums import WorkflowMode, WorkflowReferType


@dataclass(frozen=True)
class DraftState:
    """The draft without its canvas (lists and access checks never need the canvas)."""

    commit_id: str
    content_hash: str
    test_run_passed: bool
    updated_at: datetime


@dataclass(frozen=True)
class LatestVersion:
    version: str
    commit_id: str
    content_hash: str
    created_at: datetime


@dataclass(frozen=True)
class Workflow:
    id: int
    space_id: int
    project_id: int | None
    name: str
    description: str
    icon_uri: str
    mode: WorkflowMode
    creator_id: int
    created_at: datetime
    updated_at: datetime
    draft: DraftState
    latest: LatestVersion | None  # None until the first publish

    @property
    def published(self) -> bool:
        return self.latest is not None

    @property
    def modified(self) -> bool:
        """Whether the draft runs differently from the latest published version (or nothing is
        published yet)."""
        return self.latest is None or self.latest.content_hash != self.draft.content_hash


@dataclass(frozen=True)
class Draft:
    workflow_id: int
    canvas: str
    state: DraftState


@dataclass(frozen=True)
class PublishedVersion:
    workflow_id: int
    version: str
    description: str
    canvas: str
    content_hash: str
    commit_id: str
    creator_id: int
    created_at: datetime


@dataclass(frozen=True)
class Reference:
    """The draft of one workflow uses another."""

    referred_id: int
    refer_type: WorkflowReferType


@dataclass(frozen=True)
class Referrer:
    """A workflow whose draft uses the one in question (for the message refusing its deletion)."""

    id: int
    name: str


@dataclass(frozen=True)
class MetaChanges:
    """What a request changes in a workflow's settings (None: unchanged)."""

    name: str | None = None
    description: str | None = None
    icon_uri: str | None = None
    mode: WorkflowMode | None = None

    def __bool__(self) -> bool:
        return any(v is not None for v in (self.name, self.description, self.icon_uri, self.mode))
