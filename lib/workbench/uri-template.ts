/**
 * RFC 6570 URI templates as MCP resource templates use them: the variable
 * names of a template (to build a form) and its expansion (levels 1 to 3:
 * `{var}`, `{+var}`, `{#var}`, `{.var}`, `{/var}`, `{;var}`, `{?var}`,
 * `{&var}`, with comma-separated lists). Empty values are left out, as the
 * RFC says for undefined ones.
 */

interface Operator {
  first: string;
  separator: string;
  named: boolean;
  allowReserved: boolean;
}

const OPERATORS: Record<string, Operator> = {
  "": { first: "", separator: ",", named: false, allowReserved: false },
  "+": { first: "", separator: ",", named: false, allowReserved: true },
  "#": { first: "#", separator: ",", named: false, allowReserved: true },
  ".": { first: ".", separator: ".", named: false, allowReserved: false },
  "/": { first: "/", separator: "/", named: false, allowReserved: false },
  ";": { first: ";", separator: ";", named: true, allowReserved: false },
  "?": { first: "?", separator: "&", named: true, allowReserved: false },
  "&": { first: "&", separator: "&", named: true, allowReserved: false },
};

const EXPRESSION = /\{([^{}]*)\}/g;

function parseExpression(body: string): { operator: Operator; names: string[] } {
  const op = body[0] in OPERATORS && body[0] !== "" ? body[0] : "";
  const list = op ? body.slice(1) : body;
  const names = list
    .split(",")
    // Level-4 modifiers (`:3`, `*`) are dropped: the name is what a form asks for.
    .map((v) => v.trim().replace(/(:\d+|\*)$/, ""))
    .filter(Boolean);
  return { operator: OPERATORS[op], names };
}

/** The variable names of a template, in order of first appearance. */
export function templateVariables(template: string): string[] {
  const seen = new Set<string>();
  for (const match of template.matchAll(EXPRESSION)) {
    for (const name of parseExpression(match[1]).names) seen.add(name);
  }
  return [...seen];
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const RESERVED = /[:/?#[\]@!$&'()*+,;=]/;

function encode(value: string, allowReserved: boolean): string {
  let out = "";
  for (const char of value) {
    if (UNRESERVED.test(char) || (allowReserved && RESERVED.test(char))) out += char;
    else out += encodeURIComponent(char).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  }
  return out;
}

export function expandTemplate(template: string, values: Record<string, string | undefined>): string {
  return template.replace(EXPRESSION, (_, body: string) => {
    const { operator, names } = parseExpression(body);
    const parts: string[] = [];
    for (const name of names) {
      const value = values[name];
      if (value === undefined || value === "") continue;
      const encoded = encode(value, operator.allowReserved);
      parts.push(operator.named ? `${name}=${encoded}` : encoded);
    }
    return parts.length === 0 ? "" : operator.first + parts.join(operator.separator);
  });
}
