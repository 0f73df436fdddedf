-- Every change to a dataset row notifies '<schema>.dataset_changed' with the dataset's id (on commit;
-- a transaction's repeats are sent once). Each knowledge process listens and drops what it keeps of
-- that dataset (retrieval/dataset_cache: the datasets a Retrieve searches), so a retrieval reads no
-- dataset from the database while the dataset stays as it was.
CREATE FUNCTION notify_dataset_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    changed record;
BEGIN
    IF TG_OP = 'DELETE' THEN
        changed := OLD;
    ELSE
        changed := NEW;
    END IF;
    PERFORM pg_notify(TG_TABLE_SCHEMA || '.dataset_changed', changed.id::text);
    RETURN NULL;
END $$;

CREATE TRIGGER datasets_changed AFTER UPDATE OR DELETE ON datasets
    FOR EACH ROW EXECUTE FUNCTION notify_dataset_changed();
