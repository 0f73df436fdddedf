-- Workflow runs: one row per execution and one per node execution (a Loop's or Batch's body node
-- once per iteration, a retried node once per attempt).
--
-- A run is executed by whoever holds its lease (lease_owner until lease_until): the service
-- process for sync and stream runs, a workflow worker for async ones. Every write a holder makes
-- names itself, so a holder that lost its lease (it stalled, another took the run over) changes
-- nothing. A run whose lease lapsed is re-driven by the workers' reconciler from its checkpoint
-- (the completed nodes and their outputs), so no run stays `running` after its executor died.

CREATE TABLE workflow_executions (
    id              bigint      PRIMARY KEY,          -- execute_id (snowflake)
    workflow_id     bigint      NOT NULL,
    space_id        bigint      NOT NULL,
    creator_id      bigint      NOT NULL,
    version         text        NOT NULL DEFAULT '',  -- '' : the draft
    content_hash    text        NOT NULL,             -- of the canvas that runs (plan cache key)
    mode            smallint    NOT NULL,             -- WorkflowRunMode: 0 sync, 1 stream, 2 async, 3 debug
    bot_id          bigint,
    project_id      bigint,
    input           jsonb       NOT NULL DEFAULT '{}',
    status          smallint    NOT NULL DEFAULT 1,   -- WorkflowExeStatus: 1 running .. 5 interrupted
    output          jsonb,
    answer          text,
    error_code      text,
    error_msg       text,
    failed_node_id  text,
    input_tokens    integer     NOT NULL DEFAULT 0,
    output_tokens   integer     NOT NULL DEFAULT 0,
    checkpoint      jsonb,                            -- Checkpoint.to_json() after the last completed node
    cancel_requested boolean    NOT NULL DEFAULT false,
    lease_owner     text,                             -- NULL: waiting for a worker to claim it
    lease_until     timestamptz NOT NULL DEFAULT now(),
    attempts        integer     NOT NULL DEFAULT 0,   -- claims so far (1 + takeovers)
    created_at      timestamptz NOT NULL DEFAULT now(),
    started_at      timestamptz,
    updated_at      timestamptz NOT NULL DEFAULT now(),
    finished_at     timestamptz
);
CREATE INDEX workflow_executions_history ON workflow_executions (workflow_id, created_at DESC, id DESC);
-- The reconciler's scan: running runs by lease expiry.
CREATE INDEX workflow_executions_leases ON workflow_executions (lease_until) WHERE status = 1;

CREATE TABLE node_executions (
    execute_id      bigint      NOT NULL REFERENCES workflow_executions (id) ON DELETE CASCADE,
    node_id         text        NOT NULL,
    scope_owner     text        NOT NULL DEFAULT '',  -- the Loop/Batch a body node ran in ('' : the canvas)
    iteration       integer     NOT NULL DEFAULT -1,  -- its iteration (-1 : the canvas)
    attempt         integer     NOT NULL DEFAULT 0,   -- retry of the node (0 : first)
    run_attempt     integer     NOT NULL DEFAULT 1,   -- the run's claim that executed it
    node_type       text        NOT NULL,
    title           text        NOT NULL DEFAULT '',
    status          smallint    NOT NULL,             -- NodeExeStatus: 2 running, 3 success, 4 fail
    input           jsonb,
    output          jsonb,
    error           text,
    error_code      text,
    input_tokens    integer     NOT NULL DEFAULT 0,
    output_tokens   integer     NOT NULL DEFAULT 0,
    started_at      timestamptz NOT NULL,
    duration_ms     double precision NOT NULL DEFAULT 0,
    PRIMARY KEY (execute_id, node_id, scope_owner, iteration, attempt, run_attempt)
);
