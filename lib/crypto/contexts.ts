/**
 * The associated data of each encrypted column: the table, field and row a
 * ciphertext belongs to, so that one copied elsewhere does not open. Only
 * what never changes for the stored value goes in: a server header is
 * matched by its name without case (renaming `authorization` to
 * `Authorization` keeps the value), and its row is rewritten on every edit,
 * so the server's id stands for the row.
 */
export const secretContext = {
  serverHeader: (serverId: string, headerName: string) => `server_headers.value_enc:${serverId}:${headerName.toLowerCase()}`,
  serverEnv: (serverId: string, variable: string) => `server_env.value_enc:${serverId}:${variable}`,
  webhookSecret: (uid: string) => `users.webhook_secret_enc:${uid}`,
  alertChannel: (channelId: string) => `alert_channels.secret_enc:${channelId}`,
  serverOauth: (serverId: string, column: "client" | "tokens" | "verifier") => `server_oauth.${column}_enc:${serverId}`,
};
