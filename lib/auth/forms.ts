import { z } from "zod";

/**
 * Client-side checks for the sign-in pages. They only catch typing mistakes
 * early; the identity provider stays the authority on what it accepts.
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const DISPLAY_NAME_MAX = 80;

const email = z
  .string()
  // Pasted addresses often carry stray spaces the user cannot see.
  .trim()
  .pipe(z.email({ error: "Enter a valid email address." }));

const newPassword = z
  .string()
  .min(PASSWORD_MIN, { error: "Use at least 8 characters." })
  .max(PASSWORD_MAX, { error: `Use at most ${PASSWORD_MAX} characters.` });

const passwordsMatch = {
  check: (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword,
  // The issue belongs to the field the user has to fix, not to the form.
  params: { error: "The passwords do not match.", path: ["confirmPassword"] },
};

export const loginSchema = z.object({
  email,
  password: z.string().min(1, { error: "Enter your password." }),
});

export const registerSchema = z
  .object({
    displayName: z
      .string()
      .trim()
      .max(DISPLAY_NAME_MAX, { error: `Use at most ${DISPLAY_NAME_MAX} characters.` })
      .optional(),
    email,
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine(passwordsMatch.check, passwordsMatch.params);

export const resetRequestSchema = z.object({ email });

export const newPasswordSchema = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine(passwordsMatch.check, passwordsMatch.params);

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
export type ResetRequestInput = z.infer<typeof resetRequestSchema>;
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;
