-- A write that changes what the processes keep of their callers (sessions, users, admins, roles,
-- menu items) also says so inside its own transaction: the engine reads the flag back with its log
-- entry, and only such a write drops what this process keeps before the answer is sent (the other
-- processes still hear the notification).
CREATE OR REPLACE FUNCTION notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('brokerdesk.auth_changed', 'on', true);
  PERFORM pg_notify('brokerdesk_auth_changed', '');
  RETURN NULL;
END $$;
