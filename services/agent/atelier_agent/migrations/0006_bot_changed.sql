-- Every change to a bot row or its versions notifies '<schema>.bot_changed' with the bot's id (on
-- commit; a transaction's repeats are sent once). Each agent process listens and drops what it
-- keeps of that bot (run_configs: the published configuration chats run on), so a chat turn reads
-- no configuration from the database while the bot stays as it was.
CREATE FUNCTION notify_bot_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    changed record;
BEGIN
    IF TG_OP = 'DELETE' THEN
        changed := OLD;
    ELSE
        changed := NEW;
    END IF;
    PERFORM pg_notify(TG_TABLE_SCHEMA || '.bot_changed', to_jsonb(changed) ->> TG_ARGV[0]);
    RETURN NULL;
END $$;

CREATE TRIGGER bots_changed AFTER UPDATE OR DELETE ON bots
    FOR EACH ROW EXECUTE FUNCTION notify_bot_changed('id');
CREATE TRIGGER bot_versions_changed AFTER INSERT OR UPDATE OR DELETE ON bot_versions
    FOR EACH ROW EXECUTE FUNCTION notify_bot_changed('bot_id');
