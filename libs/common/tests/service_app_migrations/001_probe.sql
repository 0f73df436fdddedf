CREATE TABLE probe (id bigint PRIMARY KEY, note text NOT NULL);
INSERT INTO probe (id, note) VALUES (1, 'migrated');
