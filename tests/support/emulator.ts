/**
 * Talks to the Firebase Auth Emulator's REST API, which `npm test` starts and
 * announces in FIREBASE_AUTH_EMULATOR_HOST.
 */
export function emulatorUrl(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error("FIREBASE_AUTH_EMULATOR_HOST is not set: run the tests with `npm test`");
  return `http://${host}`;
}

const projectId = () => process.env.FIREBASE_PROJECT_ID ?? "demo-mcp-console";

async function post(path: string, body: unknown) {
  let res: Response;
  try {
    res = await send(path, body);
  } catch {
    // The emulator closes idle keep-alive sockets; while Jest loads a test
    // file nothing notices, and the next request finds the socket dead. Once more.
    res = await send(path, body);
  }
  const json = await res.json();
  if (!res.ok) throw new Error(`emulator ${path}: ${JSON.stringify(json)}`);
  return json;
}

function send(path: string, body: unknown) {
  return fetch(`${emulatorUrl()}/identitytoolkit.googleapis.com/v1/${path}?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

export interface EmulatorUser {
  uid: string;
  email: string;
  idToken: string;
}

let counter = 0;
export function uniqueEmail(prefix = "user") {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export async function createUser(email = uniqueEmail(), password = "correct-horse-battery", displayName?: string): Promise<EmulatorUser> {
  const signUp = await post("accounts:signUp", { email, password, displayName, returnSecureToken: true });
  return { uid: signUp.localId, email, idToken: signUp.idToken as string };
}

/** Marks the user's email as verified, then signs in again for a token that says so. */
export async function verifyEmail(user: EmulatorUser, password = "correct-horse-battery"): Promise<EmulatorUser> {
  await fetch(`${emulatorUrl()}/identitytoolkit.googleapis.com/v1/projects/${projectId()}/accounts:update`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer owner" },
    body: JSON.stringify({ localId: user.uid, emailVerified: true }),
  });
  const signIn = await post("accounts:signInWithPassword", { email: user.email, password, returnSecureToken: true });
  return { ...user, idToken: signIn.idToken };
}

/**
 * The user's password sign-in, and a token refreshed from it (same sign-in,
 * same auth_time), as the SDK refreshes one under a long-open page.
 */
export async function signInWithRefresh(user: EmulatorUser, password = "correct-horse-battery") {
  const signIn = await post("accounts:signInWithPassword", { email: user.email, password, returnSecureToken: true });
  const res = await fetch(`${emulatorUrl()}/securetoken.googleapis.com/v1/token?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: signIn.refreshToken as string }),
  });
  const refreshed = await res.json();
  if (!res.ok) throw new Error(`emulator token refresh: ${JSON.stringify(refreshed)}`);
  return { signedIn: { ...user, idToken: signIn.idToken as string }, refreshed: { ...user, idToken: refreshed.id_token as string } };
}

/** Signs in with an identity-provider credential (Google, GitHub) as the SDK would after a popup. */
export async function signInWithIdp(providerId: "google.com" | "github.com", claims: { sub: string; email: string }) {
  const postBody =
    providerId === "google.com"
      ? `id_token=${encodeURIComponent(JSON.stringify({ ...claims, email_verified: true }))}&providerId=${providerId}`
      : `access_token=${encodeURIComponent(JSON.stringify({ ...claims, email_verified: true }))}&providerId=${providerId}`;
  const json = await post("accounts:signInWithIdp", {
    postBody,
    requestUri: "http://localhost",
    returnSecureToken: true,
    returnIdpCredential: true,
  });
  return { uid: json.localId as string, email: json.email as string, idToken: json.idToken as string };
}
