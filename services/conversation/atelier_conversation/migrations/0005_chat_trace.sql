-- The trace id of the request that started a run (the x-tt-logid the caller got), shown with the
-- run's record so its log lines can be found; '' for runs recorded before.
ALTER TABLE chats ADD COLUMN trace_id text NOT NULL DEFAULT '';
