-- Every server process keeps the callers it has resolved (session, user, admin record, roles, route
-- permission) until one of these tables changes: the triggers tell every listening connection.
CREATE OR REPLACE FUNCTION notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('brokerdesk_auth_changed', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();--> statement-breakpoint
CREATE TRIGGER "admins_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "admins" FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();--> statement-breakpoint
CREATE TRIGGER "admin_role_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "admin_role" FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();--> statement-breakpoint
CREATE TRIGGER "roles_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();--> statement-breakpoint
CREATE TRIGGER "menus_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "menus" FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();--> statement-breakpoint
CREATE TRIGGER "menu_role_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "menu_role" FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();--> statement-breakpoint
-- A session's sliding expiry (pushed forward at most once a minute) changes nothing a process keeps.
CREATE TRIGGER "sessions_auth_changed" AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN (old.ended_at IS DISTINCT FROM new.ended_at OR old.user_id <> new.user_id
    OR old.token_hash <> new.token_hash OR new.expires_at < old.expires_at)
  EXECUTE FUNCTION notify_auth_changed();--> statement-breakpoint
CREATE TRIGGER "sessions_auth_removed" AFTER DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
