-- The role NL2SQL queries run as (SET LOCAL ROLE inside a read-only transaction): it can read
-- the physical tables of table datasets and nothing else. Where the service's database user may
-- not create roles, the role is skipped and queries rely on the read-only transaction, the
-- statement timeout and the SQL checks alone.
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'atelier_kb_reader') THEN
        CREATE ROLE atelier_kb_reader NOLOGIN;
    END IF;
EXCEPTION
    WHEN duplicate_object OR unique_violation THEN NULL;  -- another database's migration made it just now
    WHEN insufficient_privilege THEN
        RAISE NOTICE 'atelier_kb_reader not created (%): NL2SQL runs without the reader role', SQLERRM;
END
$$;

DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'atelier_kb_reader') THEN
        GRANT USAGE ON SCHEMA knowledge_tables TO atelier_kb_reader;
        GRANT SELECT ON ALL TABLES IN SCHEMA knowledge_tables TO atelier_kb_reader;
        ALTER DEFAULT PRIVILEGES IN SCHEMA knowledge_tables GRANT SELECT ON TABLES TO atelier_kb_reader;
        -- SET ROLE needs membership unless the service runs as a superuser.
        EXECUTE format('GRANT atelier_kb_reader TO %I', current_user);
    END IF;
EXCEPTION
    WHEN insufficient_privilege THEN
        RAISE NOTICE 'atelier_kb_reader not granted (%): NL2SQL runs without the reader role', SQLERRM;
END
$$;
