import type { Auth } from "firebase/auth";
import type { ReactNode } from "react";
import { authErrorMessage, providerErrorCode } from "@/lib/auth/provider-errors";

/** The rules of the identity provider's password policy that a new password still misses. */
function PasswordRules({ rules }: { rules: readonly string[] }) {
  return (
    <>
      <p>Your password needs:</p>
      <ul className="mt-1 list-disc pl-5">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </>
  );
}

/**
 * The password field's error when the provider refused the password for its
 * policy: the rules it misses, or the provider's message when it cannot say.
 * Null for any other failure. The rules' code and the SDK load only then:
 * the sign-in pages load neither with the page (see `AuthProvider`).
 */
export async function passwordPolicyError(auth: Auth, password: string, err: unknown): Promise<ReactNode | null> {
  if (providerErrorCode(err) !== "auth/password-does-not-meet-requirements") return null;
  const { unmetPasswordRules } = await import("@/lib/auth/password-policy");
  const rules = await unmetPasswordRules(auth, password);
  return rules?.length ? <PasswordRules rules={rules} /> : authErrorMessage(err);
}
