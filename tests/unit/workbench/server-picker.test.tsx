import { renderToString } from "react-dom/server";
import { ServerPicker } from "@/components/workbench/server-picker";
import type { ServerDto } from "@/lib/servers/schema";

const servers = [
  { id: "s1", name: "Everything", status: "up" },
  { id: "s2", name: "Weather", status: "down" },
] as ServerDto[];

it("names the chosen server in the HTML the page arrives with, before its scripts run", () => {
  const html = renderToString(<ServerPicker servers={servers} value="s2" onChange={() => {}} />);
  expect(html).toContain("Weather");
  expect(html).not.toContain("Everything");
  expect(html).not.toContain("Choose a server");
});

it("asks for a choice when none is made", () => {
  expect(renderToString(<ServerPicker servers={servers} value="" onChange={() => {}} />)).toContain("Choose a server");
});
