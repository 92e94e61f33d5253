import { describe, expect, it } from "vitest";
import { auditTargetHref, changedFields, scrubAuditDetails } from "./audit";

describe("scrubAuditDetails", () => {
  it("replaces secret-looking keys at any depth and drops undefined", () => {
    expect(
      scrubAuditDetails({
        role: "admin",
        password: "hunter2",
        nested: { apiToken: "pa_x", ok: 1 },
        gone: undefined,
      }),
    ).toEqual({ role: "admin", password: "set", nested: { apiToken: "set", ok: 1 } });
  });
  it("leaves scalars and arrays of scalars alone", () => {
    expect(scrubAuditDetails(["a", 1])).toEqual(["a", 1]);
    expect(scrubAuditDetails(null)).toBeNull();
  });
});

describe("changedFields", () => {
  it("lists only what changed, with both values", () => {
    expect(changedFields({ a: 1, b: 2 }, { a: 1, b: 3 })).toEqual({ b: { from: 2, to: 3 } });
    expect(changedFields({ a: 1 }, { a: 1 })).toEqual({});
  });
});

describe("auditTargetHref", () => {
  it("links a sync start to its run and a user change to the users page", () => {
    expect(auditTargetHref("sync.start", "cmi0abc123")).toBe("/admin/runs/cmi0abc123");
    expect(auditTargetHref("user.role_change", "viewer@example.com")).toBe("/admin/users");
  });
  it("leaves other targets as text", () => {
    expect(auditTargetHref("auth.sign_in_failed", "someone@example.com")).toBeNull();
    expect(auditTargetHref("token.revoke", "tok1")).toBeNull();
    expect(auditTargetHref("sync.start", null)).toBeNull();
    expect(auditTargetHref("sync.start", "../etc")).toBeNull();
  });
});
