-- Single-node debug runs (nodeDebug): the node a run executes alone, NULL for a run of the whole
-- canvas. The caller's latest debug of a node is looked up by (workflow, node, creator).
ALTER TABLE workflow_executions ADD COLUMN IF NOT EXISTS debug_node_id text;
CREATE INDEX IF NOT EXISTS workflow_executions_node_debug
    ON workflow_executions (workflow_id, debug_node_id, creator_id, created_at DESC) WHERE debug_node_id IS NOT NULL;
