-- Every change to a plugin, its draft tools or its versions notifies '<schema>.plugin_changed' with
-- the plugin's id (on commit; a transaction's repeats are sent once). Each plugin service process
-- listens and drops what it keeps of that plugin (view_cache), so a tool call reads nothing from the
-- database while the plugin stays as it was.
CREATE FUNCTION notify_plugin_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    changed record;
BEGIN
    IF TG_OP = 'DELETE' THEN
        changed := OLD;
    ELSE
        changed := NEW;
    END IF;
    PERFORM pg_notify(TG_TABLE_SCHEMA || '.plugin_changed', to_jsonb(changed) ->> TG_ARGV[0]);
    RETURN NULL;
END $$;

CREATE TRIGGER plugins_changed AFTER UPDATE OR DELETE ON plugins
    FOR EACH ROW EXECUTE FUNCTION notify_plugin_changed('id');
CREATE TRIGGER tools_changed AFTER INSERT OR UPDATE OR DELETE ON tools
    FOR EACH ROW EXECUTE FUNCTION notify_plugin_changed('plugin_id');
CREATE TRIGGER plugin_versions_changed AFTER INSERT OR UPDATE OR DELETE ON plugin_versions
    FOR EACH ROW EXECUTE FUNCTION notify_plugin_changed('plugin_id');
