import type { PGlite, Transaction } from "@electric-sql/pglite";
import { yieldToEventLoop } from "../event-loop";

/**
 * PGlite runs each statement on the thread that sends it and settles it
 * without waiting on I/O, so statements awaited one after another (those of
 * a transaction, or reads started together) run in a single turn of the
 * event loop: storing a discovery of 2,000 definitions and reading it back
 * for its scan held the thread for 100 ms and more, answering nothing else.
 * Here every statement starts on a turn of its own, so that a turn holds one
 * statement at most. Drizzle sends each of its statements through `query`,
 * the client's or a transaction's.
 */
export function statementPerTurn(client: PGlite): PGlite {
  const query = client.query.bind(client);
  client.query = (async (...args: Parameters<PGlite["query"]>) => {
    await yieldToEventLoop();
    return query(...args);
  }) as PGlite["query"];
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx: Transaction) => {
      const txQuery = tx.query.bind(tx);
      tx.query = (async (...args: Parameters<Transaction["query"]>) => {
        await yieldToEventLoop();
        return txQuery(...args);
      }) as Transaction["query"];
      return callback(tx);
    });
  return client;
}
