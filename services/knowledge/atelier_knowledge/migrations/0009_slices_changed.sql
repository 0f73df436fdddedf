-- A dataset's slices written, edited (text or status) or deleted notify '<schema>.dataset_changed'
-- with the dataset's id, as a change to its row does (0008): a knowledge process drops the
-- full-text index it keeps of the dataset (retrieval/fulltext_memory) and rebuilds it from the
-- search store once the dataset is quiet. Hit counts and sequence shifts do not notify.
-- pg_notify sends a transaction's repeats once, so a batch of slices is one notification.
CREATE FUNCTION notify_slices_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    changed record;
BEGIN
    IF TG_OP = 'DELETE' THEN
        changed := OLD;
    ELSE
        changed := NEW;
    END IF;
    PERFORM pg_notify(TG_TABLE_SCHEMA || '.dataset_changed', changed.dataset_id::text);
    RETURN NULL;
END $$;

CREATE TRIGGER slices_changed AFTER INSERT OR DELETE OR UPDATE OF content, status, dataset_id ON slices
    FOR EACH ROW EXECUTE FUNCTION notify_slices_changed();
