-- The console's run log lists a space's runs newest first (ids grow with time), debugs of one node left out.
CREATE INDEX IF NOT EXISTS workflow_executions_space ON workflow_executions (space_id, id DESC)
    WHERE debug_node_id IS NULL;
