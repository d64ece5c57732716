import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ContactForm } from "@/components/marketing/contact-form";
import { ApiError } from "@/lib/api-client/api-error";
import { apiSend } from "@/lib/api-client/fetch";

jest.mock("@/lib/api-client/fetch", () => ({ apiSend: jest.fn() }));
const send = apiSend as jest.MockedFunction<typeof apiSend>;

async function fillIn(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<"Name" | "Email" | "Subject" | "Message", string>>) {
  for (const [label, value] of Object.entries(values)) await user.type(screen.getByLabelText(label), value);
}

const VALID = { Name: "Ada Lovelace", Email: "ada@example.com", Subject: "Enterprise plan", Message: "We run forty MCP servers; can we talk?" };

beforeEach(() => send.mockReset());

describe("ContactForm", () => {
  it("shows an error on each field that is wrong, focuses the first, and sends nothing", async () => {
    const user = userEvent.setup();
    render(<ContactForm />);
    await fillIn(user, { Email: "not-an-email", Message: "short" });
    await user.click(screen.getByRole("button", { name: "Send message" }));

    expect(screen.getByLabelText("Name")).toHaveAccessibleDescription("Enter your name.");
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription(/valid email address/);
    expect(screen.getByLabelText("Subject")).toHaveAccessibleDescription(/at least 3 characters/);
    expect(screen.getByLabelText("Message")).toHaveAccessibleDescription(/at least 10 characters/);
    expect(screen.getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Name")).toHaveFocus();
    expect(send).not.toHaveBeenCalled();
  });

  it("sends a valid message and confirms it", async () => {
    send.mockResolvedValue({ ok: true });
    const user = userEvent.setup();
    render(<ContactForm />);
    await fillIn(user, VALID);
    await user.click(screen.getByRole("button", { name: "Send message" }));

    expect(send).toHaveBeenCalledWith("POST", "/api/contact", {
      name: "Ada Lovelace",
      email: "ada@example.com",
      subject: "Enterprise plan",
      message: "We run forty MCP servers; can we talk?",
      website: "",
    });
    expect(await screen.findByRole("heading", { name: /your message has been sent/ })).toBeVisible();
    expect(screen.getByText("ada@example.com")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Send another message" }));
    expect(screen.getByLabelText("Name")).toHaveValue("");
  });

  it("keeps the honeypot out of sight and out of the tab order", () => {
    render(<ContactForm />);
    const honeypot = document.querySelector('input[name="website"]')!;
    expect(honeypot).toHaveAttribute("tabindex", "-1");
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole("textbox", { name: /leave this field empty/i })).toBeNull();
  });

  it("puts the server's field errors on the fields", async () => {
    send.mockRejectedValue(
      new ApiError(400, "Bad Request", "400: Some fields are not valid.", {
        error: "validation_failed",
        details: [{ path: "subject", message: "Use at most 150 characters." }],
      }),
    );
    const user = userEvent.setup();
    render(<ContactForm />);
    await fillIn(user, VALID);
    await user.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findByText("Use at most 150 characters.")).toBeVisible();
    expect(screen.getByLabelText("Subject")).toHaveFocus();
  });

  it("explains a rate limit", async () => {
    send.mockRejectedValue(new ApiError(429, "Too Many Requests", "429: You have sent several messages in a short time. Please try again in an hour."));
    const user = userEvent.setup();
    render(<ContactForm />);
    await fillIn(user, VALID);
    await user.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You have sent several messages in a short time. Please try again in an hour.");
  });
});
