-- The role the agent's SQL tool runs the model's statements as (SET LOCAL ROLE inside the tool's
-- transaction): it reads and writes the memory tables in agent_user_tables and reaches nothing
-- else, so a statement that slipped past the SQL checks still cannot touch the agent's own tables
-- or another service's schema. Tables created later by the service user get the same grants
-- (default privileges). Unlike NL2SQL's reader, the tool refuses to run without this role.
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'atelier_agent_memory') THEN
        CREATE ROLE atelier_agent_memory NOLOGIN;
    END IF;
EXCEPTION
    WHEN duplicate_object OR unique_violation THEN NULL;  -- another database's migration made it just now
    WHEN insufficient_privilege THEN
        RAISE WARNING 'atelier_agent_memory not created (%): the agent SQL tool will refuse to run', SQLERRM;
END
$$;

DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'atelier_agent_memory') THEN
        GRANT USAGE ON SCHEMA agent_user_tables TO atelier_agent_memory;
        GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA agent_user_tables TO atelier_agent_memory;
        ALTER DEFAULT PRIVILEGES IN SCHEMA agent_user_tables
            GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO atelier_agent_memory;
        -- SET ROLE needs membership unless the service runs as a superuser.
        EXECUTE format('GRANT atelier_agent_memory TO %I', current_user);
    END IF;
EXCEPTION
    WHEN insufficient_privilege THEN
        RAISE WARNING 'atelier_agent_memory not granted (%): the agent SQL tool will refuse to run', SQLERRM;
END
$$;
