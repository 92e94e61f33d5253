-- CreateIndex
CREATE INDEX "AuditLog_action_at_idx" ON "AuditLog"("action", "at");

-- CreateIndex
CREATE INDEX "AuditLog_actorId_at_idx" ON "AuditLog"("actorId", "at");

-- CreateIndex
CREATE INDEX "UpstreamCall_operation_at_idx" ON "UpstreamCall"("operation", "at");

-- CreateIndex
CREATE INDEX "UpstreamCall_userId_at_idx" ON "UpstreamCall"("userId", "at");

-- Earlier audit rows take the one vocabulary (lib/domain/audit.ts)
UPDATE "AuditLog" SET "action" = 'auth.sign_in_failed' WHERE "action" = 'login.failed';
UPDATE "AuditLog" SET "action" = 'user.create' WHERE "action" = 'user.created';
UPDATE "AuditLog" SET "action" = 'user.update' WHERE "action" = 'user.updated';
UPDATE "AuditLog" SET "action" = 'account.password_change' WHERE "action" = 'account.password_changed';
UPDATE "AuditLog" SET "action" = 'account.sign_out_everywhere' WHERE "action" = 'account.sessions_ended';
UPDATE "AuditLog"
  SET "details" = COALESCE("details", '{}'::jsonb) || jsonb_build_object('change', substring("action" from 11)),
      "action" = 'bookmarks.admin_change'
  WHERE "action" LIKE 'bookmarks.%' AND "action" <> 'bookmarks.admin_change';
