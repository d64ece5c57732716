"use client";

import type { Auth, User } from "firebase/auth";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { userMessage } from "@/lib/api-client/api-error";
import { apiSend, configureApiClient } from "@/lib/api-client/fetch";
import type { PublicConfig } from "./config";
import { logAuthEvent } from "../debug-log";
import type { SessionUser } from "./schema";
import { resetSync, syncUserWithBackend } from "./sync";
import { startTokenSync } from "./token-sync";

/** Tokens are refreshed this often (45 minutes), before their hour runs out. */
export const TOKEN_REFRESH_INTERVAL_MS = 2_700_000;

export type AuthStatus = "loading" | "signed-in" | "signed-out";

export interface AuthContextValue {
  status: AuthStatus;
  /** The backend's view of the user (session response), once synced. */
  user: SessionUser | null;
  firebaseUser: User | null;
  /** Firebase Auth, once the identity config is loaded; null before. */
  auth: Auth | null;
  config: PublicConfig | null;
  /** The last sync failure's message, for the sign-in pages to show. */
  syncError: string | null;
  /** Fresh token, backend sync, then the user is set. */
  completeSignIn(user: User): Promise<SessionUser>;
  /** A forced token refresh; null (reported) when it fails. */
  refreshToken(): Promise<string | null>;
  signOut(options?: { redirectTo?: string | null }): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}

export interface AuthProviderProps {
  /** The user of a valid server session, when the page knows one. */
  initialUser: SessionUser | null;
  /** The page's own identity config, used when /api/config is invalid. */
  fallbackConfig: PublicConfig | null;
  /** Called on sign-out, before any redirect: the console empties its query cache there. */
  onSignOut?: () => void;
  children: ReactNode;
}

/**
 * The Firebase SDK is the largest script of the sign-in pages: it is loaded
 * after the page (`import()`), not with it, and the forms stay disabled until
 * `auth` is set.
 */
export function AuthProvider({ initialUser, fallbackConfig, onSignOut, children }: AuthProviderProps) {
  const [auth, setAuth] = useState<Auth | null>(null);
  const [config, setConfig] = useState<PublicConfig | null>(null);
  const [status, setStatus] = useState<AuthStatus>("loading");
  const [user, setUser] = useState<SessionUser | null>(initialUser);
  const [firebaseUser, setFirebaseUser] = useState<User | null>(null);
  const [syncError, setSyncError] = useState<string | null>(null);
  const initialUserRef = useRef(initialUser);

  const completeSignIn = useCallback(async (fbUser: User) => {
    setSyncError(null);
    await fbUser.getIdToken(true);
    const synced = await syncUserWithBackend(fbUser);
    initialUserRef.current = synced;
    setUser(synced);
    setFirebaseUser(fbUser);
    setStatus("signed-in");
    return synced;
  }, []);

  const refreshToken = useCallback(async () => {
    const current = auth?.currentUser;
    if (!current) return null;
    try {
      const token = await current.getIdToken(true);
      logAuthEvent("token_refreshed");
      return token;
    } catch (err) {
      logAuthEvent("token_refresh_failed", { reason: (err as Error).message });
      return null;
    }
  }, [auth]);

  useEffect(() => {
    let cancelled = false;
    let unsubscribe = () => {};
    Promise.all([import("./firebase-client"), import("firebase/auth")])
      .then(async ([{ firebaseAuth, loadPublicConfig }, { onAuthStateChanged, signOut: firebaseSignOut }]) => {
        const cfg = await loadPublicConfig(fallbackConfig);
        if (cancelled) return;
        const a = firebaseAuth(cfg);
        // After an expired session the user signs in again for real: the
        // persisted identity must not quietly start a new session.
        if (new URLSearchParams(window.location.search).get("expired") === "true") {
          logAuthEvent("session_expired");
          await a.authStateReady();
          if (a.currentUser) await firebaseSignOut(a);
        }
        if (cancelled) return;
        setConfig(cfg);
        setAuth(a);
        unsubscribe = onAuthStateChanged(a, async (fbUser) => {
          const known = initialUserRef.current;
          // Signed in means either: a browser identity, or a valid server
          // session (cookie) without one. Both are said, so the log never
          // reads "signed out" under a console page that works.
          logAuthEvent("auth_state_changed", {
            signedIn: Boolean(fbUser) || Boolean(known),
            identity: fbUser ? "browser" : "none",
            session: known ? "cookie" : "none",
          });
          setFirebaseUser(fbUser);
          if (!fbUser) {
            // A valid server session still signs the user in (cookie requests).
            setUser(known);
            setStatus(known ? "signed-in" : "signed-out");
            return;
          }
          if (known?.uid === fbUser.uid) {
            setStatus("signed-in");
            return;
          }
          try {
            await completeSignIn(fbUser);
          } catch (err) {
            setSyncError(userMessage(err));
            setUser(null);
            setStatus("signed-out");
          }
        });
      })
      .catch((err) => {
        if (cancelled) return;
        logAuthEvent("auth_unavailable", { reason: (err as Error).message });
        setSyncError((err as Error).message);
        setStatus(initialUserRef.current ? "signed-in" : "signed-out");
      });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [fallbackConfig, completeSignIn]);

  // The API client sends the current ID token and refreshes it on a 401.
  useEffect(() => {
    if (!auth) return;
    configureApiClient({
      getToken: async () => (auth.currentUser ? auth.currentUser.getIdToken() : null),
      refreshToken: async () => {
        const current = auth.currentUser;
        if (!current) return null;
        // Throws when the refresh itself fails: the client then sends the user to sign in again.
        const token = await current.getIdToken(true);
        resetSync();
        await syncUserWithBackend(current);
        return token;
      },
    });
    return () => configureApiClient(null);
  }, [auth]);

  // Proactive refresh, so a token never expires under a long-open page.
  useEffect(() => {
    if (!firebaseUser) return;
    const timer = setInterval(() => void refreshToken(), TOKEN_REFRESH_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [firebaseUser, refreshToken]);

  // The operator's sync URL, when configured, receives the ID token.
  useEffect(() => {
    if (!firebaseUser || !config?.syncUrl) return;
    return startTokenSync(firebaseUser, config.syncUrl);
  }, [firebaseUser, config]);

  const signOut = useCallback(
    async (options?: { redirectTo?: string | null }) => {
      logAuthEvent("sign_out");
      if (auth) {
        const { signOut: firebaseSignOut } = await import("firebase/auth");
        await firebaseSignOut(auth).catch(() => {});
      }
      // Signed out here whatever the server says: a failed call only leaves a cookie that expires.
      await apiSend("POST", "/api/auth/signout", undefined, { anonymous: true }).catch(() => {});
      resetSync();
      initialUserRef.current = null;
      setUser(null);
      setFirebaseUser(null);
      setStatus("signed-out");
      onSignOut?.();
      const target = options?.redirectTo === undefined ? "/" : options.redirectTo;
      if (target) window.location.assign(target);
    },
    [auth, onSignOut],
  );

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, firebaseUser, auth, config, syncError, completeSignIn, refreshToken, signOut }),
    [status, user, firebaseUser, auth, config, syncError, completeSignIn, refreshToken, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
