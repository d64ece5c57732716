export declare const DEFAULT_PROJECT_ID: "demo-mcp-console";
export declare const DEFAULT_EMULATOR_HOST: string;
export declare const DEFAULT_DEMO_MCP_PORT: number;
export declare function isLocalMode(projectId: string | undefined): boolean;
export declare function demoAccountsOn(env: { DEMO_ACCOUNTS?: string; FIREBASE_PROJECT_ID?: string }): boolean;
