import "server-only";
import { z } from "zod";
import { canChooseEditors, canEditList, canSeeList, isAdmin, isAdminOverride } from "@/lib/auth/permissions";
import { writeAudit } from "@/lib/db/audit";
import {
  addItem,
  assessmentId,
  createList,
  deleteList,
  findList,
  removeItem,
  updateList,
  userIdsByEmail,
  visibleLists,
  visitsOf,
} from "@/lib/db/bookmarks";
import { latestValues } from "@/lib/db/latest-values";
import { codeSchema } from "@/lib/domain/codes";
import { isoDay } from "@/lib/domain/months";
import type { SessionUser } from "@/lib/domain/roles";
import { serviceSchema } from "@/lib/domain/services";
import { summarizeLatest } from "@/lib/domain/value-change";
import { badRequest, forbidden, notFound } from "@/lib/http/errors";

// Bookmark lists: personal, or shared with everyone to read. Only the owner and the editors the
// owner names change a list (its items and notes too); admins may, and that is audited.
// "New" marks a series updated since the user last opened it.

export const newListSchema = z.object({
  name: z.string().trim().min(1, "is required").max(100),
  description: z.string().trim().max(500).optional(),
  shared: z.boolean().default(false),
});
export const listPatchSchema = newListSchema
  .partial()
  .extend({
    /** emails of the users who may change the list besides its owner (replaces the current set) */
    editors: z.array(z.string().trim().toLowerCase().pipe(z.email())).max(50).optional(),
  })
  .strict();
export const newItemSchema = z.object({
  service: serviceSchema,
  code: codeSchema,
  note: z.string().trim().max(500).optional(),
});
export const listParamsSchema = z.object({ id: z.string().min(1).max(40) });
export const itemParamsSchema = listParamsSchema.extend({ itemId: z.string().min(1).max(40) });

export async function listBookmarks(user: SessionUser) {
  const lists = await visibleLists(user.id);
  const ids = [...new Set(lists.flatMap((l) => l.items.map((i) => i.assessment.id)))];
  const [visitRows, values] = await Promise.all([visitsOf(user.id, ids), latestValues(user.id, ids)]);
  const visits = new Map(visitRows.map((v) => [v.assessmentId, v.lastViewedAt]));
  const latest = new Map(values.map((v) => [v.assessmentId, summarizeLatest(v)]));
  return lists.map((l) => ({
    id: l.id,
    name: l.name,
    description: l.description,
    shared: l.shared,
    owner: l.owner.email,
    mine: l.ownerId === user.id,
    editable: canEditList(user, l),
    editors: l.editors,
    items: l.items.map((i) => {
      const seen = visits.get(i.assessment.id);
      const updated = i.assessment.upstreamUpdatedAt;
      return {
        id: i.id,
        service: i.assessment.service,
        code: i.assessment.code,
        assessment: i.assessment.assessment,
        status: i.assessment.status,
        updatedAt: isoDay(updated),
        addedBy: i.addedBy.email,
        note: i.note,
        latest: latest.get(i.assessment.id) ?? null,
        // New data arrived after the user's last look (or it was never opened since bookmarking).
        isNew: Boolean(updated && (!seen ? updated > i.addedAt : updated > seen)),
      };
    }),
  }));
}

export async function newList(user: SessionUser, input: z.infer<typeof newListSchema>) {
  return createList({ ownerId: user.id, ...input });
}

type List = NonNullable<Awaited<ReturnType<typeof findList>>>;

/** The list, when the user may change it; an admin's change to someone else's list is audited. */
async function editableList(user: SessionUser, id: string, action: string, details: object = {}) {
  const list = await findList(id);
  if (!list || !canSeeList(user, list)) throw notFound("No such bookmark list.");
  if (!canEditList(user, list))
    throw forbidden("Only the owner of this list and the editors they chose can change it.");
  if (isAdminOverride(user, list))
    await writeAudit({
      actorId: user.id,
      action: "bookmarks.admin_change",
      target: list.id,
      details: { change: action, ...details, owner: list.ownerId },
    });
  return list;
}

async function editorIds(user: SessionUser, list: List, emails: string[]): Promise<string[]> {
  if (!canChooseEditors(user, list)) throw forbidden("Only the owner of this list chooses its editors.");
  const found = await userIdsByEmail(emails);
  const missing = emails.filter((e) => !found.some((u) => u.email === e));
  if (missing.length) throw badRequest(`No user with the email ${missing.join(", ")}.`, { field: "editors" });
  return found.map((u) => u.id).filter((id) => id !== list.ownerId);
}

export async function changeList(user: SessionUser, id: string, patch: z.infer<typeof listPatchSchema>) {
  const { editors, ...rest } = patch;
  const list = await editableList(user, id, "list.updated", { ...rest, editors });
  return updateList(id, {
    ...rest,
    ...(editors ? { editorIds: await editorIds(user, list, editors) } : {}),
  });
}

export async function removeList(user: SessionUser, id: string) {
  const list = await editableList(user, id, "list.deleted");
  if (list.ownerId !== user.id && !isAdmin(user))
    throw forbidden("Only the owner of this list can delete it.");
  await deleteList(id);
  return { deleted: true };
}

export async function bookmark(user: SessionUser, listId: string, input: z.infer<typeof newItemSchema>) {
  await editableList(user, listId, "item.added", { ...input });
  const a = await assessmentId(input.service, input.code);
  if (!a) throw notFound(`No assessment ${input.code} in ${input.service}.`);
  return addItem(listId, a.id, user.id, input.note);
}

export async function unbookmark(user: SessionUser, listId: string, itemId: string) {
  await editableList(user, listId, "item.removed", { itemId });
  if (!(await removeItem(listId, itemId))) throw notFound("No such bookmark.");
  return { deleted: true };
}

/** Which series a list holds, as "service:code" → bookmark item id (the bookmark button's state). */
const heldItems = (items: { id: string; assessment: { service: string; code: string } }[]) =>
  Object.fromEntries(items.map((i) => [`${i.assessment.service}:${i.assessment.code}`, i.id]));

/**
 * The lists the user may bookmark to, for a "bookmark to…" picker, with what each holds; a first
 * personal list is created on demand.
 */
export async function bookmarkTargets(user: SessionUser): Promise<BookmarkTarget[]> {
  // Only lists the user may change: their own, and shared ones whose owner made them an editor.
  const lists = (await visibleLists(user.id)).filter((l) => canEditList(user, l));
  const targets = lists.map((l) => ({
    id: l.id,
    name: `${l.name}${l.shared ? " (shared)" : ""}`,
    shared: l.shared,
    items: heldItems(l.items),
  }));
  if (lists.some((l) => l.ownerId === user.id)) return targets;
  const created = await createList({ ownerId: user.id, name: "My bookmarks", shared: false });
  return [{ id: created.id, name: created.name, shared: false, items: {} }, ...targets];
}
export type BookmarkTarget = { id: string; name: string; shared: boolean; items: Record<string, string> };
