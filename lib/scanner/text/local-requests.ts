import RE2 from "re2";
import { DIRECTIVE, ORDER, lexicon } from "./cues";

/**
 * A request the model is to send to a service on the user's own machine or
 * network: a debugging proxy, the cloud metadata address, the kubelet, a
 * browser's debugging port. Such services trust whoever reaches them, so a
 * definition that makes the agent call one drives it from the outside (the
 * drive-by attacks on local MCP tooling). A local address given as an
 * example or a default ("e.g. http://localhost:3000") is not a request, nor
 * is a tool saying what it connects to: the model must be told to send it.
 */

/** A local or link-local address, with a port or a path. */
const LOCAL_ADDRESS = new RE2(
  "(?:^|[^a-z0-9.-])(?:localhost|127\\.[0-9]+\\.[0-9]+\\.[0-9]+|0\\.0\\.0\\.0|\\[::1?\\]|169\\.254\\.[0-9]+\\.[0-9]+|metadata\\.google\\.internal|host\\.docker\\.internal)(?::[0-9]{2,5}|/)",
);

/** Sending a request, in any language. */
const REQUEST = lexicon([
  "open", "fetch", "request", "call", "send", "post", "get", "curl", "wget", "visit", "hit", "query", "load", "navigate to", "connect to",
  "peticion", "solicitud", "llama", "abre", "requete", "appelle", "ouvre", "anfrage", "rufe", "offne", "requisicao", "chame", "abra", "запрос*", "отправь*", "открой*",
  "请求", "访问", "调用", "リクエスト", "アクセス", "呼び出", "요청", "접속", "호출",
]);

/** Words that make an address an example, a default or a description of where something runs. */
const EXAMPLE = lexicon(["e\\.g\\.", "eg", "for example", "for instance", "such as", "like", "default(?:s| to)?", "by default", "por ejemplo", "par exemple", "zum beispiel", "z\\.b\\.", "например", "例如", "例えば", "예:"]);

/** Text without which no local address can match: a cheap test first. */
const LOCAL_HINTS = ["localhost", "127.", "0.0.0.0", "[::", "169.254.", ".internal"];

/** Whether the text mentions a local address at all: what `localRequest` needs first, cheap enough to ask of a whole text. */
export const mentionsLocal = (text: string) => LOCAL_HINTS.some((h) => text.includes(h));

/** A sentence that has the model send a request to a local service. */
export function localRequest(sentence: string): boolean {
  return mentionsLocal(sentence) && LOCAL_ADDRESS.test(sentence) && REQUEST.test(sentence) && (DIRECTIVE.test(sentence) || ORDER.test(sentence)) && !EXAMPLE.test(sentence);
}
