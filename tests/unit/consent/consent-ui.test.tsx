import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConsentRoot } from "@/components/consent/consent-root";
import { CookiePreferencesButton } from "@/components/consent/cookie-preferences-button";
import { CONSENT_STORAGE_KEY } from "@/lib/consent/consent";
import { closeCookiePreferences } from "@/lib/consent/preferences-dialog";
import { resetConsentCache } from "@/lib/consent/store";

// The analytics part is loaded only with consent; a marker shows whether it is mounted.
jest.mock("@/components/consent/consented-analytics", () => ({
  ConsentedAnalytics: () => <div data-testid="analytics-on" />,
}));

function stored() {
  const raw = localStorage.getItem(CONSENT_STORAGE_KEY);
  return raw ? JSON.parse(raw) : null;
}

beforeEach(() => {
  localStorage.clear();
  document.cookie = "cookie_consent=; Max-Age=0; Path=/";
  resetConsentCache();
  act(() => closeCookiePreferences());
});

describe("the consent banner", () => {
  it("offers Accept, Reject and Customize until the visitor chooses; Accept turns everything on", async () => {
    const user = userEvent.setup();
    render(<ConsentRoot />);
    const banner = screen.getByRole("region", { name: "Cookie consent" });
    expect(within(banner).getByRole("button", { name: "Reject" })).toBeVisible();
    expect(within(banner).getByRole("button", { name: "Customize" })).toBeVisible();
    expect(screen.queryByTestId("analytics-on")).toBeNull();

    await user.click(within(banner).getByRole("button", { name: "Accept" }));

    expect(screen.queryByRole("region", { name: "Cookie consent" })).toBeNull();
    const button = screen.getByRole("button", { name: "Cookie preferences: all cookies accepted" });
    expect(button).toHaveAttribute("data-consent-level", "all");
    expect(button).toHaveFocus();
    expect(stored()).toMatchObject({ analytics: true, marketing: true, functional: true, hasConsented: true });
    expect(await screen.findByTestId("analytics-on")).toBeInTheDocument();
  });

  it("Reject keeps essential only: the button says so, no analytics", async () => {
    const user = userEvent.setup();
    render(<ConsentRoot />);
    await user.click(screen.getByRole("button", { name: "Reject" }));
    expect(screen.getByRole("button", { name: "Cookie preferences: essential cookies only" })).toHaveAttribute(
      "data-consent-level",
      "essential",
    );
    expect(stored()).toMatchObject({ analytics: false, marketing: false, hasConsented: true });
    expect(screen.queryByTestId("analytics-on")).toBeNull();
  });

  it("Customize shows the categories with Essential locked on; Save keeps a custom choice", async () => {
    const user = userEvent.setup();
    render(<ConsentRoot />);
    const customize = screen.getByRole("button", { name: "Customize" });
    expect(customize).toHaveAttribute("aria-expanded", "false");
    await user.click(customize);
    expect(customize).toHaveAttribute("aria-expanded", "true");

    const essential = screen.getByRole("switch", { name: "Essential" });
    expect(essential).toBeChecked();
    expect(essential).toBeDisabled();
    expect(essential).toHaveAccessibleDescription(/Always on/);
    const analytics = screen.getByRole("switch", { name: "Analytics" });
    expect(analytics).not.toBeChecked();
    await user.click(analytics);
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(screen.getByRole("button", { name: "Cookie preferences: custom choice" })).toHaveAttribute("data-consent-level", "custom");
    expect(stored()).toMatchObject({ analytics: true, marketing: false, hasConsented: true });
  });
});

describe("the cookie-preferences dialog", () => {
  it("opens from the floating button; Escape closes it and gives focus back", async () => {
    const user = userEvent.setup();
    render(<ConsentRoot />);
    await user.click(screen.getByRole("button", { name: "Reject" }));
    const floating = screen.getByRole("button", { name: /^Cookie preferences:/ });
    await user.click(floating);

    const dialog = await screen.findByRole("dialog", { name: "Cookie preferences" });
    expect(within(dialog).getByRole("switch", { name: "Essential" })).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: "Reject All" })).toBeVisible();
    expect(within(dialog).getByRole("button", { name: "Accept All" })).toBeVisible();
    expect(within(dialog).getByRole("button", { name: "Save Preferences" })).toBeVisible();

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(screen.getByRole("button", { name: /^Cookie preferences:/ })).toHaveFocus());
  });

  it("Accept All, Save Preferences and Reject All each store the choice and recolour the button", async () => {
    const user = userEvent.setup();
    render(<ConsentRoot />);
    await user.click(screen.getByRole("button", { name: "Reject" }));

    await user.click(screen.getByRole("button", { name: /^Cookie preferences:/ }));
    await user.click(await screen.findByRole("button", { name: "Accept All" }));
    expect(screen.getByRole("button", { name: "Cookie preferences: all cookies accepted" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: /^Cookie preferences:/ }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("switch", { name: "Marketing" }));
    await user.click(within(dialog).getByRole("button", { name: "Save Preferences" }));
    expect(screen.getByRole("button", { name: "Cookie preferences: custom choice" })).toBeInTheDocument();
    expect(stored()).toMatchObject({ analytics: true, marketing: false });

    await user.click(screen.getByRole("button", { name: /^Cookie preferences:/ }));
    await user.click(await screen.findByRole("button", { name: "Reject All" }));
    expect(screen.getByRole("button", { name: "Cookie preferences: essential cookies only" })).toBeInTheDocument();
  });

  it("opens from the CookiePreferencesButton that other pages use", async () => {
    const user = userEvent.setup();
    render(
      <>
        <CookiePreferencesButton />
        <ConsentRoot />
      </>,
    );
    await user.click(screen.getByRole("button", { name: "Cookie preferences" }));
    expect(await screen.findByRole("dialog", { name: "Cookie preferences" })).toBeInTheDocument();
  });
  it("opens from the footer's script-free button, marked data-cookie-preferences", async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button" data-cookie-preferences>
          Cookie preferences
        </button>
        <ConsentRoot />
      </>,
    );
    await user.click(screen.getByRole("button", { name: "Cookie preferences" }));
    expect(await screen.findByRole("dialog", { name: "Cookie preferences" })).toBeInTheDocument();
  });
});
