import type { Auth, PasswordValidationStatus } from "firebase/auth";
import { validatePassword } from "firebase/auth";
import { unmetPasswordRules } from "@/lib/auth/password-policy";

jest.mock("firebase/auth", () => ({ validatePassword: jest.fn() }));

const validate = validatePassword as jest.MockedFunction<typeof validatePassword>;
const auth = {} as Auth;

function status(flags: Partial<PasswordValidationStatus>): PasswordValidationStatus {
  return {
    isValid: false,
    passwordPolicy: {
      customStrengthOptions: {
        minPasswordLength: 12,
        maxPasswordLength: 64,
        containsLowercaseLetter: true,
        containsUppercaseLetter: true,
        containsNumericCharacter: true,
        containsNonAlphanumericCharacter: true,
      },
      allowedNonAlphanumericCharacters: "!@#$%",
      enforcementState: "ENFORCE",
      forceUpgradeOnSignin: false,
    },
    ...flags,
  };
}

afterEach(() => validate.mockReset());

describe("unmetPasswordRules", () => {
  it("lists every rule the password misses, with the policy's numbers", async () => {
    validate.mockResolvedValue(
      status({
        meetsMinPasswordLength: false,
        meetsMaxPasswordLength: true,
        containsLowercaseLetter: true,
        containsUppercaseLetter: false,
        containsNumericCharacter: false,
        containsNonAlphanumericCharacter: false,
      }),
    );
    await expect(unmetPasswordRules(auth, "abc")).resolves.toEqual([
      "At least 12 characters",
      "An upper-case letter",
      "A number",
      "A special character",
    ]);
    expect(validate).toHaveBeenCalledWith(auth, "abc");
  });

  it("names the maximum length and the lower-case rule", async () => {
    validate.mockResolvedValue(status({ meetsMaxPasswordLength: false, containsLowercaseLetter: false }));
    await expect(unmetPasswordRules(auth, "X".repeat(70))).resolves.toEqual([
      "At most 64 characters",
      "A lower-case letter",
    ]);
  });

  it("ignores rules that are not part of the policy", async () => {
    validate.mockResolvedValue(status({ isValid: true }));
    await expect(unmetPasswordRules(auth, "fine")).resolves.toEqual([]);
  });

  it("returns null when the provider cannot check (no policy, as in the emulator)", async () => {
    validate.mockRejectedValue(Object.assign(new Error("no policy"), { code: "auth/internal-error" }));
    await expect(unmetPasswordRules(auth, "whatever")).resolves.toBeNull();
  });
});
