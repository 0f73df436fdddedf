-- Workflow definitions: the workflow itself, its one draft (the canvas being edited), its
-- published versions (immutable canvases) and which workflows its draft uses.
-- Canvases are Coze Studio canvas JSON kept as the text the console sent.
--
-- Deleting a workflow is soft (deleted_at): published versions stay readable by runs already
-- under way and by run history, while the workflow disappears from every console route and
-- its name becomes free again. Its reference rows (both directions) are removed at once.

CREATE TABLE workflows (
    id              bigint      PRIMARY KEY,
    space_id        bigint      NOT NULL,
    project_id      bigint,
    name            text        NOT NULL,            -- a letter, then letters, digits, underscores
    description     text        NOT NULL DEFAULT '',
    icon_uri        text        NOT NULL DEFAULT '',
    mode            smallint    NOT NULL DEFAULT 0,  -- WorkflowMode: 0 workflow, 3 chatflow
    creator_id      bigint      NOT NULL,
    source_id       bigint,                          -- the workflow this one was copied from
    latest_version  text,                            -- NULL until the first publish
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    deleted_at      timestamptz
);
CREATE UNIQUE INDEX workflows_name ON workflows (space_id, name) WHERE deleted_at IS NULL;
CREATE INDEX workflows_space ON workflows (space_id, updated_at DESC, id DESC) WHERE deleted_at IS NULL;

CREATE TABLE workflow_drafts (
    workflow_id      bigint      PRIMARY KEY REFERENCES workflows (id),
    canvas           text        NOT NULL,
    content_hash     text        NOT NULL,           -- of what runs: the canvas without node positions
    commit_id        text        NOT NULL,           -- new on every save; a save must name the current one
    test_run_passed  boolean     NOT NULL DEFAULT false,  -- Coze's testrun_success, for this content
    updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE workflow_versions (
    workflow_id   bigint      NOT NULL REFERENCES workflows (id),
    version       text        NOT NULL,              -- vMAJOR.MINOR.PATCH
    major         integer     NOT NULL,
    minor         integer     NOT NULL,
    patch         integer     NOT NULL,
    description   text        NOT NULL DEFAULT '',
    canvas        text        NOT NULL,
    content_hash  text        NOT NULL,
    commit_id     text        NOT NULL,              -- the draft commit it was published from
    creator_id    bigint      NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (workflow_id, version),
    UNIQUE (workflow_id, major, minor, patch)
);

-- A published version is what runs and agents pin: it never changes after the fact.
CREATE FUNCTION workflow_versions_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'published workflow version %/% cannot be changed', OLD.workflow_id, OLD.version;
END
$$;
CREATE TRIGGER workflow_versions_immutable BEFORE UPDATE ON workflow_versions
    FOR EACH ROW EXECUTE FUNCTION workflow_versions_are_immutable();

-- Workflows the draft of another uses (SubWorkflow nodes, LLM nodes' workflow tools), both in
-- the same space. Agents' uses of workflows are the agent service's to report.
CREATE TABLE workflow_references (
    referring_id  bigint   NOT NULL REFERENCES workflows (id),
    referred_id   bigint   NOT NULL REFERENCES workflows (id),
    refer_type    smallint NOT NULL,                 -- WorkflowReferType: 1 sub-workflow, 2 tool
    PRIMARY KEY (referring_id, referred_id, refer_type)
);
CREATE INDEX workflow_references_referred ON workflow_references (referred_id);
