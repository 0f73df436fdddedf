-- The knowledge passages an answer cites (its [n] marks point at them): [{id, dataset_id,
-- dataset_name, document_id, document_name, slice_id, snippet, url, score}], ids as strings.
ALTER TABLE messages ADD COLUMN sources jsonb NOT NULL DEFAULT '[]';
