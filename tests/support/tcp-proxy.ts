import net from "node:net";

export interface TcpProxy {
  port: number;
  /**
   * What a client sees while the server restarts: every open connection is
   * reset and new ones are refused (the port is closed) until `restore`.
   */
  cut(): Promise<void>;
  /** Listens again on the same port and forwards as before. */
  restore(): Promise<void>;
  stop(): Promise<void>;
}

/** A TCP forwarder on a free loopback port to `host:port`, that a test can cut and restore. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
  };
  const forward = (client: net.Socket) => {
    const upstream = net.connect(target);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    // One side failing resets the other, as a dying server's connections do.
    client.on("error", () => upstream.resetAndDestroy());
    upstream.on("error", () => client.resetAndDestroy());
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  };

  let server = net.createServer(forward);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port));
    });
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of open) socket.resetAndDestroy();
      server.close(() => resolve());
    });
  const port = await listen(0);

  return {
    port,
    cut: close,
    restore: async () => {
      server = net.createServer(forward);
      await listen(port);
    },
    stop: close,
  };
}
