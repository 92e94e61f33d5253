import "server-only";
import type { Service } from "@/generated/prisma/client";
import { prisma } from "./client";

const ITEM_SELECT = {
  id: true,
  addedAt: true,
  note: true,
  assessment: {
    select: {
      id: true,
      service: true,
      code: true,
      assessment: true,
      status: true,
      upstreamUpdatedAt: true,
      lastAvailableFinal: true,
    },
  },
  addedBy: { select: { email: true } },
} as const;

/** The user's own lists and every shared list, with the emails of each list's editors. */
export async function visibleLists(userId: string) {
  const lists = await prisma().bookmarkList.findMany({
    where: { OR: [{ ownerId: userId }, { shared: true }] },
    orderBy: [{ shared: "asc" }, { name: "asc" }],
    include: {
      owner: { select: { email: true } },
      items: { select: ITEM_SELECT, orderBy: { addedAt: "desc" } },
    },
  });
  const ids = [...new Set(lists.flatMap((l) => l.editorIds))];
  const users = ids.length
    ? await prisma().user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } })
    : [];
  const email = new Map(users.map((u) => [u.id, u.email]));
  return lists.map((l) => ({
    ...l,
    editors: l.editorIds.map((id) => email.get(id)).filter(Boolean) as string[],
  }));
}

export function userIdsByEmail(emails: string[]) {
  return prisma().user.findMany({ where: { email: { in: emails } }, select: { id: true, email: true } });
}

export function findList(id: string) {
  return prisma().bookmarkList.findUnique({ where: { id } });
}

export function createList(data: {
  ownerId: string;
  name: string;
  description?: string | null;
  shared: boolean;
}) {
  return prisma().bookmarkList.create({ data });
}

export function updateList(
  id: string,
  data: { name?: string; description?: string | null; shared?: boolean; editorIds?: string[] },
) {
  return prisma().bookmarkList.update({ where: { id }, data });
}

export async function deleteList(id: string): Promise<void> {
  await prisma().bookmarkList.delete({ where: { id } });
}

export async function addItem(listId: string, assessmentId: number, addedById: string, note?: string | null) {
  return prisma().bookmarkItem.upsert({
    where: { listId_assessmentId: { listId, assessmentId } },
    create: { listId, assessmentId, addedById, note },
    update: note !== undefined ? { note } : {},
  });
}

export async function removeItem(listId: string, itemId: string): Promise<number> {
  return (await prisma().bookmarkItem.deleteMany({ where: { id: itemId, listId } })).count;
}

export function assessmentId(service: Service, code: string) {
  return prisma().assessment.findUnique({ where: { service_code: { service, code } }, select: { id: true } });
}

export function visitsOf(userId: string, assessmentIds: number[]) {
  return prisma().seriesVisit.findMany({ where: { userId, assessmentId: { in: assessmentIds } } });
}
