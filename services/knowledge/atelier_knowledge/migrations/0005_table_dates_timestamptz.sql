-- Date columns of table datasets become timestamptz, as the agent's memory tables' are (both are
-- mapped by atelier_common.user_tables now). Existing values were written as UTC wall times (the
-- parser's naive datetimes), so they are read as UTC.
DO $$
DECLARE
    col record;
BEGIN
    FOR col IN
        SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'knowledge_tables' AND data_type = 'timestamp without time zone'
    LOOP
        EXECUTE format('ALTER TABLE knowledge_tables.%I ALTER COLUMN %I TYPE timestamptz USING %I AT TIME ZONE ''UTC''',
                       col.table_name, col.column_name, col.column_name);
    END LOOP;
END
$$;
