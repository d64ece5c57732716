// Preloaded (node --import) into server-everything, which listens on every
// interface: a listen() given only a port is bound to 127.0.0.1 instead, so
// the demo and test servers are never reachable from the network.
import net from "node:net";

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function listenOnLoopback(...args) {
  const [first, second] = args;
  const isPort = typeof first === "number" || (typeof first === "string" && /^\d+$/.test(first));
  if (isPort && typeof second !== "string") args.splice(1, 0, "127.0.0.1");
  else if (first && typeof first === "object" && !first.path && !first.host) args[0] = { ...first, host: "127.0.0.1" };
  return listen.apply(this, args);
};
