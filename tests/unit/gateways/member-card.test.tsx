import { render, screen } from "@testing-library/react";
import { MemberCard } from "@/components/gateways/member-card";
import type { ViewItemDto } from "@/lib/gateways/schema";

/** The Servers tab's card of one server: what it says is included is what reaches the agent. */

const resource = (key: string, hidden: ViewItemDto["hidden"] = null): ViewItemDto => ({
  kind: "resource",
  serverId: "s2",
  serverName: "Everything B",
  key,
  exposedName: key,
  description: "",
  hidden,
  tokens: 0,
});

const card = (items: ViewItemDto[]) =>
  render(
    <MemberCard
      idPrefix="m"
      member={{ serverId: "s2", name: "Everything B", status: "up", prefix: "b", filters: { tools: null, prompts: null, resources: null } }}
      status="up"
      placeholder="b"
      items={items}
      itemsLoading={false}
      disabled={false}
      onChange={() => {}}
      onRemove={() => {}}
    />,
  );

describe("a gateway server's card", () => {
  it("says all are included when every ticked item reaches the agent", () => {
    card([resource("demo://a"), resource("demo://b")]);
    expect(screen.getByRole("button", { name: "Resources all 2 included of Everything B" })).toBeInTheDocument();
  });

  it("never says all are included while another server serves one of them, and names that server", () => {
    card([resource("demo://a"), resource("demo://b", { kind: "collision", message: "…", servedBy: { serverId: "s1", serverName: "Everything A" } })]);
    expect(screen.getByRole("button", { name: "Resources 2 of 2 included, 1 reaches the agent of Everything B" })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText("(served by Everything A)")).toBeInTheDocument();
  });
});
