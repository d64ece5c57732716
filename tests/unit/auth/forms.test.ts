import {
  loginSchema,
  newPasswordSchema,
  registerSchema,
  resetRequestSchema,
} from "@/lib/auth/forms";
import { fieldErrors } from "@/lib/forms/fields";

describe("loginSchema", () => {
  it("accepts an email and a password, trimming the email", () => {
    const result = loginSchema.safeParse({ email: "  ada@example.com ", password: "x" });
    expect(result.success && result.data).toEqual({ email: "ada@example.com", password: "x" });
  });

  it("explains each missing field", () => {
    expect(fieldErrors(loginSchema.safeParse({ email: "", password: "" }))).toEqual({
      email: "Enter a valid email address.",
      password: "Enter your password.",
    });
  });

  it("rejects an address without a domain", () => {
    expect(fieldErrors(loginSchema.safeParse({ email: "ada@", password: "pw" }))).toEqual({
      email: "Enter a valid email address.",
    });
  });
});

describe("registerSchema", () => {
  const valid = { displayName: "Ada", email: "ada@example.com", password: "correct horse", confirmPassword: "correct horse" };

  it("accepts a complete registration, with or without a display name", () => {
    expect(registerSchema.safeParse(valid).success).toBe(true);
    expect(registerSchema.safeParse({ ...valid, displayName: undefined }).success).toBe(true);
    expect(registerSchema.safeParse({ ...valid, displayName: "" }).success).toBe(true);
  });

  it("asks for at least 8 characters", () => {
    const errors = fieldErrors(registerSchema.safeParse({ ...valid, password: "short", confirmPassword: "short" }));
    expect(errors).toEqual({ password: "Use at least 8 characters." });
  });

  it("caps the password at 128 characters", () => {
    const long = "a".repeat(129);
    const errors = fieldErrors(registerSchema.safeParse({ ...valid, password: long, confirmPassword: long }));
    expect(errors.password).toBeTruthy();
    expect(registerSchema.safeParse({ ...valid, password: "a".repeat(128), confirmPassword: "a".repeat(128) }).success).toBe(true);
  });

  it("reports a mismatch on the confirmation field", () => {
    const result = registerSchema.safeParse({ ...valid, confirmPassword: "something else" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["confirmPassword"]);
    expect(fieldErrors(result)).toEqual({ confirmPassword: "The passwords do not match." });
  });

  it("limits the display name to 80 characters", () => {
    expect(fieldErrors(registerSchema.safeParse({ ...valid, displayName: "n".repeat(81) }))).toEqual({
      displayName: "Use at most 80 characters.",
    });
    expect(registerSchema.safeParse({ ...valid, displayName: "n".repeat(80) }).success).toBe(true);
  });

  it("checks the email", () => {
    expect(fieldErrors(registerSchema.safeParse({ ...valid, email: "nope" }))).toEqual({
      email: "Enter a valid email address.",
    });
  });
});

describe("resetRequestSchema", () => {
  it("needs a valid email", () => {
    expect(resetRequestSchema.safeParse({ email: "ada@example.com" }).success).toBe(true);
    expect(fieldErrors(resetRequestSchema.safeParse({ email: "" }))).toEqual({ email: "Enter a valid email address." });
  });
});

describe("newPasswordSchema", () => {
  it("applies the registration's password rules", () => {
    expect(newPasswordSchema.safeParse({ password: "long enough", confirmPassword: "long enough" }).success).toBe(true);
    expect(fieldErrors(newPasswordSchema.safeParse({ password: "1234567", confirmPassword: "1234567" }))).toEqual({
      password: "Use at least 8 characters.",
    });
    expect(fieldErrors(newPasswordSchema.safeParse({ password: "long enough", confirmPassword: "long enuogh" }))).toEqual({
      confirmPassword: "The passwords do not match.",
    });
  });
});

describe("fieldErrors", () => {
  it("is empty for a successful parse", () => {
    expect(fieldErrors(loginSchema.safeParse({ email: "a@b.co", password: "p" }))).toEqual({});
  });

  it("keeps only the first message of a field", () => {
    const errors = fieldErrors(
      registerSchema.safeParse({ email: "a@b.co", password: "short", confirmPassword: "different" }),
    );
    expect(errors).toEqual({ password: "Use at least 8 characters.", confirmPassword: "The passwords do not match." });
  });
});
