import Link from "next/link";
import { PageIntro } from "@/components/marketing/page-intro";
import { Prose } from "@/components/marketing/prose";
import { CONSENT_COOKIE, CONSENT_STORAGE_KEY } from "@/lib/consent/consent";
import { UTM_STORAGE_KEY } from "@/lib/analytics/utm";
import { DEBUG_SWITCH_KEY } from "@/lib/auth/debug-switch";
import { pageMetadata } from "@/lib/site";

export const metadata = pageMetadata({
  title: "Cookies policy",
  description:
    "Every cookie and browser storage key MCP Console uses, by name, purpose and lifetime, and how to change your consent at any time.",
  path: "/cookies-policy",
});

interface StorageRow {
  name: string;
  where: string;
  category: "Essential" | "Preference" | "Analytics";
  purpose: string;
  lifetime: string;
}

const ROWS: StorageRow[] = [
  {
    name: "mcp_session",
    where: "Cookie (HttpOnly, SameSite=Lax, Secure over HTTPS)",
    category: "Essential",
    purpose:
      "Keeps you signed in to the console. It holds a sealed, encrypted reference to your account that only our server can read; scripts in the page cannot read it.",
    lifetime:
      "Your session lasts 7 days. The cookie is kept 7 days longer so that we can tell you that your session expired instead of treating you as a stranger, then it is deleted: 14 days at most. Signing out deletes it at once.",
  },
  {
    name: CONSENT_COOKIE,
    where: "Cookie (SameSite=Lax)",
    category: "Essential",
    purpose:
      "A copy of your consent choice for our server, so that analytics events are stored only when you allowed analytics.",
    lifetime: "1 year from your choice.",
  },
  {
    name: CONSENT_STORAGE_KEY,
    where: "localStorage",
    category: "Essential",
    purpose:
      "Your consent choice: whether analytics and marketing are allowed, and when you chose. It decides whether the banner shows.",
    lifetime: "1 year from your choice; after that it is deleted and we ask again.",
  },
  {
    name: "auth_redirect",
    where: "sessionStorage",
    category: "Essential",
    purpose: "The page you were on when your session expired, so that signing in again takes you back there.",
    lifetime: "Until it is used after sign-in, or until you close the tab.",
  },
  {
    name: "firebase:authUser:<API key>:[DEFAULT]",
    where: "IndexedDB database firebaseLocalStorageDb (sessionStorage when IndexedDB is unavailable)",
    category: "Essential",
    purpose:
      "Your sign-in state with our identity provider (Firebase Authentication): it lets the page prove who you are to our API and renew that proof.",
    lifetime: "Until you sign out (in sessionStorage: until you close the tab).",
  },
  {
    name: "firebase:pendingRedirect:… and firebase:redirectUser:…",
    where: "sessionStorage",
    category: "Essential",
    purpose:
      "Only when signing in with Google or GitHub through a full-page redirect (when a pop-up is blocked): the state of that sign-in while you are away at the provider.",
    lifetime: "Until the sign-in completes, or until you close the tab.",
  },
  {
    name: "theme",
    where: "localStorage",
    category: "Preference",
    purpose: "Your choice of light, dark or system theme, set only when you pick one.",
    lifetime: "Until you change it or clear your browser's storage.",
  },
  {
    name: DEBUG_SWITCH_KEY,
    where: "localStorage",
    category: "Preference",
    purpose: "Set only when you open a console page with ?debug=auth: shows the sign-in debug log at the bottom of console pages.",
    lifetime: "Until you hide the log or open a page with ?debug=off.",
  },
  {
    name: UTM_STORAGE_KEY,
    where: "sessionStorage",
    category: "Analytics",
    purpose:
      "The campaign parameters (utm_source, utm_medium, utm_campaign, utm_term, utm_content) of the link that brought you here, sent with analytics events. Set only with analytics consent.",
    lifetime: "Until you close the tab.",
  },
];

export default function CookiesPolicyPage() {
  return (
    <>
      <PageIntro
        title="Cookies policy"
        lead="Which cookies and browser storage MCP Console uses, why, and for how long. Last updated 15 November 2026."
      />
      <Prose className="max-w-5xl">
        <h2>In short</h2>
        <p>
          We use the cookies and storage that the site needs to work — to keep you signed in and to remember your
          consent choice. With your permission, and only then, we also record first-party analytics: page views, page
          load times and errors, stored on our own servers. We use no advertising cookies and no third-party tracking
          scripts.
        </p>

        <h2>Your choice</h2>
        <p>
          On your first visit a banner at the bottom of the page lets you accept, reject or customize the optional
          categories. Until you choose, nothing optional runs: no analytics script loads and no analytics request is
          sent. Afterwards, the round cookie button at the bottom left of every page reopens your preferences; the
          colour of its rim shows your current choice — green when everything is allowed, yellow for a custom choice and red for
          essential only. Signed-in users also find it in Settings. Your choice is kept for one year, after which we
          ask again.
        </p>
        <ul>
          <li>
            <strong>Essential</strong> — always on. Sign-in, security and remembering your consent. The site cannot
            work without them, so they cannot be switched off.
          </li>
          <li>
            <strong>Analytics</strong> — off until you allow it. First-party measurement of page views, page load
            timing (measured one second after the page has loaded), sign-ups, sign-ins, servers created, workbench calls
            and client errors (error messages are cut to 500 characters). It sets no cookie of its own.
          </li>
          <li>
            <strong>Marketing</strong> — off until you allow it. We set no marketing cookies today; this switch records
            your choice in case we ever add campaign measurement.
          </li>
        </ul>

        <h2>Every cookie and storage key</h2>
        {/* On a phone the table scrolls sideways: focusable, so that the keyboard can scroll it too. */}
        <div className="overflow-x-auto" role="region" aria-label="Cookies and browser storage" tabIndex={0}>
          <table>
            <caption className="sr-only">Cookies and browser storage used by MCP Console</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Where</th>
                <th scope="col">Category</th>
                <th scope="col">Purpose</th>
                <th scope="col">Lifetime</th>
              </tr>
            </thead>
            <tbody>
              {ROWS.map((row) => (
                <tr key={`${row.name}-${row.where}`}>
                  <th scope="row" className="font-mono text-sm font-normal">
                    {row.name}
                  </th>
                  <td>{row.where}</td>
                  <td>{row.category}</td>
                  <td>{row.purpose}</td>
                  <td>{row.lifetime}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <h2>Third parties</h2>
        <p>
          Sign-in is provided by Firebase Authentication (Google). When you sign in, your browser talks to Google&apos;s
          identity service, which is covered by Google&apos;s own privacy terms. If you choose to sign in with Google or
          GitHub, that provider sets its own cookies on its own site. We load no other third-party scripts.
        </p>

        <h2>Removing cookies and storage</h2>
        <p>
          You can delete cookies and site data at any time in your browser&apos;s settings. Deleting them signs you out
          and brings back the consent banner. Read our <Link prefetch={false} href="/privacy-policy">privacy policy</Link> for what we
          do with personal data, or <Link prefetch={false} href="/contact">contact us</Link> with any question.
        </p>
      </Prose>
    </>
  );
}
