import { validatePassword, type Auth, type PasswordValidationStatus } from "firebase/auth";

type StrengthOptions = PasswordValidationStatus["passwordPolicy"]["customStrengthOptions"];

/**
 * Each rule reads as the end of "Your password needs: …". A flag that is
 * undefined is not part of the project's policy, so only `false` counts.
 */
const RULES: Array<{ unmet: (s: PasswordValidationStatus) => boolean; text: (o: StrengthOptions) => string }> = [
  {
    unmet: (s) => s.meetsMinPasswordLength === false,
    text: (o) => (o.minPasswordLength ? `At least ${o.minPasswordLength} characters` : "More characters"),
  },
  {
    unmet: (s) => s.meetsMaxPasswordLength === false,
    text: (o) => (o.maxPasswordLength ? `At most ${o.maxPasswordLength} characters` : "Fewer characters"),
  },
  { unmet: (s) => s.containsLowercaseLetter === false, text: () => "A lower-case letter" },
  { unmet: (s) => s.containsUppercaseLetter === false, text: () => "An upper-case letter" },
  { unmet: (s) => s.containsNumericCharacter === false, text: () => "A number" },
  { unmet: (s) => s.containsNonAlphanumericCharacter === false, text: () => "A special character" },
];

/**
 * The project's password rules that `password` misses, asked of the identity
 * provider after it rejected a password. Null when the provider cannot say
 * (the emulator has no password policy): the caller falls back to the
 * generic message.
 */
export async function unmetPasswordRules(auth: Auth, password: string): Promise<string[] | null> {
  let status: PasswordValidationStatus;
  try {
    status = await validatePassword(auth, password);
  } catch {
    return null;
  }
  const options = status.passwordPolicy?.customStrengthOptions ?? {};
  return RULES.filter((rule) => rule.unmet(status)).map((rule) => rule.text(options));
}
