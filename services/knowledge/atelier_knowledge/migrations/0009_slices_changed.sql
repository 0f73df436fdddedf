-- A dataset's slices written, edited (text or status) or deleted notify '<schema>.dataset_changed'
-- with the dataset's id, as a change to its row does (0008): a knowledge process drops the
-- BM25 index and vectors it keeps of the dataset (retrieval/kept_datasets) and reads them from the
-- search store once the dataset is quiet. Hit counts and sequence shifts do not notify.
-- pg_notify sends a transaction's repeats once, so a batch of slices is one notification.
-- 0008's function, generalised: the trigger's argument names the column holding the dataset's id
-- (none: id, as on datasets).
CREATE OR REPLACE FUNCTION notify_dataset_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify(TG_TABLE_SCHEMA || '.dataset_changed',
                      to_jsonb(CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END) ->> coalesce(TG_ARGV[0], 'id'));
    RETURN NULL;
END $$;

CREATE TRIGGER slices_changed AFTER INSERT OR DELETE OR UPDATE OF content, status, dataset_id ON slices
    FOR EACH ROW EXECUTE FUNCTION notify_dataset_changed('dataset_id');
