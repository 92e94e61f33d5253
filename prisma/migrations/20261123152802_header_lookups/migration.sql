-- CreateIndex
CREATE INDEX "Notification_userId_readAt_idx" ON "Notification"("userId", "readAt");

-- CreateIndex
CREATE INDEX "QuotaAlert_period_idx" ON "QuotaAlert"("period");
