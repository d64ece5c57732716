/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { SETTINGS_SECTIONS } from "@/components/settings/sections";

describe("the settings sections' links (side navigation, command palette)", () => {
  it("name every section the settings page renders, and nothing else", () => {
    const dir = path.join(process.cwd(), "components/settings");
    const rendered = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".tsx"))
      .flatMap((f) => [...fs.readFileSync(path.join(dir, f), "utf8").matchAll(/<SettingsSection\s+id="([^"]+)"/g)].map((m) => m[1]));
    expect(SETTINGS_SECTIONS.map((s) => s.id).sort()).toEqual(rendered.sort());
  });
});
