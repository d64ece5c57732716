import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SignInCard } from "@/components/servers/sign-in-card";
import { ApiError } from "@/lib/api-client/api-error";
import type { ServerAuth, ServerDto } from "@/lib/servers/schema";

const mockApiSend = jest.fn();
const mockAssign = jest.fn();
jest.mock("@/lib/api-client/fetch", () => ({
  apiGet: jest.fn(),
  apiSend: (...args: unknown[]) => mockApiSend(...args),
  navigation: { assign: (url: string) => mockAssign(url) },
}));

const ID = "5b0c5d7e-7f39-4a34-9a4b-0e7c1f1d2a10";

function renderCard(auth: ServerAuth) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SignInCard server={{ id: ID, name: "Linear", auth } as ServerDto} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  mockApiSend.mockReset();
  mockAssign.mockReset();
});

describe("SignInCard", () => {
  it("sends the owner to the authorization server's page to sign in", async () => {
    const user = userEvent.setup({ delay: null });
    mockApiSend.mockResolvedValue({ authorizationUrl: "https://auth.example.com/authorize?state=x" });
    renderCard({ type: "oauth", status: "authorization_required", reason: null, expiresAt: null, lastRefreshAt: null });
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(mockApiSend).toHaveBeenCalledWith("POST", `/api/servers/${ID}/authorize`, {});
    expect(mockAssign).toHaveBeenCalledWith("https://auth.example.com/authorize?state=x");
  });

  it("says why reauthorization is required, offers Reconnect, and shows a failure in words", async () => {
    const user = userEvent.setup({ delay: null });
    mockApiSend.mockRejectedValue(new ApiError(502, "Bad Gateway", "The authorization server did not answer.", { error: "upstream_error" }));
    renderCard({ type: "oauth", status: "reauthorization_required", reason: "The grant was revoked.", expiresAt: null, lastRefreshAt: null });
    expect(screen.getByRole("alert")).toHaveTextContent("Reauthorization required");
    expect(screen.getByText("The grant was revoked.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Reconnect" }));
    expect(await screen.findByText("The authorization server did not answer.")).toBeInTheDocument();
    expect(mockAssign).not.toHaveBeenCalled();
  });
});
