import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { EditGatewayDialog } from "@/components/gateways/edit-gateway-dialog";
import { DEFAULT_POLICY, type GatewayDto } from "@/lib/gateways/schema";
import { installResizeObserver } from "../workbench/jsdom-gaps";

const mockApiSend = jest.fn();
jest.mock("@/lib/api-client/fetch", () => ({ apiGet: jest.fn(), apiSend: (...args: unknown[]) => mockApiSend(...args) }));

const gateway: GatewayDto = {
  id: "5b0c5d7e-7f39-4a34-9a4b-0e7c1f1d2a10",
  name: "Agents",
  slug: "agents-1",
  url: "https://console.example/mcp/agents-1",
  servers: [],
  policy: DEFAULT_POLICY,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

beforeAll(installResizeObserver);

describe("the gateway's settings form", () => {
  it("shows the result guard's defaults and saves the action chosen for each kind", async () => {
    const user = userEvent.setup({ delay: null });
    mockApiSend.mockResolvedValue(gateway);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <EditGatewayDialog gateway={gateway} />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole("button", { name: "Edit" }));
    const secrets = screen.getByRole("combobox", { name: "Secrets in results" });
    const instructions = screen.getByRole("combobox", { name: "Instructions aimed at the model in results" });
    expect(secrets).toHaveValue("redact");
    expect(instructions).toHaveValue("redact");
    await user.selectOptions(secrets, "Refuse the result");
    await user.selectOptions(instructions, "Deliver it, and record the finding");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(mockApiSend).toHaveBeenCalledWith("PATCH", expect.stringContaining(gateway.id), {
      name: "Agents",
      policy: { ...DEFAULT_POLICY, results: { ...DEFAULT_POLICY.results, secrets: "block", instructions: "flag" } },
    });
  });
});
