// Shared bookmark lists: everyone reads them; only the owner, the editors the owner chose and admins
// (audited) change them — items, notes, the list itself.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import type { SessionUser } from "@/lib/domain/roles";
import {
  bookmark,
  changeList,
  listBookmarks,
  newList,
  removeList,
  unbookmark,
} from "@/lib/services/bookmarks";
import { addUser } from "@/lib/services/users";
import { installTestDatabase, type TestDatabase } from "../helpers/database";

let db: TestDatabase;
const who: Record<"owner" | "other" | "editor" | "admin", SessionUser> = {} as never;

async function assessment(code: string) {
  return prisma().assessment.create({
    data: {
      service: "industry_economics",
      code,
      assessment: `Assessment ${code}`,
      product: "p",
      commodity: "c",
      coverage: "Germany",
      location: "Germany",
      specification: "s",
      availableCurrencies: ["EUR"],
      availableUnits: ["kWh"],
      defaultCurrency: "EUR",
      defaultUnit: "kWh",
      hasForecast: false,
      hasPreliminary: false,
      seriesHistChanged: false,
      remark1: "",
      kind: "utility",
      dataset: "Germany",
      searchText: code,
      raw: {},
    },
  });
}

beforeAll(async () => {
  db = await installTestDatabase();
  for (const [key, role] of [
    ["owner", "viewer"],
    ["other", "viewer"],
    ["editor", "viewer"],
    ["admin", "admin"],
  ] as const) {
    const u = await addUser(null, { email: `${key}@lists.test`, password: "password-1", role });
    who[key] = { id: u.id, email: u.email, name: null, role };
  }
  await assessment("1-1-1");
  await assessment("1-1-2");
});
afterAll(async () => {
  await db.drop();
});

describe(`shared bookmark lists on ${process.env.TEST_DB_KIND}`, () => {
  it("cannot be changed by another user: no removing, no adding, no overwriting notes, no renaming", async () => {
    const list = await newList(who.owner, { name: "Team", shared: true });
    const item = await bookmark(who.owner, list.id, {
      service: "industry_economics",
      code: "1-1-1",
      note: "mine",
    });
    await expect(unbookmark(who.other, list.id, item.id)).rejects.toMatchObject({ status: 403 });
    await expect(
      bookmark(who.other, list.id, { service: "industry_economics", code: "1-1-1", note: "overwritten" }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      bookmark(who.other, list.id, { service: "industry_economics", code: "1-1-2" }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(changeList(who.other, list.id, { name: "Mine now" })).rejects.toMatchObject({ status: 403 });
    await expect(removeList(who.other, list.id)).rejects.toMatchObject({ status: 403 });
    const after = await prisma().bookmarkItem.findMany({ where: { listId: list.id } });
    expect(after.map((i) => i.note)).toEqual(["mine"]);
    const seen = (await listBookmarks(who.other)).find((l) => l.id === list.id);
    expect(seen).toMatchObject({ editable: false, items: [{ note: "mine" }] });
  });

  it("lets the editors the owner names change items, but not choose editors or delete the list", async () => {
    const list = await newList(who.owner, { name: "Edited", shared: true });
    await expect(changeList(who.editor, list.id, { editors: [who.editor.email] })).rejects.toMatchObject({
      status: 403,
    });
    await changeList(who.owner, list.id, { editors: [who.editor.email] });
    const item = await bookmark(who.editor, list.id, {
      service: "industry_economics",
      code: "1-1-2",
      note: "e",
    });
    await unbookmark(who.editor, list.id, item.id);
    await expect(changeList(who.editor, list.id, { editors: [who.other.email] })).rejects.toMatchObject({
      status: 403,
    });
    await expect(removeList(who.editor, list.id)).rejects.toMatchObject({ status: 403 });
    await expect(changeList(who.owner, list.id, { editors: ["nobody@lists.test"] })).rejects.toMatchObject({
      status: 400,
    });
    expect((await listBookmarks(who.owner)).find((l) => l.id === list.id)?.editors).toEqual([
      who.editor.email,
    ]);
  });

  it("lets an admin change someone's shared list, and audits it", async () => {
    const list = await newList(who.owner, { name: "Audited", shared: true });
    const item = await bookmark(who.owner, list.id, { service: "industry_economics", code: "1-1-1" });
    await unbookmark(who.admin, list.id, item.id);
    const audit = await prisma().auditLog.findMany({ where: { actorId: who.admin.id, target: list.id } });
    expect(audit.map((a) => a.action)).toEqual(["bookmarks.admin_change"]);
    expect(audit[0]?.details).toMatchObject({ change: "item.removed" });
    // the owner's own changes are not audited
    await changeList(who.owner, list.id, { name: "Still audited" });
    expect(await prisma().auditLog.count({ where: { target: list.id } })).toBe(1);
  });
});
