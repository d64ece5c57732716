/** @jest-environment node */
import { settingsUpdate, webhookUrl } from "@/lib/settings/schema";
import { maskSecrets } from "@/lib/settings/user-data";

describe("settings schema", () => {
  it("accepts https webhooks everywhere and http only where allowed", () => {
    expect(webhookUrl(false).safeParse("https://hooks.example.com/x").success).toBe(true);
    expect(webhookUrl(false).safeParse("http://hooks.example.com/x").success).toBe(false);
    expect(webhookUrl(true).safeParse("http://127.0.0.1:8080/x").success).toBe(true);
    for (const bad of ["ftp://example.com", "javascript:alert(1)", "hooks.example.com", ""]) expect(webhookUrl(true).safeParse(bad).success).toBe(false);
  });

  it("needs something to change and trims the display name", () => {
    expect(settingsUpdate.safeParse({}).success).toBe(false);
    expect(settingsUpdate.parse({ displayName: "  Ada  " })).toEqual({ displayName: "Ada" });
    expect(settingsUpdate.parse({ webhookUrl: null })).toEqual({ webhookUrl: null });
    expect(settingsUpdate.safeParse({ displayName: " " }).success).toBe(false);
  });

  it("masks encrypted columns in an export, with their hint when there is one", () => {
    expect(maskSecrets({ name: "Authorization", valueEnc: "v1.a.b.c", valueHint: "abcd" })).toEqual({ name: "Authorization", value: "••••••••abcd", valueHint: "abcd" });
    expect(maskSecrets({ uid: "u", webhookSecretEnc: "v1.x.y.z" })).toEqual({ uid: "u", webhookSecret: "••••••••" });
    expect(maskSecrets({ webhookSecretEnc: null })).toEqual({ webhookSecret: null });
  });
});
