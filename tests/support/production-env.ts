/** A complete configuration of a real deployment (not local mode), for tests of what production allows. */
export const PRODUCTION_ENV = {
  NODE_ENV: "production",
  FIREBASE_PROJECT_ID: "acme-console",
  SESSION_SECRET: "s".repeat(32),
  ENCRYPTION_KEY: Buffer.alloc(32).toString("base64"),
  FIREBASE_API_KEY: "k",
  FIREBASE_AUTH_DOMAIN: "acme.firebaseapp.com",
  APP_URL: "https://console.acme.example",
} as const;
